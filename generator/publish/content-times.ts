/**
 * When each published response last changed, kept by `update` in the content times
 * (store/content-store.ts) and read by `build`. Pure.
 *
 * `update` fingerprints every response it would publish and, for a fingerprint it has not seen
 * for that path, records the run's time: that is the response's `meta.updated_at`. `build` copies
 * the recorded time when the fingerprint still matches, so equal content keeps equal bytes run
 * after run. Content that `update` never saw (data/ edited by hand since the last run) gets the
 * last run's time, which keeps the build a pure function of data/.
 *
 * The same run decides the data's `as_of` (docs/api.md, "One as-of"): the time of the newest run
 * at which what the catalog responses say changed materially, each run judging the day-dependent
 * facts (retired, the 90-day window…) at its own time. A retirement date passing is then a change
 * like any other and moves `as_of`; a run that changes nothing keeps it, and every byte.
 */
import type { Fingerprints } from './fingerprint.js';

export interface ContentEntry {
  /** Fingerprint of everything the response says (see fingerprint.ts). */
  content: string;
  /** The run that first published this content. */
  updated_at: string;
  /** Fingerprint of what is worth a deploy; equal to `content` for most files. */
  material: string;
  /** The run that first saw this material fingerprint. */
  material_at: string;
}

export interface ContentState {
  /** The time of the last `update` run: a later run may not claim an earlier time. */
  last_run_at: string | null;
  /** The data's as-of time: the last run at which the catalog responses changed materially (null before the first). */
  as_of: string | null;
  files: Record<string, ContentEntry>;
}

export const EMPTY_CONTENT_STATE: ContentState = { last_run_at: null, as_of: null, files: {} };

/** Responses that change with every run by nature: the freshness set (index.json and the status files). */
export function isFreshnessResponse(path: string): boolean {
  // `fastest` ranks by live figures: its order moves with them, never the catalog's as-of.
  return path === 'api/v1/index.json' || path === 'api/v1/status.json' || path.startsWith('api/v1/status/') || path === 'api/v1/fastest.json';
}

/** Whether some catalog response (outside the freshness set) changed materially, appeared or went. */
export function catalogChanged(previous: ContentState, current: ReadonlyMap<string, Fingerprints>): boolean {
  let known = 0;
  for (const [path, fp] of current) {
    if (isFreshnessResponse(path)) continue;
    const before = previous.files[path];
    if (before === undefined || before.material !== fp.material) return true;
    known += 1;
  }
  return Object.keys(previous.files).filter((path) => !isFreshnessResponse(path)).length !== known;
}

/**
 * Pure: the as-of time after a run at `now` whose responses, judged at `now`, are `current`: the
 * run's own time where the catalog changed materially (or none was recorded yet), else the last one.
 */
export function asOfAfterRun(previous: ContentState, current: ReadonlyMap<string, Fingerprints>, now: string): string {
  return previous.as_of === null || catalogChanged(previous, current) ? now : previous.as_of;
}

/** Pure: the state after a run at `now` that would publish `current`; paths no longer published are dropped. */
export function nextContentState(previous: ContentState, current: ReadonlyMap<string, Fingerprints>, now: string): ContentState {
  const files: Record<string, ContentEntry> = {};
  for (const path of [...current.keys()].sort()) {
    const fp = current.get(path)!;
    const before = previous.files[path];
    files[path] = {
      content: fp.content,
      updated_at: before !== undefined && before.content === fp.content ? before.updated_at : now,
      material: fp.material,
      material_at: before !== undefined && before.material === fp.material ? before.material_at : now,
    };
  }
  return { last_run_at: now, as_of: asOfAfterRun(previous, current, now), files };
}

/** The `updated_at` build publishes for a response: the recorded time while the content matches. */
export function updatedAtFor(state: ContentState, path: string, content: string, fallback: string): string {
  const entry = state.files[path];
  return entry !== undefined && entry.content === content ? entry.updated_at : fallback;
}

/** Paths whose material fingerprint changed after `since` (all of them when nothing was published yet). */
export function materialChangesSince(state: ContentState, since: string | null): string[] {
  return Object.entries(state.files)
    .filter(([, entry]) => since === null || entry.material_at > since)
    .map(([path]) => path)
    .sort();
}
