/**
 * Every offer of a model we know, in one shape, cheapest first: OpenRouter's provider endpoints
 * (and its free variant) and the direct offers LiteLLM and models.dev list (the author's own API,
 * Bedrock, Vertex, Azure, Groq, Together…), matched by the identity rules. Pure.
 *
 * - Providers carry one canonical id across sources (sources/providers.ts) and a display name;
 *   OpenRouter's endpoints keep their tag (`fireworks/fast` beside `fireworks`).
 * - Each direct offer has a kind: a provider's headline (`standard`) offer is the cheapest standard
 *   key of a source (LiteLLM's where both sources list the provider, it carries dated
 *   retirements); regional, data-zone, provisioned, batch and fine-tune prices are listed with
 *   their `region` and `kind`, one per provider, kind and region, and never headline.
 *   OpenRouter's endpoints are offers of their own (routed by OpenRouter), never merged with a direct one.
 * - A provider's retirement belongs to its offer (`retirement_date`), never to the model.
 * - An offer whose blended price is more than 100× away from the model's price (or, without one,
 *   from the median of the other offers) is a unit error in its source, not an offer: left out.
 */
import type { DirectOffer } from '../models/facts-merge.js';
import { blendedPrice } from '../models/price.js';
import type { Capabilities, EndpointRecord, ModelRecord, TokenPrices } from '../models/types.js';
import { PRICE_SOURCES } from '../sources/facts.js';
import { AUTHOR_ALIASES } from '../sources/identity-names.js';
import { offerPlace, providerId, providerName } from '../sources/providers.js';
import type { ApiOffer, ApiPrice, CheapestOffer } from './api-types.js';

export const OFFER_SOURCES = ['openrouter', ...PRICE_SOURCES] as const;
export const IMPLAUSIBLE_FACTOR = 100;

const normalized = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** OpenRouter names providers for people ("Google AI Studio", "Moonshot AI"): its first word, as an author id. */
export function isAuthorProvider(provider: string, author: string): boolean {
  const first = provider.toLowerCase().split(/[^a-z0-9]+/).find((w) => w !== '') ?? '';
  return (AUTHOR_ALIASES[first] ?? first) === author || normalized(provider) === normalized(author);
}

function apiPrice(price: TokenPrices): ApiPrice {
  return { input: price.input, output: price.output, blended: blendedPrice(price), cache_read: price.cache_read, cache_write: price.cache_write };
}

const capabilitiesOf = (c: Capabilities): Capabilities => ({ vision: c.vision, reasoning: c.reasoning, tools: c.tools });

function openRouterOffer(e: EndpointRecord, author: string): ApiOffer {
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
  };
}

function directOffer(o: DirectOffer): ApiOffer {
  const price = apiPrice(o.price);
  const id = providerId(o.provider);
  const place = offerPlace(o.source_key);
  return {
    provider: id,
    provider_name: providerName(id),
    source: o.source as ApiOffer['source'],
    source_key: o.source_key,
    tag: null,
    kind: place.kind,
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
  };
}

const byPrice = (a: ApiOffer, b: ApiOffer): number => {
  const pa = a.price.blended ?? Infinity;
  const pb = b.price.blended ?? Infinity;
  if (pa !== pb) return pa < pb ? -1 : 1;
  if (a.provider !== b.provider) return a.provider < b.provider ? -1 : 1;
  if (a.source !== b.source) return OFFER_SOURCES.indexOf(a.source) - OFFER_SOURCES.indexOf(b.source);
  return a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0;
};

/** One direct offer per provider, kind and region: a source's cheapest key, the first source's when both list it. */
function onePerPlace(offers: readonly ApiOffer[]): ApiOffer[] {
  const kept = new Map<string, ApiOffer>();
  for (const offer of [...offers].sort((a, b) => OFFER_SOURCES.indexOf(a.source) - OFFER_SOURCES.indexOf(b.source) || byPrice(a, b))) {
    const key = `${offer.provider}\u0000${offer.kind}\u0000${offer.region ?? ''}`;
    if (!kept.has(key)) kept.set(key, offer);
  }
  return [...kept.values()];
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Every offer of the model, cheapest first, with the ones too far from the rest left out. */
export function modelOffers(record: ModelRecord, direct: readonly DirectOffer[], freeVariant: ApiOffer | null): { offers: ApiOffer[]; implausible: ApiOffer[] } {
  const own = record.endpoints.items.map((e) => openRouterOffer(e, record.author));
  if (freeVariant !== null && !own.some((o) => o.free)) own.push(freeVariant);
  const all = [...own, ...onePerPlace(direct.map(directOffer))];
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

/** The cheapest paid headline (`standard`) offer, named in every model entry with its price and source. */
export function cheapestOffer(offers: readonly ApiOffer[]): CheapestOffer | null {
  const first = offers.find((o) => o.kind === 'standard' && !o.free && o.price.blended !== null && o.price.blended > 0);
  return first === undefined ? null : { provider: first.provider, provider_name: first.provider_name, source: first.source, price: first.price };
}
