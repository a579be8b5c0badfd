/**
 * The CSV exports: read back with a standard CSV reader (csv-parse), on fixtures for every rule,
 * and through `npm run serve`'s server (Netlify's own rule engine and headers) on a small site.
 */
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { startServer, type RunningServer } from '../host/serve.js';
import { detail, gpt4o, offer, price, sonnet } from '../query/cost-fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { TEST_SITE_URL } from '../testing/built-site.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import type { ModelDetail, ModelEntry } from '../types/api-types.js';
import { csvField, toCsv } from './csv.js';
import { EXPORT_COLUMNS, renderExports } from './exports.js';

type Row = Record<string, string>;
const read = (text: string): Row[] => parse(text, { columns: true, strict: true } as never) as Row[];

describe('CSV', () => {
  it('quotes what would break a row and neutralises what a spreadsheet would run, numbers staying numbers', () => {
    const hostile = ['=HYPERLINK("https://evil.example","x")', '+1', '-cmd', '@SUM(A1)', 'Acme, "Inc"', 'two\r\nlines', '\tx', 'plain'];
    const text = toCsv([{ name: 'name', description: '', value: (r: { name: string; n: number | null; b: boolean }) => r.name }, { name: 'n', description: '', value: (r) => r.n }, { name: 'b', description: '', value: (r) => r.b }], hostile.map((name, i) => ({ name, n: i === 0 ? -1.5 : i === 1 ? null : 1e-7, b: i % 2 === 0 })));
    const rows = read(text);
    expect(rows.map((r) => r.name)).toEqual(["'=HYPERLINK(\"https://evil.example\",\"x\")", "'+1", "'-cmd", "'@SUM(A1)", 'Acme, "Inc"', 'two\r\nlines', "'\tx", 'plain']);
    expect(rows.slice(0, 3).map((r) => [r.n, r.b])).toEqual([['-1.5', 'true'], ['', 'false'], ['1e-7', 'true']]);
    // A negative number is written bare: a spreadsheet reads it as the number it is.
    expect(text.split('\r\n')[1]).toMatch(/,-1\.5,true$/);
    expect(text.endsWith('\r\n')).toBe(true);
    expect([csvField(0), csvField(false), csvField(null)]).toEqual(['0', 'false', '']);
  });
});

describe('the exports', () => {
  const entryOf = (d: ModelDetail): ModelEntry => {
    const { id, name, author, price: p, context_length, max_output, capabilities, benchmarks, retirement_date, has_free_variant, unit_prices, cheapest_offer, lifecycle, type, modalities, on_sale } = d;
    return { id, name, author, price: p, context_length, max_output, capabilities, benchmarks, retirement_date, has_free_variant, unit_prices, cheapest_offer, lifecycle: { status: lifecycle.status, not_before: lifecycle.not_before }, type, modalities, on_sale };
  };
  const withHistory = () => {
    const model = gpt4o();
    // Offer-level history as newer data publishes it.
    (model.endpoints[0] as unknown as { price_history: object[] }).price_history = [
      { at: '2025-06-01T00:00:00Z', input: 5, output: 15, cache_read: 2.5, cache_write: null },
      { at: '2026-01-01T00:00:00Z', input: 2.5, output: 10, cache_read: 1.25, cache_write: null },
    ];
    return model;
  };
  const hostile = detail('acme/formula', price(1, 2), { name: '=cmd|" /C calc"!A0', endpoints: [offer('acme', 'litellm', price(1, 2), { provider_name: '@acme, "the" provider' })] });
  const delisted = detail('acme/gone', price(1, 1), { delisted_at: '2026-07-01T00:00:00Z' });
  const details = new Map([sonnet(), withHistory(), hostile, delisted].map((d) => [d.id, d]));
  const entries = [sonnet(), withHistory(), hostile].map(entryOf);
  const files = Object.fromEntries(renderExports(entries, details).map((f) => [f.path, f.text]));

  it('models.csv: one row per listed model, with prices, tiers, capabilities, indices and retirement', () => {
    const rows = read(files['api/v1/export/models.csv']!);
    expect(Object.keys(rows[0]!)).toEqual(EXPORT_COLUMNS['models.csv'].map((c) => c.name));
    expect(rows.map((r) => r.id)).toEqual(entries.map((e) => e.id));
    expect(rows[0]).toMatchObject({ id: 'anthropic/claude-sonnet-4', input: '3', output: '15', blended: '6', cache_read: '0.3', cache_write: '3.75', vision: 'false', retirement_date: '', lifecycle_status: '' });
    expect(JSON.parse(rows[0]!.price_tiers!)).toEqual([{ min_prompt_tokens: 200000, input: 6, output: 22.5, cache_read: 0.6, cache_write: 7.5 }]);
    expect(rows[2]!.name).toBe('\'=cmd|" /C calc"!A0');
  });

  it('offers.csv: every offer of every model with a detail, delisted ones included', () => {
    const rows = read(files['api/v1/export/offers.csv']!);
    expect(rows).toHaveLength([...details.values()].reduce((n, d) => n + d.endpoints.length, 0));
    expect(rows.filter((r) => r.model_id === 'anthropic/claude-sonnet-4').map((r) => `${r.provider}/${r.source}/${r.kind}/${r.region}`)).toContain('amazon-bedrock/litellm/data_zone/eu');
    const curated = rows.find((r) => r.source === 'genai-prices')!;
    expect(JSON.parse(curated.price_tiers!)).toHaveLength(1);
    expect(rows.find((r) => r.source === 'openrouter')!.price_tiers).toBe('');
    expect(rows.find((r) => r.model_id === 'acme/formula')!.provider_name).toBe('\'@acme, "the" provider');
  });

  it('price-history.csv: every model-level point, then each offer\'s where the data has one', () => {
    const rows = read(files['api/v1/export/price-history.csv']!);
    const gpt = rows.filter((r) => r.model_id === 'openai/gpt-4o');
    expect(gpt.map((r) => [r.level, r.provider, r.at, r.input, r.blended])).toEqual([
      ['model', '', '2026-03-29T00:00:00Z', '2.5', '4.375'],
      ['offer', 'openai', '2025-06-01T00:00:00Z', '5', '7.5'],
      ['offer', 'openai', '2026-01-01T00:00:00Z', '2.5', '4.375'],
    ]);
    expect(rows.some((r) => r.model_id === 'acme/gone')).toBe(true);
  });
});

describe('the exports through npm run serve (Netlify\'s engine and headers)', () => {
  let server: RunningServer;
  let publishDir: string;
  beforeAll(async () => {
    const dataDir = await tempDir('exports-data');
    const models = [
      orModel({ id: 'acme/formula', name: 'Acme: =HYPERLINK("https://evil.example","click"), "quoted"', prompt: '0.000001', completion: '0.000002' }),
      orModel({ id: 'openai/gpt-test', prompt: '0.0000025', completion: '0.00001', intelligence_index: 55 }),
      orModel({ id: 'google/gemma-test:free', prompt: '0', completion: '0' }),
    ];
    const first = await seedCatalog(dataDir, models, '2026-08-01T00:00:00Z');
    await seedCatalog(dataDir, [models[0]!, orModel({ id: 'openai/gpt-test', prompt: '0.000002', completion: '0.00001', intelligence_index: 55 }), models[2]!], '2026-08-02T00:00:00Z', first);
    publishDir = await tempDir('exports-site');
    await buildSite({ store: dataDir, outDir: publishDir, siteUrl: TEST_SITE_URL });
    server = await startServer({ publishDir, netlifyConfigPath: join(process.cwd(), 'netlify.toml'), port: 0 });
  }, 120_000); // bounds a hang on a busy machine; measures nothing
  afterAll(async () => {
    await server?.close();
  });

  it('serves each file as UTF-8 CSV with the API\'s CORS and cache headers; models.csv has a row per model of /api/v1/models', async () => {
    const models = JSON.parse(await readFile(join(publishDir, 'api/v1/models.json'), 'utf8')) as { data: ModelEntry[] };
    const texts: Record<string, string> = {};
    for (const name of ['models.csv', 'offers.csv', 'price-history.csv']) {
      const res = await fetch(`${server.url}/api/v1/export/${name}`);
      expect([res.status, res.headers.get('content-type')], name).toEqual([200, 'text/csv; charset=utf-8']);
      expect(res.headers.get('access-control-allow-origin'), name).toBe('*');
      expect(res.headers.get('cache-control'), name).toMatch(/max-age=60\b/);
      texts[name] = await res.text();
      expect(read(texts[name]).length, name).toBeGreaterThan(0);
    }
    const rows = read(texts['models.csv']!);
    expect(rows.map((r) => r.id)).toEqual(models.data.map((m) => m.id));
    expect(rows.find((r) => r.id === 'acme/formula')!.name).toBe('\'=HYPERLINK("https://evil.example","click"), "quoted"');
    // The price change is in the history: two points for the model that changed, and on OpenRouter's listing of it.
    const history = read(texts['price-history.csv']!).filter((r) => r.model_id === 'openai/gpt-test');
    expect(history.filter((r) => r.level === 'model').map((r) => r.input)).toEqual(['2.5', '2']);
    expect(history.filter((r) => r.provider === 'openrouter').map((r) => r.input)).toEqual(['2.5', '2']);
  });
});
