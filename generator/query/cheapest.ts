/**
 * The `cheapest` query: one pure implementation, used by the generator to precompute variants
 * and bundled into the browser client to answer the rest, so the two can never disagree.
 * No Node.js imports here: this file must run in a browser.
 */
import { TEXT_GENERATION_TYPES, type ModelType } from '../sources/facts.js';
import type { ModelEntry } from '../types/api-types.js';
import { asOfDay, isRetired } from './deprecations.js';
import type { CheapestFilters } from './cheapest-filters.js';

export const CHEAPEST_FLAGS = ['vision', 'reasoning', 'tools'] as const;
export type CheapestFlag = (typeof CHEAPEST_FLAGS)[number];
export const CHEAPEST_PARAMS = ['min_intel', 'min_context', ...CHEAPEST_FLAGS, 'limit'] as const;
export type CheapestParam = (typeof CHEAPEST_PARAMS)[number];

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export type CheapestQuery = CheapestFilters;

export const DEFAULT_QUERY: CheapestQuery = { min_intel: null, min_context: null, vision: false, reasoning: false, tools: false, limit: DEFAULT_LIMIT };

const NUMBER = /^(0|[1-9]\d*)(\.\d+)?$/;
const INTEGER = /^(0|[1-9]\d*)$/;

export type ValueResult = { ok: true; query: CheapestQuery } | { ok: false; param: CheapestParam; message: string };

/**
 * Validates the values of `cheapest`'s own parameters (how names are read is query/params.ts'
 * job). Empty and out-of-range values are errors, never ignored: a typo must not answer a
 * different question than the one asked.
 */
export function parseCheapestValues(values: ReadonlyMap<string, string>): ValueResult {
  const query: CheapestQuery = { ...DEFAULT_QUERY };
  for (const param of CHEAPEST_PARAMS) {
    const raw = values.get(param);
    if (raw === undefined) continue;
    const value = raw;
    if (value === '') return { ok: false, param, message: `${param} is empty` };
    if (param === 'min_intel') {
      if (!NUMBER.test(value) || Number(value) > 100) return { ok: false, param, message: 'min_intel must be a number from 0 to 100' };
      query.min_intel = Number(value);
    } else if (param === 'min_context') {
      if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value))) return { ok: false, param, message: 'min_context must be a whole number of tokens' };
      query.min_context = Number(value);
    } else if (param === 'limit') {
      const n = Number(value);
      if (!INTEGER.test(value) || n < 1 || n > MAX_LIMIT) return { ok: false, param, message: `limit must be a whole number from 1 to ${MAX_LIMIT}` };
      query.limit = n;
    } else {
      const flag = value.toLowerCase();
      if (flag === '1' || flag === 'true') query[param] = true;
      else if (flag === '0' || flag === 'false') query[param] = false;
      else return { ok: false, param, message: `${param} must be 1, true, 0 or false` };
    }
  }
  return { ok: true, query };
}

/** The fields of a model entry the query reads: the Worker builds just these from its index. */
export interface CheapestFields {
  id: string;
  price: Pick<ModelEntry['price'], 'input' | 'output' | 'blended'>;
  benchmarks: Pick<ModelEntry['benchmarks'], 'intelligence_index'>;
  context_length: number | null;
  capabilities: Pick<ModelEntry['capabilities'], CheapestFlag>;
  retirement_date: string | null;
  /** The model's type, where the caller has it (entries do; the index's rows hold text-generation models only). */
  type?: ModelType;
  /** Whether a source that lists what is on sale now offers it, where the caller has it (entries do; the indexes hold such models only). */
  on_sale?: boolean;
}

/**
 * Does `model` take part at all: the one rule of `cheapest`, the cost index and ranking. On sale
 * (`on_sale`: a price list alone is no evidence that a model is sold today; the makers' lists keep
 * retired models so old bills can be priced), a text-generation model (type chat or completion:
 * an embedding's or an image model's price is no price of a chat turn), with a known paid price,
 * not retired as of `asOf` (the data's `meta.as_of`).
 */
export function isCheapestCandidate(model: CheapestFields, asOf: string | null): boolean {
  if (model.on_sale === false) return false;
  if (model.type !== undefined && !TEXT_GENERATION_TYPES.includes(model.type)) return false;
  const { input, output, blended } = model.price;
  if (input === null || output === null || blended === null || input + output <= 0) return false;
  const day = asOfDay(asOf);
  return model.retirement_date === null || day === null || !isRetired(model.retirement_date, day);
}

export function matchesQuery(model: Pick<CheapestFields, 'benchmarks' | 'context_length' | 'capabilities'>, query: CheapestQuery): boolean {
  if (query.min_intel !== null && (model.benchmarks.intelligence_index === null || model.benchmarks.intelligence_index < query.min_intel)) return false;
  if (query.min_context !== null && (model.context_length === null || model.context_length < query.min_context)) return false;
  return CHEAPEST_FLAGS.every((flag) => !query[flag] || model.capabilities[flag]);
}

/** Blended price ascending, then intelligence index descending (unknown last), then id. */
export function compareCheapest(a: CheapestFields, b: CheapestFields): number {
  const price = (a.price.blended as number) - (b.price.blended as number);
  if (price !== 0) return price;
  const ia = a.benchmarks.intelligence_index ?? -1;
  const ib = b.benchmarks.intelligence_index ?? -1;
  if (ia !== ib) return ib - ia;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Answers a query from the listed models. `asOf` (the data's `meta.as_of`, an ISO time or a
 * YYYY-MM-DD date) decides which retirement dates have passed, the same on every host; the wall
 * clock is never read.
 */
export function cheapest<T extends CheapestFields>(models: readonly T[], query: CheapestQuery, asOf: string | null): T[] {
  return models
    .filter((m) => isCheapestCandidate(m, asOf) && matchesQuery(m, query))
    .sort(compareCheapest)
    .slice(0, query.limit);
}

/**
 * Answers many queries over the same models: the candidates are sorted once, and each answer is
 * the first `limit` of them that match (the same as `cheapest`, whose order is total: ids differ).
 */
export function cheapestRanker<T extends CheapestFields>(models: readonly T[], asOf: string | null): (query: CheapestQuery) => T[] {
  const ordered = models.filter((m) => isCheapestCandidate(m, asOf)).sort(compareCheapest);
  return (query) => {
    const answer: T[] = [];
    for (const model of ordered) {
      if (answer.length === query.limit) break;
      if (matchesQuery(model, query)) answer.push(model);
    }
    return answer;
  };
}

/**
 * The canonical path of a variant below /api/v1/, without extension: `cheapest` for the default,
 * else `cheapest/` plus the non-default parts in a fixed order, e.g.
 * `cheapest/min_intel/40/min_context/128000/vision/limit/5`.
 */
export function cheapestPath(query: CheapestQuery): string {
  const parts: string[] = [];
  if (query.min_intel !== null) parts.push('min_intel', String(query.min_intel));
  if (query.min_context !== null) parts.push('min_context', String(query.min_context));
  for (const flag of CHEAPEST_FLAGS) if (query[flag]) parts.push(flag);
  if (query.limit !== DEFAULT_LIMIT) parts.push('limit', String(query.limit));
  return parts.length === 0 ? 'cheapest' : `cheapest/${parts.join('/')}`;
}
