import { isoSecond } from '../models/dates.js';
import type { OverriddenModel } from '../models/overrides.js';
import type { ModelKind } from '../models/model-kind.js';
import { asOfDay, orderDeprecations } from '../query/deprecations.js';
import type { SourcedModel } from './model-sources.js';
import type { ModelRecord, TokenPrices } from '../models/types.js';
import type { ModelLifecycle } from '../models/lifecycle.js';
import type { ApiOffer, Deprecation, DetailLifecycle, EndpointStats, ModelStatus, EarliestRetirement, ModelDeprecation, ModelDetail, ModelEntry, PriceChange } from '../types/api-types.js';
import { cheapestOffer } from './offers.js';
import { apiPrice, benchmarksOf, capabilitiesOf, sourceUrl, UNKNOWN_PRICES } from './model-fields.js';

export function modelEntry(record: ModelRecord, cheapest: ModelEntry['cheapest_offer'], lifecycle: Pick<ModelLifecycle, 'status' | 'not_before'>, kind: ModelKind): ModelEntry {
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
    unit_prices: kind.unit_prices.map((p) => ({ unit: p.unit, kind: p.kind, usd: p.usd, source: p.source, ...(p.size === undefined ? {} : { size: p.size }), ...(p.quality === undefined ? {} : { quality: p.quality }) })),
    cheapest_offer: cheapest,
    lifecycle: { status: lifecycle.status, not_before: lifecycle.not_before },
    // Issue 35 (catalog): what the model is for, and what it reads and writes (models/model-kind.ts).
    type: kind.type,
    modalities: kind.modalities,
    on_sale: isOnSale(record, lifecycle.status),
  };
}

/**
 * Is the model on sale as of the data's as-of (the lifecycle is judged on it): listed in
 * OpenRouter's current catalog, or a maker's own model whose maker's page lists it as active (its
 * state, or an undated row on a page of current models: models/lifecycle.ts). A model only a price
 * list carries is not: genai-prices and LiteLLM keep retired models on purpose. Nor is a model part
 * of another (render/part-of.ts): that one is.
 */
export function isOnSale(record: Pick<ModelRecord, 'origin' | 'delisted_at' | 'part_of'>, status: ModelLifecycle['status']): boolean {
  if (record.delisted_at !== null || record.part_of !== undefined) return false;
  return record.origin !== 'first-party' || status === 'active';
}

/** The detail's lifecycle: the entry's, its dates, and the page that states it. */
function lifecycleOf(model: SourcedModel): DetailLifecycle {
  const { status, not_before, basis, maker_state, deprecated_at, retirement_date } = model.lifecycle;
  const url = model.facts.maker?.source_url ?? (retirement_date === null ? null : (model.retirementSourceUrl ?? sourceUrl(model.record)));
  return { status, not_before, basis, maker_state, deprecated_at, retirement_date, source_url: url };
}

/**
 * The deprecation notice of a model that is deprecated or retired, or has a retirement date: the
 * maker's word, an override, or a known date. An active or legacy model without a date has none
 * (its "not before" is in `lifecycle`): nothing active is called deprecated.
 */
function deprecationOf(model: SourcedModel): ModelDeprecation | null {
  const maker = model.facts.maker;
  const { status } = model.lifecycle;
  if (model.record.retirement_date === null && status !== 'deprecated' && status !== 'retired') return null;
  return {
    retirement_date: model.record.retirement_date,
    deprecated_at: model.deprecatedAt,
    note: model.record.retirement_date === null ? (maker?.note ?? null) : null,
    replacement: model.replacement,
    replacement_id: model.replacementId,
    source_url: model.retirementSourceUrl ?? maker?.source_url ?? sourceUrl(model.record),
  };
}

/** What the model status adds to a detail (render/model-status.ts). */
export interface DetailStatus {
  status: ModelStatus;
  statsOf: (offer: ApiOffer) => EndpointStats | null;
}

const NO_STATUS: DetailStatus = {
  status: { state: 'unknown', reason: 'no_figures', since: null, providers: { up: 0, degraded: 0, down: 0, unknown: 0 }, open_incidents: [], recent_incidents: [], speed: { openrouter: null, artificial_analysis: null } },
  statsOf: () => null,
};

export function modelDetail(model: SourcedModel, live: DetailStatus = NO_STATUS): ModelDetail {
  const record = model.record;
  return {
    ...modelEntry(record, cheapestOffer(model.offers), model.lifecycle, model.kind),
    lifecycle: lifecycleOf(model),
    description: record.description,
    created_at: record.created_at,
    first_seen_at: record.first_seen_at,
    delisted_at: record.delisted_at,
    part_of: record.part_of ?? null,
    input_modalities: record.input_modalities,
    output_modalities: record.output_modalities,
    source_url: sourceUrl(record),
    price_history: model.headline.history.map((p) => ({ at: p.at, ...apiPrice(p), source: p.source, source_date: p.source_date, previous_seen_at: p.previous_seen_at ?? null })),
    upcoming_price_changes: upcomingChanges(model),
    endpoints: model.offers.map((offer) => ({ ...offer, stats: live.statsOf(offer) })),
    endpoints_updated_at: record.endpoints.updated_at,
    price_tiers: (record.price_tiers ?? []).map(({ min_prompt_tokens, ...price }) => ({ min_prompt_tokens, ...apiPrice(price) })),
    pending_price: record.pending_price === undefined ? null : { at: record.pending_price.at, ...apiPrice(record.pending_price) },
    direct_prices: model.facts.directPrices.map((d) => ({ source: d.source, provider: d.provider, source_key: d.source_key, price: apiPrice(d.price), tiers: d.tiers, deprecated: d.deprecated })),
    provider_retirements: model.facts.providerRetirements,
    deprecation: deprecationOf(model),
    provenance: model.provenance,
    status: live.status,
  };
}

/** Minimum number of changes listed, even when they are older than the window. */
export const MIN_PRICE_CHANGES = 100;
export const PRICE_CHANGE_WINDOW_DAYS = 90;

type ChangeSource = Pick<SourcedModel, 'headline'> & { record: Pick<ModelRecord, 'id' | 'name'> };

function changeOf(model: ChangeSource, at: string, before: TokenPrices, after: TokenPrices, fields: Pick<PriceChange, 'previous_seen_at' | 'source' | 'source_date' | 'upcoming'>): PriceChange {
  const previous = apiPrice(before);
  const current = apiPrice(after);
  const pct = previous.blended !== null && current.blended !== null && previous.blended > 0 ? Math.round(((current.blended - previous.blended) / previous.blended) * 10_000) / 100 : null;
  return { model_id: model.record.id, name: model.record.name, at, previous, current, change_pct: pct, ...fields };
}

/** The maker's changes dated after the as-of day, soonest first (model detail and price-changes). */
export function upcomingChanges(model: ChangeSource): PriceChange[] {
  return model.headline.upcoming.map((u) => changeOf(model, u.at, u.previous, u.current, { previous_seen_at: u.at, source: u.source, source_date: u.source_date, upcoming: true }));
}

/**
 * Changes of the headline's input or output price (what the blended price is made of), newest
 * first: the changes a source itself showed (OpenRouter's listed price, or the maker's own price
 * where it sets the headline), never a change of which source sets it; with the window in which
 * each happened. Every change of the last 90 days before `asOf`, at least the latest 100, and the
 * changes the makers date after `asOf` (upcoming). Changes of cache prices alone stay in each
 * model's price_history.
 */
export function priceChanges(models: readonly ChangeSource[], asOf: string | null): PriceChange[] {
  const changes: PriceChange[] = [];
  for (const model of models) {
    const history = model.headline.history;
    for (let i = 1; i < history.length; i += 1) {
      const after = history[i]!;
      if (!after.change) continue;
      changes.push(changeOf(model, after.at, history[i - 1]!, after, { previous_seen_at: after.previous_seen_at ?? null, source: after.source, source_date: after.source_date, upcoming: false }));
    }
    changes.push(...upcomingChanges(model));
  }
  changes.sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.model_id < b.model_id ? -1 : a.model_id > b.model_id ? 1 : 0));
  if (asOf === null) return changes.slice(0, MIN_PRICE_CHANGES);
  const windowStart = isoSecond(new Date(Date.parse(asOf) - PRICE_CHANGE_WINDOW_DAYS * 86_400_000));
  return changes.filter((change, index) => index < MIN_PRICE_CHANGES || change.at >= windowStart);
}

export type DeprecationSource = OverriddenModel & { replacementId?: string | null; deprecatedAt?: string | null };

/**
 * Every model with a retirement date (the maker's page, overrides applied): upcoming retirements
 * soonest first, then the retired ones newest first; `retired` is judged as of the data's day
 * (query/deprecations.ts, which clients use to judge it for their own day).
 */
export function deprecations(models: readonly DeprecationSource[], asOf: string | null): Deprecation[] {
  const rows = models
    .filter((m) => m.record.retirement_date !== null)
    .map(({ record: r, replacement, replacementId, deprecatedAt, retirementSourceUrl }) => ({
      model_id: r.id,
      name: r.name,
      retirement_date: r.retirement_date!,
      retired: false,
      deprecated_at: deprecatedAt ?? null,
      replacement,
      replacement_id: replacementId ?? null,
      source_url: retirementSourceUrl ?? sourceUrl(r),
    }));
  return orderDeprecations(rows, asOfDay(asOf));
}

/**
 * Active and legacy models whose maker gives only a tentative earliest retirement date ("not
 * sooner than …"), by id: not deprecations (the API's list leaves them out), but the feeds and the
 * calendar show them as "not before" that date.
 */
export function earliestRetirements(models: readonly SourcedModel[]): EarliestRetirement[] {
  const out: EarliestRetirement[] = [];
  for (const model of models) {
    const { status, not_before: notBefore, retirement_date: retirementDate } = model.lifecycle;
    if ((status !== 'active' && status !== 'legacy') || notBefore === null || retirementDate !== null) continue;
    out.push({ model_id: model.record.id, name: model.record.name, status, not_before: notBefore, source_url: model.facts.maker?.source_url ?? null });
  }
  return out.sort((a, b) => (a.model_id < b.model_id ? -1 : a.model_id > b.model_id ? 1 : 0));
}
