/**
 * One offer's price history, as its source showed it (pure): every distinct price, from when it
 * was first seen, never thrown away (docs/data.md, "History").
 *
 * - A price is a point `at` the time it was first seen; where the source dates it
 *   (genai-prices' `start_date`), `source_date` says so and the point is at that day when it is
 *   after the old price was last seen (a change seen between two reads is dated by the source).
 * - A change carries `previous_seen_at`: when the old price was last seen (the read before), so
 *   the window in which it happened is known.
 * - An offer that leaves its source keeps its history; its last point gets `last_seen_at`. Seen
 *   again at the same price, the mark goes; at another, the new point's window starts there.
 * - A price dated ahead is a point at its day, replaced at every read by what the source then says
 *   (an announcement withdrawn before its day never happened); the build shows it as upcoming.
 */
import { priceInForce, startOfDay, upcomingPrices } from './dated-prices.js';
import { samePrices } from './price.js';
import type { DatedPrice } from '../sources/facts.js';
import type { OfferPoint, TokenPrices } from './types.js';

export type { OfferPoint };


const pricesOf = (p: TokenPrices): TokenPrices => ({ input: p.input, output: p.output, cache_read: p.cache_read, cache_write: p.cache_write });

/**
 * The history after one read that shows the offer: `schedule` is what the source says now (one
 * undated entry for a plain price), `seenBefore` when the offer was last seen before this read
 * (null when never, or unknown).
 */
export function observeOffer(history: readonly OfferPoint[], schedule: readonly DatedPrice[], now: string, seenBefore: string | null): OfferPoint[] {
  const current = priceInForce(schedule, now);
  if (current === undefined) return [...history];
  const past = history.filter((p) => p.at <= now).map((p) => ({ ...p }));
  const last = past.at(-1);
  const sourceDate = current.start_date === null ? {} : { source_date: current.start_date };
  if (last === undefined) {
    past.push({ at: now, ...pricesOf(current.price), ...sourceDate });
  } else if (!samePrices(last, current.price)) {
    const before = last.last_seen_at ?? seenBefore;
    const dated = current.start_date !== null && before !== null && startOfDay(current.start_date) > before && startOfDay(current.start_date) <= now;
    past.push({ at: dated ? startOfDay(current.start_date!) : now, ...pricesOf(current.price), ...sourceDate, ...(before === null ? {} : { previous_seen_at: before }) });
  } else {
    delete last.last_seen_at;
    if (current.start_date !== null && last.source_date === undefined) last.source_date = current.start_date;
  }
  for (const ahead of upcomingPrices(schedule, now)) {
    if (!samePrices(past.at(-1)!, ahead.price)) past.push({ at: startOfDay(ahead.start_date!), ...pricesOf(ahead.price), source_date: ahead.start_date! });
  }
  return past;
}

/** The history of an offer its source no longer shows (it was last seen at `seenBefore`): kept, marked. */
export function markGone(history: readonly OfferPoint[], now: string, seenBefore: string | null): OfferPoint[] {
  const past = history.filter((p) => p.at <= now).map((p) => ({ ...p }));
  const last = past.at(-1);
  if (last !== undefined && last.last_seen_at === undefined && seenBefore !== null) last.last_seen_at = seenBefore;
  return past;
}

/** A plain price as a one-entry schedule. */
export const undated = (price: TokenPrices): DatedPrice[] => [{ start_date: null, price, price_tiers: [], time_windows: [] }];

/**
 * A price source's offer histories, by the source's key, compact: a key is stored only when its
 * history says more than "this price since the first read we recorded" (`since`), which the
 * source's facts already say. So a source read once, or one whose prices never change, costs
 * next to nothing, and a key that leaves the source is written out in full before its fact goes.
 */
export interface OfferHistoryFile {
  source: string;
  /** The first read the file records. */
  since: string;
  offers: Record<string, OfferPoint[]>;
}

/** The source's word on a key: its schedule, or its plain price; null when it prices nothing. */
export function sourceSchedule(fact: { price: TokenPrices | null; dated_prices?: DatedPrice[] } | undefined): DatedPrice[] | null {
  if (fact === undefined || fact.price === null) return null;
  return fact.dated_prices ?? undated(fact.price);
}

/** A key's whole history: what the file stores, else its fact's price since the file's first read. */
export function offerHistoryOf(file: OfferHistoryFile | undefined, key: string, fact: { price: TokenPrices | null; dated_prices?: DatedPrice[] } | undefined): OfferPoint[] {
  const stored = file?.offers[key];
  if (stored !== undefined) return stored;
  const schedule = sourceSchedule(fact);
  if (file === undefined || schedule === null) return [];
  return [{ at: file.since, ...pricesOf(priceInForce(schedule, file.since)!.price) }];
}

/** Whether a history is just its fact's price since `since` (so it need not be stored). */
function implied(history: readonly OfferPoint[], since: string): boolean {
  return history.length === 1 && history[0]!.at === since && Object.keys(history[0]!).length === 5;
}

type Priced = { source_key: string; price: TokenPrices | null; dated_prices?: DatedPrice[] };

/**
 * The file after one successful read (pure). `previous` are the facts of the read before, made at
 * `previousReadAt`: a key they priced was last seen then.
 */
export function nextOfferHistory(file: OfferHistoryFile | undefined, source: string, previous: readonly Priced[], previousReadAt: string | null, facts: readonly Priced[], now: string): OfferHistoryFile {
  const since = file?.since ?? now;
  const base: OfferHistoryFile = { source, since, offers: file?.offers ?? {} };
  const offers: Record<string, OfferPoint[]> = { ...base.offers };
  const before = new Map(previous.filter((f) => f.price !== null).map((f) => [f.source_key, f]));
  const write = (key: string, history: OfferPoint[]) => {
    if (implied(history, since)) delete offers[key];
    else offers[key] = history;
  };
  const seen = new Set<string>();
  for (const fact of facts) {
    const schedule = sourceSchedule(fact);
    if (schedule === null) continue;
    seen.add(fact.source_key);
    const history = offerHistoryOf(base, fact.source_key, before.get(fact.source_key));
    write(fact.source_key, observeOffer(history, schedule, now, before.has(fact.source_key) ? previousReadAt : null));
  }
  for (const [key, fact] of before) {
    if (!seen.has(key)) write(key, markGone(offerHistoryOf(base, key, fact), now, previousReadAt));
  }
  return { source, since, offers: Object.fromEntries(Object.entries(offers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/** The key of one OpenRouter endpoint of one model in the endpoints' history file: `<model id> <tag>`. */
export const endpointKey = (modelId: string, tag: string): string => `${modelId} ${tag}`;

/**
 * The endpoints' history file after one read of a model's endpoints list at `now` (pure);
 * `checkedBefore` is when that list was last read before. Tags that left keep their history.
 */
export function nextEndpointHistory(
  file: OfferHistoryFile | undefined,
  modelId: string,
  before: readonly { tag: string; price: TokenPrices }[],
  after: readonly { tag: string; price: TokenPrices }[],
  now: string,
  checkedBefore: string | null,
): OfferHistoryFile {
  const keyed = (items: readonly { tag: string; price: TokenPrices }[]) => items.map((e) => ({ source_key: endpointKey(modelId, e.tag), price: e.price }));
  return nextOfferHistory(file, ENDPOINTS_HISTORY, keyed(before), checkedBefore, keyed(after), now);
}

/** The history file of OpenRouter's endpoint offers (data/price-history/openrouter-endpoints.json). */
export const ENDPOINTS_HISTORY = 'openrouter-endpoints';
