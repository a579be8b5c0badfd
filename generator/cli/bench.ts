/**
 * `npm run bench`: how fast and how big the build is. Prints figures; asserts nothing.
 *  - build time for the committed catalog, and the time to merely write the same files to a fresh
 *    directory (the floor any static generator pays), with their ratio, file count and bytes;
 *  - the same for a synthetic catalog 10× larger, and the growth factor; every budget in force;
 *  - the share of a realistic query mix Netlify's rules answer exactly, for both catalogs;
 *  - serving: the grid, the client's bundle size and the time it takes to answer a query from
 *    the model index, the website's shell, the Worker's CPU;
 *  - the Cloudflare Free plan's budgets of the edge monitor (CPU, subrequests and D1 queries per
 *    run, D1 rows a day, the database's size after 90 days) and of a new isolate's first request
 *    (those alone, after one build: `npm run bench -- --only budgets`; the sweep's run CPU alone,
 *    with no build, in about a minute: `npm run bench -- --only sweep [--profile <prefix>]`);
 *  - identity: precision and recall on the labelled set, on the real recorded files when present;
 *    the duplicate check on the committed data (bench-duplicates.ts, also on its own);
 *    genai-prices' first-party prices on the committed data (bench-genai.ts, also on its own:
 *    `tsx generator/cli/bench-genai.ts [--data-dir data] [--upstream DIR] [--verbose]`);
 *  - the API names genai-prices and LiteLLM give for the makers' own APIs that resolveModel
 *    resolves to the right model and price (bench-names.ts, also on its own);
 *  - the witnesses of the published price changes, the moves read as corrections and the
 *    disagreements with the makers' pages (bench-witness.ts, also on its own).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatWorkerCpu, scaledModels, workerCpu, type WorkerCpu } from '../bench/worker-cpu.js';
import { budgetLines, formatBudgets } from '../bench/budgets.js';
import { fastestCpu } from '../bench/fastest-cpu.js';
import { sweepCpu } from '../bench/monitor-budget.js';
import { monitorBudgetApart } from '../bench/monitor-apart.js';
import { sweepCandidates } from '../status/sweep-rotation.js';
import { loadServices } from '../store/services-store.js';
import { loadModelRecords } from '../store/data-store.js';
import { formatMcpCpu, mcpCpu } from '../bench/mcp-cpu.js';
import { packSitePackage } from '../assemble/site-package.js';
import { PACKAGE_TARBALL } from '../host/hosts.js';
import { HttpClient } from '../http/client.js';
import { cheapest } from '../query/cheapest.js';
import { parseCheapestQuery } from '../query/params.js';
import { MAX_POINTS, precomputedQueries } from '../query/variants.js';
import { realisticQueryMix } from '../testing/query-mix.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { updateStatus } from '../update/status.js';
import type { ModelEntry } from '../types/api-types.js';
import { tempDir } from '../testing/tree.js';
import { numberOption, parseCli, runMain, UsageError } from './args.js';
import { buildSite } from '../assemble/build-site.js';
import { identityBench } from './bench-identity.js';
import { duplicatesBench } from './bench-duplicates.js';
import { genaiBench } from './bench-genai.js';
import { incidentsBench } from './bench-incidents.js';
import { namesBench } from './bench-names.js';
import { witnessBench } from './bench-witness.js';
import { buildBench, printBuildFigures, removeSite, syntheticData } from './bench-build.js';
import { cheapestRulePrefix, engineAnswers, exactCoverage, formatCoverage } from './bench-coverage.js';

/**
 * The realistic mix (the same queries for both catalogs) through Netlify's engine: on the
 * committed catalog's site, and on the larger one. Every `cheapest` request matches one of the
 * rules up to the `cheapest` block's last; when the larger site's rules are the same up to there,
 * its answers are the engine's answers on the committed site (matched again for a sample of them,
 * to show it), each checked against the larger site's own files.
 */
async function coverage(baseDir: string, bigDir: string, factor: number, count: number): Promise<void> {
  const mix = realisticQueryMix(count);
  const started = performance.now();
  const answers = await engineAnswers(baseDir, mix);
  console.log(`\nthe realistic query mix (generator/testing/query-mix.ts, ${count} queries) through Netlify's engine (netlify-redirector, WASM)`);
  console.log(`  _redirects: ${answers.ruleCount} rules; a median ${answers.medianMatchMs.toFixed(0)} ms to match a cheapest query; ${answers.rules.size} distinct queries matched in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(formatCoverage('committed catalog', exactCoverage(baseDir, mix, answers)));
  if (cheapestRulePrefix(bigDir) !== cheapestRulePrefix(baseDir)) {
    console.log(formatCoverage(`synthetic ${factor}×`, exactCoverage(bigDir, mix, await engineAnswers(bigDir, mix))));
    return;
  }
  const sample = new Set([...answers.rules.keys()].filter((_, i) => i % 20 === 0));
  const again = await engineAnswers(bigDir, mix, sample);
  const same = [...again.rules].every(([search, rule]) => JSON.stringify(rule) === JSON.stringify(answers.rules.get(search)));
  console.log(formatCoverage(`synthetic ${factor}×`, exactCoverage(bigDir, mix, answers)));
  console.log(`    (its ${again.ruleCount} rules are the same up to the last cheapest rule; ${sample.size} queries matched again on it: ${same ? 'the same answers' : 'OTHER ANSWERS'})`);
}

/** The client, the website's shell and the Worker, on the committed catalog's site. */
async function serving(out: string, factor: number): Promise<WorkerFigures> {
  const client = await readFile(join(out, 'api/v1/client.js'));
  const index = JSON.parse(await readFile(join(out, 'api/v1/models.json'), 'utf8')) as { data: ModelEntry[]; meta: { as_of: string | null } };
  const queries = realisticQueryMix(1000).map((params) => parseCheapestQuery(params)).flatMap((r) => (r.ok ? [r.query] : []));
  const rounds = 200;
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const query of queries) cheapest(index.data, query, index.meta.as_of);
  const perQueryUs = ((performance.now() - started) * 1000) / (rounds * queries.length);
  console.log(`\nserving (committed data/)`);
  console.log(`  cheapest grid: ${precomputedQueries().length} variant files, those whose values add up to at most ${MAX_POINTS} points (generator/query/variants.ts)`);
  console.log(`  client.js: ${client.length} bytes, ${gzipSync(client, { level: 9 }).length} bytes gzip`);
  // What a first visit to the website downloads before any data: page, style, script, client.
  const web = await Promise.all(['index.html', 'style.css', 'app.js'].map((name) => readFile(join(out, name))));
  const webBytes = [...web, client].reduce((sum, b) => sum + b.length, 0);
  const webGzip = [...web, client].reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  console.log(`  website shell (index.html, style.css, app.js, client.js): ${webBytes} bytes, ${webGzip} bytes gzip`);
  console.log(`  client fallback: ${perQueryUs.toFixed(0)} µs per query over ${index.data.length} models (after fetching models.json, ${(Buffer.byteLength(JSON.stringify(index)) / 1024).toFixed(0)} KiB)`);
  const worker = await workerFigures(out, factor);
  console.log(formatMcpCpu(await mcpCpu(out)));
  const packStarted = performance.now();
  const tarball = await packSitePackage();
  const packSeconds = (performance.now() - packStarted) / 1000;
  const published = await readFile(join(out, PACKAGE_TARBALL));
  console.log(`  /${PACKAGE_TARBALL}: ${(tarball.length / 1024).toFixed(0)} KiB, packed afresh in ${packSeconds.toFixed(1)} s (a build pays that once per change of the code, beside the rendering; ${tarball.equals(published) ? 'the same bytes as the build published' : 'NOT the bytes the build published'})`);
  return worker;
}

type WorkerFigures = { today: WorkerCpu; scaled: WorkerCpu; factor: number };

/** The Worker's CPU per off-grid query, new isolates' first requests included, today and at `factor`× the models. */
async function workerFigures(out: string, factor: number): Promise<WorkerFigures> {
  const modelsJson = await readFile(join(out, 'api/v1/models.json'), 'utf8');
  const authors = [...new Set((JSON.parse(modelsJson) as { data: ModelEntry[] }).data.map((m) => m.author))].sort();
  console.log(`  Cloudflare Worker, CPU per off-grid cheapest query (the bundled _worker.js in Node's V8, generator/bench/worker-cpu.ts):`);
  const today = await workerCpu(modelsJson, authors);
  const scaled = await workerCpu(scaledModels(modelsJson, factor), authors);
  console.log(formatWorkerCpu('today', today));
  console.log(formatWorkerCpu(`${factor}×`, scaled));
  console.log(`  Cloudflare Worker, CPU per fastest query off the default (every model given a speed: generator/bench/fastest-cpu.ts):`);
  console.log(formatWorkerCpu('today', await fastestCpu(modelsJson)));
  console.log(formatWorkerCpu(`${factor}×`, await fastestCpu(scaledModels(modelsJson, factor))));
  return { today, scaled, factor };
}

/**
 * Issue 34's Free-plan budgets: the edge monitor at today's services and three times as many
 * (generator/bench/monitor-budget.ts), the live answers' reads over the committed site's status
 * files, and a new Worker isolate's first request (from `serving`).
 */
async function budgets(out: string, dataDir: string, worker: WorkerFigures): Promise<void> {
  // Issue 39: the sweep of OpenRouter's endpoint statistics in place, at today's catalog and at ten times.
  const sweepModels = (await loadModelRecords(dataDir)).models;
  const onSale = sweepCandidates(sweepModels.values()).length;
  // Each in a process of its own, one after the other: a heap of its own, as an isolate has (monitor-apart.ts).
  const monitors = [await monitorBudgetApart(dataDir, 1, { siteDir: out, sweepModels: onSale }), await monitorBudgetApart(dataDir, 1, { sweepModels: onSale * 10 }), await monitorBudgetApart(dataDir, 3, { sweepModels: onSale })];
  console.log(`\nCloudflare Free-plan budgets (the bundled _worker.js in Node's V8, a local D1 in Cloudflare's simulator; docs/operation.md, "The edge monitor on the Free plan"):`);
  console.log(formatBudgets(budgetLines(monitors, worker)));
}

/**
 * The sweep's run CPU alone (`--only sweep`, about a minute): its trigger's runs at today's catalog
 * and at `factor` times, without the status's runs or the other budgets; `--profile <prefix>`
 * writes V8 CPU profiles of each size's warm runs and new isolates' first runs
 * (`<prefix>-1x-warm.cpuprofile`, `<prefix>-1x-cold.cpuprofile`, …), with the Worker bundled with its names.
 */
async function sweepAlone(dataDir: string, factor: number, profile: string | undefined): Promise<void> {
  const services = await loadServices(dataDir);
  const onSale = sweepCandidates((await loadModelRecords(dataDir)).models.values()).length;
  console.log(`sweep run CPU on the JavaScript thread (the bundled _worker.js, the answers lean; generator/bench/monitor-budget.ts sweepCpu):`);
  for (const [label, models] of [['1×', onSale], [`${factor}×`, onSale * factor]] as const) {
    const f = await sweepCpu(services, models, profile === undefined ? {} : { profile: `${profile}-${label.replace('×', 'x')}` });
    const fmt = (ms: number) => ms.toFixed(1);
    console.log(`  ${label.padEnd(4)} ${String(f.models).padStart(5)} models: new isolate's first run ${fmt(f.coldCpuMs)} ms (isolates: ${f.cold.map(fmt).join(', ')}); warm median ${fmt(f.warmCpuMedianMs)} ms, p95 ${fmt(f.warmCpuP95Ms)} ms, max ${fmt(Math.max(...f.warm))} ms (budget 10 ms)`);
  }
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
    'mix-queries': { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
  });
  const runs = numberOption(args.runs, 'runs', 3, (n) => Number.isInteger(n) && n >= 1);
  const factor = numberOption(args.factor, 'factor', 10, (n) => Number.isInteger(n) && n >= 2);
  const mixQueries = numberOption(args['mix-queries'], 'mix-queries', 5000, (n) => Number.isInteger(n) && n >= 100);
  if (args.only !== undefined && args.only !== 'budgets' && args.only !== 'sweep') throw new UsageError(`--only takes budgets or sweep, not ${args.only}`);
  if (args.only === 'sweep') {
    await sweepAlone(args['data-dir'], factor, args.profile);
    return 0;
  }
  if (args.only === 'budgets') {
    // The budgets alone: one build of the committed data for the Worker's figures and the status files.
    const out = await tempDir('bench-budgets');
    await buildSite({ store: args['data-dir'], outDir: out, siteUrl: 'https://bench.example' });
    console.log('serving (committed data/)');
    await budgets(out, args['data-dir'], await workerFigures(out, factor));
    await removeSite(out);
    return 0;
  }

  console.log(`build benchmark (median of ${runs} runs, in-process, ${process.version})`);
  const base = await buildBench(args['data-dir'], runs, true);
  printBuildFigures('committed data/', base);
  const synthetic = await syntheticData(args['data-dir'], factor);
  const big = await buildBench(synthetic, runs, true);
  printBuildFigures(`synthetic ${factor}×`, big);
  await rm(synthetic, { recursive: true, force: true });
  console.log(`\ngrowth at ${factor}× the models: full build ${(big.fullMs / base.fullMs).toFixed(2)}×, floor ${(big.copyMs / base.copyMs).toFixed(2)}×, files ${(big.files / base.files).toFixed(2)}×, bytes ${(big.bytes / base.bytes).toFixed(2)}×`);
  console.log('floor = `cp -r` of the same finished files into a fresh directory, right after each full build: the least any generator pays.');
  await coverage(base.outDir!, big.outDir!, factor, mixQueries);
  const worker = await serving(base.outDir!, factor);
  await budgets(base.outDir!, args['data-dir'], worker);
  await removeSite(base.outDir!);
  await removeSite(big.outDir!);
  await statusRun(2_000);
  identityBench(args.upstream);
  await duplicatesBench(args['data-dir']);
  await genaiBench(args['data-dir'], args.upstream);
  await namesBench(args['data-dir']);
  await witnessBench(args['data-dir']);
  await incidentsBench(args['data-dir'], args.upstream);
  return 0;
}

runMain(main);
