/**
 * The Worker's live status answers: `/api/v1/status`, `/api/v1/status/` and `/api/v1/status/<id>`
 * (the path forms; the `.json` file forms stay static assets) and the badges
 * `/api/v1/badges/<id>/status.json|uptime.json`, from the monitor's newest observations laid over
 * the static files (live-merge.ts). `meta.live` says which it is (docs/api.md, "Live status"):
 * the static file, with its reason, when D1 cannot be read or holds nothing, when the newest
 * observation is older than STALE_AFTER_S, or when the last run failed. Never an empty list,
 * never a 5xx (a static file that cannot be read is passed on as the asset server answers it),
 * never an observation shown as newer than it is. Reads only: nothing here writes D1.
 */
import { statusBadge, uptimeBadge } from '../../../render/badges.js';
import type { LiveMeta, LiveReason } from '../../../types/api-types.js';
import type { ServiceDetail, ServiceListEntry, UptimeDay } from '../../../render/status.js';
import type { ServiceDefinition } from '../../../status/registry.js';
import { responseJson } from '../../../text/response-json.js';
import { API_CACHE_CONTROL } from '../../hosts.js';
import { loadMonitorAsset, type AssetsBinding, type MonitorAsset } from './asset.js';
import { liveEntry, liveUptime, monitorCounts } from './live-merge.js';
import { answerModelDetail, answerModelStatusList } from './live-models.js';
import type { Rollup } from './state.js';
import { readLatest, readRollup, type D1Like, type LatestRow } from './store.js';

/** Older than this, the newest observation no longer answers: the static file does. */
export const STALE_AFTER_S = 300;

export type LiveRoute = { kind: 'list' } | { kind: 'models' } | { kind: 'model'; id: string } | { kind: 'service'; id: string } | { kind: 'badge'; id: string; badge: 'status' | 'uptime' };

const MODEL_PART = /^[a-z0-9][a-z0-9._-]*$/;

/** The static file of the models not operational (render/site.ts); no service may take the id `models`. */
export const MODEL_STATUS_FILE = '/api/v1/status/models.json';

const SERVICE_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The live route of a plain path below the base path (no trailing slash), or null. */
export function liveRoute(route: string): LiveRoute | null {
  if (route === '/api/v1/status') return { kind: 'list' };
  if (route === '/api/v1/status/models') return { kind: 'models' };
  const model = /^\/api\/v1\/models\/([^/]+)\/([^/]+)$/.exec(route);
  if (model !== null) return MODEL_PART.test(model[1]!) && MODEL_PART.test(model[2]!) && !model[2]!.endsWith('.json') ? { kind: 'model', id: `${model[1]}/${model[2]}` } : null;
  const service = /^\/api\/v1\/status\/([^/]+)$/.exec(route)?.[1];
  if (service !== undefined) return SERVICE_ID.test(service) ? { kind: 'service', id: service } : null;
  const badge = /^\/api\/v1\/badges\/([^/]+)\/(status|uptime)\.json$/.exec(route);
  if (badge !== null && SERVICE_ID.test(badge[1]!)) return { kind: 'badge', id: badge[1]!, badge: badge[2] as 'status' | 'uptime' };
  return null;
}

export interface LiveEnv {
  STATUS_DB?: D1Like;
  ASSETS: AssetsBinding;
  BASE_PATH: string;
}

type Reading = { ok: true; latest: LatestRow; rollup: Rollup; age: number } | { ok: false; reason: LiveReason };

/** The monitor's newest state, or why there is none to use. */
export async function readMonitor(db: D1Like | undefined, nowMs: number): Promise<Reading> {
  if (db === undefined) return { ok: false, reason: 'monitor_unavailable' };
  let latest: LatestRow | null;
  let rollup: Rollup;
  try {
    [latest, rollup] = await Promise.all([readLatest(db), readRollup(db)]);
  } catch {
    return { ok: false, reason: 'monitor_unavailable' };
  }
  if (latest === null) return { ok: false, reason: 'monitor_empty' };
  // A state this code cannot read (another version's, or damaged) is no state to answer from.
  if (typeof latest.state?.services !== 'object' || latest.state.services === null || typeof latest.observed_at !== 'string') return { ok: false, reason: 'monitor_unavailable' };
  if (latest.run_ok !== 1) return { ok: false, reason: 'run_failed' };
  const age = Math.max(0, Math.round((nowMs - Date.parse(latest.observed_at)) / 1000));
  if (age > STALE_AFTER_S) return { ok: false, reason: 'monitor_stale' };
  return { ok: true, latest, rollup, age };
}

interface StaticFile<D> {
  data: D;
  meta: Record<string, unknown>;
}

function jsonResponse(request: Request, status: number, body: string): Response {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': API_CACHE_CONTROL, 'access-control-allow-origin': '*' };
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

function withLive<D>(file: StaticFile<D>, data: D, live: LiveMeta, checkedAt?: string): string {
  return responseJson({ data, meta: { ...file.meta, ...(checkedAt === undefined ? {} : { checked_at: checkedAt }), live } });
}

async function registry(env: LiveEnv): Promise<MonitorAsset | null> {
  try {
    return (await loadMonitorAsset(env.ASSETS, env.BASE_PATH)).asset;
  } catch {
    return null;
  }
}

/** The static list's 90-day bars as days: the build's official figures (the monitor's asset) and combined ones. */
function listDays(entry: ServiceListEntry, asset: MonitorAsset | null): UptimeDay[] {
  const official = asset?.official[entry.id];
  return entry.uptime_90d_summary.uptime.map((uptime, i) => {
    const date = new Date(Date.parse(`${entry.uptime_90d_summary.first_date}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const at = official === undefined ? -1 : Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${official.first_date}T00:00:00Z`)) / 86_400_000);
    return { date, uptime, probe: null, official: official?.official[at] ?? null };
  });
}

/**
 * The answer of a live route. `staticFile(path)` fetches a published file (the asset server's
 * response, conditional headers and all).
 */
export async function answerLive(request: Request, env: LiveEnv, route: LiveRoute, staticFile: (path: string) => Promise<Response>, nowMs: number): Promise<Response> {
  // The model status from the monitor's sweep (live-models.ts), the file on any failure.
  if (route.kind === 'models' || route.kind === 'model') {
    try {
      return route.kind === 'models' ? await answerModelStatusList(request, env.STATUS_DB, staticFile, MODEL_STATUS_FILE, nowMs) : await answerModelDetail(request, env.STATUS_DB, route.id, staticFile, nowMs);
    } catch {
      return staticFile(route.kind === 'models' ? MODEL_STATUS_FILE : `/api/v1/models/${route.id}.json`);
    }
  }
  try {
    return await answer(request, env, route, staticFile, nowMs);
  } catch {
    // Whatever went wrong, the static file answers (as the asset server serves it): never a 5xx of ours.
    return staticFile(route.kind === 'badge' ? `/api/v1/badges/${route.id}/${route.badge}.json` : route.kind === 'list' ? '/api/v1/status.json' : `/api/v1/status/${route.id}.json`);
  }
}

async function answer(request: Request, env: LiveEnv, route: LiveRoute, staticFile: (path: string) => Promise<Response>, nowMs: number): Promise<Response> {
  if (route.kind === 'models' || route.kind === 'model') throw new Error('answered above');
  const path = route.kind === 'list' ? '/api/v1/status.json' : `/api/v1/status/${route.id}.json`;
  const file = await staticFile(path);
  if (file.status !== 200) return route.kind === 'badge' && file.status === 404 ? staticFile(`/api/v1/badges/${route.id}/${route.badge}.json`) : file;
  const reading = await readMonitor(env.STATUS_DB, nowMs);
  if (!reading.ok && route.kind === 'badge') return staticFile(`/api/v1/badges/${route.id}/${route.badge}.json`);
  const text = await file.text();
  if (!reading.ok) {
    const parsed = JSON.parse(text) as StaticFile<unknown>;
    return jsonResponse(request, 200, withLive(parsed, parsed.data, { source: 'static', observed_at: null, age_seconds: null, reason: reading.reason }));
  }
  const { latest, rollup, age } = reading;
  const live: LiveMeta = { source: 'monitor', observed_at: latest.observed_at, age_seconds: age, reason: null };
  const asset = await registry(env);
  const serviceOf = (id: string): ServiceDefinition | undefined => asset?.services.find((s) => s.id === id);
  const today = latest.observed_at.slice(0, 10);
  const observedMs = Date.parse(latest.observed_at);
  if (route.kind === 'list') {
    const list = JSON.parse(text) as StaticFile<ServiceListEntry[]>;
    const data = list.data.map((entry) => {
      const merged = liveEntry(entry, latest.state.services[entry.id], serviceOf(entry.id), observedMs);
      const days = liveUptime(listDays(entry, asset), monitorCounts(entry.id, latest.state, rollup), today);
      return { ...merged, uptime_90d_summary: { first_date: days[0]!.date, uptime: days.map((d) => d.uptime) } };
    });
    return jsonResponse(request, 200, withLive(list, data, live, latest.observed_at));
  }
  const detailFile = JSON.parse(text) as StaticFile<ServiceDetail>;
  const merged = liveEntry(detailFile.data, latest.state.services[route.id], serviceOf(route.id), observedMs);
  const detail: ServiceDetail = { ...merged, uptime_90d: liveUptime(detailFile.data.uptime_90d, monitorCounts(route.id, latest.state, rollup), today) };
  if (route.kind === 'badge') return jsonResponse(request, 200, JSON.stringify(route.badge === 'status' ? statusBadge(detail) : uptimeBadge(detail)));
  return jsonResponse(request, 200, withLive(detailFile, detail, live, latest.observed_at));
}
