/**
 * `npm run bench`: how fast and how big the build is. Prints figures; asserts nothing.
 *  - build time for the committed catalog, and the time to merely copy the same output tree
 *    (the floor any static generator pays), with their ratio, file count and bytes;
 *  - the same for a synthetic catalog 10× larger, and the growth factor.
 */
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import { stat } from 'node:fs/promises';
import { buildSite } from '../build/build-site.js';
import { loadDataset, saveEndpointsRotation, saveModels, saveSources } from '../store/data-store.js';
import type { ModelRecord } from '../models/types.js';
import { roundPrice } from '../models/price.js';
import { tempDir } from '../testing/tree.js';
import { numberOption, parseCli, runMain } from './args.js';

const SITE = 'https://bench.example';

async function median(runs: number, task: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function treeSize(dir: string): Promise<{ files: number; bytes: number }> {
  const files = await fg('**/*', { cwd: dir, onlyFiles: true });
  let bytes = 0;
  for (const file of files) bytes += (await stat(join(dir, file))).size;
  return { files: files.length, bytes };
}

/** A catalog `factor`× larger: each model copied with a distinct slug and slightly different prices. */
async function syntheticData(sourceDir: string, factor: number): Promise<string> {
  const dataset = await loadDataset(sourceDir);
  const dir = await tempDir('bench-data');
  const copies: ModelRecord[] = [];
  for (const record of dataset.models.values()) {
    for (let i = 0; i < factor; i += 1) {
      const [author, slug] = record.id.split('/') as [string, string];
      const id = i === 0 ? record.id : `${author}/${slug}-copy${i}`;
      const scale = 1 + i / 100;
      copies.push({
        ...record,
        id,
        price_history: record.price_history.map((p) => ({
          ...p,
          input: p.input === null ? null : roundPrice(p.input * scale),
          output: p.output === null ? null : roundPrice(p.output * scale),
        })),
      });
    }
  }
  await saveModels(dir, copies);
  await saveSources(dir, dataset.sources);
  await saveEndpointsRotation(dir, dataset.endpointsChecked);
  return dir;
}

interface Figures {
  models: number;
  buildMs: number;
  copyMs: number;
  files: number;
  bytes: number;
}

async function measure(dataDir: string, runs: number): Promise<Figures> {
  const out = await tempDir('bench-out');
  const copyTarget = await tempDir('bench-copy');
  const models = (await loadDataset(dataDir)).models.size;
  const buildMs = await median(runs, () => buildSite({ dataDir, outDir: out, siteUrl: SITE }).then(() => undefined));
  const copyMs = await median(runs, async () => {
    await rm(join(copyTarget, 'api'), { recursive: true, force: true });
    await cp(join(out, 'api'), join(copyTarget, 'api'), { recursive: true });
  });
  const size = await treeSize(join(out, 'api'));
  await rm(out, { recursive: true, force: true });
  await rm(copyTarget, { recursive: true, force: true });
  return { models, buildMs, copyMs, ...size };
}

function row(label: string, f: Figures): string {
  return [
    label.padEnd(22),
    String(f.models).padStart(6),
    `${f.buildMs.toFixed(0)} ms`.padStart(10),
    `${f.copyMs.toFixed(0)} ms`.padStart(10),
    `${(f.buildMs / f.copyMs).toFixed(2)}×`.padStart(8),
    String(f.files).padStart(7),
    `${(f.bytes / 1024 / 1024).toFixed(1)} MiB`.padStart(10),
  ].join('  ');
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    runs: { type: 'string' },
    factor: { type: 'string' },
  });
  const runs = numberOption(args.runs, 'runs', 3, (n) => Number.isInteger(n) && n >= 1);
  const factor = numberOption(args.factor, 'factor', 10, (n) => Number.isInteger(n) && n >= 2);

  console.log(`build benchmark (median of ${runs} runs, in-process, ${process.version})`);
  console.log(['catalog'.padEnd(22), 'models'.padStart(6), 'build'.padStart(10), 'copy'.padStart(10), 'ratio'.padStart(8), 'files'.padStart(7), 'bytes'.padStart(10)].join('  '));
  const base = await measure(args['data-dir'], runs);
  console.log(row('committed data/', base));
  const synthetic = await syntheticData(args['data-dir'], factor);
  const big = await measure(synthetic, runs);
  console.log(row(`synthetic ${factor}×`, big));
  await rm(synthetic, { recursive: true, force: true });
  console.log(`\ngrowth at ${factor}× the models: build ${(big.buildMs / base.buildMs).toFixed(2)}×, copy ${(big.copyMs / base.copyMs).toFixed(2)}×, files ${(big.files / base.files).toFixed(2)}×, bytes ${(big.bytes / base.bytes).toFixed(2)}×`);
  console.log('copy = the time to copy the finished output tree: the floor for writing those files at all.');
  return 0;
}

runMain(main);
