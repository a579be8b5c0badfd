/** Dates and times as the API publishes them: `YYYY-MM-DD` and ISO 8601 UTC to the second. */

/** From this year on, upstream retirement dates are placeholders (OpenRouter uses 2098-12-31). */
export const PLACEHOLDER_YEAR = 2090;

export type DateResult = { ok: true; value: string | null } | { ok: false; reason: string };

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** An upstream retirement date: a real calendar date, or null for none/placeholder. */
export function normalizeRetirementDate(raw: string | null | undefined): DateResult {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: null };
  const value = raw.trim().slice(0, 10);
  if (!isCalendarDate(value)) return { ok: false, reason: `retirement date is not YYYY-MM-DD: ${JSON.stringify(raw)}` };
  if (Number(value.slice(0, 4)) >= PLACEHOLDER_YEAR) return { ok: true, value: null };
  return { ok: true, value };
}

/** `2026-08-01T00:00:00Z`: ISO 8601 UTC without milliseconds. */
export function isoSecond(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function parseIsoTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
