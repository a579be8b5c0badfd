/** Dates and times as the API publishes them: `YYYY-MM-DD` and ISO 8601 UTC to the second. */

/** From this year on, upstream retirement dates are placeholders (OpenRouter uses 2098-12-31). */
export const PLACEHOLDER_YEAR = 2090;

export type DateResult = { ok: true; value: string | null } | { ok: false; reason: string };

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A full ISO 8601 time: date, hours and minutes, optional seconds and fraction, and a zone. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An upstream date, strictly: `YYYY-MM-DD` (a real calendar day), or a full ISO 8601 time with
 * its zone, which is converted to its UTC day (`2026-09-01T00:30:00+02:00` is 2026-08-31).
 * Anything else is refused, never cut to its first ten characters: `2026-09-01junk` is not a date,
 * and cutting `…T23:30:00-05:00` would give the wrong day.
 */
export function strictUtcDate(raw: string): string | null {
  const value = raw.trim();
  if (isCalendarDate(value)) return value;
  const time = parseIsoTime(value);
  // The date part itself must exist (Date would roll 2026-02-30 over into March).
  if (time === null || !isCalendarDate(value.slice(0, 10))) return null;
  return time.toISOString().slice(0, 10);
}

/** An upstream retirement date: a real calendar date, or null for none/placeholder. */
export function normalizeRetirementDate(raw: string | null | undefined): DateResult {
  if (raw === null || raw === undefined || raw.trim() === '') return { ok: true, value: null };
  const value = strictUtcDate(raw);
  if (value === null) return { ok: false, reason: `retirement date is not YYYY-MM-DD or a full ISO 8601 time: ${JSON.stringify(raw.slice(0, 40))}` };
  if (Number(value.slice(0, 4)) >= PLACEHOLDER_YEAR) return { ok: true, value: null };
  return { ok: true, value };
}

/** `2026-08-01T00:00:00Z`: ISO 8601 UTC without milliseconds. */
export function isoSecond(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function parseIsoTime(value: string): Date | null {
  if (!ISO_TIME.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A retirement date (YYYY-MM-DD) has passed on `day` when it is that day or earlier. */
export function isRetired(retirementDate: string, day: string): boolean {
  return retirementDate <= day;
}
