/**
 * `resolveModel`: an API name at a provider, on a day, to our model, the offer the name stands
 * for and that offer's price in force that day (docs/api.md, "API names"). Pure, no Node imports:
 * bundled in the browser client (which fetches the index and the detail, then calls this) and in
 * the package, its CLI and MCP tools, and the Worker's /mcp. Unknown, ambiguous and unpriced names
 * are typed errors (`ResolveError`), never a guess.
 */
import { checkDay, lookupApiName, ResolveError, type ApiNamesIndex, type NameLookup, type NameMatch, type NameQuery } from './api-name-index.js';
import { namedOffer, priceOnDay, type NamedModel, type NamedOffer, type PriceOnDay } from './resolve-offer.js';

export { API_NAMES_FILE, canonicalProvider, checkDay, closestNames, lookupApiName, PROVIDER_SPELLINGS, readApiNamesIndex, ResolveError, type ApiNamesIndex, type NameLookup, type NameMatch, type NameQuery, type ResolveErrorCode } from './api-name-index.js';
export { namedOffer, offerPriceOn, priceOnDay, type NamedModel, type NamedOffer, type PriceOnDay } from './resolve-offer.js';
export { bestPattern, MAX_NAME_LENGTH, MAX_REGEX_LENGTH, MAX_REGEX_STEPS, unsafeRegex, type NamePattern, type PublishedPattern } from './name-patterns.js';
export { looseName, type NamePlace } from './name-forms.js';

export interface ResolvedModel {
  /** This API's model id. */
  model: string;
  /** The model's type (chat, embedding, …) where the detail states one, else null. */
  type: string | null;
  /** Our provider id (the spelling asked is read as this one). */
  provider: string;
  /** The API name asked, as the provider's API takes it. */
  api_name: string;
  /** The day the price and the alias target were judged on. */
  at: string | null;
  /** Set when the name is an alias that moved by then: the model it stood for before. */
  moved_from: string | null;
  /** How the name was found: as listed (`exact`), as a common form of a listed name (`form`: case, a prefix, a version tail), or by a genai-prices family `pattern` (with its clause). */
  match: NameMatch;
  /** The offer priced: `api_name` is the name it lists (the target's own, for an alias that moved). */
  offer: { source: string; source_key: string | null; kind: string; region: string | null; provider_name: string | null; api_name: string };
  /** USD per 1M tokens (null = unknown), and the model's prices in other units beside them. */
  price: PriceOnDay & { unit_prices: unknown[] };
}

/** What resolution reads, all as the API publishes it. */
export interface ResolveData {
  index: ApiNamesIndex;
  /** The model detail (`/api/v1/models/<id>`'s `data`) of an id, or undefined when there is none. */
  detail: (id: string) => NamedModel | undefined;
  /** The data's `meta.as_of` (the default day). */
  asOf: string | null;
}

/** The day asked (checked), else the data's as-of day. */
export function dayOf(query: Pick<NameQuery, 'at'>, asOf: string | null): string | null {
  if (query.at !== undefined && query.at !== null) return checkDay(query.at);
  return asOf === null ? null : asOf.slice(0, 10);
}

type Looked = Pick<NameLookup, 'provider' | 'name' | 'moved_from'> & Partial<Pick<NameLookup, 'listed' | 'match' | 'place'>>;

/** The model, offer and price of one detail already looked up (the client fetches the detail in between). */
export function resolveInDetail(detail: NamedModel, lookup: Looked, day: string | null, asOf: string | null): ResolvedModel {
  const asked = lookup.listed ?? lookup.name;
  const listed = lookup.moved_from === null ? asked : (aliasTargetName(detail, lookup.provider) ?? asked);
  const offer: NamedOffer = namedOffer(detail, lookup.provider, listed, lookup.moved_from === null ? (lookup.place ?? null) : null);
  // The name the priced offer lists (the place asked may be another offer's): what estimateCost takes.
  const offerName = (offer.api_names ?? []).includes(listed) ? listed : (offer.api_names?.[0] ?? listed);
  const { current: _current, ...price } = priceOnDay(detail, offer, day, asOf === null ? null : asOf.slice(0, 10));
  return {
    model: detail.id,
    type: typeof detail.type === 'string' ? detail.type : null,
    provider: lookup.provider,
    api_name: lookup.name,
    at: day,
    moved_from: lookup.moved_from,
    match: lookup.match ?? { kind: 'exact', pattern: null },
    offer: { source: offer.source, source_key: offer.source_key ?? null, kind: offer.kind ?? 'standard', region: offer.region ?? null, provider_name: offer.provider_name ?? null, api_name: offerName },
    price: { ...price, unit_prices: Array.isArray(detail.unit_prices) ? detail.unit_prices : [] },
  };
}

/** A moved alias is priced at its target's offer: the provider's offer of the target that lists a name. */
function aliasTargetName(detail: NamedModel, provider: string): string | undefined {
  const offers = (detail.endpoints ?? []).filter((o) => o.provider === provider && (o.api_names ?? []).length > 0);
  const standard = offers.find((o) => (o.kind ?? 'standard') === 'standard' && (o.region ?? null) === null) ?? offers[0];
  return standard?.api_names?.[0];
}

/** `{ provider, model, at? }` to the model, its offer and the price in force on the day (default: `asOf`'s). */
export function resolveModel(query: NameQuery, data: ResolveData): ResolvedModel {
  const day = dayOf(query, data.asOf);
  const lookup = lookupApiName(data.index, query, day);
  const detail = data.detail(lookup.model);
  if (detail === undefined) throw new ResolveError('not_offered', `${lookup.provider} ${JSON.stringify(lookup.name)} names ${lookup.model}, whose detail is not published`);
  return resolveInDetail(detail, lookup, day, data.asOf);
}
