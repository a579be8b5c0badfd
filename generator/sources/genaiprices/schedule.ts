/**
 * genai-prices' conditional prices as a schedule of dated prices, each with its time-of-day
 * windows (pure). genai-prices' own rule decides which price applies at a moment: the conditional
 * prices are tried last to first, the first whose constraint holds is used (one without a
 * constraint always holds), and the first of the list when none does. This evaluates that rule
 * on every span of days between two start dates and every span of the day between two window
 * edges, so whatever the list says, the schedule says the same:
 *
 * - each start date opens a period; a period's standard price is the one in force for most of the
 *   day (DeepSeek's 00:30–16:30 UTC rate, not its cheaper fallback for the other eight hours);
 * - the other prices of the period become time windows (`HH:MM` UTC, past midnight when the end is
 *   before the start), labelled offers of their own, never the standard price.
 */
import type { TokenPrices } from '../../models/types.js';
import type { DatedPrice, PriceTier, TimeWindowPrice } from '../facts.js';
import { sameJson } from '../../text/stable-json.js';
import { TIME_OF_DAY } from './schema.js';

const DAY_MINUTES = 24 * 60;

export type Constraint = { start_date: string } | { start_minute: number; end_minute: number } | null;

export interface ConditionalReading {
  constraint: Constraint;
  prices: TokenPrices;
  tiers: PriceTier[];
}

/** `16:30:00Z` (or with an offset) → minutes after midnight UTC; null when it is not a time of day. */
export function minuteOfDay(time: string): number | null {
  const match = TIME_OF_DAY.exec(time);
  if (match === null) return null;
  let offset = 0;
  const zone = match[3];
  if (zone !== undefined && zone !== 'Z') offset = (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)));
  return (((Number(match[1]) * 60 + Number(match[2]) - offset) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

function inWindow(minute: number, start: number, end: number): boolean {
  if (start === end) return true;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** genai-prices' rule at one day (null: before every start date) and minute of the day. */
function applying(entries: readonly ConditionalReading[], day: string | null, minute: number): number {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const c = entries[i]!.constraint;
    if (c === null) return i;
    if ('start_date' in c ? day !== null && c.start_date <= day : inWindow(minute, c.start_minute, c.end_minute)) return i;
  }
  return 0;
}

/** The day cut at every window edge: [start, end) spans, the last running past midnight to the first edge. */
function daySpans(entries: readonly ConditionalReading[]): Array<{ start: number; end: number; minutes: number }> {
  const edges = [...new Set(entries.flatMap((e) => (e.constraint !== null && 'start_minute' in e.constraint ? [e.constraint.start_minute, e.constraint.end_minute] : [])))].sort((a, b) => a - b);
  if (edges.length === 0) return [{ start: 0, end: 0, minutes: DAY_MINUTES }];
  return edges.map((start, i) => {
    const end = edges[(i + 1) % edges.length]!;
    return { start, end, minutes: ((end - start + DAY_MINUTES) % DAY_MINUTES) || DAY_MINUTES };
  });
}

function period(entries: readonly ConditionalReading[], startDate: string | null): DatedPrice {
  const spans = daySpans(entries);
  // Two conditional prices that say the same are one price: spans are grouped by what they cost.
  const keyOf = (index: number) => JSON.stringify([entries[index]!.prices, entries[index]!.tiers]);
  const used = spans.map((span) => applying(entries, startDate, span.start));
  const keys = used.map(keyOf);
  const minutes = new Map<string, { minutes: number; index: number }>();
  used.forEach((index, i) => {
    const seen = minutes.get(keys[i]!);
    minutes.set(keys[i]!, { minutes: (seen?.minutes ?? 0) + spans[i]!.minutes, index: Math.min(seen?.index ?? index, index) });
  });
  // Most of the day wins; on a tie, the one listed first.
  const standard = [...minutes.values()].sort((a, b) => b.minutes - a.minutes || a.index - b.index)[0]!.index;
  const windows: TimeWindowPrice[] = [];
  // Runs of spans under one price, starting after a change so a run past midnight stays whole.
  const first = keys.findIndex((key, i) => key !== keys[(i - 1 + keys.length) % keys.length]);
  for (let k = 0; first !== -1 && k < spans.length; ) {
    const i = (first + k) % spans.length;
    let j = k;
    while (j + 1 < spans.length && keys[(first + j + 1) % spans.length] === keys[i]) j += 1;
    if (keys[i] !== keyOf(standard)) {
      const entry = entries[used[i]!]!;
      windows.push({ start: clock(spans[i]!.start), end: clock(spans[(first + j) % spans.length]!.end), price: entry.prices, price_tiers: entry.tiers });
    }
    k = j + 1;
  }
  windows.sort((a, b) => (a.start < b.start ? -1 : 1));
  const entry = entries[standard]!;
  return { start_date: startDate, price: entry.prices, price_tiers: entry.tiers, time_windows: windows };
}

/**
 * The schedule the conditional prices make, ascending by start date (the first undated); one
 * entry without windows when they amount to a single price. Consecutive periods that price the
 * same are one.
 */
export function scheduleOf(entries: readonly ConditionalReading[]): DatedPrice[] {
  if (entries.length === 0) return [];
  const dates = [...new Set(entries.flatMap((e) => (e.constraint !== null && 'start_date' in e.constraint ? [e.constraint.start_date] : [])))].sort();
  const periods: DatedPrice[] = [];
  for (const date of [null, ...dates]) {
    const next = period(entries, date);
    const last = periods.at(-1);
    if (last === undefined || !sameJson({ ...last, start_date: null }, { ...next, start_date: null })) periods.push(next);
  }
  return periods;
}
