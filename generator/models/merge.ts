import type { CatalogObservation } from '../sources/openrouter/translate.js';
import { sameJson } from '../store/stable-json.js';
import { samePrices } from './price.js';
import type { ModelRecord, ObservedModel, PricePoint, TokenPrices } from './types.js';

export const DEFAULT_MAX_DELIST_SHARE = 0.2;

export interface MergeOptions {
  /** Observation time, ISO 8601 UTC. */
  now: string;
  /** Refuse a sync that would delist more than this share of the listed catalog at once. */
  maxDelistShare: number;
  force: boolean;
}

export interface MergeSummary {
  added: string[];
  delisted: string[];
  relisted: string[];
  price_changed: string[];
  updated: string[];
  held: string[];
}

export interface MergeResult {
  /** The complete next state, every model ever seen. */
  models: Map<string, ModelRecord>;
  /** Ids whose record differs from before (the files to write). */
  changed: string[];
  summary: MergeSummary;
}

/** A sync that would delist too much at once; most likely an upstream glitch, not reality. */
export class DelistGuardError extends Error {
  override readonly name = 'DelistGuardError';
  constructor(
    readonly wouldDelist: number,
    readonly listed: number,
    readonly maxShare: number,
  ) {
    super(
      `refusing to delist ${wouldDelist} of ${listed} listed models (${((wouldDelist / listed) * 100).toFixed(1)}% > ${(maxShare * 100).toFixed(0)}%); ` +
        'rerun with --force if the upstream really dropped them',
    );
  }
}

const NO_PAID_PRICE: TokenPrices = { input: null, output: null, cache_read: null, cache_write: null };

/**
 * The next price history: unchanged when the new price was held back as implausible; a new point
 * when the price changed; a null point when a paid price existed and upstream no longer has one
 * (so a withdrawn price is never published as current).
 */
function nextHistory(history: PricePoint[], observed: ObservedModel, now: string): PricePoint[] {
  if (observed.price_held_back) return history;
  const last = history.at(-1);
  const next = observed.price ?? NO_PAID_PRICE;
  if (last === undefined) return observed.price === null ? history : [{ at: now, ...next }];
  return samePrices(last, next) ? history : [...history, { at: now, ...next }];
}

function recordFromObservation(observed: ObservedModel, previous: ModelRecord | undefined, now: string): ModelRecord {
  const { price: _price, price_held_back: _held, ...fields } = observed;
  const priceHistory = nextHistory(previous?.price_history ?? [], observed, now);
  return {
    ...fields,
    first_seen_at: previous?.first_seen_at ?? now,
    delisted_at: null,
    price_history: priceHistory,
    endpoints: previous?.endpoints ?? { updated_at: null, items: [] },
  };
}

/**
 * Pure: merges one catalog observation into the stored models. History only grows: prices are
 * appended when they change, models that vanish are kept with `delisted_at`, models held back
 * by translate (seen but unusable) stay exactly as they were.
 */
export function mergeCatalog(previous: ReadonlyMap<string, ModelRecord>, observation: CatalogObservation, options: MergeOptions): MergeResult {
  const observedIds = new Set(observation.models.map((m) => m.id));
  const heldIds = new Set(observation.held);
  const listed = [...previous.values()].filter((m) => m.delisted_at === null);
  const toDelist = listed.filter((m) => !observedIds.has(m.id) && !heldIds.has(m.id)).map((m) => m.id);
  if (listed.length > 0 && toDelist.length / listed.length > options.maxDelistShare && !options.force) {
    throw new DelistGuardError(toDelist.length, listed.length, options.maxDelistShare);
  }

  const models = new Map(previous);
  const changed: string[] = [];
  const summary: MergeSummary = { added: [], delisted: [], relisted: [], price_changed: [], updated: [], held: observation.held.filter((id) => previous.has(id)) };

  for (const observed of observation.models) {
    const before = previous.get(observed.id);
    const next = recordFromObservation(observed, before, options.now);
    if (before === undefined) {
      summary.added.push(observed.id);
    } else if (sameJson(before, next)) {
      continue;
    } else {
      if (before.delisted_at !== null) summary.relisted.push(observed.id);
      if (next.price_history.length !== before.price_history.length && before.price_history.length > 0) summary.price_changed.push(observed.id);
      summary.updated.push(observed.id);
    }
    models.set(observed.id, next);
    changed.push(observed.id);
  }
  for (const id of toDelist) {
    models.set(id, { ...previous.get(id)!, delisted_at: options.now });
    summary.delisted.push(id);
    changed.push(id);
  }
  return { models, changed: changed.sort(), summary };
}
