import { isoSecond } from '../models/dates.js';
import type { OverriddenModel } from '../models/overrides.js';
import type { SourcedModel } from './model-sources.js';
import type { ModelRecord } from '../models/types.js';
import type { Deprecation, ModelDetail, ModelEntry, PriceChange } from './api-types.js';
import { cheapestOffer } from './offers.js';
import { apiPrice, benchmarksOf, capabilitiesOf, sourceUrl, UNKNOWN_PRICES } from './model-fields.js';

export function modelEntry(record: ModelRecord, cheapest: ModelEntry['cheapest_offer'] = null): ModelEntry {
  return {
    id: record.id,
    name: record.name,
    author: record.author,
    price: apiPrice(record.price_history.at(-1) ?? UNKNOWN_PRICES),
    context_length: record.context_length,
    max_output: record.max_output,
    capabilities: capabilitiesOf(record.capabilities),
    benchmarks: benchmarksOf(record.benchmarks),
    retirement_date: record.retirement_date,
    has_free_variant: record.free_variant !== null,
    cheapest_offer: cheapest,
  };
}

export function modelDetail(model: SourcedModel): ModelDetail {
  const record = model.record;
  return {
    ...modelEntry(record, cheapestOffer(model.offers)),
    description: record.description,
    created_at: record.created_at,
    first_seen_at: record.first_seen_at,
    delisted_at: record.delisted_at,
    input_modalities: record.input_modalities,
    output_modalities: record.output_modalities,
    source_url: sourceUrl(record),
    price_history: record.price_history.map(({ at, ...price }) => ({ at, ...apiPrice(price) })),
    endpoints: model.offers,
    endpoints_updated_at: record.endpoints.updated_at,
    price_tiers: (record.price_tiers ?? []).map(({ min_prompt_tokens, ...price }) => ({ min_prompt_tokens, ...apiPrice(price) })),
    pending_price: record.pending_price === undefined ? null : { at: record.pending_price.at, ...apiPrice(record.pending_price) },
    direct_prices: model.facts.directPrices.map((d) => ({ source: d.source, provider: d.provider, source_key: d.source_key, price: apiPrice(d.price), tiers: d.tiers, deprecated: d.deprecated })),
    provider_retirements: model.facts.providerRetirements,
    provenance: model.provenance,
  };
}

/** Minimum number of changes listed, even when they are older than the window. */
export const MIN_PRICE_CHANGES = 100;
export const PRICE_CHANGE_WINDOW_DAYS = 90;

/**
 * Changes of the input or output price (what the blended price is made of), newest first:
 * every change of the last 90 days before `asOf`, and at least the latest 100. Changes of cache
 * prices alone stay in each model's price_history.
 */
export function priceChanges(records: readonly ModelRecord[], asOf: string | null): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const record of records) {
    const history = record.price_history;
    for (let i = 1; i < history.length; i += 1) {
      const before = history[i - 1]!;
      const after = history[i]!;
      if (before.input === after.input && before.output === after.output) continue;
      const previous = apiPrice(before);
      const current = apiPrice(after);
      const pct =
        previous.blended !== null && current.blended !== null && previous.blended > 0
          ? Math.round(((current.blended - previous.blended) / previous.blended) * 10_000) / 100
          : null;
      changes.push({ model_id: record.id, name: record.name, at: after.at, previous, current, change_pct: pct });
    }
  }
  changes.sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.model_id < b.model_id ? -1 : a.model_id > b.model_id ? 1 : 0));
  if (asOf === null) return changes.slice(0, MIN_PRICE_CHANGES);
  const windowStart = isoSecond(new Date(Date.parse(asOf) - PRICE_CHANGE_WINDOW_DAYS * 86_400_000));
  return changes.filter((change, index) => index < MIN_PRICE_CHANGES || change.at >= windowStart);
}

/** Every model with a retirement date (overrides applied), soonest first; `retired` is judged as of the data. */
export function deprecations(models: readonly OverriddenModel[], asOf: string | null): Deprecation[] {
  const asOfDate = asOf?.slice(0, 10) ?? null;
  return models
    .filter((m) => m.record.retirement_date !== null)
    .map(({ record: r, replacement, retirementSourceUrl }) => ({
      model_id: r.id,
      name: r.name,
      retirement_date: r.retirement_date!,
      retired: asOfDate !== null && r.retirement_date! <= asOfDate,
      replacement,
      source_url: retirementSourceUrl ?? sourceUrl(r),
    }))
    .sort((a, b) => (a.retirement_date !== b.retirement_date ? (a.retirement_date < b.retirement_date ? -1 : 1) : a.model_id < b.model_id ? -1 : 1));
}
