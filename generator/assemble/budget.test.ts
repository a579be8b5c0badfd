import fg from 'fast-glob';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../bounds/text.js';
import type { ModelRecord } from '../models/types.js';
import { saveModels } from '../store/data-store.js';
import { TEST_SITE_URL } from '../testing/built-site.js';
import { tempDir } from '../testing/tree.js';
import { buildSite } from './build-site.js';

/** Cloudflare Pages' free plan: at most 20,000 files. */
const MAX_FILES = 20_000;

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
 * The one full-size build of the suite: the budget is about the real catalog. It has no time
 * limit (vitest's `timeout: 0`): how fast it builds is `npm run bench`'s question, not a test's.
 */
describe('the built site from the committed data/', () => {
  it('stays within the hosting budget, no file over 1 MiB, and one hostile catalog record grows it by at most 10%', { timeout: 0 }, async () => {
    const dataDir = await tempDir('budget-data');
    await cp('data', dataDir, { recursive: true });
    const out = await tempDir('budget-site');
    await buildSite({ store: dataDir, outDir: out, siteUrl: TEST_SITE_URL });
    const before = await sizes(out);
    expect(before.files).toBeGreaterThan(1000);
    expect(before.files).toBeLessThanOrEqual(MAX_FILES);
    expect(before.largest.bytes, before.largest.path).toBeLessThanOrEqual(MAX_FILE_BYTES);

    // The record of the review, cheap and capable so it qualifies for nearly every `cheapest`
    // file, stored as a version without bounds would have stored it.
    const base = JSON.parse(await readFile(join(dataDir, 'models/openai/gpt-3.5-turbo-16k.json'), 'utf8')) as ModelRecord;
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
    await saveModels(dataDir, [hostile]);
    const report = await buildSite({ store: dataDir, outDir: out, siteUrl: TEST_SITE_URL });
    expect(report.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/^evil\/huge: name truncated/)]));
    const after = await sizes(out);
    expect(after.largest.bytes, after.largest.path).toBeLessThanOrEqual(MAX_FILE_BYTES);
    const growth = (after.bytes - before.bytes) / before.bytes;
    console.log(`hostile record: the site grew from ${before.bytes} to ${after.bytes} bytes (${(growth * 100).toFixed(2)}%), ${report.written.written} files written`);
    expect(growth).toBeLessThanOrEqual(0.1);
  });
});
