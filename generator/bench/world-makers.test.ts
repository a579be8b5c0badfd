import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { LIFECYCLE_SOURCES, type LifecycleSource, type ModelFacts } from '../sources/facts.js';
import { lifecycleUrl, readLifecyclePage } from '../sources/firstparty/index.js';
import type { FactsFile } from '../store/facts-store.js';
import { severalRecordMakerPages } from '../testing/maker-pages.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { worldEnv } from '../testing/world.js';
import { recordedMakerRoutes, replacementCell } from './world-makers.js';

let server: UpstreamServer;
let http: HttpClient;

beforeAll(async () => {
  server = await startUpstreamServer(severalRecordMakerPages());
  http = new HttpClient({ userAgent: 'modelpulse-test' });
});
afterAll(async () => {
  await http.close();
  await server.close();
});

/** Every maker's page as the facts stage would store it. */
async function readAll(): Promise<Record<LifecycleSource, FactsFile>> {
  const env = worldEnv(server.url);
  const files: Partial<Record<LifecycleSource, FactsFile>> = {};
  for (const source of LIFECYCLE_SOURCES) files[source] = { source, fetched_at: '2026-09-01T00:00:00Z', facts: (await readLifecyclePage(http, source, lifecycleUrl(source, env))).facts };
  return files as Record<LifecycleSource, FactsFile>;
}

describe("the simulated world's deprecation pages", () => {
  it('read back as the very facts data/ stores, for every maker, in its own format', async () => {
    server.setRoutes(severalRecordMakerPages());
    const stored = await readAll();
    for (const source of LIFECYCLE_SOURCES) expect(stored[source].facts.length, source).toBeGreaterThanOrEqual(3);
    server.setRoutes(recordedMakerRoutes(stored));
    expect(await readAll()).toEqual(stored);
  });

  it("keeps the testing world's page for a maker data/ holds no facts of", async () => {
    server.setRoutes(severalRecordMakerPages());
    const { 'xai-deprecations': xai } = await readAll();
    server.setRoutes(recordedMakerRoutes({ 'xai-deprecations': xai }));
    const read = await readAll();
    expect(read['xai-deprecations']).toEqual(xai);
    expect(read['anthropic-deprecations'].facts.map((f) => f.source_key)).toEqual(['claude-old-1']);
  });

  it('marks each replacement it names as a code span, wherever the text names it', () => {
    const fact = (replacement: string | null, names: string[]) => ({ lifecycle: { replacement, replacement_names: names } }) as unknown as ModelFacts;
    expect(replacementCell(fact('grok-4.3 with low reasoning effort', ['grok-4.3']))).toBe('`grok-4.3` with low reasoning effort');
    expect(replacementCell(fact('gpt-image-2, gpt-image-1, or gpt-image-1-mini', ['gpt-image-2', 'gpt-image-1', 'gpt-image-1-mini']))).toBe('`gpt-image-2`, `gpt-image-1`, or `gpt-image-1-mini`');
    // A display name (Mistral's) stays text; a text that does not hold the names gives the names.
    expect(replacementCell(fact('Mistral Big 3', []))).toBe('Mistral Big 3');
    expect(replacementCell(fact('the new model', ['x-2']))).toBe('`x-2`');
    expect(replacementCell(fact(null, []))).toBe('N/A');
  });
});
