import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../host/serve.js';
import { cheapest, cheapestPath, type CheapestQuery } from '../query/cheapest.js';
import { gridValues, precomputedQueries } from '../query/variants.js';
import type { ModelEntry } from '../types/api-types.js';
import { buildCommittedSite } from '../testing/built-site.js';
import { createClient, ModelPulseError, normalizeQuery, orderDeprecations, utcDay, type CheapestInput } from './client.js';
import { cheapestEntries, type ModelsList } from '../testing/cheapest-entries.js';

let server: RunningServer;
let publishDir: string;
let index: { data: ModelEntry[]; meta: { as_of: string | null } };

beforeAll(async () => {
  const site = await buildCommittedSite();
  publishDir = site.publishDir;
  server = await startServer({ ...site, port: 0 });
  index = cheapestEntries(JSON.parse(await readFile(join(publishDir, 'api/v1/models.json'), 'utf8')) as ModelsList);
}, 0); // no time limit: the full committed site (built once per run) takes what the machine takes
afterAll(async () => {
  await server.close();
});

/** Seeded, so every run checks the same cases. */
function randomQueries(count: number, seed: number): CheapestInput[] {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const queries: CheapestInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const q: CheapestInput = {};
    if (random() < 0.5) q.min_intel = random() < 0.6 ? pick(gridValues('min_intel').filter((v) => v !== null)) : Math.round(random() * 700) / 10;
    if (random() < 0.4) q.min_context = random() < 0.6 ? pick(gridValues('min_context').filter((v) => v !== null)) : Math.floor(random() * 2_000_000);
    for (const flag of ['vision', 'reasoning', 'tools'] as const) if (random() < 0.3) q[flag] = pick([true, false, 1, 'true']);
    if (random() < 0.5) q.limit = random() < 0.6 ? pick(gridValues('limit')) : 1 + Math.floor(random() * 100);
    queries.push(q);
  }
  return queries;
}

describe('client fallback', () => {
  it('computes exactly what the generator precomputed, for every precomputed variant', () => {
    const asOf = index.meta.as_of;
    // An answer is entries of the index: each entry's text is made once. A file that parses and
    // whose `data` is the computed answer's text, byte for byte, holds that answer; any other is
    // compared as values (toEqual: key order aside, and with its diff). Read synchronously: 11,547
    // small files, where each asynchronous read costs more than the read itself.
    const entryTexts = new WeakMap<ModelEntry, string>();
    const entryText = (entry: ModelEntry) => {
      let text = entryTexts.get(entry);
      if (text === undefined) entryTexts.set(entry, (text = JSON.stringify(entry)));
      return text;
    };
    for (const query of precomputedQueries()) {
      const path = cheapestPath(query);
      const text = readFileSync(join(publishDir, `api/v1/${path}.json`), 'utf8');
      const file = JSON.parse(text) as { data: unknown };
      const computed = cheapest(index.data, query, asOf);
      if (!text.startsWith(`{"data":[${computed.map(entryText).join(',')}],"meta":`)) expect(computed, path).toEqual(file.data);
    }
  }, 0); // no time limit: it walks the whole committed grid (11,547 files), which takes what the machine takes

  it('gives the same answer through the CDN or by computing it, for random queries over HTTP', async () => {
    const client = createClient({ baseUrl: server.url });
    let computed = 0;
    for (const input of randomQueries(120, 42)) {
      const query: CheapestQuery = normalizeQuery(input);
      const answer = await client.cheapest(input);
      expect(answer.data, JSON.stringify(input)).toEqual(cheapest(index.data, query, index.meta.as_of));
      expect(answer.meta.query).toEqual(query);
      if (answer.computed) computed += 1;
    }
    // Both paths were exercised.
    expect(computed).toBeGreaterThan(10);
    expect(computed).toBeLessThan(110);
  });

  it('ranks models on sale only: a chat model only a price list carries is priced by the client, never ranked', async () => {
    const client = createClient({ baseUrl: server.url });
    const answer = await client.cheapest({ limit: 99 });
    expect(answer.computed).toBe(true);
    const data = answer.data as ModelEntry[];
    const last = data.at(-1)!.price.blended!;
    // The committed catalog keeps makers' models no source lists as on sale, some cheaper than the answer's last.
    const priceListOnly = index.data.filter((m) => !m.on_sale && m.type === 'chat' && m.retirement_date === null && m.price.blended !== null && m.price.blended > 0 && m.price.blended < last);
    expect(priceListOnly.length).toBeGreaterThan(0);
    const ranked = new Set(data.map((m) => m.id));
    expect(priceListOnly.filter((m) => ranked.has(m.id))).toEqual([]);
    expect(data.every((m) => m.on_sale)).toBe(true);
    const ranking = await client.cheapestForUsage({ input_tokens: 1000, output_tokens: 1000 }, { limit: 100 });
    expect(ranking.data.filter((r) => priceListOnly.some((m) => m.id === r.model_id))).toEqual([]);
    // Still a full model: its cost of a usage is known.
    const cost = await client.cost(priceListOnly[0]!.id, { input_tokens: 1_000_000, output_tokens: 0 });
    expect(cost.data.total_usd).toBe(priceListOnly[0]!.price.input);
  });

  it('asks for the file of a precomputed query, the query form only where the host answers it, and computes otherwise', async () => {
    const requested: string[] = [];
    const recording = (url: string) => {
      const { pathname, search } = new URL(url);
      requested.push(`${pathname}${search}`);
      return fetch(url);
    };
    const client = createClient({ baseUrl: server.url, fetch: recording });
    const outside = await client.cheapest({ min_intel: 37, vision: 1 });
    expect(outside.computed).toBe(true);
    // Not a Cloudflare site: computed from the model index, no request that would fail.
    expect(requested).toEqual(['/api/v1/cheapest-index.json']);
    requested.length = 0;
    // Told the host answers queries, it asks; serve answers as Netlify does (no file for 37), so it
    // computes, and does not ask again.
    const asking = createClient({ baseUrl: server.url, fetch: recording, queryForm: true });
    expect((await asking.cheapest({ min_intel: 37, vision: 1 })).data).toEqual(outside.data);
    await asking.cheapest({ min_intel: 38 });
    expect(requested).toEqual(['/api/v1/cheapest?min_intel=37&vision=1', '/api/v1/cheapest-index.json', '/api/v1/cheapest-index.json']);
    requested.length = 0;
    const inside = await client.cheapest({ min_intel: 40, vision: 1 });
    expect(inside.computed).toBe(false);
    expect(requested).toEqual(['/api/v1/cheapest/min_intel/40/vision.json']);
    // A host without the file (a 404, an HTML page, a Worker past its quota) falls back to computing the same answer.
    for (const answer of [new Response('Not Found', { status: 404 }), new Response('<!doctype html><p>404', { status: 404 }), new Response('error code: 1027', { status: 429 })]) {
      const bare = createClient({ baseUrl: server.url, fetch: (url) => (url.includes('/cheapest/') ? Promise.resolve(answer.clone()) : fetch(url)) });
      const fallback = await bare.cheapest({ min_intel: 40, vision: 1 });
      expect(fallback.computed).toBe(true);
      expect(fallback.data).toEqual(inside.data);
    }
  });

  it('notices a host that ignored its query (GitHub Pages serves the file and drops the query string) and computes the answer', async () => {
    // Every query-form request answered with the unfiltered list, status 200, as a static host does.
    const ignoring = createClient({ baseUrl: server.url, queryForm: true, fetch: (url) => fetch(url.replace(/\/cheapest\?.*$/, '/cheapest.json')) });
    const answer = await ignoring.cheapest({ min_intel: 41, limit: 3 });
    expect(answer.computed).toBe(true);
    expect(answer.meta.query).toEqual(normalizeQuery({ min_intel: 41, limit: 3 }));
    expect(answer.data).toEqual(cheapest(index.data, normalizeQuery({ min_intel: 41, limit: 3 }), index.meta.as_of));
  });

  it('checks queries as every host does: a 400 bad_query naming the parameter, other names ignored', async () => {
    const client = createClient({ baseUrl: server.url });
    const error = await client.cheapest({ limit: 0 }).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'bad_query', parameter: 'limit' });
    await expect(client.cheapest({ min_intel: -1 })).rejects.toThrow(ModelPulseError);
    await expect(client.cheapest({ MIN_INTEL: 40 })).rejects.toMatchObject({ code: 'bad_query', parameter: 'min_intel' });
    await expect(client.cheapest({ intel: 40 })).rejects.toMatchObject({ code: 'bad_query', parameter: 'intel' });
    const tagged = await client.cheapest({ min_intel: 40, utm_source: 'x' });
    expect(tagged.meta.query).toMatchObject({ min_intel: 40 });
    await expect(client.model('../../etc/passwd')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(client.models('OpenAI')).rejects.toMatchObject({ status: 404, code: 'not_found', hint: 'ids are lower case: openai' });
  });

  it('reads the other endpoints and reports API errors with their code', async () => {
    const client = createClient({ baseUrl: server.url });
    const model = await client.model('openai/gpt-4o');
    expect((model.data as { id: string }).id).toBe('openai/gpt-4o');
    expect(((await client.models('anthropic')).data as unknown[]).length).toBeGreaterThan(0);
    expect(Array.isArray((await client.priceChanges()).data)).toBe(true);
    // `retired` as of the data's as-of, and recomputed for a reader's later day with the client's own helper.
    const retiring = (await client.deprecations()) as { data: Array<{ model_id: string; retirement_date: string; retired: boolean }>; meta: { as_of: string } };
    expect(retiring.meta.as_of).toBe('2026-10-06T23:23:23Z');
    expect(retiring.data.find((d) => d.model_id === 'anthropic/claude-opus-4.1')?.retired).toBe(true);
    const later = orderDeprecations(retiring.data, utcDay(new Date('2026-11-23T12:00:00Z')));
    expect(later.find((d) => d.model_id === 'openai/gpt-4-turbo')).toMatchObject({ retirement_date: '2026-10-23', retired: true });
    expect(retiring.data.find((d) => d.model_id === 'openai/gpt-4-turbo')?.retired).toBe(false);
    // Freshness lives in the index alone: the committed data's last run and every source.
    const { data: index } = (await client.index()) as { data: { freshness: { run_at: string; sources: Array<{ id: string }> } } };
    expect(index.freshness.run_at).toBe('2026-10-06T23:23:23Z');
    expect(index.freshness.sources.map((s) => s.id)).toEqual([
      'anthropic-deprecations', 'artificialanalysis', 'genai-prices', 'google-deprecations', 'litellm', 'mistral-deprecations', 'modelsdev', 'openai-deprecations', 'openrouter', 'status', 'xai-deprecations',
    ]);
    const missing = await client.model('openai/no-such-model').then(() => null, (e: unknown) => e);
    expect(missing).toBeInstanceOf(ModelPulseError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
  });
});
