/**
 * How often the edge monitor's sweep reads each class of model, for `npm run bench`: the pure
 * rotation (status/sweep-rotation.ts `planCursorSweep`, with the sweep's own options) replayed
 * minute after minute, every request answered, the models in trouble those the world says. What
 * it leaves out: a new isolate's first run asks a quarter as many (a few runs a day), and failures.
 */
import { planCursorSweep, type CursorState, type SortedIds } from '../status/sweep-rotation.js';
import { HOT_COUNT, HOT_EVERY_MIN, TROUBLE_CAP, TROUBLE_EVERY_MIN } from '../host/cloudflare/monitor/sweep.js';

export interface ClassCadence {
  models: number;
  /** Minutes between two reads of a model: the median and the longest seen. */
  medianMin: number;
  maxMin: number;
}

export interface SweepCadence {
  perRun: number;
  trouble: ClassCadence;
  hot: ClassCadence;
  others: ClassCadence;
}

/** Replays `minutes` runs after one warm-up turn of the cursor; `sorted` the ids in order, `mostUsed` the asset's ranking. */
export function sweepCadence(sorted: SortedIds, mostUsed: readonly string[], inTrouble: ReadonlySet<string>, perRun: number, minutes = 600): SweepCadence {
  const ids = Array.from({ length: sorted.length }, (_, at) => sorted.at(at)!);
  const hot = mostUsed.slice(0, HOT_COUNT);
  const state: CursorState = { cursor: null, hot: {}, trouble: {} };
  const last = new Map<string, number>();
  const gaps = new Map<string, number[]>();
  const warmUp = Math.ceil(ids.length / Math.max(1, perRun)) + 1;
  for (let minute = 0; minute < warmUp + minutes; minute += 1) {
    for (const pick of planCursorSweep(ids, hot, state, minute, perRun, { hotEveryMin: HOT_EVERY_MIN, troubleEveryMin: TROUBLE_EVERY_MIN, troubleCap: TROUBLE_CAP })) {
      if (pick.class === 'cursor') state.cursor = pick.id;
      if (hot.includes(pick.id)) state.hot[pick.id] = minute;
      if (inTrouble.has(pick.id)) state.trouble[pick.id] = minute;
      const before = last.get(pick.id);
      if (before !== undefined && minute >= warmUp) gaps.set(pick.id, [...(gaps.get(pick.id) ?? []), minute - before]);
      last.set(pick.id, minute);
    }
  }
  const hotSet = new Set(hot);
  const of = (members: string[]): ClassCadence => {
    const all = members.flatMap((id) => gaps.get(id) ?? [Infinity]).sort((a, b) => a - b);
    return { models: members.length, medianMin: all[Math.floor(all.length / 2)] ?? 0, maxMin: all[all.length - 1] ?? 0 };
  };
  return {
    perRun,
    trouble: of(ids.filter((id) => inTrouble.has(id))),
    hot: of(ids.filter((id) => hotSet.has(id) && !inTrouble.has(id))),
    others: of(ids.filter((id) => !hotSet.has(id) && !inTrouble.has(id))),
  };
}
