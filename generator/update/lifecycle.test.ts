import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { anthropicPage, mistralFiles } from '../sources/firstparty/fixtures.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { deprecations, modelDetail } from '../render/models.js';
import { loadDataset, loadSources } from '../store/data-store.js';
import { seedCatalog } from '../testing/seed.js';
import { sourcedModels } from '../testing/sourced-models.js';
import { hashTree, tempDir } from '../testing/tree.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { updateFacts } from './facts.js';

let server: UpstreamServer;
let http: HttpClient;
let dataDir: string;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { totalMs: 10_000, headersMs: 10_000, bodyMs: 10_000 }, retry: { retries: 0 } });
  dataDir = await tempDir('lifecycle');
  await seedCatalog(
    dataDir,
    [
      // OpenRouter and LiteLLM both say May 14; the maker's own page says June 15.
      orModel({ id: 'anthropic/claude-old-4', prompt: '0.000003', completion: '0.000015', expiration_date: '2026-05-14' }),
      orModel({ id: 'anthropic/claude-next-5', prompt: '0.000003', completion: '0.000015' }),
      orModel({ id: 'anthropic/claude-soon-4.5', prompt: '0.000003', completion: '0.000015' }),
      orModel({ id: 'mistralai/mistral-big-2411', prompt: '0.000002', completion: '0.000006' }),
    ],
    '2026-08-01T00:00:00Z',
  );
  server.hits.length = 0;
});
afterEach(async () => {
  await http.close();
});

const md = (body: string) => ({ kind: 'text' as const, body, headers: { 'content-type': 'text/markdown' } });
const PAGE = anthropicPage(
  [
    { name: 'claude-next-5', state: 'Active', deprecated: 'N/A', retirement: 'Not sooner than June 9, 2027' },
    { name: 'claude-soon-4-5-20250929', state: 'Active', deprecated: 'N/A', retirement: 'Not sooner than September 29, 2026' },
    { name: 'claude-old-4-20250514', state: 'Retired', deprecated: 'April 14, 2026', retirement: 'June 15, 2026' },
  ],
  [{ date: '2026-04-14', title: 'Claude Old 4', rows: [{ retirement: 'June 15, 2026', name: 'claude-old-4-20250514', replacement: 'claude-next-5' }] }],
);
const MISTRAL = mistralFiles([
  { file: 'big-3', name: 'Mistral Big 3', status: 'GA', apiNames: ['mistral-big-2512', 'mistral-big-latest'] },
  { file: 'big-2-1', name: 'Mistral Big 2.1', status: 'Deprecated', apiNames: ['mistral-big-2411'], metadata: { deprecationDate: '2026-02-27', retirementDate: '2026-05-31', replacement: 'Mistral Big 3' } },
]);
const LITELLM = llmFile({
  'claude-old-4-20250514': llmRecord({ provider: 'anthropic', input: 3e-6, output: 1.5e-5, fields: { deprecation_date: '2026-05-14' } }),
  // The aggregator takes "not sooner than" for a date; the maker's page says it is none.
  'claude-soon-4-5-20250929': llmRecord({ provider: 'anthropic', input: 3e-6, output: 1.5e-5, fields: { deprecation_date: '2026-09-29' } }),
});

const routes = (page = PAGE) => ({
  '/anthropic.md': md(page),
  '/litellm.json': { kind: 'json' as const, body: LITELLM },
  ...Object.fromEntries(Object.entries(MISTRAL).map(([file, text]) => [`/mistral/${file}`, md(text)])),
});
const env = {
  MODELPULSE_LITELLM_URL: 'http://127.0.0.1:9/unused',
  MODELPULSE_ANTHROPIC_DEPRECATIONS_URL: '',
  MODELPULSE_MISTRAL_DEPRECATIONS_URL: '',
};
const envFor = () => ({ ...env, MODELPULSE_LITELLM_URL: `${server.url}/litellm.json`, MODELPULSE_ANTHROPIC_DEPRECATIONS_URL: `${server.url}/anthropic.md`, MODELPULSE_MISTRAL_DEPRECATIONS_URL: `${server.url}/mistral` });
const SOURCES = ['litellm', 'anthropic-deprecations', 'mistral-deprecations'] as const;

/** What the build renders for these models, without the whole site (the build tests cover the rest). */
async function rendered() {
  const dataset = await loadDataset(dataDir);
  const asOf = dataset.sources.openrouter?.last_success_at ?? null;
  const models = sourcedModels(dataset, asOf);
  return { detail: (id: string) => modelDetail(models.find((m) => m.record.id === id)!), deprecations: deprecations(models, asOf) };
}

describe('the makers\' own deprecation pages in the facts stage', () => {
  it('publish the maker\'s date and replacement over every aggregator, and report where they disagree', async () => {
    server.setRoutes(routes());
    const report = await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: envFor(), only: SOURCES });
    expect(report.ok).toBe(true);
    expect(report.retirementDisagreements).toEqual([
      { model_id: 'anthropic/claude-old-4', source: 'anthropic-deprecations', source_key: 'claude-old-4-20250514', date: '2026-06-15', note: null, others: [{ source: 'openrouter', source_key: 'anthropic/claude-old-4', date: '2026-05-14' }, { source: 'litellm', source_key: 'claude-old-4-20250514', date: '2026-05-14' }] },
      { model_id: 'anthropic/claude-soon-4.5', source: 'anthropic-deprecations', source_key: 'claude-soon-4-5-20250929', date: null, note: 'not sooner than 2026-09-29', others: [{ source: 'litellm', source_key: 'claude-soon-4-5-20250929', date: '2026-09-29' }] },
    ]);
    const saved = JSON.parse(await readFile(join(dataDir, 'reports/disagreements.json'), 'utf8'));
    expect(saved.retirements).toHaveLength(2);

    const { detail, deprecations: rows } = await rendered();
    const old = detail('anthropic/claude-old-4');
    expect(old.retirement_date).toBe('2026-06-15');
    expect(old.provenance.retirement_date).toEqual({ source: 'anthropic-deprecations', url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations' });
    expect(old.deprecation).toEqual({ retirement_date: '2026-06-15', deprecated_at: '2026-04-14', note: null, replacement: 'anthropic/claude-next-5', replacement_id: 'anthropic/claude-next-5', source_url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations' });
    expect(old.lifecycle).toEqual({ status: 'retired', not_before: null, basis: 'dates', maker_state: 'Retired', deprecated_at: '2026-04-14', retirement_date: '2026-06-15', source_url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations' });
    // Active with the maker's tentative earliest date: active, "not before" it, and no deprecation.
    const soon = detail('anthropic/claude-soon-4.5');
    expect(soon.retirement_date).toBeNull();
    expect(soon.deprecation).toBeNull();
    expect(soon.lifecycle).toEqual({ status: 'active', not_before: '2026-09-29', basis: 'maker', maker_state: 'Active', deprecated_at: null, retirement_date: null, source_url: 'https://platform.claude.com/docs/en/about-claude/model-deprecations' });
    expect(detail('anthropic/claude-next-5').lifecycle).toMatchObject({ status: 'active', not_before: '2027-06-09' });
    // Mistral said Deprecated; its date has passed by the data's day: retired.
    expect(detail('mistralai/mistral-big-2411').lifecycle).toMatchObject({ status: 'retired', basis: 'dates', maker_state: 'Deprecated' });
    // Both have passed by the data's day (2026-08-01): retired ones come newest first.
    expect(rows.map((d) => [d.model_id, d.retired])).toEqual([
      ['anthropic/claude-old-4', true],
      ['mistralai/mistral-big-2411', true],
    ]);
    expect(rows[1]).toEqual({
      model_id: 'mistralai/mistral-big-2411',
      name: 'mistral-big-2411',
      retirement_date: '2026-05-31',
      retired: true,
      deprecated_at: '2026-02-27',
      // Mistral names its replacement by display name; the model it names is one we do not track.
      replacement: 'Mistral Big 3',
      replacement_id: null,
      source_url: 'https://docs.mistral.ai/models/big-2-1',
    });
  });

  it('keeps the last good dates, marked stale, when a page changes its layout', async () => {
    server.setRoutes(routes());
    await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: envFor(), only: SOURCES });
    const before = await hashTree(join(dataDir, 'facts'));
    server.setRoutes(routes(PAGE.replace(/\| API model name \| Current state \|/, '| Model | State |')));
    const report = await updateFacts({ store: dataDir, now: '2026-08-03T00:00:00Z', http, env: envFor(), only: ['anthropic-deprecations'] });
    expect(report.ok).toBe(false);
    expect(report.sources[0]).toMatchObject({ source: 'anthropic-deprecations', ok: false, error: expect.stringMatching(/^invalid_schema: page layout not recognized/) });
    expect(await hashTree(join(dataDir, 'facts'))).toEqual(before);
    expect((await loadSources(dataDir))['anthropic-deprecations']).toMatchObject({ ok: false, last_success_at: '2026-08-02T00:00:00Z' });
    expect((await rendered()).detail('anthropic/claude-old-4').retirement_date).toBe('2026-06-15');
  });

  it('reads the pages at most every six hours on a schedule', async () => {
    server.setRoutes(routes());
    const all = { ...envFor(), MODELPULSE_MODELSDEV_URL: `${server.url}/none.json`, MODELPULSE_GENAI_PRICES_URL: `${server.url}/none.json`, ARTIFICIAL_ANALYSIS_API_KEY: '', MODELPULSE_OPENAI_DEPRECATIONS_URL: `${server.url}/none.md`, MODELPULSE_GOOGLE_DEPRECATIONS_URL: `${server.url}/none.md`, MODELPULSE_XAI_DEPRECATIONS_URL: `${server.url}/none.md` };
    await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: all, only: SOURCES });
    server.hits.length = 0;
    const soon = await updateFacts({ store: dataDir, now: '2026-08-02T01:00:00Z', http, env: all });
    expect(soon.sources.map((s) => s.source)).not.toContain('anthropic-deprecations');
    expect(server.hits.some((h) => h.includes('anthropic.md'))).toBe(false);
    // Pages never read successfully are asked every run.
    expect(soon.sources.map((s) => s.source)).toContain('openai-deprecations');
    const later = await updateFacts({ store: dataDir, now: '2026-08-02T06:00:00Z', http, env: all });
    expect(later.sources.map((s) => s.source)).toContain('anthropic-deprecations');
  });
});
