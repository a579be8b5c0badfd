/**
 * API names: the names a provider's API accepts for a model (`gpt-4o-2024-08-06`,
 * `codestral-latest`, `us.anthropic.claude-sonnet-4-5-20250929-v1:0`, `claude-opus-4@20250514`),
 * as the sources themselves give them. Pure. Only names a source writes out are taken (never a
 * name made up from a pattern):
 * - genai-prices: the record's id and the names its `match` clause spells out in full (`equals`);
 * - LiteLLM: its key without the routing segments LiteLLM adds (`bedrock/`, a region, `azure/eu/`,
 *   a commitment term), which leaves the id the provider's API takes;
 * - models.dev: the model's id under its provider;
 * - the makers' own pages: the API name a row names, and its aliases (OpenAI's plain-text
 *   aliases, Mistral's `apiNames`).
 * A name is a claim that (provider, name) is this model. The maker's own page decides where it
 * places the name on one model (Mistral lists `mistral-medium-3` among Mistral Medium 3.5's
 * `apiNames`, though genai-prices keys a record of Medium 3 so); otherwise a source's own key for
 * a record is a stronger claim than a name listed beside another record (genai-prices' `match` of
 * a family record, a maker's alias list): the keys decide, and where the claims of one strength
 * name two models the name is ambiguous: reported, resolvable to neither.
 */
import { isLifecycleSource, type FactSource, type ModelFacts } from './facts.js';
import { offerPlace, providerId, type OfferPlace } from './providers.js';

/** How strongly a source ties the name to its record: its own key, or a name listed beside it. */
export type ClaimStrength = 'key' | 'listed';

export interface NameClaim {
  /** Canonical provider id (sources/providers.ts). */
  provider: string;
  name: string;
  /** Where the name's price holds: its record's place (a region path or data-zone prefix of its key). */
  place: OfferPlace;
  strength: ClaimStrength;
  source: FactSource;
  source_key: string;
}

/** Names longer than this, or with spaces, are not API names (display names, prose). */
const API_NAME = /^[A-Za-z0-9][A-Za-z0-9._:@/+-]{0,159}$/;

/** LiteLLM's routing segments before the provider's own id: regions, data zones, commitments, API styles. */
const ROUTING_SEGMENT = /^(?:[a-z]{2}(?:-gov)?-[a-z]+-\d|us|eu|apac|au|jp|ca|us-gov|in|sa|global|global-standard|datazone|\*|\d+-month-commitment|converse|invoke)$/;

/** The provider's own id in a LiteLLM key: `bedrock/us-east-1/anthropic.claude-…` → `anthropic.claude-…`. */
export function liteLlmApiName(key: string, provider: string): string | null {
  const segments = key.split('/');
  if (segments.length > 1 && providerId(segments[0]!) === provider) segments.shift();
  while (segments.length > 1 && ROUTING_SEGMENT.test(segments[0]!)) segments.shift();
  const name = segments.join('/');
  return name === '' ? null : name;
}

/** The (provider, name) claims one fact makes; none for benchmark records or fine-tunes (their names are the buyer's). */
export function factNameClaims(fact: ModelFacts): NameClaim[] {
  if (fact.provider === null || fact.source === 'artificialanalysis') return [];
  const provider = providerId(fact.provider);
  const make = (name: string, strength: ClaimStrength, place: OfferPlace): NameClaim[] =>
    API_NAME.test(name) && place.kind !== 'fine_tune' ? [{ provider, name, place, strength, source: fact.source, source_key: fact.source_key }] : [];
  if (fact.source === 'litellm') {
    const name = liteLlmApiName(fact.source_key, provider);
    return name === null ? [] : make(name, 'key', offerPlace(fact.source_key));
  }
  // Every name a genai-prices record's match takes is priced at the record's price: its place is the record's.
  const place = offerPlace(fact.source_key);
  if (fact.source === 'genai-prices') return [...make(fact.model_name, 'key', place), ...(fact.names ?? []).flatMap((n) => make(n, 'listed', place))];
  if (fact.source === 'modelsdev') return make(fact.model_name, 'key', place);
  if (isLifecycleSource(fact.source)) {
    const standard: OfferPlace = { kind: 'standard', region: null };
    return [...make(fact.source_key, 'key', standard), ...(fact.lifecycle?.aliases ?? []).flatMap((a) => make(a, 'listed', standard))];
  }
  return [];
}

export const nameKey = (provider: string, name: string) => `${provider}\u0000${name}`;

export interface NameOwner {
  provider: string;
  name: string;
  /** The one model the name resolves to, or null when the claims name several (`candidates`). */
  model: string | null;
  candidates: string[];
  /** Every claim, with the model it was attached to. */
  claims: Array<NameClaim & { model: string }>;
}

/**
 * Who owns each (provider, name), from every model's facts: the models the source keys name,
 * else those the listed names name; one model owns it, several leave it ambiguous.
 */
export function nameOwners(factsByModel: Iterable<[string, Partial<Record<FactSource, readonly ModelFacts[]>>]>): Map<string, NameOwner> {
  const owners = new Map<string, NameOwner>();
  for (const [model, bySource] of factsByModel) {
    for (const facts of Object.values(bySource)) {
      for (const fact of facts ?? []) {
        for (const claim of factNameClaims(fact)) {
          const key = nameKey(claim.provider, claim.name);
          const owner = owners.get(key) ?? { provider: claim.provider, name: claim.name, model: null, candidates: [], claims: [] };
          owner.claims.push({ ...claim, model });
          owners.set(key, owner);
        }
      }
    }
  }
  for (const owner of owners.values()) {
    const byMaker = new Set(owner.claims.filter((c) => isLifecycleSource(c.source)).map((c) => c.model));
    const byKey = new Set(owner.claims.filter((c) => c.strength === 'key').map((c) => c.model));
    const deciding = byMaker.size === 1 ? byMaker : byKey.size > 0 ? byKey : new Set(owner.claims.map((c) => c.model));
    owner.candidates = [...deciding].sort();
    owner.model = owner.candidates.length === 1 ? owner.candidates[0]! : null;
  }
  return owners;
}

export interface AmbiguousName {
  provider: string;
  name: string;
  candidates: string[];
  /** Who says so: `<source> <key> → <model>`. */
  sources: string[];
}

/** Names two or more models claim, each with its candidates and who says so: for the update's report. */
export function ambiguousNames(owners: Map<string, NameOwner>): AmbiguousName[] {
  return [...owners.values()]
    .filter((o) => o.model === null)
    .map((o) => ({ provider: o.provider, name: o.name, candidates: o.candidates, sources: [...new Set(o.claims.map((c) => `${c.source} ${c.source_key} → ${c.model}`))].sort() }))
    .sort((a, b) => (a.provider !== b.provider ? (a.provider < b.provider ? -1 : 1) : a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
