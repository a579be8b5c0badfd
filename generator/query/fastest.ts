/**
 * The `fastest` query: the fastest models for a need, with `cheapest`'s five filters plus a price
 * cap, ordered by throughput (or by latency when asked). One pure implementation, used by the
 * build (the default answer, /api/v1/fastest.json), the Cloudflare Worker and the client (any
 * other query, from /api/v1/fastest-index.json), so they never disagree. No Node.js imports.
 *
 * - Candidates: `cheapest`'s (on sale, text generation, a known paid price, not retired as of the
 *   data's as-of) with a known figure for the order asked: `status.throughput_tps` for
 *   `sort=throughput`, `status.latency_ms` for `sort=latency` (the models list's compact status:
 *   OpenRouter's best p50, else Artificial Analysis' median, `status.speed_source`).
 * - Filters: min_intel, min_context, vision, reasoning, tools as in `cheapest`; `max_price`: the
 *   blended price (to the millionth of a dollar) at most this (USD per 1M tokens).
 * - Order: throughput descending (latency ascending), then blended price ascending, then id.
 */
import { CHEAPEST_FLAGS, DEFAULT_LIMIT, isCheapestCandidate, matchesQuery, MAX_LIMIT, parseCheapestValues, type CheapestFields } from './cheapest.js';
import type { CheapestFilters } from './cheapest-filters.js';

export const FASTEST_SORTS = ['throughput', 'latency'] as const;
export type FastestSort = (typeof FASTEST_SORTS)[number];

export const FASTEST_PARAMS = ['min_intel', 'min_context', ...CHEAPEST_FLAGS, 'max_price', 'sort', 'limit'] as const;
export type FastestParam = (typeof FASTEST_PARAMS)[number];

export interface FastestQuery extends CheapestFilters {
  /** The highest blended price (USD per 1M tokens) a model may have, or null. */
  max_price: number | null;
  sort: FastestSort;
}

export const DEFAULT_FASTEST_QUERY: FastestQuery = { min_intel: null, min_context: null, vision: false, reasoning: false, tools: false, max_price: null, sort: 'throughput', limit: DEFAULT_LIMIT };

/** The largest price cap read: far above any price per 1M tokens. */
export const MAX_PRICE_CAP = 100_000;
const NUMBER = /^(0|[1-9]\d*)(\.\d+)?$/;

/** What the query reads of a models list entry (the Worker and the client hold just these). */
export interface FastestFields extends CheapestFields {
  status: { throughput_tps: number | null; latency_ms: number | null };
}

export type FastestValueResult = { ok: true; query: FastestQuery } | { ok: false; param: FastestParam; message: string };

/** Validates the values of `fastest`'s own parameters (names: query/params.ts). */
export function parseFastestValues(values: ReadonlyMap<string, string>): FastestValueResult {
  const shared = parseCheapestValues(values);
  if (!shared.ok) return { ok: false, param: shared.param, message: shared.message };
  const query: FastestQuery = { ...DEFAULT_FASTEST_QUERY, ...shared.query };
  const cap = values.get('max_price');
  if (cap !== undefined) {
    if (cap === '') return { ok: false, param: 'max_price', message: 'max_price is empty' };
    if (!NUMBER.test(cap) || Number(cap) > MAX_PRICE_CAP) return { ok: false, param: 'max_price', message: `max_price must be a number of US dollars per 1M tokens, from 0 to ${MAX_PRICE_CAP}` };
    query.max_price = Number(cap);
  }
  const sort = values.get('sort');
  if (sort !== undefined) {
    if (sort === '') return { ok: false, param: 'sort', message: 'sort is empty' };
    if (!(FASTEST_SORTS as readonly string[]).includes(sort)) return { ok: false, param: 'sort', message: `sort must be ${FASTEST_SORTS.join(' or ')}` };
    query.sort = sort as FastestSort;
  }
  return { ok: true, query };
}

/** The figure the order reads, or null. */
export function speedFigure(model: Pick<FastestFields, 'status'>, sort: FastestSort): number | null {
  return sort === 'throughput' ? model.status.throughput_tps : model.status.latency_ms;
}

/** Takes part in `fastest` ordered by `sort` at all: a `cheapest` candidate with the figure. */
export function isFastestCandidate(model: FastestFields, sort: FastestSort, asOf: string | null): boolean {
  return speedFigure(model, sort) !== null && isCheapestCandidate(model, asOf);
}

/**
 * The blended price `max_price` is compared with: to the millionth of a dollar per 1M tokens, so
 * that float noise (3.5700000000000003) never decides, and the fastest index can hold it short.
 */
export function capPrice(blended: number): number {
  return Math.round(blended * 1e6) / 1e6;
}

export function matchesFastest(model: Pick<FastestFields, 'benchmarks' | 'context_length' | 'capabilities' | 'price'>, query: FastestQuery): boolean {
  if (query.max_price !== null && (model.price.blended === null || capPrice(model.price.blended) > query.max_price)) return false;
  return matchesQuery(model, query);
}

/** Faster first (throughput descending, or latency ascending), then cheaper, then id: total. */
export function compareFastest(sort: FastestSort): (a: FastestFields, b: FastestFields) => number {
  return (a, b) => {
    const fa = speedFigure(a, sort)!;
    const fb = speedFigure(b, sort)!;
    if (fa !== fb) return sort === 'throughput' ? fb - fa : fa - fb;
    const price = (a.price.blended as number) - (b.price.blended as number);
    if (price !== 0) return price;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** Answers a query from the models list entries, judged on the data's `asOf` (never the clock). */
export function fastest<T extends FastestFields>(models: readonly T[], query: FastestQuery, asOf: string | null): T[] {
  return models
    .filter((m) => isFastestCandidate(m, query.sort, asOf) && matchesFastest(m, query))
    .sort(compareFastest(query.sort))
    .slice(0, query.limit);
}

/** Whether a host without code has the answer as a file: only the default query does. */
export function isFastestPrecomputed(query: FastestQuery): boolean {
  return FASTEST_PARAMS.every((p) => query[p] === DEFAULT_FASTEST_QUERY[p]);
}

/** The query form that asks it (the canonical one: the non-default parameters in a fixed order), below /api/v1/. */
export function fastestQueryPath(query: FastestQuery): string {
  const parts: string[] = [];
  for (const p of FASTEST_PARAMS) {
    const value = query[p];
    if (value === DEFAULT_FASTEST_QUERY[p]) continue;
    parts.push(`${p}=${value === true ? '1' : String(value)}`);
  }
  return parts.length === 0 ? 'fastest' : `fastest?${parts.join('&')}`;
}

export { MAX_LIMIT as FASTEST_MAX_LIMIT };
