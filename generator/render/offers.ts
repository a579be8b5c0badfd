/**
 * Every offer of a model we know, in one shape, cheapest first: OpenRouter's provider endpoints
 * (and its free variant) and the direct offers genai-prices, LiteLLM and models.dev list (the
 * author's own API, Bedrock, Vertex, Azure, Groq, Together…), matched by the identity rules. Pure.
 *
 * - Providers carry one canonical id across sources (sources/providers.ts) and a display name;
 *   OpenRouter's endpoints keep their tag (`fireworks/fast` beside `fireworks`).
 * - Each direct offer has a kind: a provider's headline (`standard`) offer is the cheapest standard
 *   key of the first source that lists the provider, in the order genai-prices (the makers' own
 *   prices, checked by people), LiteLLM (it carries dated retirements), models.dev; regional,
 *   data-zone, provisioned, batch, fine-tune and time-window prices are listed with their
 *   `region`, `kind` and `time_window`, one per provider, kind, region and window, never headline.
 * - First party first: where genai-prices lists a provider's standard offer, it stands for that
 *   offer; OpenRouter's plain endpoint of the same provider (its tag is the provider's, no variant)
 *   is not listed beside it (update reports where the two disagree).
 *   OpenRouter's other endpoints are offers of their own (routed by OpenRouter).
 * - Prices are compared at PRICE_COMPARISON_DIGITS significant digits, so conversion noise
 *   ($2.99999/$15.00002 against $3/$15) never picks an offer: a tie goes to the maker's own
 *   offer, then to the source in the order above.
 * - OpenRouter is a provider too: its own listing of the model (provider `openrouter`, its listed
 *   price and that price's history, tag null) answers for a request sent to OpenRouter under the
 *   model's id or its canonical slug; its free variant for `:free`. The listing is the price of
 *   OpenRouter's cheapest endpoint, so it is never the model's `cheapest_offer`.
 * - A provider's retirement belongs to its offer (`retirement_date`), never to the model.
 * - An offer whose blended price is more than 100× away from the model's price (or, without one,
 *   from the median of the other offers) is a unit error in its source, not an offer: left out.
 */
import type { DirectOffer } from '../models/facts-merge.js';
import { endpointKey, offerHistoryOf, type OfferHistoryFile } from '../models/offer-history.js';
import { blendedPrice, comparable } from '../models/price.js';
import type { Capabilities, EndpointRecord, ModelRecord, OfferPoint, TokenPrices } from '../models/types.js';
import type { PriceTier } from '../sources/facts.js';
import { AUTHOR_ALIASES } from '../sources/identity-names.js';
import { offerPlace, providerId, providerName } from '../sources/providers.js';
import type { ApiOffer, ApiOfferPoint, ApiPrice, ApiPriceTier, CheapestOffer } from '../types/api-types.js';

/** The offer sources, in the order that breaks a tie between equal prices. */
export const OFFER_SOURCES = ['maker', 'genai-prices', 'openrouter', 'litellm', 'modelsdev'] as const;
export const IMPLAUSIBLE_FACTOR = 100;
export { PRICE_COMPARISON_DIGITS, comparable, samePriceAtPrecision } from '../models/price.js';

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** OpenRouter names providers for people ("Google AI Studio", "Moonshot AI"): its first word, as an author id. */
export function isAuthorProvider(provider: string, author: string): boolean {
  const first = provider.toLowerCase().split(/[^a-z0-9]+/).find((w) => w !== '') ?? '';
  return (AUTHOR_ALIASES[first] ?? first) === author || normalized(provider) === normalized(author);
}

function apiPrice(price: TokenPrices): ApiPrice {
  return { input: price.input, output: price.output, blended: blendedPrice(price), cache_read: price.cache_read, cache_write: price.cache_write };
}

export function apiTiers(tiers: readonly PriceTier[]): ApiPriceTier[] {
  return tiers.map(({ min_prompt_tokens, ...price }) => ({ min_prompt_tokens, ...apiPrice(price) }));
}

/** An offer's own history as published: each price with when it took effect and the source's own date. */
export function apiOfferHistory(points: readonly OfferPoint[]): ApiOfferPoint[] {
  return points.map((p) => ({ at: p.at, input: p.input, output: p.output, cache_read: p.cache_read, cache_write: p.cache_write, source_date: p.source_date ?? null }));
}

const capabilitiesOf = (c: Capabilities): Capabilities => ({ vision: c.vision, reasoning: c.reasoning, tools: c.tools });

function openRouterOffer(e: EndpointRecord, author: string, history: readonly OfferPoint[]): ApiOffer {
  const id = providerId(e.tag);
  return {
    provider: id,
    provider_name: e.provider,
    source: 'openrouter',
    source_key: e.tag,
    tag: e.tag,
    kind: 'standard',
    region: null,
    first_party: isAuthorProvider(e.provider, author),
    price: apiPrice(e.price),
    context_length: e.context_length,
    max_output: e.max_output,
    quantization: e.quantization,
    capabilities: capabilitiesOf(e.capabilities),
    free: e.free,
    uptime_1d: e.uptime_1d,
    retirement_date: null,
    // OpenRouter's endpoint list states no tiers: unknown, never "none" (the model's own are in its price_tiers).
    price_tiers: null,
    prices_checked: null,
    price_history: apiOfferHistory(history),
    time_window: null,
    stale: false,
    api_names: [],
  };
}

/** OpenRouter's listing of a model it lists: its price and history, and the ids OpenRouter answers to. */
export function openRouterListing(record: ModelRecord): ApiOffer | null {
  const current = record.price_history.at(-1);
  if (record.origin === 'first-party' || current === undefined) return null;
  const names = [record.upstream_id, ...(record.canonical_slug !== undefined && record.canonical_slug !== record.upstream_id ? [record.canonical_slug] : [])];
  return {
    provider: 'openrouter',
    provider_name: providerName('openrouter'),
    source: 'openrouter',
    source_key: record.upstream_id,
    tag: null,
    kind: 'standard',
    region: null,
    first_party: false,
    price: apiPrice(current),
    context_length: record.context_length,
    max_output: record.max_output,
    quantization: null,
    capabilities: capabilitiesOf(record.capabilities),
    free: false,
    uptime_1d: null,
    retirement_date: null,
    price_tiers: apiTiers(record.price_tiers ?? []),
    prices_checked: null,
    price_history: apiOfferHistory(record.price_history),
    time_window: null,
    stale: false,
    api_names: [...new Set(names)].sort(),
  };
}

/** OpenRouter's own listing (not an endpoint it routes to). */
export const isRouterListing = (o: Pick<ApiOffer, 'provider' | 'source' | 'free'>): boolean => o.provider === 'openrouter' && o.source === 'openrouter' && !o.free;

function directOffer(o: DirectOffer): ApiOffer {
  const price = apiPrice(o.price);
  const id = providerId(o.provider);
  const place = offerPlace(o.source_key);
  return {
    provider: id,
    provider_name: providerName(id),
    source: o.source,
    source_key: o.source_key,
    tag: null,
    kind: o.time_window === null ? place.kind : 'time_window',
    region: place.region,
    first_party: o.first_party,
    price,
    context_length: o.context_length,
    max_output: o.max_output,
    quantization: null,
    capabilities: null,
    // The secondary sources never give 0 for a price they do not know (their adapters read 0/0 as unknown).
    free: false,
    uptime_1d: null,
    retirement_date: o.retirement_date,
    price_tiers: apiTiers(o.price_tiers),
    prices_checked: o.prices_checked,
    price_history: apiOfferHistory(o.price_history),
    time_window: o.time_window,
    stale: false,
    api_names: [],
  };
}

/** Cheapest first at the comparison precision; on a tie the maker's own offer, then the source order, provider, key. */
const byPrice = (a: ApiOffer, b: ApiOffer): number => {
  const pa = a.price.blended === null ? Infinity : comparable(a.price.blended);
  const pb = b.price.blended === null ? Infinity : comparable(b.price.blended);
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (a.first_party !== b.first_party) return a.first_party ? -1 : 1;
  if (a.source !== b.source) return OFFER_SOURCES.indexOf(a.source) - OFFER_SOURCES.indexOf(b.source);
  if (a.provider !== b.provider) return a.provider < b.provider ? -1 : 1;
  return a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0;
};

/** Where an offer's price holds: provider, kind, region and daily window. */
const placeOf = (o: ApiOffer) => `${o.provider}\u0000${o.kind}\u0000${o.region ?? ''}\u0000${o.time_window === null ? '' : `${o.time_window.start}-${o.time_window.end}`}`;

/** One direct offer per place: a source's cheapest key, the first source's when several list it. */
function onePerPlace(offers: readonly ApiOffer[]): ApiOffer[] {
  const kept = new Map<string, ApiOffer>();
  for (const offer of [...offers].sort((a, b) => OFFER_SOURCES.indexOf(a.source) - OFFER_SOURCES.indexOf(b.source) || byPrice(a, b))) {
    if (!kept.has(placeOf(offer))) kept.set(placeOf(offer), offer);
  }
  return [...kept.values()];
}

/**
 * OpenRouter's plain endpoint of a provider whose standard offer genai-prices lists: the offer
 * judged with genai-prices among its witnesses stands for it (whichever record the freshest word made it).
 */
function foldedIntoGenaiPrices(offer: ApiOffer, curated: ReadonlySet<string>): boolean {
  if (offer.source !== 'openrouter' || offer.free || offer.kind !== 'standard' || offer.tag?.includes('/')) return false;
  return curated.has(offer.provider);
}

/** The providers whose standard offer genai-prices lists (or witnessed, where another record was published). */
function curatedProviders(direct: readonly DirectOffer[]): Set<string> {
  const standard = (d: DirectOffer) => d.time_window === null && offerPlace(d.source_key).kind === 'standard' && offerPlace(d.source_key).region === null;
  return new Set(direct.filter((d) => standard(d) && (d.source === 'genai-prices' || (d.witnesses ?? []).includes('genai-prices'))).map((d) => providerId(d.provider)));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Every offer of the model, cheapest first, with the ones too far from the rest left out. */
/**
 * `endpointHistory`: the endpoint offers' history file (data/price-history/openrouter-endpoints.json);
 * `asOf`: points after it are not shown.
 */
export function modelOffers(
  record: ModelRecord,
  direct: readonly DirectOffer[],
  freeVariant: ApiOffer | null,
  endpointHistory?: OfferHistoryFile,
  asOf: string | null = null,
): { offers: ApiOffer[]; implausible: ApiOffer[] } {
  const historyOf = (e: EndpointRecord) => offerHistoryOf(endpointHistory, endpointKey(record.id, e.tag), e).filter((p) => asOf === null || p.at <= asOf);
  const own = record.endpoints.items.map((e) => openRouterOffer(e, record.author, historyOf(e)));
  if (freeVariant !== null && !own.some((o) => o.free)) own.push(freeVariant);
  const listing = openRouterListing(record);
  if (listing !== null) own.push(listing);
  const listed = onePerPlace(direct.map(directOffer));
  const curated = curatedProviders(direct);
  const all = [...own.filter((o) => !foldedIntoGenaiPrices(o, curated)), ...listed];
  const current = record.price_history.at(-1);
  const modelPrice = current === undefined ? null : blendedPrice(current);
  const paid = (o: ApiOffer) => o.price.blended !== null && o.price.blended > 0;
  const offers: ApiOffer[] = [];
  const implausible: ApiOffer[] = [];
  for (const offer of all) {
    const reference = modelPrice !== null && modelPrice > 0 ? modelPrice : median(all.filter((o) => o !== offer && paid(o)).map((o) => o.price.blended!));
    const off = paid(offer) && reference !== null && reference > 0 && (offer.price.blended! / reference > IMPLAUSIBLE_FACTOR || reference / offer.price.blended! > IMPLAUSIBLE_FACTOR);
    (off ? implausible : offers).push(offer);
  }
  return { offers: offers.sort(byPrice), implausible };
}

/**
 * Older news is not a cheaper offer: an offer whose source was last read (`readAt`) before the
 * day a change the maker dates took effect (`changedAt`, in force on the as-of day) is `stale`,
 * listed after the current offers and never `cheapest_offer`. genai-prices' own offers are dated
 * by the maker and never stale; an offer whose read is unknown is not called stale.
 */
export function markOlderNews(offers: readonly ApiOffer[], changedAt: string | null, readAt: (offer: ApiOffer) => string | null): ApiOffer[] {
  if (changedAt === null) return [...offers];
  const marked = offers.map((o) => {
    const read = o.source === 'genai-prices' ? null : readAt(o);
    return read !== null && read < changedAt ? { ...o, stale: true } : o;
  });
  return [...marked.filter((o) => !o.stale), ...marked.filter((o) => o.stale)];
}

/** The cheapest paid headline (`standard`) offer, named in every model entry with its price and source. */
export function cheapestOffer(offers: readonly ApiOffer[]): CheapestOffer | null {
  const first = offers.find((o) => o.kind === 'standard' && !o.free && !o.stale && !isRouterListing(o) && o.price.blended !== null && o.price.blended > 0);
  return first === undefined ? null : { provider: first.provider, provider_name: first.provider_name, source: first.source, price: first.price };
}
