import fg from 'fast-glob';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { orModel } from '../sources/openrouter/fixtures.js';
import { seedCatalog } from '../testing/seed.js';
import { hashTree, tempDir, treeIdentities } from '../testing/tree.js';
import { existsSync, readFileSync } from 'node:fs';
import { buildSite, type BuildReport } from './build-site.js';
import { WEB_STATIC_FILES } from './bundles.js';
import { TEXT_FILE_TYPES } from '../host/hosts.js';
import { FileBudgetError } from './budget.js';
import { SchemaViolationError, serializeSite } from './write-site.js';
import { writeSiteIncrementally } from './incremental-write.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const SITE = 'https://example.test';

/** A small data/ made the way update makes it: fixtures → parse → translate → merge → store. */
async function makeData(): Promise<string> {
  const dataDir = await tempDir('data');
  const models = [
    orModel({ id: 'openai/gpt-test', prompt: '0.0000025', completion: '0.00001', input_modalities: ['text', 'image'], intelligence_index: 55 }),
    orModel({ id: 'google/gemma-test', prompt: '0.0000001', completion: '0.0000003', intelligence_index: 30 }),
    orModel({ id: 'google/gemma-test:free', prompt: '0', completion: '0' }),
    orModel({ id: 'openai/old-test', prompt: '0.00001', completion: '0.00003', expiration_date: '2026-09-01' }),
    orModel({ id: 'openrouter/auto', prompt: '-1', completion: '-1' }),
  ];
  await seedCatalog(dataDir, models, '2026-08-01T00:00:00Z');
  return dataDir;
}

/** Which published schema a file must match, decided from its path alone. */
function schemaFor(path: string): string | null {
  if (path.startsWith('schemas/')) return null;
  if (path.startsWith('errors/')) return 'error';
  if (path.startsWith('badges/')) return 'badge';
  if (path === 'openapi.json') return null;
  // Derived from the validated models.json (query/model-index.ts, query/fastest-index.ts), not responses of their own.
  if (path === 'cheapest-index.json' || path === 'fastest-index.json') return null;
  if (path === 'status/models.json') return 'status-models';
  if (/^status\/[^/]+\.json$/.test(path)) return 'service';
  if (path === 'models.json' || /^models\/[^/]+\.json$/.test(path)) return 'models';
  if (/^models\/[^/]+\/[^/]+\.json$/.test(path)) return 'model';
  if (path === 'cheapest.json' || path.startsWith('cheapest/')) return 'cheapest';
  return path.replace(/\.json$/, '');
}

/** The website's files beside api/. */
// The website, the 404 page every host serves for a missing file (JSON: see render/errors.ts),
// and the package every host publishes.
const WEBSITE = ['app.js', '404.html', ...WEB_STATIC_FILES, 'modelpulse.tgz'];

/**
 * Builds are shared, as a site would be rebuilt: one build of the fixture data that tests only
 * read (`out`), and one output directory (`scratch`) that tests rebuild with their own data, so
 * only the files whose bytes differ are written each time (the incremental write is under test
 * too: whatever `scratch` held before, each build must leave exactly its own site).
 */
describe('build', () => {
  let dataDir: string;
  let out: string;
  let scratch: string;
  let first: BuildReport;
  beforeAll(async () => {
    dataDir = await makeData();
    out = await tempDir('public');
    await writeFile(join(out, '.gitkeep'), '');
    first = await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
    scratch = await tempDir('public-scratch');
  });

  it('renders every endpoint, and every file matches the schema it publishes', async () => {
    const report = first;
    const root = join(out, 'api/v1');
    const files = (await fg('**/*.json', { cwd: root })).sort();
    // Every JSON file, and the text files: the client module, the feeds, the calendar and the CSV exports.
    expect(report.files).toBe((await fg('**/*', { cwd: join(out, 'api') })).length);
    expect(report.files).toBe(files.length + TEXT_FILE_TYPES.length);
    expect(report.written).toEqual({ written: report.files + WEBSITE.length + 1, removed: 0, unchanged: 0 });
    expect(await readFile(join(out, '_redirects'), 'utf8')).toContain('/api/v1/models/openai/gpt-test /api/v1/models/openai/gpt-test.json 200!');
    for (const path of ['index.json', 'models.json', 'models/openai.json', 'models/openai/gpt-test.json', 'cheapest.json', 'cheapest/vision/limit/5.json', 'price-changes.json', 'deprecations.json', 'errors/not-found.json', 'schemas/model.json']) {
      expect(files).toContain(path);
    }
    // Validate with a fresh ajv against the schema files as published, not the in-memory ones.
    const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    for (const file of files.filter((f) => f.startsWith('schemas/'))) ajv.addSchema(JSON.parse(await readFile(join(root, file), 'utf8')) as object);
    for (const file of files) {
      const schema = schemaFor(file);
      if (schema === null) continue;
      const validate = ajv.getSchema(`${SITE}/api/v1/schemas/${schema}.json`);
      expect(validate, `schema ${schema} for ${file}`).toBeDefined();
      // Read synchronously: 12,000 small files go much faster without a trip each through the thread pool.
      const body = JSON.parse(readFileSync(join(root, file), 'utf8')) as unknown;
      expect(validate!(body), `${file}: ${JSON.stringify(validate!.errors)}`).toBe(true);
    }

    const gemma = JSON.parse(await readFile(join(root, 'models/google/gemma-test.json'), 'utf8'));
    expect(gemma.data.price).toEqual({ input: 0.1, output: 0.3, blended: 0.15, cache_read: null, cache_write: null });
    // Its free variant and OpenRouter's own listing, each with the id OpenRouter answers to.
    expect(gemma.data.endpoints).toEqual([
      expect.objectContaining({ free: true, tag: 'google/gemma-test:free', api_names: ['google/gemma-test:free'] }),
      expect.objectContaining({ provider: 'openrouter', free: false, tag: null, price: gemma.data.price, api_names: expect.arrayContaining(['google/gemma-test']) }),
    ]);
    expect(gemma.data.cheapest_offer).toBeNull();
    expect(gemma.meta).toMatchObject({ api_version: 'v1', cache_seconds: 60, updated_at: '2026-08-01T00:00:00Z', attribution: { url: SITE } });
    const cheapest = JSON.parse(await readFile(join(root, 'cheapest.json'), 'utf8'));
    expect(cheapest.data.map((m: { id: string }) => m.id)).toEqual(['google/gemma-test', 'openai/gpt-test', 'openai/old-test']);
    const smart = JSON.parse(await readFile(join(root, 'cheapest/min_intel/50.json'), 'utf8'));
    expect(smart.data.map((m: { id: string }) => m.id)).toEqual(['openai/gpt-test']);
    expect(smart.meta.query).toEqual({ min_intel: 50, min_context: null, vision: false, reasoning: false, tools: false, limit: 10 });
    const deprecations = JSON.parse(await readFile(join(root, 'deprecations.json'), 'utf8'));
    expect(deprecations.data).toEqual([
      { model_id: 'openai/old-test', name: 'old-test', retirement_date: '2026-09-01', retired: false, deprecated_at: null, replacement: null, replacement_id: null, source_url: 'https://openrouter.ai/openai/old-test' },
    ]);
  });

  it('publishes curated overrides over upstream values with their source, and stored text without bidi controls', async () => {
    const data = await makeData();
    await writeFile(
      join(data, 'overrides.json'),
      JSON.stringify({ models: { 'openai/old-test': { retirement: { date: '2026-08-20', source_url: 'https://example.com/retirements', replacement: 'openai/gpt-test' } } } }),
    );
    const file = join(data, 'models/openai/old-test.json');
    // As an older version stored it: a right-to-left override and an isolate inside the name.
    await writeFile(file, (await readFile(file, 'utf8')).replace('"name": "old-test"', '"name": "old\\u202e-test\\u2066 (retiring)"'));
    await buildSite({ store: data, outDir: scratch, siteUrl: SITE });
    const deprecations = JSON.parse(await readFile(join(scratch, 'api/v1/deprecations.json'), 'utf8'));
    expect(deprecations.data).toEqual([
      { model_id: 'openai/old-test', name: 'old-test (retiring)', retirement_date: '2026-08-20', retired: false, deprecated_at: null, replacement: 'openai/gpt-test', replacement_id: 'openai/gpt-test', source_url: 'https://example.com/retirements' },
    ]);
    const detail = JSON.parse(await readFile(join(scratch, 'api/v1/models/openai/old-test.json'), 'utf8'));
    expect(detail.data.retirement_date).toBe('2026-08-20');
    expect(detail.data.provenance.retirement_date).toEqual({ source: 'override', url: 'https://example.com/retirements' });
    const feed = await readFile(join(scratch, 'api/v1/feeds/deprecations.atom'), 'utf8');
    const calendar = await readFile(join(scratch, 'api/v1/feeds/retirements.ics'), 'utf8');
    for (const text of [feed, calendar, JSON.stringify(detail)]) {
      expect(text).toContain('old-test (retiring)');
      expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]|\\u202e/);
    }

    await writeFile(join(data, 'overrides.json'), JSON.stringify({ models: { 'openai/no-such-model': { retirement: { date: '2026-08-20', source_url: 'https://example.com/x' } } } }));
    await expect(buildSite({ store: data, outDir: scratch, siteUrl: SITE })).rejects.toThrow(/overrides openai\/no-such-model, a model not in data\/models/);
  });

  it('is deterministic: the same data, rendered again and written over another site, gives byte-identical files', async () => {
    // `scratch` holds another test's site (or none): rebuilding the fixture data over it must
    // give exactly `out`, rendered independently, every file compared byte for byte by the write.
    const report = await buildSite({ store: await makeData(), outDir: scratch, siteUrl: SITE });
    expect(report.written.written + report.written.unchanged).toBe(first.written.written);
    const expected = await hashTree(out);
    expected.delete('.gitkeep');
    expect(await hashTree(scratch)).toEqual(expected);
  });

  it('rebuilds unchanged inputs without writing a file, and repairs an output changed behind its back', async () => {
    const before = await treeIdentities(out);
    const models = await readFile(join(out, 'api/v1/models.json'));
    const again = await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
    expect(again.written).toEqual({ written: 0, removed: 0, unchanged: first.written.written });
    expect(again.files).toBe(first.files);
    expect(await treeIdentities(out)).toEqual(before);

    await writeFile(join(out, 'api/v1/models.json'), '{"data":[],"meta":{}}');
    await writeFile(join(out, 'api/v1/stray.json'), '{}');
    const repaired = await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
    expect(repaired.written).toEqual({ written: 1, removed: 1, unchanged: first.written.written - 1 });
    expect(await readFile(join(out, 'api/v1/models.json'))).toEqual(models);
    expect(existsSync(join(out, 'api/v1/stray.json'))).toBe(false);
  });

  it('leaves the previous output untouched when the data is broken', async () => {
    const before = await treeIdentities(out);

    const broken = await makeData();
    await writeFile(join(broken, 'models/openai/gpt-test.json'), '{"id": "openai/gpt-test", "truncated');
    await expect(buildSite({ store: broken, outDir: out, siteUrl: SITE })).rejects.toThrow(/models\/openai\/gpt-test.json:1:\d+ is not valid JSON \(unterminated string\)/);
    const misplaced = await makeData();
    await mkdir(join(misplaced, 'models/evil'), { recursive: true });
    const record = JSON.parse(await readFile(join(misplaced, 'models/openai/gpt-test.json'), 'utf8'));
    await writeFile(join(misplaced, 'models/evil/x.json'), JSON.stringify({ ...record, id: 'openai/gpt-test' }));
    await expect(buildSite({ store: misplaced, outDir: out, siteUrl: SITE })).rejects.toThrow(/belongs in models\/openai\/gpt-test.json/);

    // An author that is not the id's own would put files elsewhere in the API.
    const clobbering = await makeData();
    const gpt = JSON.parse(await readFile(join(clobbering, 'models/openai/gpt-test.json'), 'utf8'));
    await writeFile(join(clobbering, 'models/openai/gpt-test.json'), JSON.stringify({ ...gpt, author: '../models' }));
    await expect(buildSite({ store: clobbering, outDir: out, siteUrl: SITE })).rejects.toThrow(/gpt-test.json does not match the model record schema: \/author/);

    // A file over the size budget that no single record is to blame for: nothing is written.
    await expect(buildSite({ store: dataDir, outDir: out, siteUrl: SITE, maxFileBytes: 20_000 })).rejects.toThrow(FileBudgetError);

    expect(await treeIdentities(out)).toEqual(before);
  });

  it('writes the host files of the chosen host and removes the others', async () => {
    // Everything, hidden names too: the build keeps its own files beside the output, never in it.
    const visible = async () => (await readdir(scratch)).sort();
    await buildSite({ store: dataDir, outDir: scratch, siteUrl: SITE, host: 'cloudflare' });
    expect(await visible()).toEqual(['.assetsignore', '_headers', '_monitor', '_redirects', '_worker.js', 'api', 'migrations', 'wrangler.json', ...WEBSITE].sort());
    expect(await readFile(join(scratch, '_headers'), 'utf8')).toMatch(/\/api\/\*\n {2}Access-Control-Allow-Origin: \*/);
    await buildSite({ store: dataDir, outDir: scratch, siteUrl: SITE });
    expect(await visible()).toEqual(['_redirects', 'api', ...WEBSITE].sort());
    await buildSite({ store: dataDir, outDir: scratch, siteUrl: SITE, host: 'none' });
    // A plain host's /mcp: a file with the JSON error that names the remote endpoint (host/mcp-elsewhere.ts).
    expect(await visible()).toEqual(['api', 'mcp', ...WEBSITE].sort());
    // Netlify's 404 page is the API's JSON error; elsewhere an HTML page that says what it is.
    expect(await readFile(join(scratch, '404.html'), 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('refuses to build services before any observation time exists, with a clear error', async () => {
    const empty = await tempDir('data');
    await writeFile(join(empty, 'services.json'), JSON.stringify([{ id: 'x', name: 'X', url: 'https://x.example', status_page: { type: 'none' }, probe: null }]));
    await expect(buildSite({ store: empty, outDir: await tempDir('public'), siteUrl: SITE })).rejects.toThrow(/run `npm run update` first/);
  });

  it('writes nothing when a rendered file breaks its schema', () => {
    const bad = [{ path: 'api/v1/models.json', schema: 'models' as const, body: { data: [{ id: '../../etc' }], meta: {} } }];
    expect(() => serializeSite(bad)).toThrow(SchemaViolationError);
  });

  it('never writes outside the output directory', async () => {
    const out = await tempDir('public-empty');
    for (const path of ['api/../../escape.json', 'api/v1/../../../escape.json', '/etc/passwd', '../x.json', 'api/./x.json', 'api/.hidden.json', '.build-transaction/x', '.modelpulse-build.json', 'a//b', 'x\0.json']) {
      await expect(writeSiteIncrementally(out, new Map([[path, '{}']])), path).rejects.toThrow(/not a normalized relative path the build may write/);
    }
    expect(await readdir(out)).toEqual([]);
  });
});
