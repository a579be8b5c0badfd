/**
 * The deprecations list as the reader's day sees it: pure (the caller passes today's UTC date).
 * The API judges `retired` as of the data's day; a reader weeks later needs it judged again.
 */
import type { Deprecation } from '../types/api-types.js';
import { daysUntil } from './freshness.js';

/** Fields the data-truth work adds (#19); rows from older data lack them and still show. */
export type DeprecationRow = Deprecation & { replacement_id?: string | null; deprecated_at?: string | null };

export interface ShownDeprecation {
  row: DeprecationRow;
  /** Retired by the reader's day: the date is today or has passed (the API's own rule). */
  retired: boolean;
  /** Days from today to the retirement: negative once it has passed. */
  days: number;
  /** Our model id to link the replacement to, or null when it is only a name (or none). */
  replacementId: string | null;
}

const MODEL_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

/** `replacement_id` when the row has it; older rows named our model id in `replacement` itself. */
export function replacementId(row: DeprecationRow): string | null {
  const tracked = (row as { replacement_id?: string | null }).replacement_id;
  if (tracked !== undefined) return tracked;
  return row.replacement !== null && MODEL_ID.test(row.replacement) ? row.replacement : null;
}

/** Upcoming retirements first, soonest first; then retired ones, newest first; then by model id. */
export function orderDeprecations(rows: readonly DeprecationRow[], today: string): ShownDeprecation[] {
  const shown = rows.map((row) => {
    const days = daysUntil(row.retirement_date, today);
    return { row, retired: days <= 0, days, replacementId: replacementId(row) };
  });
  return shown.sort((a, b) => {
    if (a.retired !== b.retired) return a.retired ? 1 : -1;
    if (a.days !== b.days) return a.retired ? b.days - a.days : a.days - b.days;
    return a.row.model_id < b.row.model_id ? -1 : a.row.model_id > b.row.model_id ? 1 : 0;
  });
}

/** "today", "in 38 days", "38 days ago", "tomorrow", "yesterday". */
export function relativeDay(days: number): string {
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  return days > 0 ? `in ${days} days` : `${-days} days ago`;
}
