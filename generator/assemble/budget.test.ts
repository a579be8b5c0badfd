import fg from 'fast-glob';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LIST_FILE_BYTES, MAX_PUBLISHED_FILES } from '../bounds/site.js';
import { MAX_FILE_BYTES } from '../bounds/text.js';
import type { ModelRecord } from '../models/types.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { loadDataset, saveModels } from '../store/data-store.js';
import { saveTraffic } from '../store/traffic-store.js';
import { syntheticTraffic } from '../testing/synthetic-traffic.js';
import { buildCommittedSite, TEST_SITE_URL } from '../testing/built-site.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir, treeIdentities } from '../testing/tree.js';
import { checkFileBudget, checkFileCount, FileBudgetError, FileCountError, fileKind } from './budget.js';
import { buildSite } from './build-site.js';

describe('the budgets, checked before anything is written', () => {
  it('knows what each published file is', () => {
    expect(['api/v1/cheapest.json', 'api/v1/cheapest/min_intel/40.json', 'api/v1/models/openai/gpt-4o.json', 'api/v1/models/openai.json', 'api/v1/status/openai.json', 'api/v1/badges/openai.svg', 'api/v1/models.json', 'index.html', '_redirects'].map(fileKind)).toEqual([
      'cheapest variants', 'cheapest variants', 'models', 'authors', 'services', 'services', 'other API files', 'website and host files', 'website and host files',
    ]);
  });

  it('allows catalog-wide lists the larger size, every other file the smaller', () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const budget = { maxFileBytes: MAX_FILE_BYTES, maxListFileBytes: MAX_LIST_FILE_BYTES };
    expect(() => checkFileBudget(new Map([['api/v1/models.json', big], ['api/v1/cheapest-index.json', big], ['api/v1/models/openai.json', big], ['api/v1/api-names.json', big], ['api/v1/cost-index.json', big], ['api/v1/export/price-history.csv', big]]), budget)).not.toThrow();
    expect(() => checkFileBudget(new Map([['api/v1/models/openai/gpt-4o.json', big]]), budget)).toThrow(/api\/v1\/models\/openai\/gpt-4o.json \(2097152 bytes, budget 1048576\)/);
    expect(() => checkFileBudget(new Map([['api/v1/models.json', 'x'.repeat(MAX_LIST_FILE_BYTES + 1)]]), budget)).toThrow(FileBudgetError);
  });

  it('names the budget, the count and what grew when there are too many files', () => {
    const site = (models: number) => ['api/v1/cheapest.json', 'api/v1/cheapest/vision.json', 'api/v1/models.json', 'index.html', ...Array.from({ length: models }, (_, i) => `api/v1/models/a/m${i}.json`)];
    const previous = checkFileCount(site(3), 10, null);
    expect(previous).toEqual({ 'cheapest variants': 2, models: 3, 'other API files': 1, 'website and host files': 1 });
    const error = (() => {
      try {
        checkFileCount(site(9), 10, previous);
      } catch (caught) {
        return caught;
      }
      throw new Error('no error');
    })();
    expect(error).toBeInstanceOf(FileCountError);
    expect((error as Error).message).toMatch(/^the site would publish 13 files, over the budget of 10 \(Cloudflare's limit per version, bounds\/site\.ts\); nothing written, the previous output stays\. grew since the last build: models \+6 \(3 → 9\)\. All files: models 9, cheapest variants 2, /);
    expect(() => checkFileCount(site(9), 10, null)).toThrow(/no earlier build to compare with/);
  });

  it('fails a build that outgrows the file budget and leaves the previous output as it was', async () => {
    const dataDir = await tempDir('budget-small-data');
    const out = await tempDir('budget-small-site');
    const models = [orModel({ id: 'openai/a-test', prompt: '0.000001', completion: '0.000002', intelligence_index: 40 }), orModel({ id: 'google/b-test', prompt: '0.0000001', completion: '0.0000003' })];
    const catalog = await seedCatalog(dataDir, models, '2026-08-01T00:00:00Z');
    const first = await buildSite({ store: dataDir, outDir: out, siteUrl: TEST_SITE_URL });
    const published = Object.values(first.kinds).reduce((sum, count) => sum + count, 0);
    const before = await treeIdentities(out);
    expect(before.size).toBe(published);

    // Three more models, stored as update stores them.
    const model = catalog.get('openai/a-test')!;
    await saveModels(dataDir, ['c', 'd', 'e'].map((slug) => ({ ...model, id: `openai/${slug}-test`, upstream_id: `openai/${slug}-test` })));
    const build = buildSite({ store: dataDir, outDir: out, siteUrl: TEST_SITE_URL, maxFiles: published + 1 });
    await expect(build).rejects.toThrow(FileCountError);
    await expect(build).rejects.toThrow(new RegExp(`would publish ${(published + 3).toLocaleString('en-US')} files, over the budget of ${(published + 1).toLocaleString('en-US')} .*grew since the last build: models \\+3 \\(2 → 5\\)`));
    expect(await treeIdentities(out)).toEqual(before);
  });
});

async function sizes(dir: string): Promise<{ files: number; bytes: number; largest: { path: string; bytes: number } }> {
  // Everything a host publishes: all of it (the build's own files live beside it).
  const entries = await fg('**/*', { cwd: dir, onlyFiles: true, dot: true, stats: true });
  let bytes = 0;
  let largest = { path: '', bytes: 0 };
  for (const entry of entries) {
    bytes += entry.stats!.size;
    if (entry.stats!.size > largest.bytes) largest = { path: entry.path, bytes: entry.stats!.size };
  }
  return { files: entries.length, bytes, largest };
}

/**
 * The budget is about the real catalog: the committed data/ as built once for the whole run and
 * shared with the files that read it (testing/committed-site.ts), then that data with one hostile
 * record more, built here. It has no time limit (vitest's `timeout: 0`): how fast it builds is
 * `npm run bench`'s question, not a test's.
 */
describe('the built site from the committed data/', () => {
  it('stays within the hosting budget, no file over 1 MiB, and one hostile catalog record grows it by at most 10%', { timeout: 0 }, async () => {
    const committed = (await buildCommittedSite()).publishDir;
    const before = await sizes(committed);
    expect(before.files).toBeGreaterThan(1000);
    // The API-name index (names, OpenRouter's ids, genai-prices' families) grows with the catalog: ten times it fits a catalog-wide list.
    expect(10 * (await readFile(join(committed, 'api/v1/api-names.json'))).byteLength).toBeLessThanOrEqual(MAX_LIST_FILE_BYTES);
    expect(before.files).toBeLessThanOrEqual(MAX_PUBLISHED_FILES);
    expect(before.largest.bytes, before.largest.path).toBeLessThanOrEqual(MAX_FILE_BYTES);

    // The record of the review, cheap and capable so it qualifies for nearly every `cheapest`
    // file, stored as a version without bounds would have stored it.
    const base = JSON.parse(await readFile(join('data', 'models/openai/gpt-3.5-turbo-16k.json'), 'utf8')) as ModelRecord;
    const hostile: ModelRecord = {
      ...base,
      id: 'evil/huge',
      upstream_id: 'evil/huge',
      author: 'evil',
      name: 'N'.repeat(50_000),
      description: 'D'.repeat(1_000_000),
      input_modalities: Array.from({ length: 10_000 }, (_, i) => `modality-${i}`),
      context_length: 2_000_000,
      capabilities: { vision: true, reasoning: true, tools: true },
      benchmarks: { intelligence_index: 99, coding_index: 99, math_index: 99 },
      retirement_date: null,
      delisted_at: null,
      price_history: [{ at: base.first_seen_at, input: 0.001, output: 0.001, cache_read: null, cache_write: null }],
    };
    delete hostile.pending_price;
    const dataDir = await tempDir('budget-data');
    await cp('data', dataDir, { recursive: true });
    await saveModels(dataDir, [hostile]);
    // The status per model at its largest: every listed model with five providers' figures, 5% of
    // them in trouble (listed with all their endpoints), and the hostile record's figures garbage.
    const { models, sources } = await loadDataset(dataDir);
    const traffic = syntheticTraffic(models.values(), sources.status!.last_attempt_at!);
    const garbage = { ...traffic.models['evil/huge']!.latest!.endpoints[0]!, uptime_5m: 1e300, latency_ms: { p50: -5, p90: 1e12 } };
    traffic.models['evil/huge'] = { ...traffic.models['evil/huge']!, latest: { observed_at: sources.status!.last_attempt_at!, endpoints: [garbage] } };
    await saveTraffic(dataDir, traffic);
    const out = await tempDir('budget-site');
    const report = await buildSite({ store: dataDir, outDir: out, siteUrl: TEST_SITE_URL });
    expect(report.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^evil\/huge: name truncated/), expect.stringMatching(/^evil\/huge endpoint statistics: fireworks: uptime_last_5m is over 100%/)]));
    const after = await sizes(out);
    expect(after.largest.bytes, after.largest.path).toBeLessThanOrEqual(MAX_FILE_BYTES);
    const growth = (after.bytes - before.bytes) / before.bytes;
    // The bounds hold for the lists the status per model adds, at their largest.
    for (const path of ['api/v1/models.json', 'api/v1/status/models.json', 'api/v1/fastest-index.json']) {
      expect((await readFile(join(out, path))).length, path).toBeLessThanOrEqual(MAX_LIST_FILE_BYTES);
    }
    console.log(`hostile record: the site grew from ${before.bytes} to ${after.bytes} bytes (${(growth * 100).toFixed(2)}%), ${report.written.written} files written`);
    expect(growth).toBeLessThanOrEqual(0.1);
  });
});
