import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { gpCatalog, gpModel, gpProvider } from '../sources/genaiprices/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { modelDetail, priceChanges } from '../render/models.js';
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
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { totalMs: 3_000, headersMs: 3_000, bodyMs: 3_000 }, retry: { retries: 0 } });
  dataDir = await tempDir('genai-prices');
  // OpenRouter, last read on 2026-08-01: Sonnet 5 at its introductory $2/$10, Sonnet 4.5 through a reseller's noisy conversion.
  await seedCatalog(
    dataDir,
    [
      orModel({ id: 'anthropic/claude-sonnet-5', prompt: '0.000002', completion: '0.00001', context_length: 1000000 }),
      orModel({ id: 'anthropic/claude-sonnet-4.5', prompt: '0.000003', completion: '0.000015', context_length: 1000000 }),
    ],
    '2026-08-01T00:00:00Z',
  );
});
afterEach(async () => {
  await http.close();
});

const PATH = '/genai-prices/data.json';
const env = () => ({ MODELPULSE_GENAI_PRICES_URL: `${server.url}${PATH}` });
const read = (now: string) => updateFacts({ store: dataDir, now, http, env: env(), only: ['genai-prices'] });

/** What the build renders, judged on `asOf` (the newest run's time). */
async function rendered(asOf: string) {
  const dataset = await loadDataset(dataDir);
  const models = sourcedModels(dataset, asOf);
  return { detail: (id: string) => modelDetail(models.find((m) => m.record.id === id)!), changes: priceChanges(models, asOf) };
}

describe('genai-prices in the facts stage', () => {
  it("puts the maker's own offer first, takes its dated price on its day over the older catalog read, and reports where they disagree", async () => {
    server.setRoutes({ [PATH]: { kind: 'json', body: gpCatalog() } });
    const first = await read('2026-08-02T00:00:00Z');
    expect(first.sources).toEqual([expect.objectContaining({ source: 'genai-prices', ok: true, facts: 7, mapped: 2 })]);
    // First-party prices of models we do not list go to the run report, never to a guessed model.
    expect(first.sources[0]!.unmatched).toEqual(['aws/amazon.nova-pro-v1:0', 'deepseek/deepseek-v9', 'google/gemini-2.5-pro']);

    const before = await rendered('2026-08-15T00:00:00Z');
    const sonnet = before.detail('anthropic/claude-sonnet-5');
    expect(sonnet.price).toMatchObject({ input: 2, output: 10 });
    expect(sonnet.endpoints.find((o) => o.source === 'genai-prices' && o.provider === 'anthropic')).toMatchObject({ first_party: true, kind: 'standard', price: { input: 2, output: 10 } });
    expect(sonnet.upcoming_price_changes).toEqual([expect.objectContaining({ at: '2026-09-01T00:00:00Z', upcoming: true, source: 'genai-prices', current: expect.objectContaining({ input: 3, output: 15 }) })]);
    expect(before.changes).toEqual([expect.objectContaining({ model_id: 'anthropic/claude-sonnet-5', upcoming: true })]);
    // Sonnet 4.5: the maker's $3/$15 beside conversion noise elsewhere stays the cheapest offer's price; its tiers are published.
    expect(before.detail('anthropic/claude-sonnet-4.5').cheapest_offer).toMatchObject({ provider: 'anthropic', source: 'genai-prices' });
    expect(before.detail('anthropic/claude-sonnet-4.5').endpoints.find((o) => o.source === 'genai-prices' && o.provider === 'anthropic')?.price_tiers).toEqual([
      { min_prompt_tokens: 200000, input: 6, output: 22.5, blended: 10.125, cache_read: 0.6, cache_write: 7.5 },
    ]);

    // After the maker's day, with OpenRouter last read before it: the maker's price is the model's.
    const after = await rendered('2026-10-06T23:23:23Z');
    expect(after.detail('anthropic/claude-sonnet-5')).toMatchObject({ price: { input: 3, output: 15 }, provenance: { price: { source: 'genai-prices' } }, upcoming_price_changes: [] });
    expect(after.changes).toEqual([expect.objectContaining({ model_id: 'anthropic/claude-sonnet-5', at: '2026-09-01T00:00:00Z', previous_seen_at: '2026-09-01T00:00:00Z', upcoming: false })]);

    // A later read reports where the maker's price and the aggregator's differ on the maker's offer.
    const later = await read('2026-10-06T00:00:00Z');
    expect(later.offerDisagreements.map((d) => [d.model_id, d.provider, d.published, d.reason, d.words.map((w) => [w.source, w.input, w.output, w.fresh_at])])).toEqual([
      [
        'anthropic/claude-sonnet-5',
        'anthropic',
        { source: 'genai-prices', source_key: 'anthropic/claude-sonnet-5' },
        'freshest',
        [
          ['genai-prices', 3, 15, '2026-09-01T00:00:00Z'],
          ['openrouter', 2, 10, null],
        ],
      ],
    ]);
    const report = JSON.parse(await readFile(join(dataDir, 'reports', 'disagreements.json'), 'utf8')) as { offers: unknown[] };
    expect(report.offers).toHaveLength(1);
  });

  it.each([
    ['fails its schema', { kind: 'json' as const, body: { providers: [] } }, /^invalid_schema: not a genai-prices file/],
    ['is truncated JSON', { kind: 'text' as const, body: JSON.stringify(gpCatalog()).slice(0, 500), headers: { 'content-type': 'application/json' } }, /^invalid_body/],
    ['parses into far fewer prices than the last good read', { kind: 'json' as const, body: [gpProvider('anthropic', [gpModel({ id: 'claude-sonnet-5', prices: { input_mtok: 2, output_mtok: 10 } })])] }, /lists 1 prices, less than half of the 7 it listed before/],
  ])('keeps the last good data, marked stale and in the run report, when the file %s: nothing published loses a price', async (_label, reply, error) => {
    server.setRoutes({ [PATH]: { kind: 'json', body: gpCatalog() } });
    await read('2026-08-02T00:00:00Z');
    const facts = await hashTree(join(dataDir, 'facts'));
    const history = await hashTree(join(dataDir, 'price-history'));
    server.setRoutes({ [PATH]: reply });
    const report = await read('2026-08-03T00:00:00Z');
    expect(report.ok).toBe(false);
    expect(report.sources[0]).toMatchObject({ source: 'genai-prices', ok: false, error: expect.stringMatching(error) });
    expect(await hashTree(join(dataDir, 'facts'))).toEqual(facts);
    expect(await hashTree(join(dataDir, 'price-history'))).toEqual(history);
    expect((await loadSources(dataDir))['genai-prices']).toMatchObject({ ok: false, last_success_at: '2026-08-02T00:00:00Z', last_attempt_at: '2026-08-03T00:00:00Z' });
    expect((await rendered('2026-08-15T00:00:00Z')).detail('anthropic/claude-sonnet-5').endpoints.filter((o) => o.source === 'genai-prices').map((o) => o.price.input)).toEqual([2]);
  });

  it("keeps an offer's prices when it leaves the file, and the history a model's offers had before it entered the catalog", async () => {
    const early = [gpProvider('anthropic', [gpModel({ id: 'claude-sonnet-4-5', prices: { input_mtok: 4, output_mtok: 20 } }), gpModel({ id: 'claude-next', prices: { input_mtok: 9, output_mtok: 45 } })])];
    server.setRoutes({ [PATH]: { kind: 'json', body: early } });
    await read('2025-06-23T00:00:00Z');
    server.setRoutes({ [PATH]: { kind: 'json', body: [gpProvider('anthropic', [gpModel({ id: 'claude-sonnet-4-5', prices: { input_mtok: 3, output_mtok: 15 } }), gpModel({ id: 'claude-next', prices: { input_mtok: 9, output_mtok: 45 } })])] } });
    await read('2025-12-31T00:00:00Z');
    server.setRoutes({ [PATH]: { kind: 'json', body: [gpProvider('anthropic', [gpModel({ id: 'claude-sonnet-4-5', prices: { input_mtok: 3, output_mtok: 15 } })])] } });
    await read('2026-08-02T00:00:00Z');
    const stored = JSON.parse(await readFile(join(dataDir, 'price-history', 'genai-prices.json'), 'utf8')) as { since: string; offers: Record<string, unknown[]> };
    // claude-next matches no model of ours: its prices are kept all the same, marked when last seen.
    expect(stored.offers['anthropic/claude-next']).toEqual([{ at: '2025-06-23T00:00:00Z', input: 9, output: 45, cache_read: null, cache_write: null, last_seen_at: '2025-12-31T00:00:00Z' }]);
    // Sonnet 4.5 entered our catalog on 2026-08-01 at the maker's price: its history reaches back to June 2025.
    // No other witness saw $4/$20, nor the move: genai-prices corrected itself, so $3/$15 holds from its first sighting.
    const detail = (await rendered('2026-08-02T00:00:00Z')).detail('anthropic/claude-sonnet-4.5');
    expect(detail.price_history.map((p) => [p.at, p.input, p.source, p.previous_seen_at])).toEqual([['2025-06-23T00:00:00Z', 3, 'genai-prices', null]]);
    expect(detail.endpoints.find((o) => o.source === 'genai-prices')?.price_history.map((p) => [p.at, p.input])).toEqual([['2025-06-23T00:00:00Z', 3]]);
    expect(detail.provenance.price_corrections.map((c) => [c.source, c.source_key, c.superseded.input, c.first_seen_at, c.last_seen_at, c.corrected_to.input, c.corrected_at])).toEqual([
      ['genai-prices', 'anthropic/claude-sonnet-4-5', 4, '2025-06-23T00:00:00Z', '2025-06-23T00:00:00Z', 3, '2025-12-31T00:00:00Z'],
    ]);
  });
});
