/**
 * Combines, for each model, the OpenRouter record with the secondary sources' facts and the
 * curated overrides, in that order of precedence (see models/facts-merge.ts), and records where
 * every field group came from. Pure.
 */
import { contributeFacts, type FactsByModel, type FactsContribution, SOURCE_URLS } from '../models/facts-merge.js';
import { modelLifecycle, type ModelLifecycle } from '../models/lifecycle.js';
import { modelKind, type ModelKind } from '../models/model-kind.js';
import { applyOverride, type OverriddenModel, type UpstreamProvenance } from '../models/overrides.js';
import { asOfDay } from '../query/deprecations.js';
import type { ModelRecord } from '../models/types.js';
import { FACT_SOURCES } from '../sources/facts.js';
import { isSetAside, modelShapes } from '../sources/identity.js';
import { matchFacts } from '../sources/identity-match.js';
import type { Dataset } from '../store/data-store.js';
import { freeVariantOffer, sourceUrl } from './model-fields.js';
import { markOlderNews, modelOffers, OFFER_SOURCES } from './offers.js';
import { startOfDay } from '../models/dated-prices.js';
import { ENDPOINTS_HISTORY } from '../models/offer-history.js';
import type { ApiOffer } from '../types/api-types.js';
import { headlineOf, type Headline } from './headline.js';
import { curatedNamePrices, ownersOf, withApiNames } from './api-names.js';
import { withoutImageRateOutput } from './image-output-rate.js';
import { patternOffers } from './pattern-offers.js';
import { providerId } from '../sources/providers.js';
import type { DirectOffer } from '../models/facts-merge.js';
import type { JudgedOffers } from '../models/witness/offers.js';
import { openRouterReadAt, witnessedOffers } from './witnessed-offers.js';

export interface SourcedModel extends OverriddenModel {
  facts: FactsContribution;
  /** Every offer we know, cheapest first (render/offers.ts). */
  offers: ApiOffer[];
  /** Offers left out as implausible (unit errors in a source). */
  implausibleOffers: ApiOffer[];
  /** The replacement as one of our ids, when it is one model we track; `replacement` then names it too. */
  replacementId: string | null;
  /** When the maker deprecated the model, where its page says. */
  deprecatedAt: string | null;
  /** Its lifecycle as of the data's as-of (models/lifecycle.ts). */
  lifecycle: ModelLifecycle;
  /** The headline price's history (which `record.price_history` now is), its sources and upcoming changes. */
  headline: Headline;
  /** Its type, modalities and unit prices (models/model-kind.ts). */
  kind: ModelKind;
  /** Its offers judged by their witnesses: the published ones, the corrections, the moves and disagreements (models/witness/). */
  witnessed: JudgedOffers;
}

/** Artificial Analysis' own indices lead only while they are this fresh (as of the data). */
export const AA_MAX_AGE_DAYS = 7;

const resolvers = new WeakMap<Dataset, (maker: string, name: string) => string | null>();

/** A maker's API name (`claude-sonnet-4-6`) to our id by the identity rules, or null (cached per dataset). */
function replacementResolver(dataset: Dataset): (maker: string, name: string) => string | null {
  let resolve = resolvers.get(dataset);
  if (resolve === undefined) {
    // A model part of another (a maker's shell, first-party-merge.ts) is no one's name: the replacement is the model it is part of.
    const live = [...dataset.models.values()].filter((m) => !isSetAside(m));
    const ids = live.map((m) => m.id).sort();
    const context = { models: modelShapes(live) };
    const cache = new Map<string, string | null>();
    resolve = (maker, name) => {
      const key = `${maker}\u0000${name}`;
      if (!cache.has(key)) {
        const fact = { source: 'anthropic-deprecations' as const, source_key: name, model_name: name, author: maker, provider: maker, context_length: null, price: null };
        cache.set(key, matchFacts([fact], ids, context).matches[0]?.model_id ?? null);
      }
      return cache.get(key)!;
    };
    resolvers.set(dataset, resolve);
  }
  return resolve;
}

/** The maker's own standard offer among the listed ones (genai-prices first), as the price source lists it. */
function makerOffer(offers: readonly ApiOffer[], direct: readonly DirectOffer[]): DirectOffer | undefined {
  const own = offers.filter((o) => o.first_party && o.kind === 'standard' && o.region === null && o.source !== 'openrouter').sort((a, b) => OFFER_SOURCES.indexOf(a.source) - OFFER_SOURCES.indexOf(b.source))[0];
  return own === undefined ? undefined : direct.find((d) => d.source === own.source && d.source_key === own.source_key && d.time_window === null);
}

/**
 * `asOf`: the data's one as-of time (`meta.as_of`), on which everything that depends on the day is
 * judged: Artificial Analysis' freshness, which dated price is in force and which is upcoming, the
 * lifecycle.
 */
export function sourcedModel(dataset: Dataset, record: ModelRecord, asOf: string | null): SourcedModel {
  const facts: FactsByModel = dataset.factsByModel.get(record.id) ?? {};
  const fetchedAt: Partial<Record<string, string>> = {};
  for (const source of FACT_SOURCES) if (dataset.facts[source] !== undefined) fetchedAt[source] = dataset.facts[source]!.fetched_at;
  // Old AA facts (no key, or a failing API) must not outrank OpenRouter's newer copy of the same
  // indices: they then only fill indices OpenRouter lacks.
  const aaAt = fetchedAt.artificialanalysis;
  const aaFresh = aaAt !== undefined && asOf !== null && Date.parse(asOf) - Date.parse(aaAt) <= AA_MAX_AGE_DAYS * 86_400_000;
  const contributed = contributeFacts(record, facts, aaFresh, asOf, dataset.priceHistories);
  const witnessed = witnessedOffers(dataset, record, facts, contributed.offers, asOf);
  const contribution = { ...contributed, offers: witnessed.offers };
  const upstreamUrl = sourceUrl(record);
  // Provenance names the source, not when it was last read: that is freshness, published in
  // index.json, so a model's file keeps its bytes while its values stay the same.
  const openrouter = { source: 'openrouter' as const, url: upstreamUrl };
  const own = contribution.authorRetirement;
  const kind = modelKind(record, facts);
  // Output that is text is priced at the text rate: a price list's output that is the image rate gives way (image-output-rate.ts).
  // A name placed on the model that only a genai-prices family prices at its provider (pattern-offers.ts).
  const familyOffers = patternOffers({
    modelId: record.id,
    facts,
    owners: ownersOf(dataset.factsByModel),
    genai: dataset.facts['genai-prices']?.facts ?? [],
    offers: contribution.offers,
    endpointProviders: new Set(record.endpoints.items.map((e) => providerId(e.tag))),
    prices: [...(record.price_history.length > 0 ? [record.price_history.at(-1)!] : []), ...contribution.offers.filter((o) => o.first_party).map((o) => o.price)],
    asOf,
    histories: dataset.priceHistories,
  });
  const textRated = withoutImageRateOutput([...contribution.offers, ...familyOffers], kind.unit_prices).offers;
  const listed = modelOffers(record, textRated, freeVariantOffer(record), dataset.priceHistories[ENDPOINTS_HISTORY], asOf);
  const makersOffer = makerOffer(listed.offers, contribution.offers);
  const headline = headlineOf(record, makersOffer, openRouterReadAt(dataset, record), asOf);
  // The maker's dated change in force: offers read before its day are older news.
  const changed = makersOffer?.source_date == null ? null : startOfDay(makersOffer.source_date);
  const readAt = (o: ApiOffer) => (o.source === 'openrouter' ? (o.free || o.provider === 'openrouter' ? openRouterReadAt(dataset, record) : (dataset.endpointsChecked[record.id]?.succeeded_at ?? null)) : (dataset.sources[o.source]?.last_success_at ?? null));
  // OpenRouter's listing of the model (a maker-only model has none): a second source for a name's price.
  const check = { listed: record.origin === 'first-party' ? null : (record.price_history.at(-1) ?? null), curated: curatedNamePrices(dataset.factsByModel) };
  const offers = withApiNames(markOlderNews(listed.offers, changed, readAt), record.id, facts, ownersOf(dataset.factsByModel), check);
  const tiers = headline.tiers ?? record.price_tiers;
  const { price_tiers: _tiers, ...rest } = record;
  const withFacts: ModelRecord = {
    ...rest,
    ...(tiers === undefined || tiers.length === 0 ? {} : { price_tiers: tiers }),
    price_history: headline.history,
    benchmarks: contribution.benchmarks,
    retirement_date: own !== null ? own.date : record.retirement_date,
  };
  const upstream: UpstreamProvenance = {
    price: headline.source === 'openrouter' ? openrouter : headline.source === 'maker' ? { source: 'maker', url: makersOffer?.source_url ?? upstreamUrl } : { source: headline.source, url: SOURCE_URLS[headline.source] },
    benchmarks: contribution.benchmarksFromAa
      ? { source: 'artificialanalysis', url: SOURCE_URLS.artificialanalysis }
      : openrouter,
    retirement_date: own === null ? openrouter : { source: own.source, url: own.source_url },
  };
  const overridden = applyOverride(withFacts, dataset.overrides.models[record.id], upstream, witnessed.corrections);
  const maker = contribution.maker;
  // A curated replacement wins; else the maker's, as our id where it names one model we track.
  const names = maker?.replacement_names ?? [];
  const resolved = names.length === 1 ? replacementResolver(dataset)(record.author, names[0]!) : null;
  // A replacement that is part of another model is that model.
  const curatedId = overridden.replacement === null ? null : (dataset.models.get(overridden.replacement)?.part_of ?? overridden.replacement);
  const replacementId = curatedId ?? resolved;
  return {
    ...overridden,
    replacement: replacementId ?? maker?.replacement ?? null,
    replacementId,
    deprecatedAt: maker?.deprecated_at ?? null,
    lifecycle: modelLifecycle(maker, overridden.record.retirement_date, maker?.deprecated_at ?? null, asOfDay(asOf)),
    facts: contribution,
    offers,
    implausibleOffers: listed.implausible,
    headline,
    kind,
    witnessed,
  };
}
