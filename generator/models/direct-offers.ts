/**
 * The offers the price sources (genai-prices, LiteLLM, models.dev) list for one model, as of a
 * day (pure): each at the price in force on `asOf` (a price genai-prices dates ahead is in force
 * from its day on, and until then an upcoming change of the offer), with its context tiers, its
 * curators' check date, its own price history up to `asOf`, and genai-prices' time-of-day prices
 * as offers of their own (`time_window`), never the standard one.
 */
import { priceInForce, upcomingPrices } from './dated-prices.js';
import { offerHistoryOf, type OfferHistoryFile } from './offer-history.js';
import type { OfferPoint, TokenPrices } from './types.js';
import type { DatedPrice, PriceSource, PriceTier } from '../sources/facts.js';
import type { MatchedFacts } from '../sources/identity.js';

/** One provider's offer of the model, as a price source lists it. */
export interface DirectOffer {
  /** `maker`: the maker's own page, where its word stands and no price source's record says it (models/witness/). */
  source: PriceSource | 'maker';
  provider: string;
  source_key: string;
  first_party: boolean;
  price: TokenPrices;
  price_tiers: PriceTier[];
  context_length: number | null;
  max_output: number | null;
  /** When this provider retires its copy (for the author's own offer: the model's date). */
  retirement_date: string | null;
  /** The day the source's curators last checked the price, where it says. */
  prices_checked: string | null;
  /**
   * Every price the offer showed up to the as-of day, oldest first (empty for a time window); once
   * judged by its witnesses (models/witness/), its judged history, each point saying whether it is news.
   */
  price_history: Array<OfferPoint & { change?: boolean; stated?: boolean }>;
  /** The day the price in force started, where the source dates it. */
  source_date: string | null;
  /** Prices the source dates after the as-of day, ascending (the standard offer's only). */
  upcoming: DatedPrice[];
  /** The daily window this price holds in (UTC), for a time-of-day price; null for the others. */
  time_window: { start: string; end: string } | null;
  /** The source's whole schedule (genai-prices), for judging the headline; absent for plain prices. */
  schedule?: DatedPrice[];
  /** Once judged: every source that witnessed the offer's place (its records, OpenRouter, the maker's page). */
  witnesses?: string[];
  /** The maker's page, for a `maker` offer. */
  source_url?: string;
}

type PricedFact = MatchedFacts & { price: TokenPrices; provider: string; source: PriceSource };

/** The offers one priced fact makes on `asOf`: its standard offer, and one per time window. */
function offersOf(fact: PricedFact, asOf: string | null, history: OfferHistoryFile | undefined): DirectOffer[] {
  const schedule = fact.dated_prices;
  const current = schedule === undefined ? undefined : priceInForce(schedule, asOf);
  const standard: DirectOffer = {
    source: fact.source,
    provider: fact.provider,
    source_key: fact.source_key,
    first_party: fact.match.first_party,
    price: current?.price ?? fact.price,
    price_tiers: current?.price_tiers ?? fact.price_tiers,
    context_length: fact.context_length,
    max_output: fact.max_output,
    retirement_date: fact.retirement_date,
    prices_checked: fact.prices_checked ?? null,
    price_history: noTokenPrice(fact.price) ? [] : offerHistoryOf(history, fact.source_key, fact).filter((p) => asOf === null || p.at <= asOf),
    source_date: current?.start_date ?? null,
    upcoming: schedule === undefined ? [] : upcomingPrices(schedule, asOf),
    time_window: null,
    ...(schedule === undefined ? {} : { schedule }),
  };
  const windows = (current?.time_windows ?? []).map((w) => ({ ...standard, price: w.price, price_tiers: w.price_tiers, price_history: [], upcoming: [], time_window: { start: w.start, end: w.end } }));
  for (const window of windows) delete window.schedule;
  return [standard, ...windows];
}

/**
 * A model sold only by its input (an embedding's `input_only_price`) is an offer at that input
 * price, its output price unknown; the maker's own record of one sold only per unit (`whisper-1`
 * per minute of audio, `dall-e-3` per image) an offer with every token price unknown, so its names
 * resolve to the model's unit prices, which are the maker's (models/model-kind.ts). A reseller's
 * per-unit price is no such offer: the model's unit prices are not its.
 */
function withInputOnly(fact: MatchedFacts): MatchedFacts {
  if (fact.price !== null) return fact;
  if (fact.input_only_price !== undefined) return { ...fact, price: { input: fact.input_only_price, output: null, cache_read: null, cache_write: null } };
  if (fact.match.first_party && (fact.unit_prices?.length ?? 0) > 0) return { ...fact, price: { input: null, output: null, cache_read: null, cache_write: null } };
  return fact;
}

const noTokenPrice = (p: TokenPrices) => p.input === null && p.output === null && p.cache_read === null && p.cache_write === null;

/** Every priced offer the price sources list for the model, on `asOf`, in source then key order. */
export function directOffers(priced: readonly MatchedFacts[], asOf: string | null, histories: Partial<Record<PriceSource, OfferHistoryFile>>): DirectOffer[] {
  return priced
    .map(withInputOnly)
    .filter((f): f is PricedFact => f.price !== null && f.provider !== null)
    .flatMap((f) => offersOf(f, asOf, histories[f.source]));
}
