/**
 * The build's part of `npm run bench`: a full build into an empty directory, an unchanged
 * rebuild, and a rebuild after one price change, with every budget in force, each against the copy floor (`cp -r` of the
 * same files: what any generator that writes them pays at least). Times are medians; the
 * catalog is copied first, so the committed data/ is never changed.
 */
import { execFile } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import fg from 'fast-glob';
import { buildSite } from '../assemble/build-site.js';
import { internalDir } from '../assemble/internal-dir.js';
import { MAX_PUBLISHED_FILES } from '../bounds/site.js';
import type { ModelRecord } from '../models/types.js';
import { blendedPrice, roundPrice } from '../models/price.js';
import { saveTraffic } from '../store/traffic-store.js';
import { syntheticTraffic } from '../testing/synthetic-traffic.js';
import { loadDataset, saveModels } from '../store/data-store.js';
import { tempDir } from '../testing/tree.js';

const run = promisify(execFile);
const SITE = 'https://bench.example';

export interface BuildFigures {
  models: number;
  files: number;
  bytes: number;
  fullMs: number;
  unchangedMs: number;
  unchangedWritten: number;
  priceChangeMs: number;
  priceChangeWritten: number;
  copyMs: number;
  /** The model whose price changed. */
  changedModel: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

/** One more price change of one listed model, as `update` records it: a new point in its history. */
async function changeOnePrice(dataDir: string, model: ModelRecord, step: number): Promise<void> {
  const last = model.price_history.at(-1)!;
  const at = new Date(Date.parse(last.at) + (step + 1) * 900_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const point = { ...last, at, input: roundPrice(last.input! * (step % 2 === 0 ? 1.1 : 1 / 1.1)) };
  model.price_history.push(point);
  await saveModels(dataDir, [model]);
}

/**
 * The build figures of a catalog (a copy of `sourceDataDir`), with every budget in force. Each
 * full build is followed at once by its copy floor, so the two are measured under the same load.
 * `keepOutput`: the built site stays (in `outDir`) for the serving figures; the caller removes it.
 */
export async function buildBench(sourceDataDir: string, runs: number, keepOutput = false): Promise<BuildFigures & { outDir: string | null }> {
  const dataDir = await tempDir('bench-build-data');
  await cp(sourceDataDir, dataDir, { recursive: true });
  const build = (outDir: string) => buildSite({ store: dataDir, outDir, siteUrl: SITE });
  const dataset = await loadDataset(dataDir);
  // The cheapest paid model with an intelligence index: it heads many `cheapest` variants, so its
  // price change rewrites them too (a typical change of a cheap model, not a quiet corner).
  const blended = (m: ModelRecord) => blendedPrice(m.price_history.at(-1)!) ?? Number.POSITIVE_INFINITY;
  const model = [...dataset.models.values()]
    .filter((m) => m.delisted_at === null && m.benchmarks.intelligence_index !== null && (m.price_history.at(-1)?.input ?? 0) > 0 && (m.price_history.at(-1)?.output ?? 0) > 0)
    .sort((a, b) => blended(a) - blended(b))[0]!;

  const full: number[] = [];
  const copies: number[] = [];
  let out = '';
  for (let i = 0; i < runs; i += 1) {
    if (out !== '') await removeSite(out);
    out = await tempDir('bench-build-out');
    full.push((await timed(() => build(out))).ms);
    const target = join(await tempDir('bench-build-copy'), 'site');
    copies.push((await timed(() => run('cp', ['-r', out, target]))).ms);
    await rm(dirname(target), { recursive: true, force: true });
  }
  const unchanged: number[] = [];
  let unchangedWritten = 0;
  for (let i = 0; i < runs; i += 1) {
    const result = await timed(() => build(out));
    unchanged.push(result.ms);
    unchangedWritten = Math.max(unchangedWritten, result.value.written.written + result.value.written.removed);
  }
  const priceChange: number[] = [];
  const written: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await changeOnePrice(dataDir, model, i);
    const result = await timed(() => build(out));
    priceChange.push(result.ms);
    written.push(result.value.written.written);
  }
  const files = await fg('**/*', { cwd: out, onlyFiles: true, dot: true, stats: true });
  if (!keepOutput) await removeSite(out);
  await rm(dataDir, { recursive: true, force: true });
  return {
    models: dataset.models.size,
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.stats!.size, 0),
    fullMs: median(full),
    unchangedMs: median(unchanged),
    unchangedWritten,
    priceChangeMs: median(priceChange),
    priceChangeWritten: median(written),
    copyMs: median(copies),
    changedModel: model.id,
    outDir: keepOutput ? out : null,
  };
}

/** A built site and the build's own directory beside it. */
export async function removeSite(outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await rm(internalDir(outDir), { recursive: true, force: true });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(9);

export function printBuildFigures(label: string, f: BuildFigures): void {
  const floor = (ms: number) => `${(ms / f.copyMs).toFixed(2)}× the floor`;
  console.log(`${label}: ${f.models} models, ${f.files} files (budget ${MAX_PUBLISHED_FILES}, in force), ${(f.bytes / 1024 / 1024).toFixed(1)} MiB (1 price change: ${f.changedModel})`);
  console.log(`  full build (empty output)     ${seconds(f.fullMs)}  ${floor(f.fullMs)}`);
  console.log(`  unchanged rebuild             ${seconds(f.unchangedMs)}  ${floor(f.unchangedMs)}, ${(f.unchangedMs / f.fullMs).toFixed(2)}× a full build; ${f.unchangedWritten} files written`);
  console.log(`  rebuild after 1 price change  ${seconds(f.priceChangeMs)}  ${floor(f.priceChangeMs)}, ${(f.priceChangeMs / f.fullMs).toFixed(2)}× a full build; ${f.priceChangeWritten} files written`);
  console.log(`  copy floor (cp -r of them)    ${seconds(f.copyMs)}`);
}

/**
 * A catalog `factor`× larger: data/ as it is (services, status, curated files), each model copied
 * with a distinct slug and slightly different prices.
 */
export async function syntheticData(sourceDir: string, factor: number): Promise<string> {
  const dataset = await loadDataset(sourceDir);
  const dir = await tempDir('bench-data');
  await cp(sourceDir, dir, { recursive: true });
  const copies: ModelRecord[] = [];
  for (const record of dataset.models.values()) {
    for (let i = 1; i < factor; i += 1) {
      const [author, slug] = record.id.split('/') as [string, string];
      const scale = 1 + i / 100;
      copies.push({
        ...record,
        id: `${author}/${slug}-copy${i}`,
        price_history: record.price_history.map((p) => ({
          ...p,
          input: p.input === null ? null : roundPrice(p.input * scale),
          output: p.output === null ? null : roundPrice(p.output * scale),
        })),
      });
    }
  }
  await saveModels(dir, copies);
  // Every listed model with OpenRouter's figures (five providers each, 5% in trouble): the worst
  // case of the status per model for the file budgets (docs/api.md, "Model status").
  const observedAt = dataset.sources.status?.last_attempt_at ?? dataset.sources.openrouter?.last_attempt_at ?? '2026-01-01T00:00:00Z';
  await saveTraffic(dir, syntheticTraffic([...dataset.models.values(), ...copies], observedAt));
  return dir;
}
