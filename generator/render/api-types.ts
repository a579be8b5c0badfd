/** The shapes the API publishes (see the JSON Schemas in render/schemas.ts and the README). */
import type { ProviderRetirement } from '../models/facts-merge.js';
import type { Provenance } from '../models/overrides.js';
import type { PriceTier } from '../sources/facts.js';
import type { Benchmarks, Capabilities } from '../models/types.js';

export interface ApiPrice {
  input: number | null;
  output: number | null;
  blended: number | null;
  cache_read: number | null;
  cache_write: number | null;
}

export interface ModelEntry {
  id: string;
  name: string;
  author: string;
  price: ApiPrice;
  context_length: number | null;
  max_output: number | null;
  capabilities: Capabilities;
  benchmarks: Benchmarks;
  retirement_date: string | null;
  has_free_variant: boolean;
  /** The cheapest paid offer of `endpoints` (model detail): who sells it for the least. */
  cheapest_offer: { provider: string; source: OfferSource } | null;
}

export type OfferSource = 'openrouter' | 'litellm' | 'modelsdev';

/** One offer of the model: an OpenRouter provider endpoint or a direct offer from LiteLLM or models.dev. */
export interface ApiOffer {
  provider: string;
  source: OfferSource;
  /** OpenRouter's endpoint tag, or the source's own key. */
  source_key: string;
  /** OpenRouter's endpoint tag (null for direct offers). */
  tag: string | null;
  /** Sold by the model's own author. */
  first_party: boolean;
  price: ApiPrice;
  context_length: number | null;
  max_output: number | null;
  quantization: string | null;
  capabilities: Capabilities | null;
  free: boolean;
  uptime_1d: number | null;
  /** When this provider retires its copy (not the model's own date, unless first party). */
  retirement_date: string | null;
}


export interface ModelDetail extends ModelEntry {
  description: string;
  created_at: string | null;
  first_seen_at: string;
  delisted_at: string | null;
  input_modalities: string[];
  output_modalities: string[];
  source_url: string;
  price_history: Array<ApiPrice & { at: string }>;
  /** Every offer we know, cheapest first. */
  endpoints: ApiOffer[];
  endpoints_updated_at: string | null;
  /** A price that jumped too far at once, not published until a later observation confirms it. */
  /** Prices from a prompt size on (long-context tiers); `blended` stays the base price's. */
  price_tiers: Array<ApiPrice & { min_prompt_tokens: number }>;
  pending_price: (ApiPrice & { at: string }) | null;
  /** The author's own price list, as LiteLLM and models.dev publish it. */
  direct_prices: Array<{ source: string; provider: string; source_key: string; price: ApiPrice; tiers: PriceTier[]; deprecated: boolean }>;
  /** Retirements of one provider's copy of the model (not the model's own). */
  provider_retirements: ProviderRetirement[];
  provenance: Provenance;
}

export interface PriceChange {
  model_id: string;
  name: string;
  at: string;
  previous: ApiPrice;
  current: ApiPrice;
  change_pct: number | null;
}

export interface Deprecation {
  model_id: string;
  name: string;
  retirement_date: string;
  retired: boolean;
  replacement: string | null;
  source_url: string;
}
