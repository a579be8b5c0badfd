/**
 * API names in the published API (pure): each offer's `api_names`, and the index
 * /api/v1/api-names.json that `resolveModel` reads (query/resolve.ts; docs/api.md, "API names").
 * - A name goes to the model's offers of its provider at its place (kind and region); a name of
 *   the standard place the provider has no standard offer for, or of a place no offer holds, is
 *   left out (it has no price to resolve to, and another place's price would be a guess).
 * - A name two models claim (sources/api-names.ts) goes to no offer and into `ambiguous`.
 * - Two sources against one (precision first): a maker's own offer that LiteLLM or models.dev
 *   prices does not take a name when genai-prices' record that lists the name prices it otherwise
 *   and OpenRouter's listing of the model states genai-prices' price (LiteLLM's stale $3/$9 for
 *   `mistral-large-2407`, where both say $2/$6): the name is left unresolved, never priced wrong.
 * - An alias that moved: a maker whose page says its retired names redirect (xAI: "requests to the
 *   retired model slugs … will automatically redirect") moves each such name on its retirement day
 *   to the one replacement the page names, where that replacement is a name we resolve.
 */
import { ambiguousNames, factNameClaims, nameKey, nameOwners, type NameOwner } from '../sources/api-names.js';
import { namePatterns } from './api-name-patterns.js';
import type { FactSource, ModelFacts } from '../sources/facts.js';
import { samePriceAtPrecision } from '../models/price.js';
import type { TokenPrices } from '../models/types.js';
import type { ApiNamesIndex } from '../query/api-name-index.js';
import type { ApiOffer, ModelDetail } from '../types/api-types.js';

/** The makers' pages whose retired names redirect to the replacement they name. */
export const REDIRECTING_PAGES: readonly FactSource[] = ['xai-deprecations'];

type FactsByModel = Partial<Record<FactSource, readonly ModelFacts[]>>;

const owned = new WeakMap<object, Map<string, NameOwner>>();

/** Every (provider, name)'s owner, computed once per map of facts. */
export function ownersOf(factsByModel: Map<string, FactsByModel>): Map<string, NameOwner> {
  let owners = owned.get(factsByModel);
  if (owners === undefined) {
    owners = nameOwners(factsByModel);
    owned.set(factsByModel, owners);
  }
  return owners;
}

const curated = new WeakMap<object, Map<string, TokenPrices[]>>();

/** genai-prices' price of each (provider, name) its records' `match` takes at the standard place, from every model's facts (cached). */
export function curatedNamePrices(factsByModel: Map<string, FactsByModel>): Map<string, TokenPrices[]> {
  let prices = curated.get(factsByModel);
  if (prices === undefined) {
    prices = new Map();
    for (const facts of factsByModel.values()) {
      for (const fact of facts['genai-prices'] ?? []) {
        if (fact.price === null) continue;
        for (const claim of factNameClaims(fact)) {
          if (claim.place.kind !== 'standard' || claim.place.region !== null) continue;
          const key = nameKey(claim.provider, claim.name);
          prices.set(key, [...(prices.get(key) ?? []), fact.price]);
        }
      }
    }
    curated.set(factsByModel, prices);
  }
  return prices;
}

/** What a name's price is checked against: the model's OpenRouter listing and genai-prices' prices by name. */
export interface NamePriceCheck {
  listed: TokenPrices | null;
  curated: Map<string, TokenPrices[]>;
}

const sameRates = (a: TokenPrices, b: TokenPrices) => a.input !== null && a.output !== null && samePriceAtPrecision(a.input, b.input) && samePriceAtPrecision(a.output, b.output);

/** A maker's offer priced by a lower source that genai-prices' record of the name and OpenRouter's listing both contradict. */
export function contradicted(offer: ApiOffer, name: string, check: NamePriceCheck | undefined): boolean {
  if (check === undefined || check.listed === null || !offer.first_party || (offer.source !== 'litellm' && offer.source !== 'modelsdev')) return false;
  const own: TokenPrices = { input: offer.price.input, output: offer.price.output, cache_read: null, cache_write: null };
  const curatedPrices = check.curated.get(nameKey(offer.provider, name)) ?? [];
  return curatedPrices.length > 0 && curatedPrices.every((p) => !sameRates(p, own)) && curatedPrices.some((p) => sameRates(p, check.listed!));
}

const samePlace = (o: ApiOffer, kind: string, region: string | null) => o.kind === kind && o.region === region;

/** The offers with `api_names` filled from the model's facts (names it owns alone). */
export function withApiNames(offers: readonly ApiOffer[], modelId: string, facts: FactsByModel, owners: Map<string, NameOwner>, check?: NamePriceCheck): ApiOffer[] {
  // Names an offer carries already (OpenRouter's ids of its own listing) stay.
  const names = new Map<ApiOffer, Set<string>>(offers.map((o) => [o, new Set<string>(o.api_names)]));
  for (const list of Object.values(facts)) {
    for (const fact of list ?? []) {
      for (const claim of factNameClaims(fact)) {
        if (owners.get(nameKey(claim.provider, claim.name))?.model !== modelId) continue;
        const own = offers.filter((o) => o.provider === claim.provider);
        const placed = own.filter((o) => samePlace(o, claim.place.kind, claim.place.region) || (o.kind === 'time_window' && claim.place.kind === 'standard' && o.region === claim.place.region));
        for (const offer of placed) if (!contradicted(offer, claim.name, check)) names.get(offer)!.add(claim.name);
      }
    }
  }
  return offers.map((o) => ({ ...o, api_names: [...names.get(o)!].sort() }));
}

const sortedObject = <T>(entries: Iterable<[string, T]>): Record<string, T> => Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

function nest<T>(rows: ReadonlyArray<{ provider: string; name: string; value: T }>): Record<string, Record<string, T>> {
  const byProvider = new Map<string, Array<[string, T]>>();
  for (const row of rows) byProvider.set(row.provider, [...(byProvider.get(row.provider) ?? []), [row.name, row.value]]);
  return sortedObject([...byProvider].map(([provider, list]) => [provider, sortedObject(list)]));
}

/** Where the redirecting pages move a name: its retirement day and the model its one replacement names. */
function moves(facts: Partial<Record<FactSource, { facts: readonly ModelFacts[] }>>, providers: ApiNamesIndex['providers']): Array<{ provider: string; name: string; value: Array<{ from: string; model: string }> }> {
  const out: Array<{ provider: string; name: string; value: Array<{ from: string; model: string }> }> = [];
  for (const page of REDIRECTING_PAGES) {
    for (const fact of facts[page]?.facts ?? []) {
      const claim = factNameClaims(fact)[0];
      const targets = fact.lifecycle?.replacement_names ?? [];
      if (claim === undefined || fact.retirement_date === null || targets.length !== 1) continue;
      const from = providers[claim.provider]?.[claim.name];
      const to = providers[claim.provider]?.[targets[0]!];
      if (from === undefined || to === undefined || from === to) continue;
      out.push({ provider: claim.provider, name: claim.name, value: [{ from: fact.retirement_date.slice(0, 10), model: to }] });
    }
  }
  return out;
}

/**
 * The index: every name an offer of a published model lists, by provider, with the model it
 * names; the names two models claim (the sources' claims, or two models' offers listing one name:
 * OpenRouter's canonical slug of a model and of its variant); the aliases that moved; the family
 * patterns (render/api-name-patterns.ts; `report` hears of the clauses left out).
 */
export function apiNamesIndex(details: Iterable<ModelDetail>, owners: Map<string, NameOwner>, facts: Partial<Record<FactSource, { facts: readonly ModelFacts[] }>>, report: (message: string) => void = () => undefined): ApiNamesIndex {
  const rows = new Map<string, { provider: string; name: string; value: string }>();
  const twice = new Map<string, { provider: string; name: string; value: string[] }>();
  for (const detail of details) {
    for (const offer of detail.endpoints) {
      for (const name of offer.api_names) {
        const key = nameKey(offer.provider, name);
        const before = rows.get(key);
        if (before !== undefined && before.value !== detail.id) twice.set(key, { provider: offer.provider, name, value: [...new Set([...(twice.get(key)?.value ?? [before.value]), detail.id])].sort() });
        else rows.set(key, { provider: offer.provider, name, value: detail.id });
      }
    }
  }
  for (const key of twice.keys()) rows.delete(key);
  const providers = nest([...rows.values()]);
  const claimed = ambiguousNames(owners).map((a) => ({ provider: a.provider, name: a.name, value: a.candidates }));
  const ambiguous = nest([...claimed, ...[...twice.values()].filter((t) => !claimed.some((c) => c.provider === t.provider && c.name === t.name))]);
  const { patterns, issues } = namePatterns(providers, owners, facts);
  for (const issue of issues) report(`genai-prices ${issue.source_key}: ${issue.reason}`);
  return { providers, ambiguous, aliases: nest(moves(facts, providers)), patterns };
}

/** How many names the index resolves (its `meta.count`). */
export const indexedNames = (index: ApiNamesIndex) => Object.values(index.providers).reduce((n, names) => n + Object.keys(names).length, 0);
