import { normalizeRetirementDate } from '../../models/dates.js';
import { MAX_PLAUSIBLE_PRICE_PER_M, perTokenToPerMillion, roundPrice } from '../../models/price.js';
import { MAX_PLAUSIBLE_TOKENS, tokenCount } from '../../models/tokens.js';
import type { TokenPrices } from '../../models/types.js';
import type { FactIssue, FactsObservation, ModelFacts, PriceTier } from '../facts.js';
import { SOURCE_ID, type ParsedLiteLlm } from './parse.js';
import { PRICE_FIELDS, TIER_PRICE_KEY, type LiteLlmRecord } from './schema.js';
import { authorOf } from './authors.js';
import { readModeUnits } from './modes.js';
import { foldImageSizes } from './image-sizes.js';
import type { UnitPrice } from '../../models/unit-prices.js';

export { AUTHOR_BY_PROVIDER, authorOf } from './authors.js';

/** `gemini/gemini-2.5-pro` → `gemini-2.5-pro`; other prefixes (`vertex_ai/…` of `vertex_ai-anthropic_models`) stay. */
export function modelNameOf(key: string, provider: string): string {
  const prefix = `${provider}/`;
  return key.startsWith(prefix) && key.length > prefix.length ? key.slice(prefix.length) : key;
}

type Reading = { ok: true; value: number | null } | { ok: false; reason: string };

/**
 * One LiteLLM price (USD per token) to USD per 1M tokens. Above MAX_PLAUSIBLE_PRICE_PER_M the value
 * is in the wrong unit (the 2026-08 file has W&B records at 0.015 to 0.54 "USD per token", tens of
 * thousands of dollars per 1M tokens): held back as a unit error. `-1` is unknown; negatives and non-numbers are errors.
 */
export function readPerToken(raw: unknown, field: string): Reading {
  if (typeof raw === 'number' && Number.isFinite(raw) && raw > 0) {
    const perMillion = roundPrice(raw * 1_000_000);
    if (perMillion > MAX_PLAUSIBLE_PRICE_PER_M) {
      return {
        ok: false,
        reason: `unit error: ${field} is ${raw} USD per token = ${perMillion} USD per 1M tokens, over the plausible ${MAX_PLAUSIBLE_PRICE_PER_M}; looks like a per-1M (or per-1K) price in a per-token field`,
      };
    }
  }
  const result = perTokenToPerMillion(raw, field);
  return result.ok ? { ok: true, value: result.value } : { ok: false, reason: result.reason };
}

export interface LiteLlmPrices {
  price: TokenPrices | null;
  price_tiers: PriceTier[];
  problems: string[];
}

/**
 * Base prices plus long-context tiers, in USD per 1M tokens. A tier field LiteLLM leaves out costs
 * the base price (that is how LiteLLM's own cost calculator reads the file). Held back whole
 * (`price: null`, no tiers) when any value is bad; unknown without an issue when input or output
 * is missing or `-1`, or when both are 0 (LiteLLM writes 0/0 for "not priced", e.g. previews).
 */
export function translatePrices(record: LiteLlmRecord): LiteLlmPrices {
  const problems: string[] = [];
  const read = (field: string): number | null => {
    const reading = readPerToken(record[field], field);
    if (reading.ok) return reading.value;
    problems.push(reading.reason);
    return null;
  };
  const base: TokenPrices = {
    input: read(PRICE_FIELDS.input),
    output: read(PRICE_FIELDS.output),
    cache_read: read(PRICE_FIELDS.cache_read),
    cache_write: read(PRICE_FIELDS.cache_write),
  };

  const thresholds = new Map<number, string>();
  for (const key of Object.keys(record)) {
    const match = TIER_PRICE_KEY.exec(key);
    if (match?.[2] === undefined) continue;
    if (Number(match[2]) * 1000 > MAX_PLAUSIBLE_TOKENS) problems.push(`${key}: a tier from ${match[2]}k tokens is implausible; left out`);
    else thresholds.set(Number(match[2]), match[2]);
  }
  const tiers: PriceTier[] = [...thresholds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([thousands, text]) => {
      const tierValue = (ours: keyof TokenPrices): number | null => {
        const field = `${PRICE_FIELDS[ours]}_above_${text}k_tokens`;
        return record[field] === undefined ? base[ours] : read(field);
      };
      return {
        min_prompt_tokens: thousands * 1000,
        input: tierValue('input'),
        output: tierValue('output'),
        cache_read: tierValue('cache_read'),
        cache_write: tierValue('cache_write'),
      };
    });

  if (problems.length > 0 || base.input === null || base.output === null || (base.input === 0 && base.output === 0)) {
    return { price: null, price_tiers: [], problems };
  }
  return { price: base, price_tiers: tiers, problems };
}

function translateRecord(key: string, record: LiteLlmRecord, issues: FactIssue[]): ModelFacts {
  const report = (reason: string) => issues.push({ source: SOURCE_ID, source_key: key, reason });
  const mode = readModeUnits(record, report);
  // A mode without text output (embedding, image, video…) has no text output price: its token prices are the unit prices and the input-only price.
  const { price, price_tiers, problems } = mode.textOutput ? translatePrices(record) : { price: null, price_tiers: [], problems: [] };
  problems.forEach(report);
  const retirement = normalizeRetirementDate(record.deprecation_date);
  if (!retirement.ok) report(`deprecation_date: ${retirement.reason}`);
  const provider = record.litellm_provider;
  return {
    source: SOURCE_ID,
    source_key: key,
    provider,
    author: authorOf(provider),
    model_name: modelNameOf(key, provider),
    price,
    price_tiers,
    // max_tokens is LiteLLM's legacy field (sometimes input, sometimes output): not read. Counts
    // written as floats (2000000.0) read as integers.
    context_length: tokenCount(record.max_input_tokens, 'max_input_tokens', report),
    max_output: tokenCount(record.max_output_tokens, 'max_output_tokens', report),
    retirement_date: retirement.ok ? retirement.value : null,
    // A stated date marks the record deprecated even when malformed; a placeholder year does not.
    deprecated: retirement.ok ? retirement.value !== null : true,
    benchmarks: {},
    type: mode.type,
    ...(mode.modalities === null ? {} : { modalities: mode.modalities }),
    ...(mode.unit_prices.length > 0 ? { unit_prices: mode.unit_prices } : {}),
    ...(mode.input_only_price === null ? {} : { input_only_price: mode.input_only_price }),
  };
}

/** A fact with its per-size image prices after its own unit prices. */
function withSizes(fact: ModelFacts, sized: UnitPrice[] | undefined): ModelFacts {
  return sized === undefined ? fact : { ...fact, unit_prices: [...(fact.unit_prices ?? []), ...sized] };
}

/** Pure: parsed records to facts (sorted by key), with every value we held back explained. */
export function translateLiteLlm(parsed: ParsedLiteLlm): FactsObservation {
  const issues: FactIssue[] = parsed.invalid.map(({ key, reason }) => ({
    source: SOURCE_ID,
    source_key: key,
    reason: `record does not match the schema: ${reason}`,
  }));
  // Per-size image prices (`hd/1024-x-1792/dall-e-3`) are unit prices of their base record, not records.
  const { records, sizes } = foldImageSizes(parsed.records);
  const facts = records.map(({ key, record }) => withSizes(translateRecord(key, record, issues), sizes.get(key)));
  facts.sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
  return { facts, issues };
}
