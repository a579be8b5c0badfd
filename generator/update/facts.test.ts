import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { aaEnvelope, aaModel } from '../sources/artificialanalysis/fixtures.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { mdApi, mdModel, mdProvider } from '../sources/modelsdev/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { loadSources } from '../store/data-store.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { seedCatalog } from '../testing/seed.js';
import { renderSite } from '../testing/rendered-site.js';
import { hashTree, tempDir } from '../testing/tree.js';
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
  dataDir = await tempDir('facts');
  const models = [
    orModel({ id: 'openai/gpt-test', prompt: '0.0000025', completion: '0.00001', intelligence_index: 50 }),
    orModel({ id: 'anthropic/claude-test', prompt: '0.000003', completion: '0.000015', expiration_date: '2026-12-31' }),
  ];
  await seedCatalog(dataDir, models, '2026-08-01T00:00:00Z');
  await writeFile(
    join(dataDir, 'identity.json'),
    JSON.stringify({
      litellm: { 'gpt-test': 'openai/gpt-test', 'azure/gpt-test': 'openai/gpt-test', 'claude-test': 'anthropic/claude-test' },
      modelsdev: { 'anthropic/claude-test': 'anthropic/claude-test' },
      artificialanalysis: { 'openai/gpt-test': 'openai/gpt-test' },
    }),
  );
});
afterEach(async () => {
  await http.close();
});

/** The aggregators alone: the makers' pages have tests of their own below. */
const AGGREGATORS = ['litellm', 'modelsdev', 'artificialanalysis'] as const;

const env = () => ({
  MODELPULSE_LITELLM_URL: `${server.url}/litellm.json`,
  MODELPULSE_MODELSDEV_URL: `${server.url}/api.json`,
  MODELPULSE_ARTIFICIAL_ANALYSIS_URL: `${server.url}/aa`,
  ARTIFICIAL_ANALYSIS_API_KEY: 'test-key',
});

const LITELLM = llmFile({
  'gpt-test': llmRecord({ provider: 'openai', input: 2.5e-6, output: 1e-5, fields: { cache_read_input_token_cost: 1.25e-6 } }),
  // Azure's own retirement of its hosted copy: the provider's, not the model's.
  'azure/gpt-test': llmRecord({ provider: 'azure', input: 2.5e-6, output: 1e-5, fields: { deprecation_date: '2026-09-30' } }),
  // The author says 3× what OpenRouter lists, and announces its retirement.
  'claude-test': llmRecord({ provider: 'anthropic', input: 9e-6, output: 4.5e-5, fields: { deprecation_date: '2026-10-15' } }),
  'unmapped-model': llmRecord({ provider: 'openai' }),
});
const MODELSDEV = mdApi([mdProvider('anthropic', [mdModel({ id: 'claude-test', cost: { input: 3, output: 15, cache_read: 0.3 } })])]);
const AA = aaEnvelope([aaModel({ key: 'openai/gpt-test', intelligence_index: 55.5, coding_index: 48, math_index: 88 })]);

describe('the facts stage against local LiteLLM, models.dev and Artificial Analysis', () => {
  it('maps facts through the identity file, fills dates and indices with provenance, and reports disagreements', async () => {
    server.setRoutes({ '/litellm.json': { kind: 'json', body: LITELLM }, '/api.json': { kind: 'json', body: MODELSDEV }, '/aa/data/llms/models': { kind: 'json', body: AA } });
    const report = await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: env(), only: AGGREGATORS });
    expect(report.ok).toBe(true);
    expect(report.sources.map((s) => [s.source, s.ok, s.mapped])).toEqual([
      ['litellm', true, 2],
      ['modelsdev', true, 1],
      ['artificialanalysis', true, 1],
    ]);
    // LiteLLM 3× apart from both OpenRouter and models.dev, on both prices: listed with both values.
    expect(report.disagreements).toEqual([
      expect.objectContaining({ model_id: 'anthropic/claude-test', field: 'input', ratio: 3, values: [expect.objectContaining({ source: 'openrouter', value: 3 }), expect.objectContaining({ source: 'litellm', provider: 'anthropic', value: 9 })] }),
      expect.objectContaining({ model_id: 'anthropic/claude-test', field: 'output', ratio: 3 }),
      expect.objectContaining({ model_id: 'anthropic/claude-test', field: 'input', ratio: 3, values: [expect.objectContaining({ source: 'litellm', value: 9 }), expect.objectContaining({ source: 'modelsdev', value: 3 })] }),
      expect.objectContaining({ model_id: 'anthropic/claude-test', field: 'output', ratio: 3 }),
    ]);
    const saved = JSON.parse(await readFile(join(dataDir, 'reports/disagreements.json'), 'utf8'));
    expect(saved.items).toHaveLength(4);

    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const gpt = site.json<{ data: any }>('api/v1/models/openai/gpt-test.json').data;
    expect(gpt.benchmarks).toEqual({ intelligence_index: 55.5, coding_index: 48, math_index: 88 });
    expect(gpt.provenance.benchmarks).toEqual({ source: 'artificialanalysis', url: 'https://artificialanalysis.ai' });
    expect(gpt.retirement_date).toBeNull();
    expect(gpt.provider_retirements).toEqual([expect.objectContaining({ provider: 'azure', date: '2026-09-30', source: 'litellm' })]);
    expect(gpt.direct_prices).toEqual([expect.objectContaining({ source: 'litellm', provider: 'openai', price: expect.objectContaining({ input: 2.5, output: 10, cache_read: 1.25 }) })]);
    const claude = site.json<{ data: any }>('api/v1/models/anthropic/claude-test.json').data;
    expect(claude.retirement_date).toBe('2026-10-15');
    expect(claude.provenance.retirement_date).toMatchObject({ source: 'litellm' });
    expect(claude.price.input).toBe(3);
    const deprecations = site.json<{ data: any }>('api/v1/deprecations.json').data;
    expect(deprecations).toEqual([expect.objectContaining({ model_id: 'anthropic/claude-test', retirement_date: '2026-10-15', source_url: expect.stringContaining('litellm') })]);
  });

  it('keeps the last good facts when a source fails or drops half its models', async () => {
    server.setRoutes({ '/litellm.json': { kind: 'json', body: LITELLM }, '/api.json': { kind: 'json', body: MODELSDEV }, '/aa/data/llms/models': { kind: 'json', body: AA } });
    await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: env(), only: AGGREGATORS });
    const before = await hashTree(join(dataDir, 'facts'));
    server.setRoutes({
      '/litellm.json': { kind: 'json', body: llmFile({ 'gpt-test': llmRecord({ provider: 'openai' }) }) },
      '/api.json': { kind: 'text', body: '<html>down</html>' },
      '/aa/data/llms/models': { kind: 'json', status: 500, body: {} },
    });
    const report = await updateFacts({ store: dataDir, now: '2026-08-03T00:00:00Z', http, env: env(), only: AGGREGATORS });
    expect(report.ok).toBe(false);
    expect(report.sources.map((s) => [s.source, s.error?.split(':')[0]])).toEqual([
      ['litellm', 'lists 1 prices, less than half of the 4 it listed before; kept the last good facts'],
      ['modelsdev', 'invalid_body'],
      ['artificialanalysis', 'http_status'],
    ]);
    expect(await hashTree(join(dataDir, 'facts'))).toEqual(before);
    expect((await loadSources(dataDir)).litellm).toMatchObject({ ok: false, last_success_at: '2026-08-02T00:00:00Z' });
  });

  it('holds back a source that switched units, and runs without Artificial Analysis when no key is set', async () => {
    server.setRoutes({
      // Per-1M values in LiteLLM's per-token fields: a million times too expensive.
      '/litellm.json': { kind: 'json', body: llmFile({ 'gpt-test': llmRecord({ provider: 'openai', input: 2.5, output: 10 }) }) },
      '/api.json': { kind: 'json', body: MODELSDEV },
    });
    const report = await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: { ...env(), ARTIFICIAL_ANALYSIS_API_KEY: '' }, only: AGGREGATORS });
    expect(report.sources.map((s) => s.source)).toEqual(['litellm', 'modelsdev']);
    expect(report.sources[0]?.issues.join('\n')).toMatch(/unit error/);
    const facts = JSON.parse(await readFile(join(dataDir, 'facts/litellm.json'), 'utf8'));
    expect(facts.facts.find((f: { source_key: string }) => f.source_key === 'gpt-test').price).toBeNull();
  });

  it('holds a direct price that jumped more than 5× since the last read until the next read confirms it', async () => {
    const routes = (input: number) => ({
      '/litellm.json': { kind: 'json' as const, body: llmFile({ ...LITELLM, 'gpt-test': llmRecord({ provider: 'openai', input, output: 1e-5 }) }) },
      '/api.json': { kind: 'json' as const, body: MODELSDEV },
    });
    const noAa = { ...env(), ARTIFICIAL_ANALYSIS_API_KEY: '' };
    const priceOf = async () => JSON.parse(await readFile(join(dataDir, 'facts/litellm.json'), 'utf8')).facts.find((f: { source_key: string }) => f.source_key === 'gpt-test').price.input;
    server.setRoutes(routes(2.5e-6));
    await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: noAa, only: AGGREGATORS });
    // A per-1K value in a per-token field: 1000× more, yet under the 10,000 per 1M ceiling.
    server.setRoutes(routes(2.5e-3));
    const held = await updateFacts({ store: dataDir, now: '2026-08-03T00:00:00Z', http, env: noAa, only: AGGREGATORS });
    expect(held.sources[0]?.issues.join('\n')).toMatch(/gpt-test: input moved 1.00e\+3× since the last read/);
    expect(await priceOf()).toBe(2.5);
    await updateFacts({ store: dataDir, now: '2026-08-04T00:00:00Z', http, env: noAa, only: AGGREGATORS });
    expect(await priceOf()).toBe(2500);
  });

  it('applies identity exclusions at the next build, without a new fetch', async () => {
    server.setRoutes({ '/litellm.json': { kind: 'json', body: LITELLM }, '/api.json': { kind: 'json', body: MODELSDEV }, '/aa/data/llms/models': { kind: 'json', body: AA } });
    await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: env(), only: AGGREGATORS });
    // `null` excludes a key from the automatic rules too.
    await writeFile(join(dataDir, 'identity.json'), JSON.stringify({ litellm: { 'claude-test': null }, modelsdev: { 'anthropic/claude-test': null }, artificialanalysis: {} }));
    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const claude = site.json<{ data: any }>('api/v1/models/anthropic/claude-test.json').data;
    expect(claude.direct_prices).toEqual([]);
    expect(claude.retirement_date).toBe('2026-12-31');
    expect(claude.provenance.retirement_date.source).toBe('openrouter');
  });

  it('lets old Artificial Analysis facts only fill indices OpenRouter lacks', async () => {
    server.setRoutes({ '/litellm.json': { kind: 'json', body: LITELLM }, '/api.json': { kind: 'json', body: MODELSDEV }, '/aa/data/llms/models': { kind: 'json', body: AA } });
    // Read ten days before the catalog's as-of time: too old to lead.
    await updateFacts({ store: dataDir, now: '2026-07-22T00:00:00Z', http, env: env(), only: AGGREGATORS });
    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const gpt = site.json<{ data: any }>('api/v1/models/openai/gpt-test.json').data;
    expect(gpt.benchmarks).toEqual({ intelligence_index: 50, coding_index: 48, math_index: 88 });
    expect(gpt.provenance.benchmarks.source).toBe('openrouter');
  });

  it('rejects two Artificial Analysis records mapped to one model', async () => {
    await writeFile(join(dataDir, 'identity.json'), JSON.stringify({ artificialanalysis: { 'openai/gpt-test': 'openai/gpt-test', 'openai/gpt-test-low': 'openai/gpt-test' } }));
    await expect(updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: env(), only: AGGREGATORS })).rejects.toThrow(/maps both artificialanalysis/);
  });

  it('warns about an identity entry naming a model we do not know, and carries on', async () => {
    server.setRoutes({ '/litellm.json': { kind: 'json', body: LITELLM }, '/api.json': { kind: 'json', body: MODELSDEV }, '/aa/data/llms/models': { kind: 'json', body: AA } });
    await writeFile(join(dataDir, 'identity.json'), JSON.stringify({ litellm: { 'gpt-test': 'openai/gpt-typo' } }));
    const report = await updateFacts({ store: dataDir, now: '2026-08-02T00:00:00Z', http, env: env(), only: AGGREGATORS });
    expect(report.ok).toBe(true);
    expect(report.warnings).toEqual([expect.stringMatching(/litellm "gpt-test" names openai\/gpt-typo, a model not in data\/models; entry skipped/)]);
    // The rules still match the key by itself.
    expect(report.sources[0]?.mapped).toBeGreaterThan(0);
  });
});

describe('a source that renames its keys', () => {
  it('keeps the previous matches once, and takes the renamed keys when the next read confirms them', async () => {
    const dir = await tempDir('facts-renamed');
    const ids = Array.from({ length: 12 }, (_, i) => `acme/model-${i + 1}`);
    await seedCatalog(dir, ids.map((id) => orModel({ id, prompt: '0.000001', completion: '0.000002' })), '2026-08-01T00:00:00Z');
    await writeFile(join(dir, 'identity.json'), JSON.stringify({ litellm: Object.fromEntries(ids.map((id) => [id.split('/')[1], id])) }));
    const file = (prefix: string) => llmFile(Object.fromEntries(ids.map((id) => [`${prefix}${id.split('/')[1]}`, llmRecord({ provider: 'acme', input: 1e-6, output: 2e-6 })])));
    const read = async (now: string) => {
      const report = await updateFacts({ store: dir, now, http, env: { ...env(), ARTIFICIAL_ANALYSIS_API_KEY: '' }, only: ['litellm'] });
      const facts = JSON.parse(await readFile(join(dir, 'facts/litellm.json'), 'utf8')) as { facts: Array<{ source_key: string }>; rename_held_at?: string };
      return { report, keys: facts.facts.map((f) => f.source_key), held: facts.rename_held_at };
    };
    server.setRoutes({ '/litellm.json': { kind: 'json', body: file('') } });
    expect((await read('2026-08-01T01:00:00Z')).keys).toContain('model-1');
    // Every key renamed: as many records as before, but none matches our models any more.
    server.setRoutes({ '/litellm.json': { kind: 'json', body: file('renamed-') } });
    const held = await read('2026-08-01T02:00:00Z');
    expect(held.report.sources[0]).toMatchObject({ ok: false, error: 'its records match 0 of the 12 models the last read matched (keys renamed?); kept the last good facts until the next read confirms' });
    expect(held.keys).toContain('model-1');
    expect(held.held).toBe('2026-08-01T02:00:00Z');
    const confirmed = await read('2026-08-01T03:00:00Z');
    expect(confirmed.report.sources[0]?.ok).toBe(true);
    expect(confirmed.keys).toContain('renamed-model-1');
    expect(confirmed.held).toBeUndefined();
  });
});
