/**
 * The Worker's live model status (docs/api.md, "Model status", "Live on Cloudflare"): the path
 * forms `/api/v1/status/models` and `/api/v1/models/<author>/<slug>`, from the monitor's newest
 * sweep (sweep.ts) laid over the static files, judged again at the answer's time with the one
 * code the build judges with (status/model-state.ts, status/endpoint-stats.ts, render/model-status.ts):
 * - the list: the models the sweep finds in trouble on their traffic, with their newest figures;
 *   the static file's models named by open incidents stay (their incidents are the build's: the
 *   names of the catalog match them), judged again with the live figures where the sweep has them;
 *   the static file's traffic verdicts give way wherever the sweep holds fresh figures;
 * - a model detail: `status` (state, reason, since, providers, the OpenRouter speed) and each
 *   OpenRouter offer's `stats` from the model's newest figures; its incidents are the static file's.
 * `meta.live` says which it is, as for `/api/v1/status`: the static file with its reason when D1
 * cannot be read, holds no sweep (or nothing for this model), its newest run is over
 * STALE_AFTER_S old, or that run failed. Never a 5xx of ours: any failure answers the file.
 */
import { MAX_LISTED_NOT_OPERATIONAL } from '../../../bounds/site.js';
import { bestOf, endpointStats } from '../../../render/model-status.js';
import { checkStoredFigures, type ModelFigures } from '../../../status/endpoint-stats.js';
import { endpointHealth, judgeModelState } from '../../../status/model-state.js';
import type { IncidentImpact } from '../../../status/types.js';
import { responseJson } from '../../../text/response-json.js';
import type { ApiOffer, LiveMeta, LiveReason, ModelStatus, ModelStatusEntry } from '../../../types/api-types.js';
import { API_CACHE_CONTROL } from '../../hosts.js';
import { readModelFigures, readTrouble, type SweepHead } from './sweep-store.js';
import type { D1Like } from './store.js';

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

/** `/api/v1/status/models`, live. */
export async function answerModelStatusList(request: Request, db: D1Like | undefined, staticFile: (path: string) => Promise<Response>, path: string, nowMs: number): Promise<Response> {
  const file = await staticFile(path);
  if (file.status !== 200) return file;
  const parsed = JSON.parse(await file.text()) as StaticFile<ModelStatusEntry[]>;
  const asStatic = (reason: LiveReason) => json(request, responseJson({ data: parsed.data, meta: { ...parsed.meta, live: staticLive(reason) } }));
  if (db === undefined) return asStatic('monitor_unavailable');
  let reading: Awaited<ReturnType<typeof readTrouble>>;
  try {
    reading = await readTrouble(db);
  } catch {
    return asStatic('monitor_unavailable');
  }
  const reason = headReason(reading, nowMs);
  if (reason !== null || reading === null) return asStatic(reason ?? 'monitor_empty');
  const now = iso(nowMs);
  const { trouble } = reading;
  const fresh = new Set(trouble.fresh);
  const liveFigures = (id: string): ModelFigures | null => checkStoredFigures(trouble.figures[id], now, () => undefined);
  const out = new Map<string, ModelStatusEntry>();
  for (const entry of trouble.entries) {
    const figures = liveFigures(entry.id);
    if (figures === null) continue;
    const v = judgeModelState({ incidents: [], figures, now });
    if (v.state !== 'degraded' && v.state !== 'outage') continue;
    out.set(entry.id, { ...entry, state: v.state, reason: v.reason, providers: v.providers, endpoints: figures.endpoints.map((e) => ({ tag: e.tag, provider: e.provider, provider_name: e.provider_name, health: endpointHealth(e, figures.observed_at, now), stats: endpointStats(e, figures.observed_at) })), open_incidents: [] });
  }
  for (const entry of parsed.data) {
    if (entry.open_incidents.length === 0) {
      // A verdict of the build's traffic: the sweep's fresh figures replace it.
      if (!fresh.has(entry.id) && !out.has(entry.id)) out.set(entry.id, entry);
      continue;
    }
    const live = out.get(entry.id);
    const figures = live === undefined ? null : liveFigures(entry.id);
    const v = judgeModelState({ incidents: incidentsOf(entry.open_incidents), figures, now });
    out.set(entry.id, live === undefined ? { ...entry, state: v.state === 'outage' ? 'outage' : 'degraded' } : { ...live, state: v.state, reason: v.reason, open_incidents: entry.open_incidents });
  }
  const entries = [...out.values()].sort((a, b) => (a.state !== b.state ? (a.state === 'outage' ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const listed = entries.slice(0, MAX_LISTED_NOT_OPERATIONAL);
  const live: LiveMeta = { source: 'monitor', observed_at: reading.observed_at, age_seconds: ageOf(reading.observed_at, nowMs), reason: null };
  const meta = { ...parsed.meta, checked_at: reading.observed_at, count: listed.length, omitted: entries.length - listed.length, unknown: trouble.unknown, live };
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
  try {
    reading = await readModelFigures(db, id);
  } catch {
    return asStatic('monitor_unavailable');
  }
  const reason = headReason(reading.head, nowMs);
  if (reason !== null) return asStatic(reason);
  const now = iso(nowMs);
  const figures = reading.row === null ? null : checkStoredFigures(reading.row.figures, now, () => undefined);
  // Not swept (a maker's own model OpenRouter does not list), not read yet, or refused: the file's.
  if (figures === null || reading.row === null) return asStatic('monitor_empty');
  const status = parsed.data.status;
  const v = judgeModelState({ incidents: incidentsOf(status.open_incidents), figures, now });
  const since = v.state === reading.row.state ? reading.row.since : v.state === status.state ? status.since : figures.observed_at;
  const data = {
    ...parsed.data,
    status: { ...status, state: v.state, reason: v.reason, since, providers: v.providers, speed: { ...status.speed, openrouter: bestOf(figures) } },
    endpoints: parsed.data.endpoints.map((offer) => {
      if (offer.source !== 'openrouter' || offer.tag === null) return offer;
      const endpoint = figures.endpoints.find((e) => e.tag === offer.tag);
      return { ...offer, stats: endpoint === undefined ? null : endpointStats(endpoint, figures.observed_at) };
    }),
  };
  const live: LiveMeta = { source: 'monitor', observed_at: figures.observed_at, age_seconds: ageOf(figures.observed_at, nowMs), reason: null };
  return json(request, responseJson({ data, meta: { ...parsed.meta, live } }));
}
