import { readPerMillion } from '../../models/price.js';
import { MAX_PLAUSIBLE_TOKENS, tokenCount } from '../../models/tokens.js';
import type { TokenPrices } from '../../models/types.js';
import { MODALITIES, type FactIssue, type FactsObservation, type Modality, type ModelFacts, type PriceTier } from '../facts.js';
import { SOURCE_ID, type ParsedModelsDev, type ProviderModel } from './parse.js';
import { DEPRECATED_STATUS, type Cost, type CostFields } from './schema.js';

export { readPerMillion };

const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The context tier `context_over_200k` stands for when models.dev gives no explicit `tiers`. */
export const CONTEXT_OVER_200K_TOKENS = 200_000;

/**
 * models.dev providers that are the model's own author (the lab's first-party API), with the
 * author's name. Every other provider (azure, amazon-bedrock, google-vertex, groq, openrouter,
 * togetherai…) hosts other labs' models, so its records get `author: null`. Checked against the
 * 2026-06 catalog: each provider here lists only its own lab's models.
 */
export const AUTHOR_BY_PROVIDER = {
  openai: 'openai',
  anthropic: 'anthropic',
  google: 'google',
  mistral: 'mistral',
  deepseek: 'deepseek',
  xai: 'xai',
  cohere: 'cohere',
  perplexity: 'perplexity',
} as const satisfies Record<string, string>;

export function authorOf(provider: string): string | null {
  return Object.hasOwn(AUTHOR_BY_PROVIDER, provider) ? AUTHOR_BY_PROVIDER[provider as keyof typeof AUTHOR_BY_PROVIDER] : null;
}

interface TierSpec {
  min_prompt_tokens: number;
  fields: CostFields;
  label: string;
}

/**
 * Context tiers: `cost.tiers` entries of type `context` (from `size` tokens on) when present.
 * `context_over_200k` only when there is no `tiers`: models.dev fills it with the first tier
 * whatever its size (GPT-5.4 has it at 272,000 tokens), so its name is right only alone.
 */
function tierSpecs(cost: Cost, problems: string[]): TierSpec[] {
  if (cost.tiers === undefined) {
    return cost.context_over_200k === undefined
      ? []
      : [{ min_prompt_tokens: CONTEXT_OVER_200K_TOKENS, fields: cost.context_over_200k, label: 'cost.context_over_200k' }];
  }
  const specs: TierSpec[] = [];
  cost.tiers.forEach((tier, index) => {
    const label = `cost.tiers[${index}]`;
    // Other kinds of tiers do not depend on the prompt size; they do not change the base price.
    if (tier.tier?.type !== 'context') return;
    const size = tier.tier.size;
    if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0 || size > MAX_PLAUSIBLE_TOKENS) {
      problems.push(`${label}.tier.size is not a token count: ${JSON.stringify(size)}`);
    } else if (specs.some((spec) => spec.min_prompt_tokens === size)) {
      problems.push(`${label} repeats the tier at ${size} tokens`);
    } else {
      specs.push({ min_prompt_tokens: size, fields: tier, label });
    }
  });
  return specs.sort((a, b) => a.min_prompt_tokens - b.min_prompt_tokens);
}

export interface ModelsDevPrices {
  price: TokenPrices | null;
  price_tiers: PriceTier[];
  problems: string[];
}

/**
 * Base prices plus context tiers, in USD per 1M tokens. A tier field models.dev leaves out is
 * unknown (null): models.dev does not say it costs the base price. Held back whole (`price: null`,
 * no tiers) when any value is bad; unknown without an issue when there is no cost, input or output
 * is missing or `-1`, or both are 0 (0/0 appears on `:free` variants and on paid models whose
 * price nobody filled in, so it does not prove a model is free).
 */
export function translateCost(cost: Cost | undefined): ModelsDevPrices {
  if (cost === undefined) return { price: null, price_tiers: [], problems: [] };
  const problems: string[] = [];
  const pricesOf = (fields: CostFields, label: string): TokenPrices => {
    const read = (name: keyof CostFields): number | null => {
      const reading = readPerMillion(fields[name], `${label}.${name}`);
      if (reading.ok) return reading.value;
      problems.push(reading.reason);
      return null;
    };
    return { input: read('input'), output: read('output'), cache_read: read('cache_read'), cache_write: read('cache_write') };
  };
  const base = pricesOf(cost, 'cost');
  const tiers: PriceTier[] = tierSpecs(cost, problems).map((spec) => ({ min_prompt_tokens: spec.min_prompt_tokens, ...pricesOf(spec.fields, spec.label) }));
  if (problems.length > 0 || base.input === null || base.output === null || (base.input === 0 && base.output === 0)) {
    return { price: null, price_tiers: [], problems };
  }
  return { price: base, price_tiers: tiers, problems };
}

/** The modalities we name (text, image, audio, video, file, with models.dev's `pdf` as a file), sorted; others left out. */
function knownModalities(list: readonly string[] | undefined): Modality[] {
  const read = (list ?? []).map((m) => (m === 'pdf' ? 'file' : m)).filter((m): m is Modality => (MODALITIES as readonly string[]).includes(m));
  return [...new Set(read)].sort();
}

function translateModel({ provider, model_key, model }: ProviderModel, issues: FactIssue[]): ModelFacts {
  const sourceKey = `${provider}/${model_key}`;
  const { price, price_tiers, problems } = translateCost(model.cost);
  const report = (reason: string) => issues.push({ source: SOURCE_ID, source_key: sourceKey, reason });
  problems.forEach(report);
  return {
    source: SOURCE_ID,
    source_key: sourceKey,
    provider,
    author: authorOf(provider),
    model_name: model_key,
    price,
    price_tiers,
    // `limit.context`/`limit.output`: 0 means unknown, as do fractions and negatives.
    context_length: tokenCount(model.limit?.context, 'limit.context', report),
    max_output: tokenCount(model.limit?.output, 'limit.output', report),
    // models.dev states deprecation as a status, never with a retirement date.
    retirement_date: null,
    deprecated: model.status === DEPRECATED_STATUS,
    benchmarks: {},
    ...(model.modalities === undefined ? {} : { modalities: { input: knownModalities(model.modalities.input), output: knownModalities(model.modalities.output) } }),
    ...(typeof model.name === 'string' && model.name.trim() !== '' && model.name.trim() !== model_key ? { display_name: model.name.trim().slice(0, 200) } : {}),
    // A whole day only: `2025-03` says too little to date a price from (docs/data.md, "Witnesses").
    ...(typeof model.release_date === 'string' && FULL_DATE.test(model.release_date) && !Number.isNaN(Date.parse(model.release_date)) ? { release_date: model.release_date } : {}),
  };
}

/** Pure: parsed models to facts (sorted by `provider/model`), with every value we held back explained. */
export function translateModelsDev(parsed: ParsedModelsDev): FactsObservation {
  const issues: FactIssue[] = parsed.invalid.map(({ key, reason }) => ({
    source: SOURCE_ID,
    source_key: key,
    reason: `record does not match the schema: ${reason}`,
  }));
  const facts = parsed.models.map((entry) => translateModel(entry, issues));
  facts.sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0));
  return { facts, issues };
}
