/**
 * The Worker's live model status (docs/api.md, "Model status", "Live on Cloudflare"): the path
 * forms `/api/v1/status/models` and `/api/v1/models/<author>/<slug>`, from the monitor's newest
 * sweep (sweep.ts) laid over the static files, judged again at the answer's time with the one
 * code the build judges with (status/model-state.ts, status/endpoint-stats.ts, render/model-status.ts):
 * - the open incidents: the monitor's newest (its state's `incident_models`, matched in the cron
 *   run: incident-models.ts) for every service whose page it reads, while its newest run is
 *   fresh; the static file's for the others (Google Cloud, services without a page) or when the
 *   status monitor cannot answer;
 * - the list: the models the sweep finds in trouble on their traffic, with their newest figures,
 *   and every model an open incident names, judged again with the live figures where the sweep
 *   has them (else the static file's endpoint verdicts); the static file's traffic verdicts give
 *   way wherever the sweep holds fresh figures;
 * - a model detail: `status` (state, reason, since, providers, open incidents, the OpenRouter
 *   speed) and each OpenRouter offer's `stats` from the model's newest figures; without live
 *   figures for it (a model OpenRouter does not list), live only where its open incidents changed.
 * `meta.live` says which it is, as for `/api/v1/status` (its `observed_at` the older of the two
 * live parts used): the static file with its reason when D1 cannot be read, holds no sweep, its
 * newest run is over STALE_AFTER_S old, or that run failed; a model detail with nothing live for
 * it is the file itself. Never a 5xx of ours: any failure answers the file.
 */
import { MAX_LISTED_NOT_OPERATIONAL } from '../../../bounds/site.js';
import { bestOf, endpointStats } from '../../../render/model-status.js';
import { checkStoredFigures, type ModelFigures } from '../../../status/endpoint-stats.js';
import { endpointHealth, judgeModelState, type ProviderCounts } from '../../../status/model-state.js';
import type { IncidentImpact } from '../../../status/types.js';
import { newestFirst } from '../../../render/incident-models.js';
import { liveIncidents, type LiveIncidents } from './incident-models.js';
import { responseJson } from '../../../text/response-json.js';
import type { ApiOffer, LiveMeta, LiveReason, ModelIncident, ModelStatus, ModelStatusEntry } from '../../../types/api-types.js';
import { API_CACHE_CONTROL } from '../../hosts.js';
import { readModelFigures, readTrouble, type SweepHead } from './sweep-store.js';
import { readLatest, type D1Like, type LatestRow } from './store.js';

/** Older than this, the sweep's newest run no longer answers (as live.ts's status). */
const STALE_AFTER_S = 300;

interface StaticFile<D> {
  data: D;
  meta: Record<string, unknown>;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ageOf = (time: string, nowMs: number) => Math.max(0, Math.round((nowMs - Date.parse(time)) / 1000));

function headReason(head: SweepHead | null, nowMs: number): LiveReason | null {
  if (head === null) return 'monitor_empty';
  if (head.run_ok !== 1) return 'run_failed';
  if (ageOf(head.observed_at, nowMs) > STALE_AFTER_S) return 'monitor_stale';
  return null;
}

function json(request: Request, body: string): Response {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': API_CACHE_CONTROL, 'access-control-allow-origin': '*' };
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

const staticLive = (reason: LiveReason): LiveMeta => ({ source: 'static', observed_at: null, age_seconds: null, reason });

const incidentsOf = (incidents: ReadonlyArray<{ impact: string }>) => incidents.map((i) => ({ impact: i.impact as IncidentImpact, counts: true }));

/** The status monitor's open incidents by model, when its newest run answers (else null: the file's stay). */
async function readIncidents(db: D1Like, nowMs: number): Promise<{ incidents: LiveIncidents; observed_at: string } | null> {
  let latest: LatestRow | null;
  try {
    latest = await readLatest(db);
  } catch {
    return null;
  }
  if (latest === null || latest.run_ok !== 1 || typeof latest.state?.services !== 'object' || ageOf(latest.observed_at, nowMs) > STALE_AFTER_S) return null;
  return { incidents: liveIncidents(latest.state, iso(nowMs)), observed_at: latest.observed_at };
}

/** A model's open incidents: the file's from the services the monitor does not read, and the monitor's that count now. */
function openIncidents(id: string, fromFile: readonly ModelIncident[], live: LiveIncidents | null): ModelIncident[] {
  if (live === null) return [...fromFile];
  const kept = fromFile.filter((i) => !live.services.has(i.service_id));
  const fresh = (live.byModel.get(id) ?? []).filter((i) => i.counts).map(({ open: _open, counts: _counts, ...incident }) => incident);
  return [...kept, ...fresh].sort(newestFirst);
}

const sameIncidents = (a: readonly ModelIncident[], b: readonly ModelIncident[]) => a.length === b.length && a.every((x, i) => x.service_id === b[i]!.service_id && x.id === b[i]!.id && x.impact === b[i]!.impact);
const NO_PROVIDERS: ProviderCounts = { up: 0, degraded: 0, down: 0, unknown: 0 };
const older = (a: string, b: string | undefined) => (b !== undefined && b < a ? b : a);

/** `/api/v1/status/models`, live. */
export async function answerModelStatusList(request: Request, db: D1Like | undefined, staticFile: (path: string) => Promise<Response>, path: string, nowMs: number): Promise<Response> {
  const file = await staticFile(path);
  if (file.status !== 200) return file;
  const parsed = JSON.parse(await file.text()) as StaticFile<ModelStatusEntry[]>;
  const asStatic = (reason: LiveReason) => json(request, responseJson({ data: parsed.data, meta: { ...parsed.meta, live: staticLive(reason) } }));
  if (db === undefined) return asStatic('monitor_unavailable');
  let reading: Awaited<ReturnType<typeof readTrouble>>;
  let monitor: Awaited<ReturnType<typeof readIncidents>>;
  try {
    [reading, monitor] = await Promise.all([readTrouble(db), readIncidents(db, nowMs)]);
  } catch {
    return asStatic('monitor_unavailable');
  }
  const reason = headReason(reading, nowMs);
  if (reason !== null || reading === null) return asStatic(reason ?? 'monitor_empty');
  const now = iso(nowMs);
  const { trouble } = reading;
  const live = monitor?.incidents ?? null;
  const fresh = new Set(trouble.fresh);
  const liveFigures = (id: string): ModelFigures | null => checkStoredFigures(trouble.figures[id], now, () => undefined);
  // Every model that may be in trouble: the file's, the sweep's (live figures), and those an open incident names now.
  const candidates = new Map<string, { entry: ModelStatusEntry; fromFile: boolean }>();
  for (const entry of parsed.data) candidates.set(entry.id, { entry, fromFile: true });
  for (const entry of trouble.entries) candidates.set(entry.id, { entry: { ...entry, open_incidents: parsed.data.find((e) => e.id === entry.id)?.open_incidents ?? [] }, fromFile: false });
  for (const [id, [name, author]] of live?.names ?? []) {
    if (!candidates.has(id)) candidates.set(id, { entry: { id, name, author, state: 'unknown', reason: 'no_figures', since: null, providers: NO_PROVIDERS, endpoints: [], open_incidents: [] }, fromFile: false });
  }
  const out: ModelStatusEntry[] = [];
  for (const { entry, fromFile } of candidates.values()) {
    const incidents = openIncidents(entry.id, entry.open_incidents, live);
    const figures = liveFigures(entry.id);
    let v;
    let endpoints = entry.endpoints;
    if (figures !== null) {
      v = judgeModelState({ incidents: incidentsOf(incidents), figures, now });
      endpoints = figures.endpoints.map((e) => ({ tag: e.tag, provider: e.provider, provider_name: e.provider_name, health: endpointHealth(e, figures.observed_at, now), stats: endpointStats(e, figures.observed_at) }));
    } else {
      // Fresh figures not in trouble: its traffic is fine now, whatever the file said; else the file's verdicts stand.
      const traffic = fresh.has(entry.id) || !fromFile ? NO_PROVIDERS : entry.providers;
      if (fresh.has(entry.id)) endpoints = [];
      v = judgeModelState({ incidents: incidentsOf(incidents), figures: null, providers: traffic, now });
    }
    if (v.state !== 'degraded' && v.state !== 'outage') continue;
    const since = v.state === entry.state ? entry.since : (monitor?.observed_at ?? reading.observed_at);
    out.push({ ...entry, state: v.state, reason: v.reason, since, providers: v.providers, endpoints, open_incidents: incidents });
  }
  const entries = out.sort((a, b) => (a.state !== b.state ? (a.state === 'outage' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const listed = entries.slice(0, MAX_LISTED_NOT_OPERATIONAL);
  const observedAt = older(reading.observed_at, monitor?.observed_at);
  const liveMeta: LiveMeta = { source: 'monitor', observed_at: observedAt, age_seconds: ageOf(observedAt, nowMs), reason: null };
  const meta = { ...parsed.meta, checked_at: observedAt, count: listed.length, omitted: entries.length - listed.length, unknown: trouble.unknown, live: liveMeta };
  return json(request, responseJson({ data: listed, meta }));
}

interface ModelDetailData {
  id: string;
  status: ModelStatus;
  endpoints: Array<ApiOffer & { stats: unknown }>;
}

/** `/api/v1/models/<author>/<slug>`, live. */
export async function answerModelDetail(request: Request, db: D1Like | undefined, id: string, staticFile: (path: string) => Promise<Response>, nowMs: number): Promise<Response> {
  const file = await staticFile(`/api/v1/models/${id}.json`);
  if (file.status !== 200) return file;
  const parsed = JSON.parse(await file.clone().text()) as StaticFile<ModelDetailData>;
  // Not live: the file itself, its bytes and ETag (the path form is the file form; no `meta.live` means the build's).
  const asStatic = (_reason: LiveReason) => file;
  if (db === undefined) return asStatic('monitor_unavailable');
  let reading: Awaited<ReturnType<typeof readModelFigures>>;
  let monitor: Awaited<ReturnType<typeof readIncidents>>;
  try {
    [reading, monitor] = await Promise.all([readModelFigures(db, id), readIncidents(db, nowMs)]);
  } catch {
    return asStatic('monitor_unavailable');
  }
  const reason = headReason(reading.head, nowMs);
  if (reason !== null) return asStatic(reason);
  const now = iso(nowMs);
  const figures = reading.row === null ? null : checkStoredFigures(reading.row.figures, now, () => undefined);
  const status = parsed.data.status;
  const incidents = openIncidents(id, status.open_incidents, monitor?.incidents ?? null);
  // Nothing live for it: not swept (a maker's own model OpenRouter does not list), not read yet, or refused, and its incidents unchanged.
  if ((figures === null || reading.row === null) && sameIncidents(incidents, status.open_incidents)) return asStatic('monitor_empty');
  const v = figures === null ? judgeModelState({ incidents: incidentsOf(incidents), figures: null, providers: status.providers, now }) : judgeModelState({ incidents: incidentsOf(incidents), figures, now });
  const since = v.state === status.state ? status.since : figures !== null && reading.row !== null && v.state === reading.row.state ? reading.row.since : (monitor?.observed_at ?? figures?.observed_at ?? now);
  const known = new Set(status.recent_incidents.map((i) => `${i.service_id} ${i.id}`));
  const recent = [...incidents.filter((i) => !known.has(`${i.service_id} ${i.id}`)), ...status.recent_incidents].sort(newestFirst);
  const data = {
    ...parsed.data,
    status: { ...status, state: v.state, reason: v.reason, since, providers: v.providers, open_incidents: incidents, recent_incidents: recent, speed: figures === null ? status.speed : { ...status.speed, openrouter: bestOf(figures) } },
    endpoints:
      figures === null
        ? parsed.data.endpoints
        : parsed.data.endpoints.map((offer) => {
            if (offer.source !== 'openrouter' || offer.tag === null) return offer;
            const endpoint = figures.endpoints.find((e) => e.tag === offer.tag);
            return { ...offer, stats: endpoint === undefined ? null : endpointStats(endpoint, figures.observed_at) };
          }),
  };
  const observedAt = figures === null ? monitor!.observed_at : older(figures.observed_at, monitor?.observed_at);
  const live: LiveMeta = { source: 'monitor', observed_at: observedAt, age_seconds: ageOf(observedAt, nowMs), reason: null };
  return json(request, responseJson({ data, meta: { ...parsed.meta, live } }));
}
