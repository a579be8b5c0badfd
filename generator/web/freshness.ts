/**
 * How old the data is for the person reading it: pure (the caller passes the reader's clock), so
 * the page and its tests agree on what "stale" means.
 */

/**
 * How often the scheduled refresh runs (`.github/workflows/refresh.yml`: four times an hour; a test
 * keeps the two in step). Data older than twice that missed at least one refresh.
 */
export const REFRESH_MINUTES = 15;
export const STALE_AFTER_MS = 2 * REFRESH_MINUTES * 60_000;

/** "1 entry", "2 entries", "0 models". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Milliseconds from `at` to the reader's `nowMs`; a time ahead of a slow clock counts as just now. */
export function ageMs(at: string | null | undefined, nowMs: number): number | null {
  if (at === null || at === undefined) return null;
  const then = Date.parse(at);
  return Number.isNaN(then) ? null : Math.max(0, nowMs - then);
}

/** An age in the largest unit that stays readable: "less than a minute", "12 minutes", "5 hours", "69 days". */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 120) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}

export interface DataAge {
  /** The age as words, or null when there is no time at all. */
  age: string | null;
  /** Older than twice the refresh cadence (no time at all is not stale: it is "no data yet"). */
  stale: boolean;
}

export function dataAge(at: string | null | undefined, nowMs: number): DataAge {
  const ms = ageMs(at, nowMs);
  return { age: ms === null ? null : formatAge(ms), stale: ms !== null && ms > STALE_AFTER_MS };
}

/** The newest of some times (ISO strings compare in time order), or null. */
export function newestTime(...times: Array<string | null | undefined>): string | null {
  return times.filter((t): t is string => typeof t === 'string').sort().at(-1) ?? null;
}

/** The reader's UTC date (YYYY-MM-DD): the API's dates are UTC days. */
export function utcDate(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** Whole days from `today` to `date` (both YYYY-MM-DD): negative when it has passed. */
export function daysUntil(date: string, today: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
