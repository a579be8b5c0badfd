/**
 * Combines, for each model, the OpenRouter record with the secondary sources' facts and the
 * curated overrides, in that order of precedence (see models/facts-merge.ts), and records where
 * every field group came from. Pure.
 */
import { contributeFacts, type FactsByModel, type FactsContribution, SOURCE_URLS } from '../models/facts-merge.js';
import { applyOverride, type OverriddenModel, type UpstreamProvenance } from '../models/overrides.js';
import type { ModelRecord } from '../models/types.js';
import { FACT_SOURCES } from '../sources/facts.js';
import type { Dataset } from '../store/data-store.js';
import { freeVariantOffer, sourceUrl } from './model-fields.js';
import { modelOffers } from './offers.js';
import type { ApiOffer } from './api-types.js';

export interface SourcedModel extends OverriddenModel {
  facts: FactsContribution;
  /** Every offer we know, cheapest first (render/offers.ts). */
  offers: ApiOffer[];
  /** Offers left out as implausible (unit errors in a source). */
  implausibleOffers: ApiOffer[];
}

/** Artificial Analysis' own indices lead only while they are this fresh (as of the data). */
export const AA_MAX_AGE_DAYS = 7;

export function sourcedModel(dataset: Dataset, record: ModelRecord, asOf: string | null): SourcedModel {
  const facts: FactsByModel = dataset.factsByModel.get(record.id) ?? {};
  const fetchedAt: Partial<Record<string, string>> = {};
  for (const source of FACT_SOURCES) if (dataset.facts[source] !== undefined) fetchedAt[source] = dataset.facts[source]!.fetched_at;
  // Old AA facts (no key, or a failing API) must not outrank OpenRouter's newer copy of the same
  // indices: they then only fill indices OpenRouter lacks.
  const aaAt = fetchedAt.artificialanalysis;
  const aaFresh = aaAt !== undefined && asOf !== null && Date.parse(asOf) - Date.parse(aaAt) <= AA_MAX_AGE_DAYS * 86_400_000;
  const contribution = contributeFacts(record, facts, aaFresh);
  const upstreamUrl = sourceUrl(record);
  // Provenance names the source, not when it was last read: that is freshness, published in
  // index.json, so a model's file keeps its bytes while its values stay the same.
  const openrouter = { source: 'openrouter' as const, url: upstreamUrl };
  const own = contribution.authorRetirement;
  const withFacts: ModelRecord = { ...record, benchmarks: contribution.benchmarks, retirement_date: own?.date ?? record.retirement_date };
  const upstream: UpstreamProvenance = {
    price: openrouter,
    benchmarks: contribution.benchmarksFromAa
      ? { source: 'artificialanalysis', url: SOURCE_URLS.artificialanalysis }
      : openrouter,
    retirement_date: own === null ? openrouter : { source: own.source, url: own.source_url },
  };
  const { offers, implausible } = modelOffers(record, contribution.offers, freeVariantOffer(record));
  return { ...applyOverride(withFacts, dataset.overrides.models[record.id], upstream), facts: contribution, offers, implausibleOffers: implausible };
}
