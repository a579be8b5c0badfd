/**
 * A model's headline price and its history, as of a day (pure; docs/data.md, "Sources and
 * precedence" and "History").
 *
 * - The headline is OpenRouter's listed price, except where it is older news: the maker's own
 *   offer (genai-prices) dates a change that took effect (on or before `asOf`) after OpenRouter was
 *   last read, and OpenRouter still shows another price. From that day on the maker's price is the
 *   headline (Claude Sonnet 5: $2/$10 until 2026-08-31, $3/$15 from 2026-09-01, while OpenRouter
 *   was last read on 2026-08-01).
 * - The history reaches back to the earliest price any source showed: the maker's own offer's
 *   prices from before the model entered our catalog come first. Each entry names its source.
 * - A change of which source sets the headline is never a price change (`change: false`); a change
 *   of the maker's dated price is one, where the price it replaced is the one the headline showed;
 *   a move of the maker's offer is one only where its witnesses make it one (models/witness/: a
 *   correction is gone from its history, a move one source alone made is its word, not news).
 * - The maker's prices dated after `asOf` are upcoming changes, listed ahead of their day.
 */
import { startOfDay } from '../models/dated-prices.js';
import type { DirectOffer } from '../models/facts-merge.js';
import { samePriceAtPrecision, samePrices } from '../models/price.js';
import type { PricePoint, TokenPrices } from '../models/types.js';
import type { DatedPrice, PriceTier } from '../sources/facts.js';
import type { OfferSource } from '../types/api-types.js';

export interface HeadlinePoint extends PricePoint {
  source: OfferSource;
  source_date: string | null;
  /** A change of the price itself (input or output), not of the source that sets the headline. */
  change: boolean;
}

export interface UpcomingChange {
  at: string;
  previous: TokenPrices;
  current: TokenPrices;
  source: OfferSource;
  source_date: string;
}

export interface Headline {
  history: HeadlinePoint[];
  upcoming: UpcomingChange[];
  /** The headline's tiers, where the maker's dated price took over (else the record's own stand). */
  tiers: PriceTier[] | null;
  source: OfferSource;
}

const pricesOf = (p: TokenPrices): TokenPrices => ({ input: p.input, output: p.output, cache_read: p.cache_read, cache_write: p.cache_write });
const sameTokenPrices = (a: TokenPrices, b: TokenPrices) => samePriceAtPrecision(a.input, b.input) && samePriceAtPrecision(a.output, b.output);
const inputOutputMoved = (a: TokenPrices, b: TokenPrices) => a.input !== b.input || a.output !== b.output;
/** A move of the maker's offer is news where its witnesses say so (models/witness/), never a correction or one source's word alone. */
const isNews = (before: TokenPrices, after: TokenPrices & { change?: boolean }) => inputOutputMoved(before, after) && after.change !== false;

/** The schedule entry in force just before `entry` (the one listed before it). */
function before(schedule: readonly DatedPrice[], entry: DatedPrice): DatedPrice | undefined {
  return schedule[schedule.indexOf(entry) - 1];
}

/** The maker's offer as the whole headline: its history (else its price since the model was first seen), its tiers, its upcoming changes. */
function makerHeadline(maker: DirectOffer, firstSeen: string | null): Headline {
  const points = maker.price_history.length > 0 ? maker.price_history : firstSeen === null ? [] : [{ at: firstSeen, ...pricesOf(maker.price) }];
  const history: HeadlinePoint[] = points.map((p, i) => ({
    ...pricesOf(p),
    at: p.at,
    ...(p.previous_seen_at === undefined ? {} : { previous_seen_at: p.previous_seen_at }),
    source: p.stated === true ? 'maker' : maker.source,
    source_date: ('source_date' in p ? p.source_date : undefined) ?? null,
    change: i > 0 && isNews(points[i - 1]!, p),
  }));
  return { history, upcoming: upcomingOf(maker), tiers: maker.price_tiers, source: maker.source };
}

/** The maker's prices dated after the as-of day that change input or output: upcoming changes. */
function upcomingOf(maker: DirectOffer | undefined): UpcomingChange[] {
  const schedule = maker?.schedule ?? [];
  return (maker?.upcoming ?? []).flatMap((entry) => {
    const replaced = before(schedule, entry);
    return replaced === undefined || !inputOutputMoved(replaced.price, entry.price)
      ? []
      : [{ at: startOfDay(entry.start_date!), previous: pricesOf(replaced.price), current: pricesOf(entry.price), source: maker!.source, source_date: entry.start_date! }];
  });
}

/**
 * `maker`: the model's maker's own standard offer (genai-prices first), if any; `openrouterReadAt`:
 * when OpenRouter last showed the model's price (its last read, or when it delisted the model).
 */
export function headlineOf(record: { price_history: readonly PricePoint[]; first_seen_at?: string; origin?: 'first-party' }, maker: DirectOffer | undefined, openrouterReadAt: string | null, asOf: string | null): Headline {
  // A model OpenRouter never priced (a maker's own, origin first-party): its maker's offer is the headline, history and all.
  if (record.origin === 'first-party' && record.price_history.length === 0 && maker !== undefined) return makerHeadline(maker, record.first_seen_at ?? null);
  const catalog = record.price_history;
  const entered = catalog[0]?.at;
  const history: HeadlinePoint[] = [];
  // The maker's prices from before the model entered the catalog (only where OpenRouter prices it at all).
  if (maker !== undefined && entered !== undefined) {
    for (const p of maker.price_history.filter((point) => point.at < entered)) {
      const last = history.at(-1);
      history.push({ ...pricesOf(p), at: p.at, ...(p.previous_seen_at === undefined ? {} : { previous_seen_at: p.previous_seen_at }), source: p.stated === true ? 'maker' : maker.source, source_date: p.source_date ?? null, change: last !== undefined && isNews(last, p) });
    }
  }
  catalog.forEach((p, i) => {
    const last = history.at(-1);
    // Where the catalog takes over at the price the maker showed, nothing changed: no entry.
    if (i === 0 && last !== undefined && samePrices(last, p)) return;
    history.push({ ...p, source: 'openrouter', source_date: null, change: i > 0 && inputOutputMoved(catalog[i - 1]!, p) });
  });
  let tiers: PriceTier[] | null = null;
  let source: OfferSource = 'openrouter';
  const schedule = maker?.schedule ?? [];
  const current = history.at(-1);
  const takeover = schedule.filter((e) => e.start_date !== null && asOf !== null && openrouterReadAt !== null && startOfDay(e.start_date) > openrouterReadAt && startOfDay(e.start_date) <= asOf);
  const lastTakeover = takeover.at(-1);
  if (maker !== undefined && current !== undefined && lastTakeover !== undefined && !sameTokenPrices(current, lastTakeover.price)) {
    takeover.forEach((entry, i) => {
      const last = history.at(-1)!;
      if (samePrices(last, entry.price)) return;
      const replaced = before(schedule, entry);
      // The first dated change is a price change where the price it replaced is the one the headline showed.
      const change = i === 0 ? replaced !== undefined && sameTokenPrices(replaced.price, last) && inputOutputMoved(last, entry.price) : inputOutputMoved(last, entry.price);
      const at = startOfDay(entry.start_date!);
      history.push({ ...pricesOf(entry.price), at, previous_seen_at: at, source: maker.source, source_date: entry.start_date, change });
    });
    tiers = lastTakeover.price_tiers;
    source = maker.source;
  }
  return { history, upcoming: upcomingOf(maker), tiers, source };
}
