/**
 * Dates as the makers write them on their deprecation pages, read as what they say and never
 * guessed: `June 15, 2026`, `Jun 15, 2026`, `2026-06-15` (also with U+2011 non-breaking hyphens)
 * are dates; `Not sooner than June 9, 2027` and `at earliest 2024-06-13` are earliest dates, not
 * retirement dates; `N/A`, `To be announced`, `No shutdown date announced` are no date; anything
 * else is unreadable, and the adapter reports it.
 */
import { isCalendarDate } from '../../models/dates.js';

export type LifecycleDate =
  | { kind: 'exact'; date: string }
  | { kind: 'not_before'; date: string }
  | { kind: 'none'; reason: string }
  | { kind: 'unreadable'; text: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Hyphen look-alikes and no-break spaces as plain ones; markup and spaces collapsed. */
export function normalizeDateText(text: string): string {
  return text
    .replace(/[\u2010\u2011\u2012\u2013\u2014\u2212]/g, '-')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/[`*]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One calendar date in a form the pages use, or null. */
export function readCalendarDate(text: string): string | null {
  const value = normalizeDateText(text);
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return isCalendarDate(value) ? value : null;
  const named = /^([A-Za-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/.exec(value);
  if (named === null) return null;
  const word = named[1]!.toLowerCase();
  const month = word === 'sept' ? 8 : Math.max(MONTHS.indexOf(word), MONTH_NAMES.indexOf(word));
  if (month === -1) return null;
  const date = `${named[3]}-${String(month + 1).padStart(2, '0')}-${named[2]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}


const NO_DATE: ReadonlyArray<[RegExp, string]> = [
  [/^(n\/a|none|-+|—|–)?$/i, 'no date given'],
  [/^(to be announced|tba|tbd)\.?$/i, 'to be announced'],
  [/^no (shutdown|retirement) date( announced)?\.?$/i, 'no shutdown date announced'],
];

export function readLifecycleDate(text: string | null): LifecycleDate {
  if (text === null) return { kind: 'none', reason: 'no date given' };
  const value = normalizeDateText(text);
  for (const [pattern, reason] of NO_DATE) if (pattern.test(value)) return { kind: 'none', reason };
  const exact = readCalendarDate(value);
  if (exact !== null) return { kind: 'exact', date: exact };
  const earliest = /^(?:not sooner than|no sooner than|not before|at (?:the )?earliest)\s+(.+)$/i.exec(value) ?? /^(.+?),? at the earliest$/i.exec(value);
  if (earliest !== null) {
    const date = readCalendarDate(earliest[1]!);
    if (date !== null) return { kind: 'not_before', date };
  }
  return { kind: 'unreadable', text: value };
}
