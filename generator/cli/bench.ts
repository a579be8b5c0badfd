/**
 * `npm run bench`: how fast and how big the build is. Prints figures; asserts nothing.
 *  - build time for the committed catalog, and the time to merely write the same files to a fresh
 *    directory (the floor any static generator pays), with their ratio, file count and bytes;
 *  - the same for a synthetic catalog 10× larger, and the growth factor;
 *  - serving: rule count, the share of a realistic query mix answered straight from the CDN,
 *    the client's bundle size and the time it takes to answer a query from the model index;
 *  - identity: precision and recall on the labelled set, on the real recorded files when present;
 *    genai-prices' first-party prices on the committed data (bench-genai.ts, also on its own:
 *    `tsx generator/cli/bench-genai.ts [--data-dir data] [--upstream DIR] [--verbose]`).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { loadNetlifyEngine } from '../host/netlify-engine.js';
import { formatWorkerCpu, scaledModels, workerCpu } from '../host/cloudflare/cpu-bench.js';
import { HttpClient } from '../http/client.js';
import { cheapest } from '../query/cheapest.js';
import { parseCheapestQuery } from '../query/params.js';
import { PRECOMPUTED_GRID, precomputedQueries } from '../query/variants.js';
import { realisticQueryMix } from '../testing/query-mix.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { updateStatus } from '../update/status.js';
import type { ModelEntry } from '../render/api-types.js';
import { buildSite } from '../assemble/build-site.js';
import { loadDataset, saveEndpointsRotation, saveModels, saveSources } from '../store/data-store.js';
import type { ModelRecord } from '../models/types.js';
import { roundPrice } from '../models/price.js';
import { tempDir } from '../testing/tree.js';
import { numberOption, parseCli, runMain } from './args.js';
import { identityBench } from './bench-identity.js';
import { genaiBench } from './bench-genai.js';
import { buildBench, printBuildFigures } from './bench-build.js';

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

async function serving(dataDir: string, factor: number): Promise<void> {
  const out = await tempDir('bench-serve');
  const report = await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
  const engine = await loadNetlifyEngine(out, join(process.cwd(), 'netlify.toml'));
  // Served straight from a file: a rule that rewrites to a file the build wrote (a placeholder
  // target outside the grid would be the 404 page).
  const mix = realisticQueryMix(1000);
  let direct = 0;
  const matchTimes: number[] = [];
  for (const params of mix) {
    const started = performance.now();
    const rule = engine.match('/api/v1/cheapest', new URLSearchParams(params).toString());
    matchTimes.push(performance.now() - started);
    if (rule?.status === 200 && existsSync(join(out, new URL(rule.to, 'http://x').pathname))) direct += 1;
  }
  matchTimes.sort((a, b) => a - b);
  const variants = precomputedQueries().length;
  const grid = `min_intel ${PRECOMPUTED_GRID.min_intel.length} × min_context ${PRECOMPUTED_GRID.min_context.length} (each with "absent") × 8 flag sets × limit ${PRECOMPUTED_GRID.limit.length}`;
  const client = await readFile(join(out, 'api/v1/client.js'));
  const index = JSON.parse(await readFile(join(out, 'api/v1/models.json'), 'utf8')) as { data: ModelEntry[]; meta: { retired_through: string | null } };
  const queries = mix.map((params) => parseCheapestQuery(params)).flatMap((r) => (r.ok ? [r.query] : []));
  const rounds = 200;
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const query of queries) cheapest(index.data, query, index.meta.retired_through);
  const perQueryUs = ((performance.now() - started) * 1000) / (rounds * queries.length);
  console.log(`\nserving (committed data/)`);
  console.log(`  cheapest grid: ${grid} = ${variants} variant files; public/api: ${report.files} files (budget 20,000 on hosts that count files)`);
  console.log(`  _redirects rules: ${report.redirectRules}; Netlify engine match for a cheapest query: median ${matchTimes[Math.floor(matchTimes.length / 2)]!.toFixed(1)} ms (netlify-redirector, WASM)`);
  console.log(`  realistic query mix (${mix.length} queries, generator/testing/query-mix.ts) served straight from a file: ${((direct / mix.length) * 100).toFixed(1)}%`);
  console.log(`  client.js: ${client.length} bytes, ${gzipSync(client, { level: 9 }).length} bytes gzip`);
  // What a first visit to the website downloads before any data: page, style, script, client.
  const web = await Promise.all(['index.html', 'style.css', 'app.js'].map((name) => readFile(join(out, name))));
  const webBytes = [...web, client].reduce((sum, b) => sum + b.length, 0);
  const webGzip = [...web, client].reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  console.log(`  website shell (index.html, style.css, app.js, client.js): ${webBytes} bytes, ${webGzip} bytes gzip`);
  console.log(`  client fallback: ${perQueryUs.toFixed(0)} µs per query over ${index.data.length} models (after fetching models.json, ${(Buffer.byteLength(JSON.stringify(index)) / 1024).toFixed(0)} KiB)`);
  const modelsJson = await readFile(join(out, 'api/v1/models.json'), 'utf8');
  const authors = [...new Set(index.data.map((m) => m.author))].sort();
  console.log(`  Cloudflare Worker, CPU per off-grid cheapest query (the bundled _worker.js in Node's V8, generator/host/cloudflare/cpu-bench.ts):`);
  console.log(formatWorkerCpu('today', await workerCpu(modelsJson, authors)));
  console.log(formatWorkerCpu(`${factor}×`, await workerCpu(scaledModels(modelsJson, factor), authors)));
  await rm(out, { recursive: true, force: true });
}

/**
 * A status run over 30 local services of which 10 never answer (neither page nor probe): how
 * long the whole run takes against one probe timeout.
 */
async function statusRun(probeTimeoutMs: number): Promise<void> {
  const server = await startUpstreamServer({
    '/ok/api/v2/summary.json': { kind: 'json', body: { page: { id: 'p', name: 'Ok', url: 'https://ok.example' }, status: { indicator: 'none', description: 'All Systems Operational' } } },
    '/hang/api/v2/summary.json': { kind: 'hang' },
    '/probe/ok': { kind: 'json', status: 401, body: {} },
    '/probe/hang': { kind: 'hang' },
  });
  const dataDir = await tempDir('bench-status');
  const services = Array.from({ length: 30 }, (_, i) => {
    const kind = i % 3 === 2 ? 'hang' : 'ok';
    return {
      id: `svc-${i}`,
      name: `Service ${i}`,
      url: 'https://example.com',
      status_page: { type: 'incidentio', url: `${server.url}/${kind}` },
      probe: { url: `${server.url}/probe/${kind}`, method: 'GET', timeout_ms: probeTimeoutMs },
    };
  });
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(services));
  const pageHttp = new HttpClient({ userAgent: 'ModelPulse-bench', timeouts: { headersMs: probeTimeoutMs, bodyMs: probeTimeoutMs, totalMs: probeTimeoutMs }, retry: { retries: 0 } });
  const probeHttp = new HttpClient({ userAgent: 'ModelPulse-bench', retry: { retries: 0 } });
  try {
    const report = await updateStatus({ store: dataDir, now: '2026-11-21T00:00:00Z', pageHttp, probeHttp, budgetMs: Math.round(probeTimeoutMs * 1.4) });
    const hung = report.services.filter((s) => s.probe.startsWith('FAILED')).length;
    console.log(`\nstatus run: 30 services, ${hung} never answering, probe timeout ${probeTimeoutMs} ms`);
    console.log(`  whole run: ${report.elapsedMs} ms = ${(report.elapsedMs / probeTimeoutMs).toFixed(2)}× the probe timeout`);
  } finally {
    await Promise.all([pageHttp.close(), probeHttp.close(), server.close()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    runs: { type: 'string' },
    factor: { type: 'string' },
    upstream: { type: 'string', default: '../shared/upstream' },
  });
  const runs = numberOption(args.runs, 'runs', 3, (n) => Number.isInteger(n) && n >= 1);
  const factor = numberOption(args.factor, 'factor', 10, (n) => Number.isInteger(n) && n >= 2);

  console.log(`build benchmark (median of ${runs} runs, in-process, ${process.version})`);
  const base = await buildBench(args['data-dir'], runs);
  printBuildFigures('committed data/', base);
  const synthetic = await syntheticData(args['data-dir'], factor);
  // Ten times the catalog makes models.json itself larger than the 1 MiB budget: the scaling run
  // lifts the budget, which exists for the real catalog.
  const big = await buildBench(synthetic, runs, { maxFileBytes: 64 * 1024 * 1024 });
  printBuildFigures(`synthetic ${factor}× (size budget lifted)`, big);
  await rm(synthetic, { recursive: true, force: true });
  console.log(`\ngrowth at ${factor}× the models: full build ${(big.fullMs / base.fullMs).toFixed(2)}×, floor ${(big.copyMs / base.copyMs).toFixed(2)}×, files ${(big.files / base.files).toFixed(2)}×, bytes ${(big.bytes / base.bytes).toFixed(2)}×`);
  console.log('floor = `cp -r` of the same finished files into a fresh directory: the least any generator pays.');
  await serving(args['data-dir'], factor);
  await statusRun(2_000);
  identityBench(args.upstream);
  await genaiBench(args['data-dir'], args.upstream);
  return 0;
}

runMain(main);
