/**
 * Prices a source dates (genai-prices' `constraint.start_date`), judged on a day. Pure.
 *
 * A schedule lists every price with the day it starts (the first has none); on a day, the price
 * in force is the last one that has started. One that starts later is an upcoming change: it is
 * published before its day and becomes the price on it, as judged on the data's as-of day.
 */
import type { DatedPrice } from '../sources/facts.js';

/** `2026-09-01` (or an ISO time) → the day, for comparing with start dates. */
export const dayOf = (time: string): string => time.slice(0, 10);

/** The entry in force on `asOf`'s day: the last one started by then (the first when none has a date yet). */
export function priceInForce(schedule: readonly DatedPrice[], asOf: string | null): DatedPrice | undefined {
  const day = asOf === null ? null : dayOf(asOf);
  let current = schedule[0];
  for (const entry of schedule) if (entry.start_date === null || (day !== null && entry.start_date <= day)) current = entry;
  return current;
}

/** The entries that start after `asOf`'s day: changes announced ahead. */
export function upcomingPrices(schedule: readonly DatedPrice[], asOf: string | null): DatedPrice[] {
  if (asOf === null) return [];
  const day = dayOf(asOf);
  return schedule.filter((entry) => entry.start_date !== null && entry.start_date > day);
}

/** The ISO time a dated price takes effect: the start of its day, UTC. */
export const startOfDay = (date: string): string => `${date}T00:00:00Z`;
