/**
 * The edge monitor's sweep of OpenRouter's endpoint statistics, on its own Cron Trigger
 * (sweep-pass.ts), with the code the 15-minute refresh uses (docs/operation.md, "The edge
 * monitor's sweep"):
 * - which models: status/sweep-rotation.ts `planCursorSweep`: the models in trouble every
 *   TROUBLE_EVERY_MIN (at most TROUBLE_CAP a run), the HOT_COUNT most used every HOT_EVERY_MIN,
 *   then a cursor over the catalog in id order; at most one request a second (SWEEP_INTERVAL_MS);
 * - a run touches only what it reads: the one `sweep` row (the cursor, the short lists, the last
 *   hour's reads) and the `figures` rows of the models it asks; no value of every model is
 *   parsed, sorted or written, and the unknown counts are kept as reads happen;
 * - a 429 stops the sweep for the run and raises the pace level, as do MAX_ERRORS_PER_RUN
 *   failures (nextPace): a failing upstream stretches the rotation, never a retry;
 * - each answer is checked (endpointsOfAnswer) and bounded (boundEndpointFigures); what is
 *   refused is reported; a failed read keeps the model's last good figures with their time;
 * - each model read is judged on its traffic (status/model-state.ts); the models in trouble
 *   (degraded, outage) keep their newest figures in the small value the live answers read.
 * Pure but for the transport, the clock and the store's two reads.
 */
import { isUpstreamError } from '../../../http/errors.js';
import type { HttpTransport } from '../../../http/transport.js';
import { endpointStats } from '../../../render/model-status.js';
import { endpointsUrl } from '../../../sources/openrouter/endpoints-url.js';
import { boundEndpointFigures, endpointsOfAnswer, withPreviousUptime, type ModelFigures } from '../../../status/endpoint-stats.js';
import { FIGURES_MAX_AGE_S, figuresFresh, freshHealth, judgeModelState, type ModelState, type StateReason } from '../../../status/model-state.js';
import { indexOfId, MAX_ERRORS_PER_RUN, nextPace, planCursorSweep, requestsAllowed, type TrafficPace } from '../../../status/sweep-rotation.js';
import type { ModelStatusEntry } from '../../../types/api-types.js';
import type { SweepCatalog, SweepModel } from './sweep-asset.js';

/** At most one request a second to OpenRouter. */
export const SWEEP_INTERVAL_MS = 1000;
/**
 * The most a run asks: one a second within the run's 40-second deadline, and bounded by D1's
 * 50,000 rows written a day (a run writes the `sweep` row and one `figures` row per model read:
 * 29 × 1,440 runs beside the status's 4,321 rows; docs/operation.md, "The edge monitor's sweep").
 */
export const SWEEP_PER_RUN = 28;
/** The most used models (by providers) that get their own turn, and how often (minutes). */
export const HOT_COUNT = 8;
export const HOT_EVERY_MIN = 2;
/** A model in trouble is asked again this often (minutes), at most TROUBLE_CAP of them a run. */
export const TROUBLE_EVERY_MIN = 1;
export const TROUBLE_CAP = 3;
/** Rows of models no longer listed deleted in one run (the rest in the next). */
export const MAX_DELETES_PER_RUN = 10;
/** A read is fresh this many minutes (status/model-state.ts FIGURES_MAX_AGE_S). */
const FRESH_MIN = FIGURES_MAX_AGE_S / 60;

/** The sweep's own state (D1 `sweep.rotation`): small whatever the catalog's size. */
export interface SweepRotation {
  pace: TrafficPace;
  /** The last model the cursor asked. */
  cursor: string | null;
  /** The most used models: the minute each was last asked. */
  hot: Record<string, number>;
  /** The models in trouble: [minute last asked, minute its state began], and their newest figures. */
  watch: Record<string, [number, number]>;
  troubleFigures: Record<string, ModelFigures>;
  /** The catalog's digest the `figures` rows were last reconciled with (null: reconcile). */
  digest: string | null;
  /** Listed models with a `figures` row. */
  withFigures: number;
  /** The last hour's good reads, oldest first, each model once (its newest): [minute, ids judged operational/degraded/outage, {id: why unknown}]. */
  recent: Array<[number, string[], Record<string, string>]>;
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

/** One model's figures row (D1 `figures.body`): what the live model detail reads. */
export interface FiguresRow {
  figures: ModelFigures;
  state: ModelState;
  reason: StateReason;
  since: string;
}

/** What a run needs of a model's stored row: the minute of its figures, its state code and since when. */
export interface StoredHead {
  minute: number;
  state: string;
  since: number;
}

/** The store's two reads a run makes (sweep-store.ts). */
export interface SweepStoreReader {
  /** The rows of the models about to be asked (one query). */
  headsOf(ids: readonly string[]): Promise<Map<string, StoredHead>>;
  /** Every id with a row (only when the catalog changed). */
  storedIds(): Promise<string[]>;
}

export interface SweepReport {
  /** Requests made, models read, failed. */
  requests: number;
  read: number;
  failed: number;
  limited: boolean;
  paceLevel: number;
  /** Models asked by class. */
  asked: { trouble: number; hot: number; cursor: number };
  /** What the bounds refused, `<model id>: <why>`. */
  issues: string[];
  warnings: string[];
}

export interface SweepUpsert {
  row: FiguresRow;
  minute: number;
  state: string;
  since: number;
}

export interface SweepResult {
  rotation: SweepRotation;
  trouble: SweepTrouble;
  /** Rows to upsert (model id → row) and ids to delete (models no longer listed). */
  upserts: Map<string, SweepUpsert>;
  deletes: string[];
  report: SweepReport;
}

export interface SweepInput {
  http: HttpTransport;
  baseUrl: string;
  catalog: SweepCatalog;
  store: SweepStoreReader;
  previous: SweepRotation | null;
  /** Requests this run may make (sweep-pass.ts). */
  budget: number;
  now: string;
  clock: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Least time between two request starts (default SWEEP_INTERVAL_MS). */
  intervalMs?: number;
}

const STATE_CODE: Record<ModelState, string> = { operational: 'o', degraded: 'd', outage: 'x', unknown: 'u' };
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
/** A minute as an ISO time to the second (`…:00Z`): toISOString's `.000Z` cut (cheaper than a pattern; called per model read). */
export const isoOfMinute = (minute: number) => `${new Date(minute * 60_000).toISOString().slice(0, -5)}Z`;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const emptyRotation = (): SweepRotation => ({ pace: { level: 0, resume_at: null }, cursor: null, hot: {}, watch: {}, troubleFigures: {}, digest: null, withFigures: 0, recent: [] });

/** A trouble entry judged at `now` from its figures (traffic only: incidents come from the static file). */
function troubleEntry(model: SweepModel, figures: ModelFigures, since: string, now: string): TroubleEntry | null {
  const verdict = judgeModelState({ incidents: [], figures, now });
  if (verdict.state !== 'degraded' && verdict.state !== 'outage') return null;
  const fresh = figuresFresh(figures.observed_at, now);
  return {
    id: model.id,
    name: model.name,
    author: model.author,
    state: verdict.state,
    reason: verdict.reason,
    since,
    providers: verdict.providers,
    endpoints: figures.endpoints.map((e) => ({ tag: e.tag, provider: e.provider, provider_name: e.provider_name, health: freshHealth(e, fresh), stats: endpointStats(e, figures.observed_at) })),
  };
}

/** Drops what names a model no longer listed, and (when the catalog changed) the rows of those models. */
async function reconcile(rotation: SweepRotation, catalog: SweepCatalog, store: SweepStoreReader, hot: readonly string[]): Promise<string[]> {
  rotation.hot = Object.fromEntries(Object.entries(rotation.hot).filter(([id]) => hot.includes(id)));
  if (rotation.digest === catalog.digest) return [];
  // The catalog changed (a new build): every id is read once here, for the stored ids' lookups.
  const all = new Set<string>();
  for (let at = 0; at < catalog.ids.length; at += 1) all.add(catalog.ids.at(at)!);
  const listed = (id: string) => all.has(id);
  for (const id of Object.keys(rotation.watch)) if (!listed(id)) delete rotation.watch[id];
  for (const id of Object.keys(rotation.troubleFigures)) if (!listed(id)) delete rotation.troubleFigures[id];
  rotation.recent = rotation.recent.map(([minute, ok, unknown]) => [minute, ok.filter(listed), Object.fromEntries(Object.entries(unknown).filter(([id]) => listed(id)))]);
  const stored = await store.storedIds();
  const unlisted = stored.filter((id) => !listed(id));
  rotation.withFigures = stored.length - unlisted.length;
  // The rest of the unlisted rows go in the next runs (the digest is kept only once none is left).
  rotation.digest = unlisted.length <= MAX_DELETES_PER_RUN ? catalog.digest : null;
  return unlisted.slice(0, MAX_DELETES_PER_RUN);
}

/** One run's sweep: asks, bounds, judges; returns what to write. */
export async function runSweep(input: SweepInput): Promise<SweepResult> {
  const { now, http, catalog } = input;
  const nowMinute = minuteOf(now);
  const interval = input.intervalMs ?? SWEEP_INTERVAL_MS;
  const rotation: SweepRotation = input.previous === null ? emptyRotation() : { ...input.previous, hot: { ...input.previous.hot }, watch: { ...input.previous.watch }, troubleFigures: { ...input.previous.troubleFigures } };
  const report: SweepReport = { requests: 0, read: 0, failed: 0, limited: false, paceLevel: 0, asked: { trouble: 0, hot: 0, cursor: 0 }, issues: [], warnings: [] };
  const hot = catalog.mostUsed.slice(0, HOT_COUNT);
  const deletes = await reconcile(rotation, catalog, input.store, hot);
  const modelOf = (id: string): SweepModel | undefined => {
    const at = indexOfId(catalog.ids, id);
    return at >= 0 ? catalog.modelAt(at) : undefined;
  };

  const allowed = Math.min(input.budget, requestsAllowed(input.budget, rotation.pace, now));
  if (allowed === 0 && input.budget > 0) report.warnings.push(`paused by the back-off until ${rotation.pace.resume_at}`);
  const attempted = Object.fromEntries(Object.entries(rotation.watch).map(([id, [last]]) => [id, last]));
  const picks = planCursorSweep(catalog.ids, hot, { cursor: rotation.cursor, hot: rotation.hot, trouble: attempted }, nowMinute, allowed, { hotEveryMin: HOT_EVERY_MIN, troubleEveryMin: TROUBLE_EVERY_MIN, troubleCap: TROUBLE_CAP });
  const heads = picks.length === 0 ? new Map<string, StoredHead>() : await input.store.headsOf(picks.map((p) => p.id));

  const upserts = new Map<string, SweepUpsert>();
  const readOk: string[] = [];
  const readUnknown: Record<string, string> = {};
  const hotSet = new Set(hot);
  let lastStart = -Infinity;
  let errors = 0;
  for (const pick of picks) {
    const model = modelOf(pick.id)!;
    const wait = lastStart + interval - input.clock();
    if (wait > 0) await input.sleep(wait);
    lastStart = input.clock();
    report.requests += 1;
    let failure: string | null = null;
    let stop = false;
    try {
      const { json } = await http.requestJson(endpointsUrl(input.baseUrl, model.upstream_id), { source: 'openrouter-endpoints', retry: { retries: 0 } });
      const answer = endpointsOfAnswer(json, model.upstream_id);
      if ('refused' in answer) {
        report.issues.push(`${model.id}: ${answer.refused}`);
        failure = answer.refused;
        errors += 1;
      } else {
        const bounded = boundEndpointFigures(answer.endpoints, model.upstream_id);
        for (const issue of bounded.issues) report.issues.push(`${model.id}: ${issue}`);
        // A model in trouble was read a minute or so before: its recovery shows from the rise since (model-state.ts successSincePrevious).
        const figures = withPreviousUptime({ observed_at: now, endpoints: bounded.endpoints }, rotation.troubleFigures[model.id]);
        const verdict = judgeModelState({ incidents: [], figures, now });
        const code = verdict.state === 'unknown' ? verdict.reason : STATE_CODE[verdict.state];
        const head = heads.get(model.id);
        const since = head !== undefined && head.state === code ? head.since : nowMinute;
        if (head === undefined && !upserts.has(model.id)) rotation.withFigures += 1;
        upserts.set(model.id, { row: { figures, state: verdict.state, reason: verdict.reason, since: isoOfMinute(since) }, minute: nowMinute, state: code, since });
        if (code === 'd' || code === 'x') {
          rotation.watch[model.id] = [nowMinute, since];
          rotation.troubleFigures[model.id] = figures;
        } else {
          delete rotation.watch[model.id];
          delete rotation.troubleFigures[model.id];
        }
        if (code === 'o' || code === 'd' || code === 'x') readOk.push(model.id);
        else readUnknown[model.id] = code;
        report.read += 1;
      }
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      if (error.kind === 'timeout' && /deadline/.test(error.detail)) {
        // Not asked in time: the model keeps its place in the rotation.
        report.requests -= 1;
        report.warnings.push(`the run's deadline stopped the sweep after ${report.requests} requests`);
        break;
      }
      report.failed += 1;
      failure = error.summary();
      if (error.status === 429) {
        report.limited = true;
        report.warnings.push(`${model.id}: OpenRouter answered 429: the sweep stopped for this run and slows down`);
        stop = true;
      } else {
        errors += 1;
        if (errors >= MAX_ERRORS_PER_RUN) {
          report.warnings.push(`${errors} requests failed: the sweep stopped for this run and slows down`);
          stop = true;
        }
      }
    }
    // Asked, read or not: its turn is spent (a failure waits for the rotation, never a retry).
    report.asked[pick.class] += 1;
    if (pick.class === 'cursor') rotation.cursor = model.id;
    if (hotSet.has(model.id)) rotation.hot[model.id] = nowMinute;
    if (rotation.watch[model.id] !== undefined) rotation.watch[model.id]![0] = nowMinute;
    if (failure !== null) report.warnings.push(`${model.id}: endpoint statistics not read: ${failure}`);
    if (stop) break;
  }
  rotation.pace = nextPace(rotation.pace, { limited: report.limited, errors }, now);
  report.paceLevel = rotation.pace.level;

  // The last hour's good reads: each model once, at its newest read. A model read now leaves the
  // entry of its last good read, the minute of its stored row (`heads`): no other entry is looked
  // at, so a run's work grows with its reads, not with the hour's (1,680 ids at ten times the catalog).
  const recent = rotation.recent.filter(([minute]) => nowMinute - minute <= FRESH_MIN);
  const readNow = [...readOk, ...Object.keys(readUnknown)];
  for (const id of readNow) {
    const last = heads.get(id)?.minute;
    const at = last === undefined || last === nowMinute || nowMinute - last > FRESH_MIN ? -1 : recent.findIndex(([minute]) => minute === last);
    if (at < 0) continue;
    const [minute, ok, unknown] = recent[at]!;
    const entry: [number, string[], Record<string, string>] = [minute, ok.includes(id) ? ok.filter((other) => other !== id) : ok, unknown];
    if (unknown[id] !== undefined) entry[2] = Object.fromEntries(Object.entries(unknown).filter(([other]) => other !== id));
    if (entry[1].length === 0 && Object.keys(entry[2]).length === 0) recent.splice(at, 1);
    else recent[at] = entry;
  }
  if (readNow.length > 0) recent.push([nowMinute, readOk, readUnknown]);
  rotation.recent = recent;

  // The list every live answer reads: each model in trouble re-judged at `now` (stale figures leave it).
  const entries: TroubleEntry[] = [];
  const figures: Record<string, ModelFigures> = {};
  for (const [id, read] of Object.entries(rotation.troubleFigures)) {
    const model = modelOf(id);
    const entry = model === undefined ? null : troubleEntry(model, read, isoOfMinute(rotation.watch[id]?.[1] ?? nowMinute), now);
    if (entry === null) {
      delete rotation.troubleFigures[id];
      delete rotation.watch[id];
      continue;
    }
    entries.push(entry);
    figures[id] = read;
  }
  entries.sort((a, b) => (a.state !== b.state ? (a.state === 'outage' ? -1 : 1) : cmp(a.id, b.id)));
  // The unknown counts, from the short lists alone: fresh figures judged unknown, figures older than an hour, none.
  // The fresh ids are the lists joined as they are (one native copy), in the order of before: each minute's operational/degraded/outage reads, then its unknown ones.
  const lists: string[][] = [];
  const unknown: Record<string, number> = {};
  for (const [, ok, why] of rotation.recent) {
    lists.push(ok);
    const ids = Object.keys(why);
    if (ids.length === 0) continue;
    lists.push(ids);
    for (const id of ids) {
      const reason = why[id]!;
      const named = reason === 'u' ? 'no_traffic' : reason;
      unknown[named] = (unknown[named] ?? 0) + 1;
    }
  }
  const fresh = ([] as string[]).concat(...lists);
  const withFigures = Math.min(rotation.withFigures, catalog.ids.length);
  const stale = Math.max(0, withFigures - fresh.length);
  if (stale > 0) unknown.figures_stale = stale;
  if (catalog.ids.length > withFigures) unknown.no_figures = catalog.ids.length - withFigures;
  return { rotation, trouble: { entries, unknown: Object.fromEntries(Object.entries(unknown).sort(([a], [b]) => cmp(a, b))), fresh, figures }, upserts, deletes, report };
}
