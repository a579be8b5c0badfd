/**
 * The offer an API name stands for in a model detail, and that offer's price in force on a day
 * (pure, no Node imports; query/resolve.ts says how a name becomes a model).
 * - The offer: of the provider's offers whose `api_names` hold the name, its standard one
 *   (curated first-party prices first, as query/cost.ts picks a provider's offer), else the first
 *   by place (data zone, region, …), never a free, time-of-day or stale one while another lists it.
 *   A place the name's form asks for (a Bedrock data zone: `us.`…) picks the provider's offer
 *   there where there is one; OpenRouter's `:free` its free variant.
 * - The price on a day: the offer's own history, each price in force from the day its source
 *   dates it (`source_date`) or, without one, from the day it was first seen; after the data's
 *   as-of day, the price in force then. Before the first price we know, every rate is unknown
 *   (null), never the earliest price; except on the maker's own standard offer, whose first price
 *   is the model's price of that day: there the model's own history (`price_history`) answers for
 *   the days before (`basis: "model"`): a dated snapshot's offer seen late, of a model priced long before.
 */
import { ResolveError } from './api-name-index.js';
import type { NamePlace } from './name-forms.js';

/** USD per 1M tokens; null or absent is unknown. */
export type Rates = { input: number | null; output: number | null; cache_read?: number | null; cache_write?: number | null };

/** The fields of an offer (`endpoints[]` of a model detail) resolution and the cost (query/cost.ts) read. */
export interface NamedOffer {
  provider: string;
  provider_name?: string;
  source: string;
  source_key?: string;
  tag?: string | null;
  kind?: string;
  region?: string | null;
  free?: boolean;
  stale?: boolean;
  time_window?: unknown;
  api_names?: string[];
  price: Rates;
  price_tiers?: Array<Rates & { min_prompt_tokens: number }> | null;
  price_history?: Array<Rates & { at: string; source_date?: string | null }>;
  first_party?: boolean;
}

export interface NamedModel {
  id: string;
  type?: unknown;
  unit_prices?: unknown;
  endpoints?: NamedOffer[];
  /** The model's own price over time (the detail's `price_history`). */
  price_history?: Array<Rates & { at: string; source_date?: string | null }>;
}

export interface PriceOnDay {
  input: number | null;
  output: number | null;
  cache_read: number | null;
  cache_write: number | null;
  /** The day this price took effect (its source's date, else when first seen); null when unknown. */
  since: string | null;
  /** Whose history it is: the offer's own, or the model's (the maker's offer before it was first seen). */
  basis: 'offer' | 'model';
}

/** Who prices a provider's offer best, as query/cost.ts's SOURCE_PRECEDENCE. */
const SOURCES = ['maker', 'genai-prices', 'litellm', 'modelsdev', 'openrouter'];
const KINDS = ['standard', 'data_zone', 'regional', 'provisioned', 'batch', 'time_window'];
const rank = (list: readonly string[], value: string) => (list.includes(value) ? list.indexOf(value) : list.length);

/** Cheapest to trust first: current before stale, paid before free, the standard place first, then the source order. */
function compareNamed(a: NamedOffer, b: NamedOffer): number {
  const flags = (o: NamedOffer) => Number(o.stale === true) * 4 + Number(o.free === true) * 2 + Number((o.time_window ?? null) !== null);
  return (
    flags(a) - flags(b) ||
    rank(KINDS, a.kind ?? 'standard') - rank(KINDS, b.kind ?? 'standard') ||
    Number((a.region ?? null) !== null) - Number((b.region ?? null) !== null) ||
    rank(SOURCES, a.source) - rank(SOURCES, b.source) ||
    Number(typeof a.tag === 'string' && a.tag.includes('/')) - Number(typeof b.tag === 'string' && b.tag.includes('/')) ||
    ((a.source_key ?? '') < (b.source_key ?? '') ? -1 : (a.source_key ?? '') > (b.source_key ?? '') ? 1 : 0)
  );
}

/**
 * The provider's offer the name stands for, or `not_offered` (the index and the detail disagree: a
 * newer or older file). `place`: where the name's form asks to be priced (name-forms.ts).
 */
export function namedOffer(model: NamedModel, provider: string, name: string, place: NamePlace | null = null): NamedOffer {
  const own = (model.endpoints ?? []).filter((o) => o.provider === provider);
  if (place?.free === true) {
    const free = own.filter((o) => o.free === true).sort(compareNamed)[0];
    if (free === undefined) throw new ResolveError('not_offered', `${model.id} has no free ${provider} variant`);
    return free;
  }
  if (place?.zone != null && place.zone !== 'global') {
    const zoned = own.filter((o) => o.region === place.zone && (o.kind === 'data_zone' || o.kind === 'regional') && o.free !== true).sort(compareNamed)[0];
    if (zoned !== undefined) return zoned;
  }
  const listing = own.filter((o) => Array.isArray(o.api_names) && o.api_names.includes(name));
  if (listing.length === 0) throw new ResolveError('not_offered', `${model.id} lists no ${provider} offer named ${JSON.stringify(name)}`);
  return [...listing].sort(compareNamed)[0]!;
}

type Point = Rates & { at: string; source_date?: string | null };
const effectiveDay = (p: Point) => (typeof p.source_date === 'string' ? p.source_date : p.at.slice(0, 10));
const rate = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const ratesOf = (p: Rates, since: string | null, basis: PriceOnDay['basis'] = 'offer'): PriceOnDay => ({ input: rate(p.input), output: rate(p.output), cache_read: rate(p.cache_read), cache_write: rate(p.cache_write), since, basis });
const byDay = (points: readonly Point[]) => [...points].filter((p) => typeof p?.at === 'string').sort((a, b) => (effectiveDay(a) < effectiveDay(b) ? -1 : effectiveDay(a) > effectiveDay(b) ? 1 : 0));

/**
 * The offer's price in force on `day` (YYYY-MM-DD); `asOfDay` is the data's day: on or after it
 * (or with no day), the offer's price now. `current` tells whether it is the offer's current price,
 * whose context tiers apply (an older price's tiers are not published: unknown).
 */
export function offerPriceOn(offer: NamedOffer, day: string | null, asOfDay: string | null): PriceOnDay & { current: boolean } {
  const points = byDay(offer.price_history ?? []);
  const latest = points.at(-1);
  if (day === null || (asOfDay !== null && day >= asOfDay) || points.length === 0) {
    return { ...ratesOf(offer.price, latest === undefined ? null : effectiveDay(latest)), current: true };
  }
  const inForce = points.filter((p) => effectiveDay(p) <= day).at(-1);
  if (inForce === undefined) return { input: null, output: null, cache_read: null, cache_write: null, since: null, basis: 'offer', current: false };
  return { ...ratesOf(inForce, effectiveDay(inForce)), current: inForce === latest };
}

const sameRate = (a: unknown, b: unknown) => rate(a) !== null && rate(b) !== null && Math.abs(rate(a)! - rate(b)!) <= 1e-9 * Math.max(1, Math.abs(rate(a)!));

/**
 * offerPriceOn, and before the offer's first known price on the maker's own standard offer, the
 * model's price of that day where the model's price, on the day the offer was first seen, was the
 * offer's (input and output): the model's history speaks for the offer's days before it.
 */
export function priceOnDay(model: NamedModel, offer: NamedOffer, day: string | null, asOfDay: string | null): PriceOnDay & { current: boolean } {
  const own = offerPriceOn(offer, day, asOfDay);
  const first = byDay(offer.price_history ?? [])[0];
  const makers = offer.first_party === true && (offer.kind ?? 'standard') === 'standard' && (offer.region ?? null) === null && offer.free !== true;
  if (own.since !== null || own.current || day === null || first === undefined || !makers) return own;
  const history = byDay(model.price_history ?? []);
  const then = history.filter((p) => effectiveDay(p) <= effectiveDay(first)).at(-1);
  if (then === undefined || !sameRate(then.input, first.input) || !sameRate(then.output, first.output)) return own;
  const inForce = history.filter((p) => effectiveDay(p) <= day).at(-1);
  return inForce === undefined ? own : { ...ratesOf(inForce, effectiveDay(inForce), 'model'), current: false };
}
