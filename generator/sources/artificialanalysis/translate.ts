/**
 * Artificial Analysis records to `ModelFacts` (pure).
 *
 * AA's zeros mean "no data", not zero: it publishes 0 for an index it has not measured and
 * 0 for every price of a model no provider serves (open weights nobody hosts, unreleased or
 * retired models). So an index of 0 and a price of 0 become null, silently. Values that are
 * present but impossible (an index outside 0..100, a negative or implausibly large price) become
 * null with a FactIssue.
 *
 * AA's prices are medians across the providers it measures, not any one provider's list price:
 * they go into `price` (input/output; AA has no cache prices) for reference only, and
 * `provider` is null because no single provider sells at them. AA is a benchmark source first.
 */
import { MAX_PLAUSIBLE_PRICE_PER_M, MIN_PLAUSIBLE_PRICE_PER_M, roundPrice } from '../../models/price.js';
import type { Benchmarks, TokenPrices } from '../../models/types.js';
import type { FactIssue, FactsObservation, MedianSpeed, ModelFacts } from '../facts.js';
import { SOURCE_ID, type ParsedArtificialAnalysis } from './parse.js';
import type { AaEvaluations, AaModel, AaPricing } from './schema.js';

export const INDEX_MIN = 0;
export const INDEX_MAX = 100;

type Report = (reason: string) => void;

export function sourceKey(model: AaModel): string {
  return `${model.model_creator.slug}/${model.slug}`;
}

/** An index in 0..100; 0 (AA's "not measured") and absent are null, out of range is an issue. */
export function indexValue(raw: number | null | undefined, field: string, report: Report): number | null {
  if (raw === undefined || raw === null || raw === 0) return null;
  if (!Number.isFinite(raw) || raw < INDEX_MIN || raw > INDEX_MAX) {
    report(`${field} is outside ${INDEX_MIN}..${INDEX_MAX}: ${raw}`);
    return null;
  }
  return raw;
}

/** A USD-per-1M price; 0 (AA's "no provider data") and absent are null, negative or huge is an issue. */
export function priceValue(raw: number | null | undefined, field: string, report: Report): number | null {
  if (raw === undefined || raw === null || raw === 0) return null;
  if (!Number.isFinite(raw) || raw < 0) {
    report(`${field} is ${raw < 0 ? 'negative' : 'not a finite number'}: ${raw}`);
    return null;
  }
  const value = roundPrice(raw);
  if (value > MAX_PLAUSIBLE_PRICE_PER_M || value < MIN_PLAUSIBLE_PRICE_PER_M) {
    report(`${field} is implausible: ${value} USD per 1M tokens`);
    return null;
  }
  return value;
}

function benchmarksOf(model: AaModel, report: Report): Benchmarks {
  const evaluations = model.evaluations ?? {};
  const index = (field: keyof AaEvaluations) => indexValue(evaluations[field], field, report);
  return {
    intelligence_index: index('artificial_analysis_intelligence_index'),
    coding_index: index('artificial_analysis_coding_index'),
    math_index: index('artificial_analysis_math_index'),
  };
}

/** Null when AA has neither an input nor an output price (a half-known price keeps its known side). */
function priceOf(model: AaModel, report: Report): TokenPrices | null {
  const pricing = model.pricing ?? {};
  const price = (field: keyof AaPricing) => priceValue(pricing[field], field, report);
  // The blended 3:1 price is not kept: ours is derived from input and output the same way.
  const input = price('price_1m_input_tokens');
  const output = price('price_1m_output_tokens');
  if (input === null && output === null) return null;
  return { input, output, cache_read: null, cache_write: null };
}

/** Output tokens a second above this, or a first token later than this, are not measurements. */
export const MAX_OUTPUT_TPS = 100_000;
export const MAX_TTFT_S = 600;

/** A speed median; 0 (AA's "not measured") and absent are null, negative, not finite or past the ceiling is an issue. */
function speedValue(raw: number | null | undefined, field: string, max: number, report: Report): number | null {
  if (raw === undefined || raw === null || raw === 0) return null;
  if (!Number.isFinite(raw) || raw < 0 || raw > max) {
    report(`${field} is not a plausible speed: ${raw}`);
    return null;
  }
  return raw;
}

/** AA's medians of speed, or undefined when it measured neither. */
function speedOf(model: AaModel, report: Report): MedianSpeed | undefined {
  const tps = speedValue(model.median_output_tokens_per_second, 'median_output_tokens_per_second', MAX_OUTPUT_TPS, report);
  const ttft = speedValue(model.median_time_to_first_token_seconds, 'median_time_to_first_token_seconds', MAX_TTFT_S, report);
  if (tps === null && ttft === null) return undefined;
  return { output_tps: tps === null ? null : Math.round(tps * 10) / 10, ttft_ms: ttft === null ? null : Math.round(ttft * 1000) };
}

export function translateModel(model: AaModel, issues: FactIssue[]): ModelFacts {
  const key = sourceKey(model);
  const report: Report = (reason) => issues.push({ source: SOURCE_ID, source_key: key, reason });
  const speed = speedOf(model, report);
  return {
    source: SOURCE_ID,
    source_key: key,
    provider: null,
    author: model.model_creator.slug,
    model_name: model.name.trim() || model.slug,
    price: priceOf(model, report),
    price_tiers: [],
    // The models list carries no context window or output limit.
    context_length: null,
    max_output: null,
    retirement_date: null,
    deprecated: false,
    benchmarks: benchmarksOf(model, report),
    ...(speed === undefined ? {} : { speed }),
  };
}

/**
 * Pure: parsed records to facts sorted by `source_key`, plus an issue for every record or value
 * held back. Identical duplicate records collapse into one; conflicting records that share a
 * key are all left out, since there is no telling which one is right.
 */
export function translateArtificialAnalysis(parsed: ParsedArtificialAnalysis): FactsObservation {
  const issues: FactIssue[] = parsed.invalid.map((record) => ({
    source: SOURCE_ID,
    source_key: record.source_key,
    reason: `record does not match the schema: ${record.reason}`,
  }));
  const byKey = new Map<string, AaModel[]>();
  for (const model of parsed.models) {
    const key = sourceKey(model);
    byKey.set(key, [...(byKey.get(key) ?? []), model]);
  }
  const facts: ModelFacts[] = [];
  for (const [key, records] of byKey) {
    const distinct = new Set(records.map((record) => JSON.stringify(record)));
    if (distinct.size > 1) {
      issues.push({ source: SOURCE_ID, source_key: key, reason: `${records.length} conflicting records share this key; left all out` });
      continue;
    }
    if (records.length > 1) issues.push({ source: SOURCE_ID, source_key: key, reason: `${records.length} identical records; used one` });
    facts.push(translateModel(records[0]!, issues));
  }
  facts.sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
  return { facts, issues };
}
