/**
 * Which models a sweep reads OpenRouter's endpoint statistics for, and how its pace stretches
 * after a 429 or errors. Pure, no Node.js imports: the 15-minute refresh (update/traffic.ts) and
 * the edge monitor (host/cloudflare/monitor/sweep.ts) plan with this one module
 * (docs/operation.md, "The endpoint statistics sweep").
 *
 * - At most `perRun` requests a run, one a second (update/traffic.ts paces them); after a 429 or
 *   repeated errors the pace level rises and each level halves the requests a run; a clean run
 *   lowers it one level. Nothing is retried within a run: a failure waits for the rotation.
 * - Order: models never read first; then the HOT_SHARE most used (by how many providers
 *   OpenRouter lists for them: it publishes no request counts, and providers host what is used)
 *   when their figures are older than a run; then the longest unread. So the most used are read
 *   every run, and every on-sale model within ceil((listed − hot) / (perRun − hot)) runs: 4 runs
 *   (an hour) at today's 318 models and 120 a run.
 */
import type { ModelRecord } from '../models/types.js';

/** How far a sweep has backed off (state/endpoint-stats.json's `pace`, the edge monitor's D1 row). */
export interface TrafficPace {
  /** Each level halves the requests a run (0: full pace). */
  level: number;
  /** No request before this time (the back-off), or null. */
  resume_at: string | null;
}

/** What the rotation needs to know of a model: when it was last asked, and how used it is. */
export interface SweepEntry {
  /** The last time the sweep asked (ISO), or undefined: never. */
  attempted_at: string | undefined;
  /** How many providers OpenRouter lists for it (its usage signal). */
  usage: number;
}

export interface SweepOptions {
  /** How many of the most used models get their own turn (default floor(allowed × HOT_SHARE)). */
  hotCount?: number;
  /** A hot model is due again once its read is this old (default HOT_MAX_AGE_MS). */
  hotMaxAgeMs?: number;
}

/** The share of a run's requests that goes to the most used models. */
export const HOT_SHARE = 0.2;
/** The highest pace level: 1/16 of the requests a run. */
export const MAX_PACE_LEVEL = 4;
/** Failed requests in one run that stop it (a failing upstream is not hammered). */
export const MAX_ERRORS_PER_RUN = 3;
/** One run: figures older than this are due again for a hot model (a little under 15 minutes). */
export const HOT_MAX_AGE_MS = 14 * 60_000;

/** The on-sale models OpenRouter lists (not the makers' own records): the ones it publishes statistics for. */
export function sweepCandidates(models: Iterable<ModelRecord>): SweepCandidate[] {
  return [...models].filter((m) => m.delisted_at === null && m.origin !== 'first-party').map((m) => ({ id: m.id, upstream_id: m.upstream_id }));
}

export interface SweepCandidate {
  id: string;
  /** OpenRouter's id of the model (what the endpoints URL names). */
  upstream_id: string;
}

/** Requests this run may make at the pace level. */
export function requestsAllowed(perRun: number, pace: TrafficPace, now: string): number {
  if (pace.resume_at !== null && Date.parse(now) < Date.parse(pace.resume_at)) return 0;
  return Math.floor(Math.max(0, perRun) / 2 ** Math.min(pace.level, MAX_PACE_LEVEL));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pure: the models to read this run, in order. `entry(id)` tells the rotation what it knows of a model. */
export function pickSweep<C extends SweepCandidate>(candidates: readonly C[], entry: (id: string) => SweepEntry, allowed: number, now: string, options: SweepOptions = {}): C[] {
  if (allowed <= 0) return [];
  const nowMs = Date.parse(now);
  const attempted = (c: C) => entry(c.id).attempted_at;
  const fresh = candidates.filter((c) => attempted(c) === undefined).sort((a, b) => cmp(a.id, b.id));
  const known = candidates.filter((c) => attempted(c) !== undefined);
  const usage = (c: C) => entry(c.id).usage;
  const hotCount = options.hotCount ?? Math.floor(allowed * HOT_SHARE);
  const hotMaxAge = options.hotMaxAgeMs ?? HOT_MAX_AGE_MS;
  const hot = [...known].sort((a, b) => usage(b) - usage(a) || cmp(a.id, b.id)).slice(0, hotCount);
  const hotIds = new Set(hot.map((c) => c.id));
  const dueHot = hot.filter((c) => nowMs - Date.parse(attempted(c)!) >= hotMaxAge);
  const rest = known.filter((c) => !hotIds.has(c.id)).sort((a, b) => cmp(attempted(a)!, attempted(b)!) || cmp(a.id, b.id));
  return [...fresh, ...dueHot, ...rest].slice(0, allowed);
}

export interface SweepOutcome {
  /** A 429 answered: the run stopped there. */
  limited: boolean;
  errors: number;
}

/** Pure: the pace after a run. A 429 or MAX_ERRORS_PER_RUN errors raise the level; a clean run lowers it. */
export function nextPace(pace: TrafficPace, outcome: SweepOutcome, now: string): TrafficPace {
  if (pace.resume_at !== null && Date.parse(now) < Date.parse(pace.resume_at)) return pace;
  if (outcome.limited || outcome.errors >= MAX_ERRORS_PER_RUN) {
    const level = Math.min(MAX_PACE_LEVEL, pace.level + 1);
    // Skip whole runs at the top level: one request a run would still knock on a closed door.
    const resume = level === MAX_PACE_LEVEL ? new Date(Date.parse(now) + 60 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
    return { level, resume_at: resume };
  }
  return { level: outcome.errors === 0 ? Math.max(0, pace.level - 1) : pace.level, resume_at: null };
}

/**
 * The edge monitor's rotation (host/cloudflare/monitor/sweep.ts), planned so that a run touches only
 * the models it reads: a cursor over the models in a fixed order (by id), a short list of the most
 * used and the small list of models in trouble, each with the minute it was last asked. No value of
 * every model is read, sorted or written (docs/operation.md, "The edge monitor's sweep"):
 * - models in trouble (degraded, outage) first, each once `troubleEveryMin` has passed since it was
 *   last asked, the longest waiting first, at most `troubleCap` a run (recovery shows within minutes);
 * - then the most used (`hot`, by how many providers OpenRouter lists), each once `hotEveryMin` passed;
 * - then the cursor: the next models after the last one it read, wrapping round, skipping the hot
 *   ones, those in trouble (each has its own turn) and any already picked. Every other model comes
 *   round once per turn of the cursor. A run that can ask more than that asks the rest too.
 */
export interface CursorState {
  /** The last model the cursor asked (null: start from the first). */
  cursor: string | null;
  /** The most used models: the minute each was last asked. */
  hot: Record<string, number>;
  /** The models in trouble: the minute each was last asked. */
  trouble: Record<string, number>;
}

export interface CursorOptions {
  hotEveryMin: number;
  troubleEveryMin: number;
  troubleCap: number;
}

export type PickClass = 'trouble' | 'hot' | 'cursor';

export interface CursorPick {
  id: string;
  class: PickClass;
}

/**
 * Ids in ascending order (JavaScript's string order), read one at a time: an array, or the sweep's
 * models asset read lazily (host/cloudflare/monitor/sweep-asset.ts), so a run decodes only the
 * ids its binary searches and its cursor visit.
 */
export interface SortedIds {
  readonly length: number;
  at(index: number): string | undefined;
}

/** The index of the first id in `sorted` after `id` (binary search; `sorted` ascending). */
export function indexAfter(sorted: SortedIds, id: string | null): number {
  if (id === null) return 0;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted.at(mid)! <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `id` is in `sorted`, or -1 (binary search). */
export function indexOfId(sorted: SortedIds, id: string): number {
  const at = indexAfter(sorted, id) - 1;
  return at >= 0 && sorted.at(at) === id ? at : -1;
}

/** Whether `id` is one of `sorted` (binary search). */
export function holds(sorted: SortedIds, id: string): boolean {
  return indexOfId(sorted, id) >= 0;
}

/** Pure: the models this run asks, in order. `ids` sorted ascending (read only where the run looks); `hot` a subset of them. */
export function planCursorSweep(ids: SortedIds, hot: readonly string[], state: CursorState, nowMinute: number, allowed: number, options: CursorOptions): CursorPick[] {
  if (allowed <= 0) return [];
  const picks: CursorPick[] = [];
  const picked = new Set<string>();
  const due = (last: number | undefined, every: number) => last === undefined || nowMinute - last >= every;
  const take = (id: string, cls: PickClass) => (picks.push({ id, class: cls }), picked.add(id));
  const trouble = Object.entries(state.trouble)
    .filter(([, last]) => due(last, options.troubleEveryMin))
    .sort(([a, x], [b, y]) => x - y || (a < b ? -1 : 1));
  for (const [id] of trouble.slice(0, Math.min(options.troubleCap, allowed))) take(id, 'trouble');
  const hotDue = hot.filter((id) => !picked.has(id) && due(state.hot[id], options.hotEveryMin)).sort((a, b) => (state.hot[a] ?? -1) - (state.hot[b] ?? -1));
  for (const id of hotDue) if (picks.length < allowed) take(id, 'hot');
  const hotSet = new Set(hot);
  const start = indexAfter(ids, state.cursor);
  for (let step = 0; step < ids.length && picks.length < allowed; step += 1) {
    const id = ids.at((start + step) % ids.length)!;
    if (!hotSet.has(id) && !picked.has(id) && state.trouble[id] === undefined) take(id, 'cursor');
  }
  // A run that can ask more than is due (a catalog smaller than a run) asks the rest too: every model, every run.
  for (let at = 0; at < ids.length && picks.length < allowed; at += 1) {
    const id = ids.at(at)!;
    if (!picked.has(id)) take(id, hotSet.has(id) ? 'hot' : 'trouble');
  }
  return picks;
}
