import type { CatalogObservation } from '../sources/openrouter/translate.js';
import { sameJson } from '../text/stable-json.js';
import { samePrices } from './price.js';
import { guardPrice, withFields } from './price-guard.js';
import type { ModelRecord, ObservedModel, PricePoint, TokenPrices } from './types.js';

export const DEFAULT_MAX_DELIST_SHARE = 0.2;
/** A sync adding more than this share of the listed catalog at once is held for confirmation. */
export const DEFAULT_MAX_NEW_SHARE = 0.5;
/** A price moving by more than this factor in one observation waits for a second one. */
export const DEFAULT_MAX_PRICE_FACTOR = 5;

export interface MergeOptions {
  /** Observation time, ISO 8601 UTC. */
  now: string;
  /** Refuse a sync that would delist more than this share of the listed catalog at once. */
  maxDelistShare: number;
  force: boolean;
  /** Default DEFAULT_MAX_PRICE_FACTOR. */
  maxPriceFactor?: number;
  /** Hold new models when more than this share of the listed catalog is new at once. Default DEFAULT_MAX_NEW_SHARE. */
  maxNewShare?: number;
  /** New ids held by the previous run (id → when first held): seen again, they are confirmed. */
  pendingAdditions?: Readonly<PendingAdditions>;
  /** When the catalog was last read before this observation: a listed model's price was last seen then. */
  previousReadAt?: string | null;
}

/** New model ids held back by the growth guard, each with the time it was first held. */
export type PendingAdditions = Record<string, string>;

export interface MergeSummary {
  added: string[];
  delisted: string[];
  relisted: string[];
  price_changed: string[];
  /** Prices that jumped by more than the allowed factor: held until a later run confirms them. */
  price_pending: string[];
  updated: string[];
  held: string[];
  /** New models not added: too many at once (growth guard); a later run that lists them again adds them. */
  added_held: string[];
}

export interface MergeResult {
  /** The complete next state, every model ever seen. */
  models: Map<string, ModelRecord>;
  /** Ids whose record differs from before (the files to write). */
  changed: string[];
  summary: MergeSummary;
  /** The new ids held now, to confirm or drop on the next run (empty when none). */
  pendingAdditions: PendingAdditions;
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

interface PriceState {
  history: PricePoint[];
  pending: PricePoint | undefined;
}

function pricesOf(p: PricePoint): TokenPrices {
  return { input: p.input, output: p.output, cache_read: p.cache_read, cache_write: p.cache_write };
}

/** A new point: `seenBefore` is when the price before it was last seen (the change's window starts there). */
const pointAt = (at: string, prices: TokenPrices, seenBefore: string | null): PricePoint => ({ at, ...prices, ...(seenBefore === null ? {} : { previous_seen_at: seenBefore }) });

/**
 * The next price state:
 * - a price held back as implausible changes nothing;
 * - a new point when the price changed, dated when it was first seen;
 * - a null point when a paid price existed and upstream no longer has one (so a withdrawn price is
 *   never published as current);
 * - each field that jumps by more than `maxFactor` is held (see price-guard.ts) while the other
 *   fields are published at once; a jump the next observation confirms is recorded at the time it
 *   was first seen, and a later small move on top of it as a change of its own.
 */
function nextPrices(state: PriceState, observed: ObservedModel, now: string, maxFactor: number, seenBefore: string | null): PriceState {
  if (observed.price_held_back) return state;
  const { pending } = state;
  let history = state.history;
  const last = history.at(-1);
  const next = observed.price ?? NO_PAID_PRICE;
  if (last === undefined) return { history: observed.price === null ? history : [{ at: now, ...next }], pending: undefined };
  if (last.last_seen_at !== undefined && samePrices(last, next)) {
    // Listed again at the price it left with: no change, and no longer gone.
    const { last_seen_at: _gone, ...back } = last;
    history = [...history.slice(0, -1), back];
  }
  if (observed.price === null || last.input === null) {
    return { history: samePrices(last, next) ? history : [...history, pointAt(now, next, seenBefore)], pending: undefined };
  }
  const guard = guardPrice(last, next, pending, maxFactor);
  if (pending !== undefined && guard.confirmed.length > 0) {
    const point = pointAt(pending.at, withFields(pricesOf(last), pending, guard.confirmed), pending.previous_seen_at ?? null);
    // The point published when the jump was first seen (its other fields) takes the jump too.
    history = last.at === pending.at ? [...history.slice(0, -1), point] : [...history, point];
  }
  const published = history.at(-1)!;
  const candidate = withFields(pricesOf(published), next, [...guard.accepted, ...guard.confirmed]);
  if (!samePrices(published, candidate)) history = [...history, pointAt(now, candidate, seenBefore)];
  return { history, pending: guard.held.length > 0 ? pointAt(now, next, seenBefore) : undefined };
}

function recordFromObservation(observed: ObservedModel, previous: ModelRecord | undefined, now: string, maxFactor: number, previousReadAt: string | null): ModelRecord {
  const { price: _price, price_held_back: _held, price_tiers: tiers, ...fields } = observed;
  // A listed model's price was last seen at the catalog's previous read; a delisted one's when it was last listed.
  const seenBefore = previous === undefined ? null : previous.delisted_at === null ? previousReadAt : (previous.price_history.at(-1)?.last_seen_at ?? null);
  const prices = nextPrices({ history: previous?.price_history ?? [], pending: previous?.pending_price }, observed, now, maxFactor, seenBefore);
  const record: ModelRecord = {
    ...fields,
    first_seen_at: previous?.first_seen_at ?? now,
    delisted_at: null,
    price_history: prices.history,
    endpoints: previous?.endpoints ?? { updated_at: null, items: [] },
  };
  // Tiers follow the newest observation, unless its price was held back or is pending.
  const keptTiers = observed.price_held_back || prices.pending !== undefined ? previous?.price_tiers : tiers;
  if (keptTiers !== undefined && keptTiers.length > 0) record.price_tiers = keptTiers;
  // Absent rather than null when nothing is pending, so files without one never change.
  if (prices.pending !== undefined) record.pending_price = prices.pending;
  return record;
}

/**
 * Pure: merges one catalog observation into the stored models. History only grows: prices are
 * appended when they change, models that vanish are kept with `delisted_at`, models held back
 * by translate (seen but unusable) stay exactly as they were.
 */
export function mergeCatalog(previous: ReadonlyMap<string, ModelRecord>, observation: CatalogObservation, options: MergeOptions): MergeResult {
  const observedIds = new Set(observation.models.map((m) => m.id));
  const heldIds = new Set(observation.held);
  // The makers' own models (origin first-party) are not OpenRouter's to delist: it never listed them.
  const listed = [...previous.values()].filter((m) => m.delisted_at === null && m.origin !== 'first-party');
  const toDelist = listed.filter((m) => !observedIds.has(m.id) && !heldIds.has(m.id)).map((m) => m.id);
  if (listed.length > 0 && toDelist.length / listed.length > options.maxDelistShare && !options.force) {
    throw new DelistGuardError(toDelist.length, listed.length, options.maxDelistShare);
  }

  // Growth guard, the delist guard's mirror: a flood of new ids (an upstream glitch or an attack)
  // is held, never stored as pages; ids held last run and seen again are confirmed.
  const pending = options.pendingAdditions ?? {};
  const fresh = observation.models.filter((m) => !previous.has(m.id) && pending[m.id] === undefined).map((m) => m.id);
  const maxNewShare = options.maxNewShare ?? DEFAULT_MAX_NEW_SHARE;
  const holdNew = listed.length > 0 && fresh.length / listed.length > maxNewShare && !options.force;
  const heldNew = new Set(holdNew ? fresh : []);
  const pendingAdditions: PendingAdditions = Object.fromEntries([...heldNew].sort().map((id) => [id, options.now]));

  const models = new Map(previous);
  const changed: string[] = [];
  const summary: MergeSummary = {
    added: [],
    delisted: [],
    relisted: [],
    price_changed: [],
    price_pending: [],
    updated: [],
    held: observation.held.filter((id) => previous.has(id)),
    added_held: [...heldNew].sort(),
  };
  const maxFactor = options.maxPriceFactor ?? DEFAULT_MAX_PRICE_FACTOR;

  for (const observed of observation.models) {
    if (heldNew.has(observed.id)) continue;
    const before = previous.get(observed.id);
    const next = recordFromObservation(observed, before, options.now, maxFactor, options.previousReadAt ?? null);
    if (next.pending_price !== undefined && next.pending_price.at === options.now) summary.price_pending.push(observed.id);
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
    const record = previous.get(id)!;
    // Its last price was last seen at the catalog's previous read: a later relisting at another price starts its window there.
    const last = record.price_history.at(-1);
    const seen = last === undefined || last.last_seen_at !== undefined || options.previousReadAt == null ? {} : { price_history: [...record.price_history.slice(0, -1), { ...last, last_seen_at: options.previousReadAt }] };
    models.set(id, { ...record, ...seen, delisted_at: options.now });
    summary.delisted.push(id);
    changed.push(id);
  }
  return { models, changed: changed.sort(), summary, pendingAdditions };
}
