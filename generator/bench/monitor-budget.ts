/**
 * What the edge monitor costs on Cloudflare's Free plan, for `npm run bench`: the bundled Worker's
 * `scheduled` handler (the very `_worker.js` a Cloudflare build publishes) run minute after minute
 * in Node's V8 (workerd's engine too) against the scripted world (monitor-world.ts, answered from
 * memory) and a real local D1 (monitor-d1.ts: Cloudflare's simulator, migrated by wrangler):
 * - CPU per run, in a new isolate (each import of the bundle under a new URL is a fresh module)
 *   and in a warm one, less the CPU of the local D1's proxy (D1 runs outside the isolate);
 * - subrequests per run (the world's fetches and the monitor's asset read) and D1 queries;
 * - D1 rows written and read per run, and when a day closes (the roll-up), so per day;
 * - the database's size (D1's own figure) once it holds 90 days: the rows of real runs copied
 *   back in time until the table holds 90 days, then the measured runs, which delete as they go.
 * Each minute fires both of the Worker's Cron Triggers, each its own invocation with its own
 * budgets: the status (`* * * * *`) and the sweep of OpenRouter's endpoint statistics (SWEEP_CRON),
 * measured apart; the day's D1 figures are their sum.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { bundleWorker } from '../assemble/bundles.js';
import { MONITOR_ASSET, monitorAssetText } from '../host/cloudflare/monitor/asset.js';
import { SWEEP_ASSET, sweepAssetText, type SweepModel } from '../host/cloudflare/monitor/sweep-asset.js';
import { orEndpoints } from '../sources/openrouter/fixtures.js';
import { endpointsUrl } from '../sources/openrouter/endpoints-url.js';
import type { Routes } from '../testing/upstream-server.js';
import { planRun } from '../host/cloudflare/monitor/plan.js';
import { SWEEP_PER_RUN } from '../host/cloudflare/monitor/sweep.js';
import { SWEEP_CRON } from '../host/cloudflare/monitor/sweep-pass.js';
import { MONITOR_CRON } from '../host/cloudflare/site-files.js';
import { readSweepAsset } from '../host/cloudflare/monitor/sweep-asset.js';
import { sweepCadence, type SweepCadence } from './sweep-cadence.js';
import type { ServiceDefinition } from '../status/registry.js';
import { tempDir } from '../testing/tree.js';
import { localD1, meteredD1, recordingD1, replayingD1, zeroCounts, type D1Call, type D1Counts, type RawD1 } from './monitor-d1.js';
import { leanResponse, memoryFetch, worldRegistry, worldRoutes, type ServiceState } from './monitor-world.js';
import { cpuMark, cpuSince, type CpuSpent } from './thread-cpu.js';

interface ScheduledHandler {
  fetch(request: Request, env: unknown): Promise<Response>;
  scheduled(controller: { scheduledTime: number; cron: string; noRetry(): void }, env: unknown, ctx: { waitUntil(promise: Promise<unknown>): void; passThroughOnException(): void }): Promise<void> | void;
}

export interface RunCost {
  cpuMs: number;
  subrequests: number;
  queries: number;
  rowsRead: number;
  rowsWritten: number;
}

/** One trigger's CPU per run: a new isolate's first run, and warm runs. */
export interface RunCpu {
  /**
   * The main thread's CPU (thread-cpu.ts): what the budget is judged on, the world's answers given
   * as plain objects (monitor-world.ts `lean`: on Cloudflare a response is workerd's native object).
   */
  coldCpuMs: number;
  warmCpuMedianMs: number;
  warmCpuP95Ms: number;
  /** The whole process's, V8's helper threads included: an upper bound. */
  processCpu: { coldMs: number; warmMedianMs: number; warmP95Ms: number };
  /** The main thread's CPU with the answers as Node's own Request and Response (undici's JavaScript): an upper bound. */
  nodeObjects: { coldMs: number; warmMedianMs: number; warmP95Ms: number };
}

export interface MonitorFigures extends RunCpu {
  services: number;
  /** Groups the services are spread over (each observed every `groups` minutes). */
  groups: number;
  subrequestsMax: number;
  queriesMax: number;
  rowsWrittenPerRun: number;
  /** Rows written by the run that closes a day (the roll-up). */
  rowsWrittenDayClose: number;
  rowsWrittenPerDay: number;
  rowsReadPerRun: number;
  rowsReadDayClose: number;
  rowsReadPerDay: number;
  /** D1's size once the table holds 90 days. */
  sizeBytes: number;
  /** Observation rows held at the end. */
  rowsHeld: number;
  /** What one live status answer reads (the most of any status route), when a built site was given. */
  live: { rowsRead: number; queries: number; routes: string[] } | null;
  /** The sweep's own invocations, when it had models. */
  sweep: SweepFigures | null;
}

/** The sweep's runs (its own Cron Trigger): the same figures per invocation, and its cadence. */
export interface SweepFigures extends RunCpu {
  models: number;
  subrequestsMax: number;
  queriesMax: number;
  rowsWrittenPerRun: number;
  rowsWrittenMax: number;
  rowsReadPerRun: number;
  /** Requests a warm run made (median). */
  perRun: number;
  /** The `figures` rows' size share is in the database's size; its rows held at the end. */
  rowsHeld: number;
  cadence: SweepCadence;
  /** What a live model status list and a live model detail read (the most of the two), and the list's size. */
  live: { rowsRead: number; queries: number; listBytes: number };
}

/** The live model status list and one model detail path, each answered once: the rows they read. */
async function sweepReads(handler: ScheduledHandler, env: unknown, counts: D1Counts, id: string): Promise<{ rowsRead: number; queries: number; listBytes: number }> {
  let rowsRead = 0;
  let queries = 0;
  let listBytes = 0;
  for (const route of ['/api/v1/status/models', `/api/v1/models/${id}`]) {
    const before = { ...counts };
    const response = await handler.fetch(new Request(`https://bench.example${route}`), env);
    const text = await response.text();
    if (route.endsWith('/models')) listBytes = text.length;
    rowsRead = Math.max(rowsRead, counts.rowsRead - before.rowsRead);
    queries = Math.max(queries, counts.queries - before.queries);
  }
  return { rowsRead, queries, listBytes };
}

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
/**
 * The measured runs cross the midnight after tomorrow's: ahead of the clock, which the live
 * answers compare the newest observation with (one from the future is never stale).
 */
const dayStart = () => (Math.floor(Date.now() / DAY) + 2) * DAY;


/** Starts V8's sampling profiler (node:inspector); the returned call stops it and gives the profile. */
async function startProfile(): Promise<() => Promise<unknown>> {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 50 });
  await post('Profiler.start');
  return async () => {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    session.disconnect();
    return profile;
  };
}

/** V8's full collection, without starting Node with --expose-gc. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

/** A world that is not all well: one page says "major", one is a challenge page, one probe fails. */
function troubles(registry: readonly ServiceDefinition[]): Map<string, ServiceState> {
  const states = new Map<string, ServiceState>();
  const withPage = registry.filter((s) => s.status_page.type !== 'none' && s.status_page.type !== 'gcp');
  if (withPage[0]) states.set(withPage[0].id, { page: 'major', probe: 'up' });
  if (withPage[1]) states.set(withPage[1].id, { page: 'html', probe: 'up' });
  const probed = registry.filter((s) => s.probe !== null && !states.has(s.id));
  if (probed[0]) states.set(probed[0].id, { page: 'ok', probe: 'down' });
  return states;
}

/**
 * Copies the runs the table holds back in time, doubling them, until it holds 90 days of rows
 * before `first` (each statement copies every row once more, shifted by the span held): a
 * handful of statements instead of 129,600 inserts.
 */
async function fillNinetyDays(db: RawD1, first: number, held: number): Promise<void> {
  const target = 90 * 1440;
  let span = held;
  while (span < target) {
    await db.prepare('INSERT INTO runs (minute, observed_at, ok, observations) SELECT minute - ?, observed_at, ok, observations FROM runs WHERE minute >= ?').bind(span, first - span + held).run();
    span *= 2;
  }
  await db.prepare('DELETE FROM runs WHERE minute < ?').bind(first + held - target).run();
}

export interface MonitorBenchOptions {
  /** Fresh isolates (a cold run each). */
  isolates?: number;
  /** Warm runs measured, crossing a midnight. */
  runs?: number;
  /** A built site whose status files the live answers are laid over (its services must be the registry's). */
  siteDir?: string;
  /** Models the sweep of OpenRouter's endpoint statistics has (0: none, the status alone). */
  sweepModels?: number;
  /** Only the sweep's trigger (a quicker measurement of its CPU; the status's figures are then absent). */
  sweepOnly?: boolean;
  /** Write V8 CPU profiles (node:inspector) of the sweep's runs with lean answers: `<profile>-warm.cpuprofile`, `<profile>-cold.cpuprofile` (the new isolates' first runs). */
  profile?: string;
}

/** The sweep's world: `n` models, each with 1 to 8 providers, answered from memory in OpenRouter's format. */
function sweepWorld(n: number): { models: SweepModel[]; routes: Routes } {
  const models: SweepModel[] = [];
  const routes: Routes = {};
  for (let i = 0; i < n; i += 1) {
    const id = `maker-${i % 40}/model-${i}`;
    const providers = 1 + ((i * 7) % 8);
    models.push({ id, upstream_id: id, name: `Model ${i}`, author: `maker-${i % 40}`, providers });
    // One model in fifty has lost a provider: the trouble list is never empty.
    const endpoints = Array.from({ length: providers }, (_, p) => ({ provider: `Provider${p}`, prompt: '0.000001', completion: '0.000002', ...(i % 50 === 0 && p === 0 ? { stats: { uptime_last_5m: 10 } } : {}) }));
    routes[new URL(endpointsUrl('https://openrouter.invalid/api/v1', id)).pathname] = { kind: 'json', body: orEndpoints(id, endpoints) };
  }
  return { models, routes };
}

/** The live status routes of the registry's first services, each answered once by the Worker. */
async function liveReads(handler: ScheduledHandler, env: unknown, counts: D1Counts, ids: readonly string[]): Promise<NonNullable<MonitorFigures['live']>> {
  const routes = ['/api/v1/status', ...ids.flatMap((id) => [`/api/v1/status/${id}`, `/api/v1/badges/${id}/status.json`, `/api/v1/badges/${id}/uptime.json`])];
  let rowsRead = 0;
  let queries = 0;
  for (const route of routes) {
    const before = { ...counts };
    const response = await handler.fetch(new Request(`https://bench.example${route}`), env);
    const body = (await response.json()) as { meta?: { live?: { source?: string } } };
    if (response.status !== 200 || (!route.includes('/badges/') && body.meta?.live?.source !== 'monitor')) throw new Error(`the live answer of ${route} is not the monitor's (${response.status})`);
    rowsRead = Math.max(rowsRead, counts.rowsRead - before.rowsRead);
    queries = Math.max(queries, counts.queries - before.queries);
  }
  return { rowsRead, queries, routes };
}

export async function monitorBudget(services: readonly ServiceDefinition[], factor: number, options: MonitorBenchOptions = {}): Promise<MonitorFigures> {
  const figures = await measureMonitor(services, factor, { ...options, sweepOnly: false });
  if (!('services' in figures)) throw new Error('the bench measured the sweep alone');
  return figures;
}

/** The sweep's run CPU alone (its trigger only, the answers lean): `npm run bench -- --only sweep`, a quicker measurement than the budgets'. */
export interface SweepCpu {
  models: number;
  coldCpuMs: number;
  warmCpuMedianMs: number;
  warmCpuP95Ms: number;
  /** Each warm run's CPU (ms), in order, and each new isolate's first run's. */
  warm: number[];
  cold: number[];
}

export async function sweepCpu(services: readonly ServiceDefinition[], models: number, options: Omit<MonitorBenchOptions, 'sweepModels' | 'sweepOnly' | 'siteDir'> = {}): Promise<SweepCpu> {
  const figures = await measureMonitor(services, 1, { ...options, sweepModels: models, sweepOnly: true });
  if ('services' in figures) throw new Error('the bench measured more than the sweep');
  return figures;
}

async function measureMonitor(services: readonly ServiceDefinition[], factor: number, options: MonitorBenchOptions): Promise<MonitorFigures | SweepCpu> {
  const isolates = options.isolates ?? 10;
  const runs = options.runs ?? 120;
  const dir = await tempDir('monitor-bench');
  const workerPath = join(dir, '_worker.mjs');
  await writeFile(workerPath, await bundleWorker({ readableNames: options.profile !== undefined }));
  const registry = worldRegistry(services, 'https://world.invalid', factor);
  const sweep = sweepWorld(options.sweepModels ?? 0);
  const routes = { ...worldRoutes(registry, troubles(registry)), ...sweep.routes };
  const assetBytes = new TextEncoder().encode(monitorAssetText(registry, new Map()));
  const sweepBytes = new TextEncoder().encode(sweepAssetText(sweep.models));
  const d1 = await localD1(dir);
  const counts = zeroCounts();
  const metered = meteredD1(d1.db, counts);
  let subrequests = 0;
  const world = memoryFetch(() => routes);
  const leanWorld = memoryFetch(() => routes, { lean: true });
  let answering = world;
  let db: unknown = metered;
  const env = {
    get STATUS_DB() {
      return db;
    },
    ASSETS: {
      fetch: async (request: Request) => {
        subrequests += 1;
        const path = new URL(request.url).pathname;
        // The assets binding is native in workerd too: lean answers in the CPU pass (memoryFetch's `lean`).
        const answer = (bytes: Uint8Array<ArrayBuffer>) => (answering === leanWorld ? leanResponse(bytes, 200) : new Response(bytes));
        if (path.endsWith(MONITOR_ASSET)) return answer(assetBytes);
        if (path.endsWith(SWEEP_ASSET)) return answer(sweepBytes);
        const file = options.siteDir === undefined ? null : await readFile(join(options.siteDir, decodeURIComponent(path))).catch(() => null);
        return file === null ? new Response('not found', { status: 404 }) : new Response(file, { headers: { 'content-type': 'application/json' } });
      },
    },
    BASE_PATH: '',
    DOCUMENTATION: 'https://bench.example/#/docs',
    OPENROUTER_URL: 'https://openrouter.invalid/api/v1',
    // The sweep's second between requests is a wait, not CPU: the bench does not wait it (worker.ts).
    [Symbol.for('modelpulse.benchSweepIntervalMs')]: 0,
  };
  const realFetch = globalThis.fetch;
  const realLog = console.log;
  globalThis.fetch = (input, init) => ((subrequests += 1), answering(input, init));
  console.log = () => undefined;
  let isolate = 0;
  // Each import of the bundle under a new URL is a new module: a new isolate.
  const load = async () => ((await import(`${pathToFileURL(workerPath).href}?isolate=${factor}-${(isolate += 1)}`)) as { default: ScheduledHandler }).default;
  const scheduled = async (handler: ScheduledHandler, minute: number, cron: string) => {
    const waits: Array<Promise<unknown>> = [];
    await handler.scheduled({ scheduledTime: minute * MINUTE, cron, noRetry: () => undefined }, env, { waitUntil: (p) => waits.push(p), passThroughOnException: () => undefined });
    await Promise.all(waits);
  };

  // A run against the local D1: what it fetched, and what D1 counted; its calls recorded for the CPU pass.
  const countedRun = async (handler: ScheduledHandler, minute: number, cron: string): Promise<{ cost: Omit<RunCost, 'cpuMs'>; calls: D1Call[] }> => {
    const before: D1Counts = { ...counts };
    const fetched = subrequests;
    const calls: D1Call[] = [];
    db = recordingD1(metered, calls);
    await scheduled(handler, minute, cron);
    const cost = { subrequests: subrequests - fetched, queries: counts.queries - before.queries, rowsRead: counts.rowsRead - before.rowsRead, rowsWritten: counts.rowsWritten - before.rowsWritten };
    return { cost, calls };
  };
  // The same run again, its D1 calls answered as recorded: the CPU of the run alone.
  const cpuRun = async (handler: ScheduledHandler, minute: number, cron: string, calls: readonly D1Call[], lean: boolean): Promise<CpuSpent> => {
    db = replayingD1(calls);
    answering = lean ? leanWorld : world;
    const started = cpuMark();
    await scheduled(handler, minute, cron);
    const spent = cpuSince(started);
    answering = world;
    return spent;
  };
  const sweeping = sweep.models.length > 0;
  const sweepOnly = options.sweepOnly === true && sweeping;
  const crons = sweepOnly ? [SWEEP_CRON] : sweeping ? [MONITOR_CRON, SWEEP_CRON] : [MONITOR_CRON];
  type Counted = { cost: Omit<RunCost, 'cpuMs'>; calls: D1Call[] };

  try {
    // Seed: real runs, then copied back until the table holds 90 days, as in steady operation.
    const seeds = 30;
    const firstMinute = dayStart() / MINUTE - seeds - runs / 2;
    const counting = await load();
    for (let i = 0; i < seeds; i += 1) for (const cron of crons) await countedRun(counting, firstMinute + i, cron);
    await fillNinetyDays(d1.db, firstMinute, seeds);
    // Counted: runs across midnight (the first run of a day closes the last one), then runs of new
    // isolates: each trigger's run the first of its isolate (the worst case: nothing compiled yet).
    const minutes = Array.from({ length: runs + isolates }, (_, i) => firstMinute + seeds + i);
    const counted = new Map<string, Counted[]>(crons.map((cron) => [cron, []]));
    for (const [i, minute] of minutes.entries()) for (const cron of crons) counted.get(cron)!.push(await countedRun(i < runs ? counting : await load(), minute, cron));
    const held = (await d1.db.prepare('SELECT count(*) AS n FROM runs').all()).results?.[0]?.n;
    db = metered;
    const live = options.siteDir === undefined ? null : await liveReads(counting, env, counts, registry.slice(0, 3).map((s) => s.id));
    const sweepLive = sweeping ? await sweepReads(counting, env, counts, sweep.models[0]!.id) : null;
    // CPU: the same runs replayed, warm ones in one new isolate (its first run is not counted as warm), then each in a new isolate.
    // The heap is collected first: the counting pass's garbage (the simulator's proxy) is not the runs' to collect.
    // Twice: the answers as plain objects (the budget's figure), then as Node's own objects (an upper bound).
    const cpu = new Map<string, { warm: CpuSpent[]; cold: CpuSpent[] }>();
    for (const lean of sweepOnly ? [true] : [true, false]) {
      for (const cron of crons) {
        collectGarbage();
        const warmHandler = await load();
        const warm: CpuSpent[] = [];
        const profiling = lean && cron === SWEEP_CRON && options.profile !== undefined ? await startProfile() : null;
        for (let i = 0; i < runs; i += 1) warm.push(await cpuRun(warmHandler, minutes[i]!, cron, counted.get(cron)![i]!.calls, lean));
        if (profiling !== null) await writeFile(`${options.profile!}-warm.cpuprofile`, JSON.stringify(await profiling()));
        const cold: CpuSpent[] = [];
        if (profiling === null) {
          for (let i = runs; i < minutes.length; i += 1) cold.push(await cpuRun(await load(), minutes[i]!, cron, counted.get(cron)![i]!.calls, lean));
        } else {
          // Profiled, the new isolates are loaded first: the profile samples their runs, not their startup.
          const handlers: ScheduledHandler[] = [];
          for (let i = runs; i < minutes.length; i += 1) handlers.push(await load());
          const profilingCold = await startProfile();
          for (let i = runs; i < minutes.length; i += 1) cold.push(await cpuRun(handlers[i - runs]!, minutes[i]!, cron, counted.get(cron)![i]!.calls, lean));
          await writeFile(`${options.profile!}-cold.cpuprofile`, JSON.stringify(await profilingCold()));
        }
        cpu.set(`${lean ? 'lean' : 'node'} ${cron}`, { warm, cold });
      }
    }
    if (sweepOnly) {
      const { warm, cold } = cpu.get(`lean ${SWEEP_CRON}`)!;
      const warmMs = warm.slice(1).map((s) => s.threadMs);
      const coldMs = cold.map((s) => s.threadMs);
      return { models: sweep.models.length, coldCpuMs: quantile(coldMs, 0.5), warmCpuMedianMs: quantile(warmMs, 0.5), warmCpuP95Ms: quantile(warmMs, 0.95), warm: warmMs, cold: coldMs };
    }
    const cpuFigures = (cron: string): RunCpu => {
      const { warm, cold } = cpu.get(`lean ${cron}`)!;
      const warmThread = warm.slice(1).map((s) => s.threadMs);
      const warmProcess = warm.slice(1).map((s) => s.processMs);
      const node = cpu.get(`node ${cron}`)!;
      const nodeWarm = node.warm.slice(1).map((s) => s.threadMs);
      return {
        nodeObjects: { coldMs: quantile(node.cold.map((s) => s.threadMs), 0.5), warmMedianMs: quantile(nodeWarm, 0.5), warmP95Ms: quantile(nodeWarm, 0.95) },
        coldCpuMs: quantile(cold.map((s) => s.threadMs), 0.5),
        warmCpuMedianMs: quantile(warmThread, 0.5),
        warmCpuP95Ms: quantile(warmThread, 0.95),
        processCpu: { coldMs: quantile(cold.map((s) => s.processMs), 0.5), warmMedianMs: quantile(warmProcess, 0.5), warmP95Ms: quantile(warmProcess, 0.95) },
      };
    };

    const statusRuns = counted.get(MONITOR_CRON)!;
    const closing = statusRuns[runs / 2]!.cost;
    const usual = [...statusRuns.slice(0, runs / 2), ...statusRuns.slice(runs / 2 + 1, runs)].map((r) => r.cost);
    const rowsWrittenPerRun = quantile(usual.map((r) => r.rowsWritten), 0.5);
    const rowsReadPerRun = quantile(usual.map((r) => r.rowsRead), 0.5);
    const all = statusRuns.map((r) => r.cost);
    let sweepFigures: SweepFigures | null = null;
    if (sweeping) {
      const sweepRuns = counted.get(SWEEP_CRON)!.map((r) => r.cost);
      const warmRuns = sweepRuns.slice(1, runs);
      const catalog = readSweepAsset(new TextDecoder().decode(sweepBytes));
      const troubled = new Set(((await d1.db.prepare("SELECT id FROM figures WHERE state IN ('d', 'x')").all()).results ?? []).map((row) => String(row.id)));
      const figuresHeld = Number((await d1.db.prepare('SELECT count(*) AS n FROM figures').all()).results?.[0]?.n ?? 0);
      const perRun = quantile(warmRuns.map((r) => r.subrequests), 0.5);
      sweepFigures = {
        models: sweep.models.length,
        ...cpuFigures(SWEEP_CRON),
        subrequestsMax: Math.max(...sweepRuns.map((r) => r.subrequests)),
        queriesMax: Math.max(...sweepRuns.map((r) => r.queries)),
        rowsWrittenPerRun: quantile(warmRuns.map((r) => r.rowsWritten), 0.5),
        rowsWrittenMax: Math.max(...sweepRuns.map((r) => r.rowsWritten)),
        rowsReadPerRun: quantile(warmRuns.map((r) => r.rowsRead), 0.5),
        perRun,
        rowsHeld: figuresHeld,
        cadence: sweepCadence(catalog.ids, catalog.mostUsed, troubled, SWEEP_PER_RUN),
        live: sweepLive!,
      };
    }
    return {
      services: registry.length,
      groups: planRun(registry, 0).groups,
      ...cpuFigures(MONITOR_CRON),
      subrequestsMax: Math.max(...all.map((r) => r.subrequests)),
      queriesMax: Math.max(...all.map((r) => r.queries)),
      rowsWrittenPerRun,
      rowsWrittenDayClose: closing.rowsWritten,
      rowsWrittenPerDay: rowsWrittenPerRun * 1439 + closing.rowsWritten,
      rowsReadPerRun,
      rowsReadDayClose: closing.rowsRead,
      rowsReadPerDay: rowsReadPerRun * 1439 + closing.rowsRead,
      sizeBytes: counts.sizeBytes,
      rowsHeld: Number(held),
      live,
      sweep: sweepFigures,
    };
  } finally {
    globalThis.fetch = realFetch;
    console.log = realLog;
    await d1.dispose();
    await rm(dir, { recursive: true, force: true }); // each bench run left 235 MB of local D1 behind
  }
}
