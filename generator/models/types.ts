/**
 * The model records kept in data/ (one JSON file per model). These are our normalized form:
 * adapters translate upstream records into `ObservedModel`, merge turns observations into
 * `ModelRecord`s, render turns records into API entries.
 */

/**
 * What a model is for, from the sources' own modes (LiteLLM's `mode`, models.dev's modalities,
 * OpenRouter's modalities): chat and completion are text generation (the only ones `cheapest` and
 * the cost index rank); a mode we do not know is `other`, never a crash.
 */
export const MODEL_TYPES = ['chat', 'completion', 'embedding', 'image', 'audio', 'realtime', 'rerank', 'moderation', 'video', 'other'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];
export const TEXT_GENERATION_TYPES: readonly ModelType[] = ['chat', 'completion'];

export const MODALITIES = ['text', 'image', 'audio', 'video', 'file'] as const;
export type Modality = (typeof MODALITIES)[number];
/** The JSON Schema of `Modalities`, shared by the facts store and the published model entry. */
export const MODALITIES_SCHEMA = {
  type: 'object',
  required: ['input', 'output'],
  additionalProperties: false,
  properties: { input: { type: 'array', items: { enum: [...MODALITIES] } }, output: { type: 'array', items: { enum: [...MODALITIES] } } },
} as const;
export interface Modalities {
  input: Modality[];
  output: Modality[];
}

export const CAPABILITIES = ['vision', 'reasoning', 'tools'] as const;
export type Capability = (typeof CAPABILITIES)[number];
export type Capabilities = Record<Capability, boolean>;

export const BENCHMARK_INDICES = ['intelligence_index', 'coding_index', 'math_index'] as const;
export type BenchmarkIndex = (typeof BENCHMARK_INDICES)[number];
export type Benchmarks = Record<BenchmarkIndex, number | null>;

/** USD per 1,000,000 tokens; null = unknown (never 0 for unknown: 0 means free). */
export interface TokenPrices {
  input: number | null;
  output: number | null;
  cache_read: number | null;
  cache_write: number | null;
}

/** Prices in force from a prompt size on (long-context tiers). */
export interface PriceTier extends TokenPrices {
  min_prompt_tokens: number;
}

/** One step of a model's price history: the prices in force from `at` on (when first seen). */
export interface PricePoint extends TokenPrices {
  at: string;
  /** When the price before this one was last seen: the change happened between then and `at`. */
  previous_seen_at?: string;
  /** The model left the catalog after this price: when it was last listed. */
  last_seen_at?: string;
}

/** One price of one offer, as its source showed it (models/offer-history.ts). */
export interface OfferPoint extends TokenPrices {
  /** When it was first seen, or the day the source dates it (see `source_date`). */
  at: string;
  /** The day the source says this price started, where it says. */
  source_date?: string;
  /** When the price before this one was last seen (absent on the first point, and on a source-dated change seen ahead). */
  previous_seen_at?: string;
  /** The offer left its source after this price: when it was last seen. */
  last_seen_at?: string;
}

/** One provider offer for a model, as fetched from OpenRouter's per-model endpoints list. */
export interface EndpointRecord {
  provider: string;
  tag: string;
  price: TokenPrices;
  context_length: number | null;
  max_output: number | null;
  quantization: string | null;
  capabilities: Capabilities;
  /** A free, rate-limited variant (`:free`): never sets the model's price. */
  free: boolean;
  /** Upstream 1-day uptime as a fraction 0..1, when published. */
  uptime_1d: number | null;
}

/**
 * The provider offers we hold for a model. When we last *checked* lives in a separate rotation
 * file (data/state/), so a check that finds nothing new does not rewrite the model file.
 */
export interface EndpointsState {
  /** When the list last changed; null when never fetched. */
  updated_at: string | null;
  items: EndpointRecord[];
}

/** The free (`:free`) variant of a model, when OpenRouter lists one. */
export interface FreeVariant {
  upstream_id: string;
  context_length: number | null;
  max_output: number | null;
}

/** What one catalog fetch says about one model (no history, no timestamps of ours). */
export interface ObservedModel {
  id: string;
  upstream_id: string;
  name: string;
  author: string;
  description: string;
  created_at: string | null;
  /**
   * Null when the upstream publishes no paid price now (routers' variable price, only a free
   * variant left) or when its value was held back as implausible (`price_held_back`).
   */
  price: TokenPrices | null;
  /** The upstream sent a price we refused (negative, not a number, absurd): keep the last good one. */
  price_held_back: boolean;
  /** Prices above a prompt size (long-context tiers), ascending; absent when there are none. */
  price_tiers?: PriceTier[];
  context_length: number | null;
  max_output: number | null;
  capabilities: Capabilities;
  input_modalities: string[];
  output_modalities: string[];
  benchmarks: Benchmarks;
  retirement_date: string | null;
  free_variant: FreeVariant | null;
  /** The model's Hugging Face id as OpenRouter lists it (`Qwen/Qwen3-235B-A22B-Instruct-2507`): an identity key. */
  hugging_face_id?: string;
  /** OpenRouter's canonical slug, the dated snapshot the id stands for (`openai/gpt-5-2025-08-07`): an identity key. */
  canonical_slug?: string;
}

/** A model as kept in data/models/<author>/<slug>.json. */
export interface ModelRecord extends Omit<ObservedModel, 'price' | 'price_held_back'> {
  /**
   * `first-party`: a model OpenRouter does not list, made from the makers' own price lists
   * (models/first-party-models.ts); its prices are its offers'. Absent for OpenRouter's models (and
   * dropped when OpenRouter lists the id).
   */
  origin?: 'first-party';
  /** What the model is for, where its record states it (first-party models); else derived (models/model-type.ts). */
  type?: ModelType;
  first_seen_at: string;
  /** Set when the model disappeared from the upstream catalog; history is kept. */
  delisted_at: string | null;
  /**
   * The model this one is part of: a maker's own model (origin first-party) found to be one with
   * another (sources/first-party-merge.ts), kept, delisted, its records attached to that model.
   * Absent otherwise.
   */
  part_of?: string;
  /**
   * Every price change ever seen, oldest first; the last entry is the current price. An entry
   * with null input/output records that the paid price was withdrawn (only free or variable left).
   */
  price_history: PricePoint[];
  /** A price that jumped too far at once, waiting for a later observation to confirm it. */
  pending_price?: PricePoint;
  endpoints: EndpointsState;
}
