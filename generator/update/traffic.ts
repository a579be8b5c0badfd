/**
 * The `traffic` stage of `update`: reads OpenRouter's endpoint statistics (`GET
 * /models/<author>/<slug>/endpoints`: uptime over 5 minutes, 30 minutes and a day, latency and
 * throughput percentiles) for a rotation of the on-sale models, politely, into the state store
 * (state/endpoint-stats.json; docs/operation.md, "The endpoint statistics sweep"):
 * - one request at a time, each started at least `intervalMs` (a second) after the last;
 * - never a retry: a 429 stops the run and raises the pace level, MAX_ERRORS_PER_RUN errors
 *   likewise (status/sweep-rotation.ts): a failing upstream stretches the rotation;
 * - the figures are bounded (status/endpoint-stats.ts) and what was refused is reported; an
 *   answer about another model is refused whole; a model we do not list loses its figures;
 * - a failed read keeps the model's last good figures, whose `observed_at` says how old they are.
 */
import type { HttpClient } from '../http/client.js';
import { isUpstreamError } from '../http/errors.js';
import type { ModelRecord } from '../models/types.js';
import { fetchEndpoints } from '../sources/openrouter/fetch.js';
import { boundEndpointFigures, endpointsOfAnswer, type ModelFigures } from '../status/endpoint-stats.js';
import { loadModelRecords, loadSources, saveSources } from '../store/data-store.js';
import type { StoreRef } from '../store/store.js';
import { loadTraffic, saveTraffic, type TrafficModelEntry } from '../store/traffic-store.js';
import { MAX_ERRORS_PER_RUN, nextPace, pickSweep, requestsAllowed, sweepCandidates, type SweepCandidate } from '../status/sweep-rotation.js';

export { sweepCandidates };

/** The stage's entry in data/sources.json and index.json's freshness. */
export const TRAFFIC_SOURCE_ID = 'openrouter-endpoints';
/** Requests a run at full pace: 120 at one a second fit the stage's deadline. */
export const DEFAULT_TRAFFIC_PER_RUN = 120;
/** At most one request a second to OpenRouter. */
export const MIN_REQUEST_INTERVAL_MS = 1000;

export interface TrafficUpdateOptions {
  store: StoreRef;
  now: string;
  /** No retries (the run never retries; the rotation does), bounded by the stage's deadline. */
  http: HttpClient;
  baseUrl: string;
  perRun: number;
  /** Least time between two request starts (default MIN_REQUEST_INTERVAL_MS). */
  intervalMs?: number;
  /** Answers the models stage already read this run, by model id: used as they are, never asked again. */
  alreadyRead?: ReadonlyMap<string, unknown>;
  log?: (line: string) => void;
  /** The clock and the wait, for tests that check the pace without waiting. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface TrafficRunReport {
  source: typeof TRAFFIC_SOURCE_ID;
  /** False when the sweep was stopped by a 429 or errors. */
  ok: boolean;
  error: string | null;
  /** Models whose figures were read this run (requests and answers handed over). */
  read: number;
  requests: number;
  failed: number;
  /** A 429 stopped the run. */
  limited: boolean;
  /** The pace level after the run (each level halves the requests a run). */
  paceLevel: number;
  /** What the bounds refused, `<model id>: <tag>: <why>`. */
  issues: string[];
  warnings: string[];
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const sameDay = (a: string, b: string) => a.slice(0, 10) === b.slice(0, 10);



/** The entry after a good read at `now`: the newest figures, and the first of their day kept. */
export function withFigures(entry: TrafficModelEntry | undefined, figures: ModelFigures, now: string): TrafficModelEntry {
  const first = entry?.day_first ?? entry?.latest ?? null;
  return { attempted_at: now, succeeded_at: now, error: null, latest: figures, day_first: first !== null && sameDay(first.observed_at, now) ? first : null };
}

export async function updateTraffic(options: TrafficUpdateOptions): Promise<TrafficRunReport> {
  const { now, store } = options;
  const log = options.log ?? (() => undefined);
  const clock = options.clock ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const interval = options.intervalMs ?? MIN_REQUEST_INTERVAL_MS;
  const report: TrafficRunReport = { source: TRAFFIC_SOURCE_ID, ok: true, error: null, read: 0, requests: 0, failed: 0, limited: false, paceLevel: 0, issues: [], warnings: [] };
  const state = await loadTraffic(store, (message) => report.warnings.push(message));
  const candidates = sweepCandidates((await loadModelRecords(store)).models.values());
  const listed = new Map(candidates.map((c) => [c.id, c]));
  // Figures of a model we no longer list (delisted, or a hand-edited id) are not kept.
  const dropped = Object.keys(state.models).filter((id) => !listed.has(id));
  for (const id of dropped) delete state.models[id];
  if (dropped.length > 0) report.warnings.push(`dropped the figures of ${dropped.length} models no longer listed (${dropped.slice(0, 3).join(', ')}${dropped.length > 3 ? ', …' : ''})`);

  const take = (candidate: SweepCandidate, json: unknown) => {
    const answer = endpointsOfAnswer(json, candidate.upstream_id);
    if ('refused' in answer) {
      const previous = state.models[candidate.id];
      state.models[candidate.id] = { ...(previous ?? { succeeded_at: null, latest: null, day_first: null }), attempted_at: now, error: answer.refused };
      report.issues.push(`${candidate.id}: ${answer.refused}`);
      return false;
    }
    const bounded = boundEndpointFigures(answer.endpoints, candidate.upstream_id);
    for (const issue of bounded.issues) report.issues.push(`${candidate.id}: ${issue}`);
    state.models[candidate.id] = withFigures(state.models[candidate.id], { observed_at: now, endpoints: bounded.endpoints }, now);
    report.read += 1;
    return true;
  };

  for (const [id, json] of options.alreadyRead ?? []) {
    const candidate = listed.get(id);
    if (candidate !== undefined) take(candidate, json);
  }
  const handedOver = new Set(options.alreadyRead?.keys() ?? []);
  const allowed = requestsAllowed(options.perRun, state.pace, now);
  const picks = pickSweep(
    candidates.filter((c) => !handedOver.has(c.id)),
    (id) => ({ attempted_at: state.models[id]?.attempted_at, usage: state.models[id]?.latest?.endpoints.length ?? 0 }),
    allowed,
    now,
  );
  if (allowed === 0 && options.perRun > 0) report.warnings.push(`paused by the back-off until ${state.pace.resume_at}: no request this run`);

  let lastStart = -Infinity;
  let errors = 0;
  for (const candidate of picks) {
    const wait = lastStart + interval - clock();
    if (wait > 0) await sleep(wait);
    lastStart = clock();
    report.requests += 1;
    try {
      const { json } = await fetchEndpoints(options.http, options.baseUrl, candidate.upstream_id);
      if (!take(candidate, json)) errors += 1;
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      const previous = state.models[candidate.id];
      state.models[candidate.id] = { ...(previous ?? { succeeded_at: null, latest: null, day_first: null }), attempted_at: now, error: error.summary() };
      report.failed += 1;
      if (error.status === 429) {
        report.limited = true;
        report.warnings.push(`${candidate.id}: OpenRouter answered 429: the sweep stopped for this run and slows down`);
        break;
      }
      if (error.kind === 'timeout' && /deadline passed before/.test(error.detail)) {
        // Not asked at all: the model keeps its place in the rotation.
        report.warnings.push(`the stage's deadline stopped the sweep after ${report.requests - 1} requests`);
        report.failed -= 1;
        report.requests -= 1;
        if (previous === undefined) delete state.models[candidate.id];
        else state.models[candidate.id] = previous;
        break;
      }
      errors += 1;
      report.warnings.push(`${candidate.id} endpoint statistics not read: ${error.summary()}`);
      if (errors >= MAX_ERRORS_PER_RUN) {
        report.warnings.push(`${errors} requests failed: the sweep stopped for this run and slows down`);
        break;
      }
    }
  }

  state.pace = nextPace(state.pace, { limited: report.limited, errors }, now);
  report.paceLevel = state.pace.level;
  await saveTraffic(store, state);
  const sources = await loadSources(store);
  const previous = sources[TRAFFIC_SOURCE_ID];
  report.ok = !report.limited && errors < MAX_ERRORS_PER_RUN;
  report.error = report.ok ? null : report.limited ? 'OpenRouter answered 429: the sweep slowed down; the last good figures are kept' : `${errors} requests failed: the sweep slowed down; the last good figures are kept`;
  sources[TRAFFIC_SOURCE_ID] = {
    last_attempt_at: now,
    last_success_at: report.read > 0 ? now : (previous?.last_success_at ?? null),
    ok: report.ok,
    error: report.error,
    items: Object.values(state.models).filter((m) => m.latest !== null).length,
  };
  await saveSources(store, sources);
  log(`traffic: read ${report.read} models (${report.requests} requests, ${report.failed} failed), pace level ${report.paceLevel}, ${report.issues.length} figures refused`);
  return report;
}
