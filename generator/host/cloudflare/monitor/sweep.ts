/**
 * The edge monitor's sweep of OpenRouter's endpoint statistics, one part of each run (run.ts),
 * with the code the 15-minute refresh uses (docs/operation.md, "The edge monitor's sweep"):
 * - which models: status/sweep-rotation.ts (never read first, then the most used by how many
 *   providers OpenRouter lists, every HOT_MAX_AGE_MS, then the longest unread), within the
 *   subrequests plan.ts leaves it, at most one request a second (SWEEP_INTERVAL_MS);
 * - a 429 stops the sweep for the run and raises the pace level, as do MAX_ERRORS_PER_RUN
 *   failures (nextPace): a failing upstream stretches the rotation, never a retry;
 * - each answer is checked (endpointsOfAnswer) and bounded (boundEndpointFigures); what is
 *   refused is reported; a failed read keeps the model's last good figures with their time;
 * - each model read is judged on its traffic (status/model-state.ts); the models in trouble
 *   (degraded, outage) keep their newest figures in one small D1 value the live answers read,
 *   beside how many read unknown, by reason, and which have fresh figures.
 * Pure but for the transport and the clock.
 */
import { isUpstreamError } from '../../../http/errors.js';
import type { HttpTransport } from '../../../http/transport.js';
import { endpointStats } from '../../../render/model-status.js';
import { endpointsUrl } from '../../../sources/openrouter/endpoints-url.js';
import { boundEndpointFigures, endpointsOfAnswer, type ModelFigures } from '../../../status/endpoint-stats.js';
import { endpointHealth, FIGURES_MAX_AGE_S, judgeModelState, type ModelState, type StateReason } from '../../../status/model-state.js';
import { MAX_ERRORS_PER_RUN, nextPace, pickSweep, requestsAllowed, type TrafficPace } from '../../../status/sweep-rotation.js';
import type { ModelStatusEntry } from '../../../types/api-types.js';
import type { SweepModel } from './sweep-asset.js';

/** At most one request a second to OpenRouter. */
export const SWEEP_INTERVAL_MS = 1000;
/** The most a run asks: one a second within the run's deadline (25 s), with room for the answers. */
export const SWEEP_PER_RUN = 24;
/** The most used models are read again once their figures are this old. */
export const HOT_MAX_AGE_MS = 5 * 60_000;
/** The share of a run's requests the most used models take (their number: per run × share × minutes between reads). */
export const HOT_SHARE = 0.1;
/** Rows of models no longer listed deleted in one run (the rest in the next). */
export const MAX_DELETES_PER_RUN = 10;

/** A model the rotation knows: [attempted minute, observed minute or null, state (o d x, or the reason it is unknown), since minute]. */
export type RotationEntry = [number, number | null, string, number];

export interface SweepRotation {
  pace: TrafficPace;
  models: Record<string, RotationEntry>;
}

/** A model in trouble as the live list shows it (open incidents come from the static file). */
export type TroubleEntry = Omit<ModelStatusEntry, 'open_incidents'>;

/** What the live answers read (D1 `sweep.trouble`). */
export interface SweepTrouble {
  /** The models in trouble on their traffic, worst first then by id, with their newest figures. */
  entries: TroubleEntry[];
  /** The candidates whose state is unknown, by reason. */
  unknown: Record<string, number>;
  /** The candidates with fresh figures: their live state replaces the static file's traffic verdict. */
  fresh: string[];
  /** Every figure of a troubled model, for re-judging at answer time. */
  figures: Record<string, ModelFigures>;
}

/** One model's figures row (D1 `figures`): what the live model detail reads. */
export interface FiguresRow {
  figures: ModelFigures;
  state: ModelState;
  reason: StateReason;
  since: string;
}

export interface SweepReport {
  /** Requests made, models read, failed. */
  requests: number;
  read: number;
  failed: number;
  limited: boolean;
  paceLevel: number;
  /** What the bounds refused, `<model id>: <why>`. */
  issues: string[];
  warnings: string[];
}

export interface SweepResult {
  rotation: SweepRotation;
  trouble: SweepTrouble;
  /** Rows to upsert (model id → row) and ids to delete (models no longer listed). */
  upserts: Map<string, FiguresRow>;
  deletes: string[];
  report: SweepReport;
}

export interface SweepInput {
  http: HttpTransport;
  baseUrl: string;
  models: readonly SweepModel[];
  previous: { rotation: SweepRotation | null; trouble: SweepTrouble | null };
  /** Requests this run may make (plan.ts). */
  budget: number;
  now: string;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Least time between two request starts (default SWEEP_INTERVAL_MS). */
  intervalMs?: number;
}

const STATE_CODE: Record<ModelState, string> = { operational: 'o', degraded: 'd', outage: 'x', unknown: 'u' };
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
const isoOfMinute = (minute: number) => new Date(minute * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const EMPTY_ROTATION: SweepRotation = { pace: { level: 0, resume_at: null }, models: {} };

/** A trouble entry judged at `now` from its figures (traffic only: incidents come from the static file). */
function troubleEntry(model: SweepModel, figures: ModelFigures, since: string, now: string): TroubleEntry | null {
  const verdict = judgeModelState({ incidents: [], figures, now });
  if (verdict.state !== 'degraded' && verdict.state !== 'outage') return null;
  return {
    id: model.id,
    name: model.name,
    author: model.author,
    state: verdict.state,
    reason: verdict.reason,
    since,
    providers: verdict.providers,
    endpoints: figures.endpoints.map((e) => ({ tag: e.tag, provider: e.provider, provider_name: e.provider_name, health: endpointHealth(e, figures.observed_at, now), stats: endpointStats(e, figures.observed_at) })),
  };
}

/** One run's sweep: asks, bounds, judges; returns what to write. */
export async function runSweep(input: SweepInput): Promise<SweepResult> {
  const { now, http } = input;
  const nowMinute = minuteOf(now);
  const interval = input.intervalMs ?? SWEEP_INTERVAL_MS;
  const rotation: SweepRotation = { pace: input.previous.rotation?.pace ?? EMPTY_ROTATION.pace, models: { ...(input.previous.rotation?.models ?? {}) } };
  const report: SweepReport = { requests: 0, read: 0, failed: 0, limited: false, paceLevel: 0, issues: [], warnings: [] };
  const listed = new Map(input.models.map((m) => [m.id, m]));
  const deletes = Object.keys(rotation.models).filter((id) => !listed.has(id)).slice(0, MAX_DELETES_PER_RUN);
  for (const id of deletes) delete rotation.models[id];
  const troubleFigures: Record<string, ModelFigures> = {};
  for (const [id, figures] of Object.entries(input.previous.trouble?.figures ?? {})) if (listed.has(id)) troubleFigures[id] = figures;
  const upserts = new Map<string, FiguresRow>();

  const allowed = Math.min(input.budget, requestsAllowed(input.budget, rotation.pace, now));
  if (allowed === 0 && input.budget > 0) report.warnings.push(`paused by the back-off until ${rotation.pace.resume_at}`);
  const perMinute = Math.max(1, allowed);
  // Each model's view made once (the rotation sorts by it: a time formatted per comparison cost milliseconds at ten times the catalog).
  const views = new Map<string, { attempted_at: string | undefined; usage: number }>();
  for (const model of input.models) {
    const known = rotation.models[model.id];
    views.set(model.id, { attempted_at: known === undefined ? undefined : isoOfMinute(known[0]), usage: model.providers });
  }
  const picks = pickSweep(
    input.models,
    (id) => views.get(id)!,
    allowed,
    now,
    { hotCount: Math.floor(perMinute * HOT_SHARE * (HOT_MAX_AGE_MS / 60_000)), hotMaxAgeMs: HOT_MAX_AGE_MS },
  );

  const failedRead = (model: SweepModel, why: string) => {
    const before = rotation.models[model.id];
    rotation.models[model.id] = [nowMinute, before?.[1] ?? null, before?.[2] ?? 'u', before?.[3] ?? nowMinute];
    report.warnings.push(`${model.id}: endpoint statistics not read: ${why}`);
  };

  let lastStart = -Infinity;
  let errors = 0;
  for (const model of picks) {
    const wait = lastStart + interval - input.clock();
    if (wait > 0) await input.sleep(wait);
    lastStart = input.clock();
    report.requests += 1;
    try {
      const { json } = await http.requestJson(endpointsUrl(input.baseUrl, model.upstream_id), { source: 'openrouter-endpoints', retry: { retries: 0 } });
      const answer = endpointsOfAnswer(json, model.upstream_id);
      if ('refused' in answer) {
        report.issues.push(`${model.id}: ${answer.refused}`);
        failedRead(model, answer.refused);
        errors += 1;
      } else {
        const bounded = boundEndpointFigures(answer.endpoints, model.upstream_id);
        for (const issue of bounded.issues) report.issues.push(`${model.id}: ${issue}`);
        const figures: ModelFigures = { observed_at: now, endpoints: bounded.endpoints };
        const verdict = judgeModelState({ incidents: [], figures, now });
        const before = rotation.models[model.id];
        const code = verdict.state === 'unknown' ? verdict.reason : STATE_CODE[verdict.state];
        const since = before !== undefined && before[2] === code ? before[3] : nowMinute;
        rotation.models[model.id] = [nowMinute, nowMinute, code, since];
        upserts.set(model.id, { figures, state: verdict.state, reason: verdict.reason, since: isoOfMinute(since) });
        troubleFigures[model.id] = figures;
        report.read += 1;
      }
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      report.failed += 1;
      if (error.kind === 'timeout' && /deadline/.test(error.detail)) {
        // Not asked in time: the model keeps its place in the rotation.
        report.requests -= 1;
        report.failed -= 1;
        report.warnings.push(`the run's deadline stopped the sweep after ${report.requests} requests`);
        break;
      }
      failedRead(model, error.summary());
      if (error.status === 429) {
        report.limited = true;
        report.warnings.push(`${model.id}: OpenRouter answered 429: the sweep stopped for this run and slows down`);
        break;
      }
      errors += 1;
      if (errors >= MAX_ERRORS_PER_RUN) {
        report.warnings.push(`${errors} requests failed: the sweep stopped for this run and slows down`);
        break;
      }
    }
  }
  rotation.pace = nextPace(rotation.pace, { limited: report.limited, errors }, now);
  report.paceLevel = rotation.pace.level;

  // The list every live answer reads: each model in trouble re-judged at `now` (stale figures leave it).
  const entries: TroubleEntry[] = [];
  const figures: Record<string, ModelFigures> = {};
  for (const [id, read] of Object.entries(troubleFigures)) {
    const entry = rotation.models[id];
    const entryOf = entry === undefined ? null : troubleEntry(listed.get(id)!, read, isoOfMinute(entry[3]), now);
    if (entryOf === null) continue;
    entries.push(entryOf);
    figures[id] = read;
  }
  entries.sort((a, b) => (a.state !== b.state ? (a.state === 'outage' ? -1 : 1) : cmp(a.id, b.id)));
  const unknown: Record<string, number> = {};
  const fresh: string[] = [];
  for (const model of input.models) {
    const entry = rotation.models[model.id];
    const observed = entry?.[1] ?? null;
    let reason: string | null = null;
    if (observed === null) reason = 'no_figures';
    // figuresFresh's rule in minutes (no time formatted per model).
    else if ((nowMinute - observed) * 60 > FIGURES_MAX_AGE_S) reason = 'figures_stale';
    else {
      fresh.push(model.id);
      if (!['o', 'd', 'x'].includes(entry![2])) reason = entry![2] === 'u' ? 'no_traffic' : entry![2];
    }
    if (reason !== null) unknown[reason] = (unknown[reason] ?? 0) + 1;
  }
  fresh.sort(cmp);
  return { rotation, trouble: { entries, unknown: Object.fromEntries(Object.entries(unknown).sort(([a], [b]) => cmp(a, b))), fresh, figures }, upserts, deletes, report };
}
