/**
 * What a secondary model source (LiteLLM, models.dev, Artificial Analysis) says about one model,
 * in our units, before it is matched to our model ids. Adapters translate their upstream records
 * into these facts; identity mapping (data/identity.json) and the merge decide what is published.
 */
import type { Benchmarks, PriceTier, TokenPrices } from '../models/types.js';
export type { PriceTier };

export const FACT_SOURCES = ['litellm', 'modelsdev', 'artificialanalysis'] as const;
export type FactSource = (typeof FACT_SOURCES)[number];

export interface ModelFacts {
  source: FactSource;
  /** The source's own key for the record (LiteLLM key, `provider/model` for models.dev, AA slug path). */
  source_key: string;
  /** Who sells at this price, in the source's vocabulary (`openai`, `azure`, `bedrock`), or null for benchmark-only records. */
  provider: string | null;
  /** The model's author as the source names it (`openai`, `anthropic`), when it says. */
  author: string | null;
  /** The source's model name without provider prefix, for identity review. */
  model_name: string;
  /** USD per 1M tokens; null when the source has no usable price (never 0 for unknown). */
  price: TokenPrices | null;
  price_tiers: PriceTier[];
  context_length: number | null;
  max_output: number | null;
  /** A retirement date the source states for this record (its provider's, see `provider`). */
  retirement_date: string | null;
  /** The source marks the record deprecated (with or without a date). */
  deprecated: boolean;
  benchmarks: Partial<Benchmarks>;
}

/** A value the adapter refused to turn into a fact, and why (units, magnitude, format). */
export interface FactIssue {
  source: FactSource;
  source_key: string;
  reason: string;
}

export interface FactsObservation {
  facts: ModelFacts[];
  issues: FactIssue[];
}
