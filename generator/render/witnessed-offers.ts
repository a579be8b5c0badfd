/**
 * A model's direct offers judged by their witnesses (models/witness/; docs/data.md, "Witnesses"),
 * with the witnesses the dataset holds for it: every price source's record of each place and its
 * history, OpenRouter's listing (the maker's own offer) and endpoints (their providers' offers),
 * the makers' pages that state prices (with their history) and the curated statements of
 * data/maker-prices.json. Pure.
 */
import type { DirectOffer } from '../models/direct-offers.js';
import type { FactsByModel } from '../models/facts-merge.js';
import { endpointKey, ENDPOINTS_HISTORY, offerHistoryOf } from '../models/offer-history.js';
import type { ModelRecord } from '../models/types.js';
import { departedRecords, type DepartedRecord } from '../models/witness/departed.js';
import { pageWitnesses, statementWitness } from '../models/witness/makers.js';
import { judgeOffers, type JudgedOffers, type WitnessContext } from '../models/witness/offers.js';
import { MAKER_PRICE_SOURCES } from '../sources/facts.js';
import type { Dataset } from '../store/data-store.js';

/** When OpenRouter last showed the model's price: its last catalog read, or the last one that listed it. */
export function openRouterReadAt(dataset: Dataset, record: ModelRecord): string | null {
  if (record.delisted_at !== null) return record.price_history.at(-1)?.last_seen_at ?? record.delisted_at;
  return dataset.sources.openrouter?.last_success_at ?? record.price_history.at(-1)?.at ?? null;
}

/**
 * The model's release day, from which a source's undated price before a dated one holds: the
 * earliest whole day models.dev gives for the maker's own record of it, else the day OpenRouter
 * lists as its creation; null when neither says (the undated price is then left out).
 */
export function releaseDay(record: Pick<ModelRecord, 'created_at'>, facts: FactsByModel): string | null {
  const own = (facts.modelsdev ?? []).filter((f) => f.match.first_party && f.release_date !== undefined).map((f) => f.release_date!).sort()[0];
  return own ?? record.created_at?.slice(0, 10) ?? null;
}

const departedByDataset = new WeakMap<Dataset, Map<string, DepartedRecord[]>>();

/** The records that left their price sources, by the offer they named (read once per dataset). */
function departedOf(dataset: Dataset): Map<string, DepartedRecord[]> {
  let departed = departedByDataset.get(dataset);
  if (departed === undefined) {
    departed = departedRecords(dataset.priceHistories);
    departedByDataset.set(dataset, departed);
  }
  return departed;
}

export function witnessContext(dataset: Dataset, record: ModelRecord, facts: FactsByModel, asOf: string | null): WitnessContext {
  const readAt = (source: string) => dataset.sources[source]?.last_success_at ?? null;
  const endpointsHistory = dataset.priceHistories[ENDPOINTS_HISTORY];
  const endpointsReadAt = dataset.endpointsChecked[record.id]?.succeeded_at ?? null;
  return {
    asOf,
    readAt,
    ...(record.origin === 'first-party' || record.price_history.length === 0
      ? {}
      : { listing: { key: record.upstream_id, history: record.price_history, readAt: openRouterReadAt(dataset, record), today: record.delisted_at === null ? record.price_history.at(-1)! : null } }),
    endpoints: record.endpoints.items.filter((e) => !e.free).map((e) => ({ tag: e.tag, history: offerHistoryOf(endpointsHistory, endpointKey(record.id, e.tag), e), readAt: endpointsReadAt, today: e.price })),
    makers: [
      ...MAKER_PRICE_SOURCES.flatMap((source) => pageWitnesses(facts[source] ?? [], dataset.priceHistories[source], readAt(source), asOf)),
      ...dataset.makerPrices.map((statement) => statementWitness(statement, asOf)),
    ],
    departed: departedOf(dataset),
    release: releaseDay(record, facts),
  };
}

/** The model's offers as published: one judged record per place, time-of-day prices as listed. */
export function witnessedOffers(dataset: Dataset, record: ModelRecord, facts: FactsByModel, offers: readonly DirectOffer[], asOf: string | null): JudgedOffers {
  return judgeOffers(offers, witnessContext(dataset, record, facts, asOf));
}
