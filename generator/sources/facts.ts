/**
 * What a secondary model source (LiteLLM, models.dev, Artificial Analysis, the model makers' own
 * deprecation pages) says about one model, in our units, before it is matched to our model ids.
 * Adapters translate their upstream records into these facts; identity mapping
 * (data/identity.json) and the merge decide what is published.
 */
import type { Benchmarks, Modalities, ModelType, PriceTier, TokenPrices } from '../models/types.js';
export type { PriceTier };

/** The makers' own deprecation pages, one source each (first party: they beat every aggregator). */
export const LIFECYCLE_SOURCES = ['anthropic-deprecations', 'openai-deprecations', 'google-deprecations', 'mistral-deprecations', 'xai-deprecations'] as const;
export type LifecycleSource = (typeof LIFECYCLE_SOURCES)[number];

/**
 * The sources that list offers with prices (the others state benchmarks or lifecycles), in order of
 * precedence for one provider's offer: genai-prices (human-checked, the makers' own prices) first.
 */
export const PRICE_SOURCES = ['genai-prices', 'litellm', 'modelsdev'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** The makers' pages that state the maker's own prices (`maker_price`): their prices are kept in a history like a price source's. */
export const MAKER_PRICE_SOURCES = ['mistral-deprecations'] as const;
export type MakerPriceSource = (typeof MAKER_PRICE_SOURCES)[number];

export function isMakerPriceSource(source: string): source is MakerPriceSource {
  return (MAKER_PRICE_SOURCES as readonly string[]).includes(source);
}

export const FACT_SOURCES = [...PRICE_SOURCES, 'artificialanalysis', ...LIFECYCLE_SOURCES] as const;
export type FactSource = (typeof FACT_SOURCES)[number];

export function isLifecycleSource(source: string): source is LifecycleSource {
  return (LIFECYCLE_SOURCES as readonly string[]).includes(source);
}

export function isPriceSource(source: string): source is PriceSource {
  return (PRICE_SOURCES as readonly string[]).includes(source);
}

/**
 * Units of prices that are not per text token: one song, clip, image, request, second or minute;
 * 1M tokens of a non-text kind (audio, image); 1M characters; 1K requests (searches).
 */
export const PRICE_UNITS = ['request', 'image', 'song', 'clip', 'second', 'minute', '1m_tokens', '1m_characters', '1k_requests'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** What a unit price prices: audio/image/video tokens in or out, input text by the character, an output (song, image), a request. */
export const PRICE_KINDS = ['input_audio', 'output_audio', 'cache_read_audio', 'input_image', 'output_image', 'input_video', 'output_video', 'input_text', 'output_text', 'output', 'request'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export { MODALITIES, MODALITIES_SCHEMA, MODEL_TYPES, TEXT_GENERATION_TYPES, type Modalities, type Modality, type ModelType } from '../models/types.js';

/** A name pattern as genai-prices writes its match clauses (validation/common-schemas.ts, query/name-patterns.ts). */
export type NamePatternFact =
  | { equals: string }
  | { starts_with: string }
  | { ends_with: string }
  | { contains: string }
  | { regex: string }
  | { or: NamePatternFact[] }
  | { and: NamePatternFact[] };

/** One price not per text token, in USD per `unit`. */
export interface UnitPriceFact {
  unit: PriceUnit;
  kind: PriceKind;
  usd: number;
  /** An image's size (`1024x1792`), where the price is one size's (`dall-e-3`'s per-image prices). */
  size?: string;
  /** An image's quality as the maker names it (`standard`, `hd`, `low`, `medium`, `high`), where the price is one quality's. */
  quality?: string;
}

/**
 * What a maker's own deprecation page says about one API name. Dates are read as written: a
 * "Not sooner than …" or "To be announced" is no retirement date, and `note` says so.
 */
export interface Lifecycle {
  /** The page for people (never the address we fetched, which a test or replay may point elsewhere). */
  source_url: string;
  /** The announcement (section date) this row comes from; the latest announcement stands. */
  announced_at: string | null;
  deprecated_at: string | null;
  /** The state the page gives (`Active`, `Deprecated`, `Retired`, `GA`…), when it gives one. */
  state: string | null;
  /** Why there is no retirement date, or what the page says beside it (`not sooner than 2027-06-09`). */
  note: string | null;
  /** The maker's recommended replacement as written (markup removed), or null. */
  replacement: string | null;
  /** The API names the replacement cell names, in order; one name means one model. */
  replacement_names: string[];
  /** Other names the page says point to this model (aliases such as `mistral-large-latest`). */
  aliases: string[];
  /** The maker's display name, when the page gives one (Mistral's `Mistral Medium 3.1`). */
  display_name: string | null;
}

/**
 * A price a source says is in force from a day on (genai-prices' `constraint.start_date`); the
 * first entry of a schedule has `start_date: null` (in force before any dated one).
 */
export interface DatedPrice {
  start_date: string | null;
  /** The standard price of those days: the one in force for most of each day. */
  price: TokenPrices;
  price_tiers: PriceTier[];
  /** Prices in force only part of each day (UTC), beside the standard one (DeepSeek's off-peak rate). */
  time_windows: TimeWindowPrice[];
}

/** A price in force every day from `start` to `end` (UTC, `HH:MM`; past midnight when `end` < `start`). */
export interface TimeWindowPrice {
  start: string;
  end: string;
  price: TokenPrices;
  price_tiers: PriceTier[];
}

export interface ModelFacts {
  source: FactSource;
  /** The source's own key for the record (LiteLLM key, `provider/model` for models.dev, AA slug path, the maker's API name). */
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
  /** Only the makers' deprecation pages: what the page says about this name. */
  lifecycle?: Lifecycle;
  /**
   * Only genai-prices, where it dates a price or gives time-of-day prices: every price it gives,
   * ascending by start date. `price` and `price_tiers` are then the standard price in force when
   * the source was read; the build judges which is in force on its as-of day.
   */
  dated_prices?: DatedPrice[];
  /** Only genai-prices: the day its curators last checked this price, where the file says (else absent). */
  prices_checked?: string;
  /** Other names the source says this record answers to (genai-prices' match rule), for identity. */
  names?: string[];
  /** Only genai-prices: the family of names its match rule describes besides `names` (`starts_with`, `contains`, `regex`…), published as a pattern, never used for identity. */
  patterns?: NamePatternFact;
  /** What the model is for, where the source says (LiteLLM's mode, models.dev's modalities). */
  type?: ModelType;
  /** Input and output modalities, where the source says. */
  modalities?: Modalities;
  /** Prices not per text token (audio tokens, images, seconds, characters, requests), where the source gives them. */
  unit_prices?: UnitPriceFact[];
  /** A text input price of a model without a text output price (an embedding's), USD per 1M tokens. */
  input_only_price?: number;
  /** The source's display name of the model, where it gives one. */
  display_name?: string;
  /** The day the model was released, where the source gives a whole day (models.dev's `release_date`). */
  release_date?: string;
  /**
   * Only the makers' own pages that state prices (Mistral's model definitions): the maker's own
   * price of this API name on its own API, in our units, when the page was read.
   */
  maker_price?: TokenPrices;
  /** Only Artificial Analysis: its median output speed and time to the first token, where it measures them. */
  speed?: MedianSpeed;
}

/** Artificial Analysis' medians of a model's speed across the providers it measures. */
export interface MedianSpeed {
  /** Output tokens a second, after the first token. */
  output_tps: number | null;
  /** Time to the first token, in milliseconds. */
  ttft_ms: number | null;
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
