import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { orEndpoints, orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { loadDataset } from '../store/data-store.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from '../testing/upstream-server.js';
import { hashTree, tempDir } from '../testing/tree.js';
import { updateModels } from './models.js';

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
  dataDir = await tempDir('update');
  http = new HttpClient({
    userAgent: 'ModelPulse-test',
    timeouts: { connectMs: 300, headersMs: 300, bodyMs: 300, totalMs: 800 },
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 },
    maxBytes: 64 * 1024,
  });
});
afterEach(async () => {
  await http.close();
});

const catalog = [
  orModel({ id: 'openai/gpt-test', prompt: '0.0000025', completion: '0.00001', input_modalities: ['text', 'image'] }),
  orModel({ id: 'moonshotai/kimi-test', prompt: '0.000003', completion: '0.000015' }),
  orModel({ id: 'google/gemma-test', prompt: '0.0000001', completion: '0.0000003' }),
  orModel({ id: 'google/gemma-test:free', prompt: '0', completion: '0' }),
  orModel({ id: 'mistralai/small-test', prompt: '0.0000002', completion: '0.0000006' }),
];

function update(now: string, extra: { force?: boolean; endpointsPerRun?: number; maxNewShare?: number } = {}) {
  return updateModels({
    store: dataDir,
    now,
    http,
    baseUrl: `${server.url}/api/v1`,
    maxDelistShare: 0.2,
    force: extra.force ?? false,
    endpointsPerRun: extra.endpointsPerRun ?? 0,
    maxNewShare: extra.maxNewShare,
  });
}

describe('updateModels against a local OpenRouter', () => {
  it('follows links.next pagination and stores every model with its price', async () => {
    server.setRoutes({
      '/api/v1/models': { kind: 'json', body: orModelsPage(catalog.slice(0, 2), '/api/v1/models?offset=2') },
      '/api/v1/models?offset=2': { kind: 'json', body: orModelsPage(catalog.slice(2)) },
    });
    const report = await update('2026-08-01T00:00:00Z');
    expect(report.ok).toBe(true);
    const { models, sources } = await loadDataset(dataDir);
    expect([...models.keys()].sort()).toEqual(['google/gemma-test', 'mistralai/small-test', 'moonshotai/kimi-test', 'openai/gpt-test']);
    expect(models.get('openai/gpt-test')?.price_history).toEqual([{ at: '2026-08-01T00:00:00Z', input: 2.5, output: 10, cache_read: null, cache_write: null }]);
    expect(models.get('google/gemma-test')?.free_variant?.upstream_id).toBe('google/gemma-test:free');
    expect(sources.openrouter).toMatchObject({ ok: true, last_success_at: '2026-08-01T00:00:00Z', items: 4, error: null });
    // Pretty-printed with sorted keys, so diffs of data/ stay reviewable.
    const text = await readFile(join(dataDir, 'models/openai/gpt-test.json'), 'utf8');
    expect(text.startsWith('{\n  "author": "openai",\n')).toBe(true);
  });

  it('refuses a pagination link that leaves the upstream origin', async () => {
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog, 'https://elsewhere.example/models') } });
    const report = await update('2026-08-01T00:00:00Z');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/next link leaves/);
  });

  it('refreshes a few models\' provider endpoints per run, politely rotating', async () => {
    server.setRoutes({
      '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) },
      '/api/v1/models/moonshotai/kimi-test/endpoints': {
        kind: 'json',
        body: orEndpoints('moonshotai/kimi-test', [
          { provider: 'Fireworks', prompt: '0.000003', completion: '0.000015' },
          { provider: 'Morph', tag: 'morph/fast', prompt: '0.000006', completion: '0.0000225', quantization: 'fp4' },
        ]),
      },
    });
    const report = await update('2026-08-01T00:00:00Z', { endpointsPerRun: 2 });
    // Picks never-checked models in id order: google/gemma-test (404 here) and mistralai/small-test (404).
    expect(report.warnings).toHaveLength(2);
    const second = await update('2026-08-02T00:00:00Z', { endpointsPerRun: 2 });
    expect(second.endpointsRefreshed).toBe(1);
    const { models, endpointsChecked } = await loadDataset(dataDir);
    expect(models.get('moonshotai/kimi-test')?.endpoints.items.map((e) => e.tag)).toEqual(['fireworks', 'morph/fast']);
    expect(models.get('moonshotai/kimi-test')?.endpoints.updated_at).toBe('2026-08-02T00:00:00Z');
    expect(Object.keys(endpointsChecked).sort()).toEqual(['google/gemma-test', 'mistralai/small-test', 'moonshotai/kimi-test', 'openai/gpt-test']);
    // Only an answered request counts as checked; a failed one just moves the rotation on.
    expect(endpointsChecked['moonshotai/kimi-test']).toEqual({ attempted_at: '2026-08-02T00:00:00Z', succeeded_at: '2026-08-02T00:00:00Z' });
    expect(endpointsChecked['google/gemma-test']).toEqual({ attempted_at: '2026-08-01T00:00:00Z', succeeded_at: null });
  });

  it('keeps the catalog update when endpoint requests hang, fail or send garbage, and normalizes odd numbers', async () => {
    const odd = orEndpoints('openai/gpt-test', [{ provider: 'OpenAI', prompt: '0.0000025', completion: '0.00001' }]) as { data: { endpoints: Array<Record<string, unknown>> } };
    odd.data.endpoints[0]!.max_completion_tokens = 0;
    odd.data.endpoints[0]!.context_length = 1.5;
    server.setRoutes({
      '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) },
      '/api/v1/models/google/gemma-test/endpoints': { kind: 'hang' },
      '/api/v1/models/mistralai/small-test/endpoints': { kind: 'json', status: 500, body: {} },
      '/api/v1/models/moonshotai/kimi-test/endpoints': { kind: 'text', body: '<html>oops</html>' },
      '/api/v1/models/openai/gpt-test/endpoints': { kind: 'json', body: odd },
    });
    const report = await update('2026-08-01T00:00:00Z', { endpointsPerRun: 4 });
    expect(report.ok).toBe(true);
    expect(report.warnings.map((w) => w.split(':')[0]).sort()).toEqual([
      'google/gemma-test endpoints not refreshed',
      'mistralai/small-test endpoints not refreshed',
      'moonshotai/kimi-test endpoints not refreshed',
    ]);
    const { models } = await loadDataset(dataDir);
    expect(models.get('openai/gpt-test')?.endpoints.items[0]).toMatchObject({ max_output: null, context_length: null });
    expect(models.size).toBe(4);
  });

  it('stops with a clear error, changing nothing, when an override names an unknown model', async () => {
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    await update('2026-08-01T00:00:00Z');
    await writeFile(join(dataDir, 'overrides.json'), JSON.stringify({ models: { 'openai/gpt-typo': { retirement: { date: '2026-09-01', source_url: 'https://example.com/x' } } } }));
    const before = await hashTree(dataDir);
    await expect(update('2026-08-02T00:00:00Z')).rejects.toThrow(/overrides openai\/gpt-typo/);
    expect(await hashTree(dataDir)).toEqual(before);
  });

  it('refuses an observation time earlier than the last one, changing nothing', async () => {
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    await update('2026-08-01T00:00:00Z');
    const before = await hashTree(dataDir);
    const report = await update('2026-07-01T00:00:00Z');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/before the last recorded attempt/);
    expect(await hashTree(dataDir)).toEqual(before);
  });

  it('stops publishing a paid price when only the free variant is left', async () => {
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    await update('2026-08-01T00:00:00Z');
    const withoutPaidGemma = catalog.filter((m) => m.id !== 'google/gemma-test');
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(withoutPaidGemma) } });
    expect((await update('2026-08-02T00:00:00Z')).ok).toBe(true);
    const gemma = (await loadDataset(dataDir)).models.get('google/gemma-test');
    expect(gemma?.delisted_at).toBeNull();
    // Withdrawn between the two reads: the paid price was last seen at the first.
    expect(gemma?.price_history.at(-1)).toEqual({ at: '2026-08-02T00:00:00Z', input: null, output: null, cache_read: null, cache_write: null, previous_seen_at: '2026-08-01T00:00:00Z' });
  });

  const faults: Array<[string, Reply, RegExp]> = [
    ['hangs', { kind: 'hang' }, /^timeout/],
    ['answers too slowly', { kind: 'slow', chunks: ['{"data":', '[]', '}'], intervalMs: 400 }, /^timeout/],
    ['answers 500', { kind: 'json', status: 500, body: { error: 'internal' } }, /^http_status: HTTP 500/],
    ['answers HTML', { kind: 'text', body: '<!DOCTYPE html><title>Just a moment...</title>' }, /^invalid_body/],
    ['sends truncated JSON', { kind: 'text', body: JSON.stringify(orModelsPage(catalog)).slice(0, 300) }, /^invalid_body/],
    ['sends the wrong shape', { kind: 'json', body: { models: catalog } }, /^invalid_schema/],
    ['sends a body over the size cap', { kind: 'huge', bytes: 200 * 1024, declareLength: false }, /^too_large/],
  ];

  it.each(faults)('keeps the last good data and marks it stale when the upstream %s', async (_label, reply, expected) => {
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    expect((await update('2026-08-01T00:00:00Z')).ok).toBe(true);
    const before = await hashTree(join(dataDir, 'models'));

    server.setRoutes({ '/api/v1/models': reply });
    const report = await update('2026-08-02T00:00:00Z');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(expected);
    expect(await hashTree(join(dataDir, 'models'))).toEqual(before);
    const { sources } = await loadDataset(dataDir);
    expect(sources.openrouter).toMatchObject({
      ok: false,
      last_attempt_at: '2026-08-02T00:00:00Z',
      last_success_at: '2026-08-01T00:00:00Z',
      items: 4,
    });
    expect(sources.openrouter?.error).toMatch(expected);
  });

  it('refuses to delist a large share of the catalog unless forced', async () => {
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    await update('2026-08-01T00:00:00Z');
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog.slice(0, 2)) } });
    const refused = await update('2026-08-02T00:00:00Z');
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/refusing to delist 2 of 4/);
    expect((await loadDataset(dataDir)).models.get('mistralai/small-test')?.delisted_at).toBeNull();

    const forced = await update('2026-08-03T00:00:00Z', { force: true });
    expect(forced.summary?.delisted).toEqual(['google/gemma-test', 'mistralai/small-test']);
    const { models } = await loadDataset(dataDir);
    expect(models.get('mistralai/small-test')).toMatchObject({ delisted_at: '2026-08-03T00:00:00Z' });
    expect(models.get('mistralai/small-test')?.price_history).toHaveLength(1);
  });

  it('holds a flood of new models unpublished, drops it when the catalog returns to normal, and adds it only when a later run confirms it', async () => {
    const flood = Array.from({ length: 20 }, (_, i) => orModel({ id: `flood/model-${String(i).padStart(2, '0')}`, prompt: '0.0000000001', completion: '0.0000000001' }));
    const floodIds = flood.map((m) => m.id as string);
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    await update('2026-08-01T00:00:00Z');

    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage([...catalog, ...flood]) } });
    const held = await update('2026-08-02T00:00:00Z');
    expect(held.ok).toBe(true);
    expect(held.summary?.added_held).toEqual(floodIds);
    expect(held.warnings).toContainEqual(expect.stringMatching(/^growth guard: held 20 new models \(more than 50% of the 4 listed at once\)/));
    expect((await loadDataset(dataDir)).models.size).toBe(4);
    expect(existsSync(join(dataDir, 'models/flood'))).toBe(false);

    // The upstream recovers: the held flood simply goes away; nothing to delist, nothing to force.
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    const recovered = await update('2026-08-03T00:00:00Z');
    expect(recovered).toMatchObject({ ok: true, error: null, summary: { added: [], delisted: [], added_held: [] } });
    expect((await loadDataset(dataDir)).pendingAdditions).toEqual({});

    // A flood seen in two runs in a row is real: the second run adds it.
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage([...catalog, ...flood]) } });
    expect((await update('2026-08-04T00:00:00Z')).summary?.added_held).toHaveLength(20);
    const confirmed = await update('2026-08-05T00:00:00Z');
    expect(confirmed.summary).toMatchObject({ added: floodIds, added_held: [] });
    const { models } = await loadDataset(dataDir);
    expect(models.size).toBe(24);
    expect(models.get('flood/model-00')?.first_seen_at).toBe('2026-08-05T00:00:00Z');
  });

  it('adds a flood at once with --force, and the share is configurable', async () => {
    const batch = (name: string, n: number) => Array.from({ length: n }, (_, i) => orModel({ id: `${name}/model-${i}` }));
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    await update('2026-08-01T00:00:00Z');
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage([...catalog, ...batch('three', 3)]) } });
    expect((await update('2026-08-02T00:00:00Z', { maxNewShare: 1 })).summary).toMatchObject({ added_held: [], added: expect.arrayContaining(['three/model-0']) });
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage([...catalog, ...batch('three', 3), ...batch('ten', 10)]) } });
    // 10 new on 7 listed is over the default share: only --force adds them in one run.
    expect((await update('2026-08-03T00:00:00Z', { force: true })).summary).toMatchObject({ added_held: [], added: expect.arrayContaining(['ten/model-9']) });
    expect((await loadDataset(dataDir)).models.size).toBe(17);
  });

  it('refuses an endpoints answer that describes another model than the one asked for, and reports it', async () => {
    server.setRoutes({
      '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) },
      // Someone else's offers (another id, 100× cheaper) answered for openai/gpt-test.
      '/api/v1/models/openai/gpt-test/endpoints': { kind: 'json', body: orEndpoints('evil/other', [{ provider: 'Evil', prompt: '0.000000025', completion: '0.0000001' }]) },
      '/api/v1/models/moonshotai/kimi-test/endpoints': { kind: 'json', body: orEndpoints('moonshotai/kimi-test', [{ provider: 'Fireworks', prompt: '0.000003', completion: '0.000015' }]) },
    });
    const report = await update('2026-08-01T00:00:00Z', { endpointsPerRun: 4 });
    expect(report.warnings).toContainEqual(expect.stringMatching(/^openai\/gpt-test endpoints not refreshed: invalid_schema: the answer describes another model than the one asked for/));
    const { models, endpointsChecked } = await loadDataset(dataDir);
    expect(models.get('openai/gpt-test')?.endpoints).toEqual({ updated_at: null, items: [] });
    expect(endpointsChecked['openai/gpt-test']?.succeeded_at).toBeNull();
    expect(models.get('moonshotai/kimi-test')?.endpoints.items.map((e) => e.provider)).toEqual(['Fireworks']);
  });

  it('stores a moved 1-day uptime without calling the offers updated (a wobble is not news)', async () => {
    const offers = (uptime: number) => ({ kind: 'json' as const, body: orEndpoints('moonshotai/kimi-test', [{ provider: 'Fireworks', prompt: '0.000003', completion: '0.000015', uptime }]) });
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) }, '/api/v1/models/moonshotai/kimi-test/endpoints': offers(99.2) });
    await update('2026-08-01T00:00:00Z', { endpointsPerRun: 20 });
    server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) }, '/api/v1/models/moonshotai/kimi-test/endpoints': offers(99.7) });
    const second = await update('2026-08-01T00:15:00Z', { endpointsPerRun: 20 });
    expect(second.warnings.filter((w) => w.startsWith('moonshotai'))).toEqual([]);
    const kimi = (await loadDataset(dataDir)).models.get('moonshotai/kimi-test')!;
    expect(kimi.endpoints.items[0]?.uptime_1d).toBe(0.997);
    expect(kimi.endpoints.updated_at).toBe('2026-08-01T00:00:00Z');
  });

  it("keeps every price each endpoint offer showed, with when the old one was last seen, also after it leaves the list", async () => {
    const offers = (...list: Array<[string, string]>) => ({ kind: 'json' as const, body: orEndpoints('moonshotai/kimi-test', list.map(([provider, prompt]) => ({ provider, prompt, completion: '0.000015' }))) });
    const run = async (now: string, reply: Reply) => {
      server.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) }, '/api/v1/models/moonshotai/kimi-test/endpoints': reply });
      await update(now, { endpointsPerRun: 20 });
    };
    await run('2026-08-01T00:00:00Z', offers(['Fireworks', '0.000003'], ['Groq', '0.000004']));
    await run('2026-08-02T00:00:00Z', offers(['Fireworks', '0.0000025']));
    const stored = JSON.parse(await readFile(join(dataDir, 'price-history', 'openrouter-endpoints.json'), 'utf8')) as { offers: Record<string, unknown[]> };
    expect(stored.offers['moonshotai/kimi-test fireworks']).toEqual([
      { at: '2026-08-01T00:00:00Z', input: 3, output: 15, cache_read: null, cache_write: null },
      { at: '2026-08-02T00:00:00Z', input: 2.5, output: 15, cache_read: null, cache_write: null, previous_seen_at: '2026-08-01T00:00:00Z' },
    ]);
    expect(stored.offers['moonshotai/kimi-test groq']).toEqual([{ at: '2026-08-01T00:00:00Z', input: 4, output: 15, cache_read: null, cache_write: null, last_seen_at: '2026-08-01T00:00:00Z' }]);
  });
});
