/**
 * How fast the edge monitor shows a change, and how it rides out failures, for
 * `npm run simulate -- --monitor`: a Cloudflare build (testing/monitor-site.ts) whose services are
 * the committed registry's, their pages and probes a scripted world on 127.0.0.1 (monitor-world.ts), served by wrangler dev
 * (workerd, a local D1), its `scheduled` handler run a minute of simulated time apart. The world
 * changes between runs (an outage starts, a page says "major", a probe hangs, a page recovers, a
 * page turns into a challenge page); after each run the live list (`/api/v1/status`) is read.
 * - latency: from a change in the world to the first live answer that shows it (the run's time
 *   plus how long the run took);
 * - a failing run (every probe failing at once: the monitor's own network) and a D1 outage (every
 *   call of the binding failing, through the dev server's local switch, dev-trigger.ts) must
 *   answer the static files, never an empty list, lose no observation already written, and
 *   recover by themselves with the next run.
 * Simulated time runs ahead of the clock: a run's time is what the handler is given, and the live
 * answers judge ages as at the simulated time of the read (the dev server's local clock header).
 */
import { rm } from 'node:fs/promises';
import { internalDir } from '../assemble/internal-dir.js';
import { startCloudflareDev, type CloudflareDevServer } from '../host/cloudflare/dev-server.js';
import { LOCAL_NOW_HEADER } from '../host/cloudflare/dev-trigger.js';
import type { ServiceDefinition } from '../status/registry.js';
import { loadServices } from '../store/services-store.js';
import { buildMonitorSite } from '../testing/monitor-site.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { worldRegistry, worldRoutes, type ServiceState } from './monitor-world.js';
import { failuresOf, modelScript, seedWorldCatalog, statisticsRoutes, worldModels, type ModelChange } from './monitor-models.js';
import { loadModelRecords } from '../store/data-store.js';
import { sweepCandidates } from '../status/sweep-rotation.js';
import { runCacheDir } from '../testing/tree.js';

const MINUTE = 60_000;

/** A change of the world `at` seconds after the simulation's start, and the statuses that show it. */
export interface WorldChange {
  at: number;
  service: string;
  what: string;
  state: Partial<ServiceState>;
  expect: readonly string[];
}

/** An outage, as a page's own words or a failing probe make it (how bad depends on the page's words). */
const DOWN = ['partial_outage', 'major_outage'] as const;
const UP = ['operational'] as const;

export interface ChangeSeen extends WorldChange {
  /** Seconds from the change to the first live answer showing it; null: never seen. */
  latencyS: number | null;
}

export interface SimCheck {
  what: string;
  ok: boolean;
  detail: string;
}

/** A model's change, and when the live answers first showed it (seconds after it; null: never). */
export interface ModelChangeSeen extends ModelChange {
  /** The model detail's path form (`/api/v1/models/<id>`). */
  detailS: number | null;
  /** `/api/v1/status/models`. */
  listS: number | null;
}

export interface MonitorSimulation {
  services: number;
  runs: number;
  changes: ChangeSeen[];
  /** The models OpenRouter lists in the world (the sweep's rotation), and how each scripted change showed. */
  models: number;
  modelChanges: ModelChangeSeen[];
  p50S: number | null;
  maxS: number | null;
  checks: SimCheck[];
  /** Wall time of the whole simulation (build and runtime included). */
  seconds: number;
}

interface LiveList {
  data: Array<{ id: string; status: string; official: { fetched_at: string | null; age_seconds: number | null; stale: boolean; error?: string | null } }>;
  meta: { live: { source: string; reason: string | null; observed_at: string | null } };
}

/** The script: each kind of change the issue names, spread over services of every platform. */
export function worldScript(registry: readonly ServiceDefinition[]): WorldChange[] {
  const of = (type: string, n = 0) => registry.filter((s) => s.status_page.type === type && s.probe !== null)[n]!.id;
  const probeOnly = registry.find((s) => s.status_page.type === 'none' && s.probe !== null)!.id;
  const [io, io2, sp, ins, bs] = [of('incidentio'), of('incidentio', 1), of('statuspage'), of('instatus'), of('betterstack')];
  return [
    { at: 137, service: io, what: 'an outage starts (its probe answers 503)', state: { probe: 'down' }, expect: DOWN },
    { at: 281, service: sp, what: 'its page says "major"', state: { page: 'major' }, expect: DOWN },
    { at: 425, service: probeOnly, what: 'its probe hangs', state: { probe: 'hang' }, expect: DOWN },
    { at: 592, service: sp, what: 'its page recovers', state: { page: 'ok' }, expect: UP },
    { at: 750, service: io, what: 'the outage ends', state: { probe: 'up' }, expect: UP },
    { at: 850, service: probeOnly, what: 'its probe answers again', state: { probe: 'up' }, expect: UP },
    { at: 1004, service: bs, what: 'its page says "major" (downtime)', state: { page: 'major' }, expect: DOWN },
    { at: 1143, service: bs, what: 'its page recovers', state: { page: 'ok' }, expect: UP },
    { at: 1280, service: io2, what: 'an outage: page "major" and probe 503', state: { page: 'major', probe: 'down' }, expect: DOWN },
    { at: 1473, service: io2, what: 'it recovers', state: { page: 'ok', probe: 'up' }, expect: UP },
    { at: 1568, service: ins, what: 'its page says "major outage"', state: { page: 'major' }, expect: ['major_outage'] },
    { at: 1791, service: ins, what: 'its page recovers', state: { page: 'ok' }, expect: UP },
  ];
}

function percentile(xs: number[], q: number): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * q) - 1)]!;
}

/** The live list as at `nowMs` of simulated time (the dev server's local clock header: the answer's ages are simulated too). */
async function readList(dev: CloudflareDevServer, nowMs: number): Promise<LiveList> {
  const response = await fetch(`${dev.url}/api/v1/status`, { headers: { [LOCAL_NOW_HEADER]: String(Math.round(nowMs)) } });
  if (response.status !== 200) throw new Error(`/api/v1/status answered ${response.status}`);
  return (await response.json()) as LiveList;
}

export interface MonitorSimOptions {
  dataDir: string;
  /** The registry this many times over (copies under new ids): at 3, the services are spread over minutes. */
  factor?: number;
  /** Models OpenRouter lists in the world (default: the committed catalog's sweep candidates, today's size). */
  models?: number;
  log?: (line: string) => void;
}

/** The sweep's real pace (sweep.ts SWEEP_INTERVAL_MS): the local runs skip the wait and the simulation counts it. */
const SWEEP_SECOND_MS = 1000;

interface ModelDetailAnswer {
  data: { status: { state: string } };
  meta: { live?: { source: string } };
}

export async function simulateMonitor(options: MonitorSimOptions): Promise<MonitorSimulation> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const server = await startUpstreamServer();
  const real = await loadServices(options.dataDir);
  const registry = worldRegistry(real, server.url, options.factor ?? 1);
  const modelCount = options.models ?? sweepCandidates((await loadModelRecords(options.dataDir)).models.values()).length;
  const models = worldModels(modelCount);
  const states = new Map<string, ServiceState>();
  // OpenRouter's clock: the k-th statistics request of a run is answered as at the run's time plus k seconds (its real pace).
  const sweepClock = { at: 0, asked: 0 };
  const askedAt = () => sweepClock.at + (sweepClock.asked++) * SWEEP_SECOND_MS;
  // Simulated time starts at the next whole minute after the clock, and runs ahead of it; the
  // static files are refreshed by the real update a minute before.
  const t0 = (Math.floor(Date.now() / MINUTE) + 2) * MINUTE;
  const script = worldScript(registry);
  const scriptMinutes = Math.ceil(Math.max(...script.map((c) => c.at)) / 60) + 4;
  const failing = scriptMinutes + 1;
  const outage = [scriptMinutes + 4, scriptMinutes + 7] as const;
  // The models' failures after the services' script (the rotation has read every model by then).
  const modelChanges = modelScript(models, (outage[1] + 3) * 60);
  const total = Math.ceil(Math.max(...modelChanges.map((c) => c.at)) / 60) + Math.ceil(modelCount / 20) + 8;
  const serve = () => server.setRoutes({ ...worldRoutes(registry, states), ...statisticsRoutes(models, (at) => failuresOf(modelChanges, t0, at), askedAt) });
  serve();
  log(`building the Cloudflare site of the world (${registry.length} services, ${modelCount} models) …`);
  const { publishDir, dataDir } = await buildMonitorSite(registry, new Date(t0 - MINUTE).toISOString().replace(/\.\d{3}Z$/, 'Z'), `${server.url}/or`, (dir, at) => seedWorldCatalog(dir, models, at));
  const dev = await startCloudflareDev({ publishDir, port: 0, migratedD1Cache: runCacheDir('workerd') });
  const seen: ChangeSeen[] = script.map((c) => ({ ...c, latencyS: null }));
  const modelsSeen: ModelChangeSeen[] = modelChanges.map((c) => ({ ...c, detailS: null, listS: null }));
  const checks: SimCheck[] = [];
  const written: number[] = [];
  const challenged = registry.find((s) => s.status_page.type === 'statuspage' && !script.some((c) => c.service === s.id))!.id;
  let challengedBefore: string | undefined;
  try {
    for (let run = 0; run < total; run += 1) {
      const at = t0 + run * MINUTE;
      for (const change of script) if (t0 + change.at * 1000 <= at && t0 + change.at * 1000 > at - MINUTE) states.set(change.service, { ...(states.get(change.service) ?? { page: 'ok', probe: 'up' }), ...change.state });
      // A failing run: every probe fails at once (the monitor's own network), for one run.
      const saved = new Map(states);
      if (run === failing) for (const s of registry) if (s.probe !== null) states.set(s.id, { ...(states.get(s.id) ?? { page: 'ok', probe: 'up' }), probe: 'down' });
      if (run === scriptMinutes) states.set(challenged, { page: 'html', probe: 'up' });
      serve();
      if (run === outage[0]) await dev.setD1Outage(true);
      if (run === outage[1]) await dev.setD1Outage(false);
      sweepClock.at = at;
      sweepClock.asked = 0;
      const began = performance.now();
      await dev.runScheduled(at, { sweepIntervalMs: 0 });
      // The run ends when its probes and its sweep (one request a second, in real time) have.
      const answeredAt = at + Math.max(performance.now() - began, sweepClock.asked * SWEEP_SECOND_MS);
      const list = await readList(dev, answeredAt);
      const status = new Map(list.data.map((s) => [s.id, s.status]));
      const live = list.meta.live;
      const d1Up = run < outage[0] || run >= outage[1];
      if (d1Up) written.push(Math.floor(at / MINUTE));
      log(`run ${run} at ${new Date(at).toISOString()}: ${live.source}${live.reason ? ` (${live.reason})` : ''}, ${list.data.length} services, ${sweepClock.asked} models asked`);
      for (const change of seen) {
        if (change.latencyS !== null || t0 + change.at * 1000 > at || live.source !== 'monitor') continue;
        if (change.expect.includes(status.get(change.service) ?? '')) change.latencyS = Math.round((answeredAt - (t0 + change.at * 1000)) / 1000);
      }
      await observeModels(dev, modelsSeen, t0, at, answeredAt);
      if (run === scriptMinutes - 1) challengedBefore = status.get(challenged);
      if (run === scriptMinutes + 2) {
        const official = list.data.find((s) => s.id === challenged)?.official;
        const kept = live.source === 'monitor' && status.get(challenged) === challengedBefore && official?.stale === true && (official.age_seconds ?? 0) >= 120;
        checks.push({ what: `a page that turns into a challenge page (${challenged}) keeps its last good read, marked stale with its age`, ok: kept, detail: `${challengedBefore} before, ${status.get(challenged)} two runs later; the read of ${official?.fetched_at} ${official?.age_seconds} s old, stale ${official?.stale} (${official?.error})` });
      }
      if (run === failing) checks.push({ what: 'a failing run (every probe failing at once) answers the static list', ok: live.source === 'static' && live.reason === 'run_failed' && list.data.length === registry.length, detail: `${live.source}, ${live.reason}, ${list.data.length} services` });
      if (run === failing + 1) checks.push({ what: 'the next good run answers live again', ok: live.source === 'monitor', detail: live.source });
      if (run === outage[0]) checks.push({ what: 'a D1 outage answers the static list', ok: live.source === 'static' && live.reason === 'monitor_unavailable' && list.data.length === registry.length, detail: `${live.source}, ${live.reason}, ${list.data.length} services` });
      if (run === outage[1]) checks.push({ what: 'the first run after the D1 outage answers live again', ok: live.source === 'monitor', detail: live.source });
      if (run === failing) for (const [id, state] of saved) states.set(id, state);
      if (run === failing) for (const s of registry) if (!saved.has(s.id)) states.delete(s.id);
    }
    const held = new Set((await dev.readD1()).runs.map((r) => Number(r.minute)));
    const lost = written.filter((m) => !held.has(m));
    checks.push({ what: 'no observation written is lost (every run while D1 was up has its row)', ok: lost.length === 0 && held.size === written.length, detail: `${held.size} rows for ${written.length} runs with D1 up${lost.length > 0 ? `; missing ${lost.join(', ')}` : ''}` });
    // The runtime's own words (the monitor's log lines) when something went wrong.
    if (checks.some((c) => !c.ok)) log(dev.output().split('\n').slice(-40).join('\n'));
  } finally {
    // Each step even when one before it throws.
    try {
      await dev.close();
    } finally {
      try {
        await server.close();
      } finally {
        // The site, its data and its build record (beside it): outside the test runner nothing else removes them.
        await Promise.all([publishDir, dataDir, internalDir(publishDir)].map((dir) => rm(dir, { recursive: true, force: true })));
      }
    }
  }
  const latencies = seen.flatMap((c) => (c.latencyS === null ? [] : [c.latencyS]));
  return { services: registry.length, runs: total, changes: seen, models: modelCount, modelChanges: modelsSeen, p50S: percentile(latencies, 0.5), maxS: seen.some((c) => c.latencyS === null) ? null : percentile(latencies, 1), checks, seconds: (performance.now() - started) / 1000 };
}

/** Whether a live answer shows the change: trouble (degraded or worse) after a failure, operational after a recovery. */
const shows = (change: ModelChange, state: string | null) => (change.kind === 'fails' ? state === 'degraded' || state === 'outage' : state === 'operational');

/** After a run: each pending change's model detail and the model status list, as at `answeredAt`. */
async function observeModels(dev: CloudflareDevServer, changes: ModelChangeSeen[], t0: number, at: number, answeredAt: number): Promise<void> {
  // A change is pending once made, until both answers showed it, and only while no later change of its model was made.
  const pending = changes.filter((c) => t0 + c.at * 1000 <= at && (c.detailS === null || c.listS === null) && !changes.some((d) => d.model === c.model && d.at > c.at && t0 + d.at * 1000 <= at));
  if (pending.length === 0) return;
  const headers = { [LOCAL_NOW_HEADER]: String(Math.round(answeredAt)) };
  const listResponse = await fetch(`${dev.url}/api/v1/status/models`, { headers });
  const list = (await listResponse.json()) as { data: Array<{ id: string; state: string }>; meta: { live: { source: string } } };
  const listed = new Map(list.data.map((e) => [e.id, e.state]));
  for (const change of pending) {
    const latency = Math.round((answeredAt - (t0 + change.at * 1000)) / 1000);
    if (change.detailS === null) {
      const detail = (await (await fetch(`${dev.url}/api/v1/models/${change.model}`, { headers })).json()) as ModelDetailAnswer;
      if (detail.meta.live?.source === 'monitor' && shows(change, detail.data.status.state)) change.detailS = latency;
    }
    if (change.listS === null && list.meta.live.source === 'monitor' && shows(change, listed.get(change.model) ?? 'operational')) change.listS = latency;
  }
}

/** The simulation's figures against the issue's: p50 ≤ 90 s, max ≤ 3 minutes, every check passed. */
export function formatMonitorSimulation(sim: MonitorSimulation): string {
  const seconds = (s: number | null) => (s === null ? 'never' : `${s} s`);
  const lines = [
    `edge monitor in workerd: ${sim.services} services, ${sim.runs} runs a simulated minute apart (${(sim.seconds / 60).toFixed(1)} min on this machine)`,
    'from a change in the world to the first live answer (/api/v1/status) that shows it:',
    ...sim.changes.map((c) => `  +${String(c.at).padStart(4)} s  ${c.service}: ${c.what}: ${seconds(c.latencyS)}`),
    `  p50 ${seconds(sim.p50S)} (budget 90 s: ${sim.p50S !== null && sim.p50S <= 90 ? 'pass' : 'OVER'}), max ${seconds(sim.maxS)} (budget 180 s: ${sim.maxS !== null && sim.maxS <= 180 ? 'pass' : 'OVER'})`,
    `a provider failing one model (${sim.models} models OpenRouter lists; the sweep reads them one a second, the second counted in simulated time):`,
    ...sim.modelChanges.map((c) => `  +${String(c.at).padStart(5)} s  ${c.model} (${c.class}) ${c.kind === 'fails' ? c.what : 'recovers'}: detail ${seconds(c.detailS)}, list ${seconds(c.listS)}`),
    ...modelSummary(sim.modelChanges).map((r) => `  ${r.kind === 'fails' ? 'to degraded' : 'back to operational'}, ${r.class}: p50 ${seconds(r.p50S)}, max ${seconds(r.maxS)} (target p50 180 s, max 360 s: ${r.p50S !== null && r.maxS !== null && r.p50S <= 180 && r.maxS <= 360 ? 'pass' : 'OVER'})`),
    'failures:',
    ...sim.checks.map((c) => `  ${c.ok ? 'pass' : 'FAIL'}  ${c.what}: ${c.detail}`),
  ];
  return lines.join('\n');
}

export interface ModelSummaryRow {
  kind: ModelChange['kind'];
  class: ModelChange['class'] | 'all';
  /** Over the later of the two answers (detail and list) of each change; max null when one was never seen. */
  p50S: number | null;
  maxS: number | null;
}

/** p50 and max per kind (failing, recovering) and class (most used, long tail, all). */
export function modelSummary(changes: readonly ModelChangeSeen[]): ModelSummaryRow[] {
  const rows: ModelSummaryRow[] = [];
  for (const kind of ['fails', 'recovers'] as const) {
    for (const cls of ['most used', 'long tail', 'all'] as const) {
      const group = changes.filter((c) => c.kind === kind && (cls === 'all' || c.class === cls));
      if (group.length === 0) continue;
      const both = group.map((c) => (c.detailS === null || c.listS === null ? null : Math.max(c.detailS, c.listS)));
      const known = both.filter((x): x is number => x !== null);
      rows.push({ kind, class: cls, p50S: percentile(known, 0.5), maxS: both.includes(null) ? null : percentile(known, 1) });
    }
  }
  return rows;
}
