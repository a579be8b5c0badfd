/**
 * How the deprecation list reads for a given day: `retired` judged against that day, upcoming
 * retirements first (soonest first), then the retired ones (newest first), ties by model id. One
 * pure implementation for the generator (the data's as-of day) and for clients and the website
 * (the reader's day). No Node.js imports here: this file runs in a browser.
 */

import { isRetired } from '../models/dates.js';

// The rule itself sits with the dates (models/lifecycle.ts judges it too); clients import it from here.
export { isRetired };

export interface DeprecationLike {
  model_id: string;
  retirement_date: string;
  retired: boolean;
}

/** The day of an as-of (`YYYY-MM-DD`, or an ISO time: its UTC date), or null. */
export function asOfDay(asOf: string | null): string | null {
  return asOf === null ? null : asOf.slice(0, 10);
}

/** Today in UTC as YYYY-MM-DD, for callers that judge against the reader's clock. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The rows with `retired` recomputed for `day` (YYYY-MM-DD; null keeps each row's own `retired`)
 * and in reading order: upcoming soonest first, then retired newest first.
 */
export function orderDeprecations<T extends DeprecationLike>(rows: readonly T[], day: string | null): T[] {
  const judged = rows.map((row) => (day === null ? row : { ...row, retired: isRetired(row.retirement_date, day) }));
  return judged.sort((a, b) => {
    if (a.retired !== b.retired) return a.retired ? 1 : -1;
    if (a.retirement_date !== b.retirement_date) return (a.retirement_date < b.retirement_date) !== a.retired ? -1 : 1;
    return a.model_id < b.model_id ? -1 : a.model_id > b.model_id ? 1 : 0;
  });
}
