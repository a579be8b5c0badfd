/**
 * Offers genai-prices' families give a model (pure; docs/api.md, "API names"). A name the sources
 * place on one of our models (Google's deprecation page places `gemini-2.5-pro-preview-05-06` on
 * our Gemini 2.5 Pro Preview 05-06) may have no price at its provider from any source's record of
 * that name, while genai-prices prices it through a family of another record (`starts_with:
 * gemini-2.5-pro`, at $1.25/$10). That record's price is then the model's offer at that provider,
 * where the model's own price agrees with it: so the name resolves to the model the sources say,
 * at the price genai-prices states for it, never to the family's model, never at a price the
 * model's own facts contradict.
 */
import { directOffers, type DirectOffer } from '../models/direct-offers.js';
import type { OfferHistoryFile } from '../models/offer-history.js';
import { samePriceAtPrecision } from '../models/price.js';
import type { TokenPrices } from '../models/types.js';
import { compareMatches, matchPattern, type PatternMatch } from '../query/name-patterns.js';
import { factNameClaims, nameKey, type NameOwner } from '../sources/api-names.js';
import type { FactSource, ModelFacts, PriceSource } from '../sources/facts.js';
import { offerPlace, providerId } from '../sources/providers.js';

type FactsByModel = Partial<Record<FactSource, readonly ModelFacts[]>>;

const standardPlace = (key: string) => {
  const place = offerPlace(key);
  return place.kind === 'standard' && place.region === null;
};

const families = new WeakMap<readonly ModelFacts[], Map<string, ModelFacts[]>>();

/** genai-prices' priced standard records with a family, by our provider id (cached per facts list). */
function familiesByProvider(genai: readonly ModelFacts[]): Map<string, ModelFacts[]> {
  let map = families.get(genai);
  if (map === undefined) {
    map = new Map();
    for (const f of genai) {
      if (f.patterns === undefined || f.price === null || f.provider === null || !standardPlace(f.source_key)) continue;
      const provider = providerId(f.provider);
      map.set(provider, [...(map.get(provider) ?? []), f]);
    }
    families.set(genai, map);
  }
  return map;
}

const sameRates = (a: TokenPrices, b: TokenPrices) => a.input !== null && a.output !== null && samePriceAtPrecision(a.input, b.input) && samePriceAtPrecision(a.output, b.output);

export interface PatternOfferInput {
  modelId: string;
  /** The model's facts (its sources' records placed on it). */
  facts: FactsByModel;
  owners: Map<string, NameOwner>;
  /** Every genai-prices record. */
  genai: readonly ModelFacts[];
  /** The model's direct offers, and the providers of OpenRouter's endpoints of it. */
  offers: readonly DirectOffer[];
  endpointProviders: ReadonlySet<string>;
  /** The model's own prices (its OpenRouter listing, its offers): one must agree with the family's. */
  prices: readonly TokenPrices[];
  asOf: string | null;
  histories: Partial<Record<PriceSource, OfferHistoryFile>>;
}

/** The offers genai-prices' families give the model for the names placed on it at providers no offer of it holds. */
export function patternOffers(input: PatternOfferInput): DirectOffer[] {
  const byProvider = familiesByProvider(input.genai);
  if (byProvider.size === 0) return [];
  const held = new Set([...input.offers.filter((o) => standardPlace(o.source_key)).map((o) => providerId(o.provider)), ...input.endpointProviders]);
  const chosen = new Map<string, ModelFacts>();
  for (const list of Object.values(input.facts)) {
    for (const fact of list ?? []) {
      for (const claim of factNameClaims(fact)) {
        if (claim.place.kind !== 'standard' || claim.place.region !== null || held.has(claim.provider)) continue;
        if (input.owners.get(nameKey(claim.provider, claim.name))?.model !== input.modelId) continue;
        let best: { fact: ModelFacts; match: PatternMatch } | undefined;
        for (const family of byProvider.get(claim.provider) ?? []) {
          const match = matchPattern(family.patterns!, claim.name.toLowerCase());
          if (match !== null && (best === undefined || compareMatches(match, best.match) < 0)) best = { fact: family, match };
        }
        const family = best?.fact;
        if (family !== undefined && input.prices.some((p) => sameRates(p, family.price!))) chosen.set(family.source_key, family);
      }
    }
  }
  const matched = [...chosen.values()].map((f) => ({ ...f, match: { source: f.source, source_key: f.source_key, model_id: input.modelId, kind: 'alias' as const, first_party: f.author !== null, sets_model_retirement: false } }));
  return directOffers(matched, input.asOf, input.histories);
}
