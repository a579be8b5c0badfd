/** The fields every model response shares, in the API's shape and key order (no other render module is needed). */
import { blendedPrice } from '../models/price.js';
import { SOURCE_URLS } from '../models/facts-merge.js';
import type { PriceSource } from '../sources/facts.js';
import type { Benchmarks, Capabilities, ModelRecord, TokenPrices } from '../models/types.js';
import type { ApiOffer, ApiPrice } from '../types/api-types.js';

export const UNKNOWN_PRICES: TokenPrices = { input: null, output: null, cache_read: null, cache_write: null };

export function apiPrice(price: TokenPrices): ApiPrice {
  return { input: price.input, output: price.output, blended: blendedPrice(price), cache_read: price.cache_read, cache_write: price.cache_write };
}

/** The page on the upstream site that backs a model's data. */
export function sourceUrl(record: ModelRecord): string {
  // A maker's own model OpenRouter does not list: the price list it came from (`upstream_id` is `<source>/<key>`).
  if (record.origin === 'first-party') return SOURCE_URLS[record.upstream_id.split('/')[0] as PriceSource] ?? SOURCE_URLS['genai-prices'];
  return `https://openrouter.ai/${record.upstream_id.replace(/:free$/, '')}`;
}

/** Fixed key order in the API, whatever order data/ stores keys in. */
export function capabilitiesOf(c: Capabilities): Capabilities {
  return { vision: c.vision, reasoning: c.reasoning, tools: c.tools };
}

export function benchmarksOf(b: Benchmarks): Benchmarks {
  return { intelligence_index: b.intelligence_index, coding_index: b.coding_index, math_index: b.math_index };
}

/** OpenRouter's free variant (`:free`), when listed, as an offer of its own. */
export function freeVariantOffer(record: ModelRecord): ApiOffer | null {
  if (record.free_variant === null) return null;
  return {
    provider: 'openrouter',
    provider_name: 'OpenRouter (free variant)',
    source: 'openrouter',
    source_key: record.free_variant.upstream_id,
    tag: record.free_variant.upstream_id,
    kind: 'standard',
    region: null,
    first_party: false,
    price: apiPrice({ input: 0, output: 0, cache_read: null, cache_write: null }),
    context_length: record.free_variant.context_length,
    max_output: record.free_variant.max_output,
    quantization: null,
    capabilities: capabilitiesOf(record.capabilities),
    free: true,
    uptime_1d: null,
    retirement_date: null,
    price_tiers: [],
    prices_checked: null,
    price_history: [],
    time_window: null,
    stale: false,
    // OpenRouter's id of the free variant (`…:free`): what a request for it names.
    api_names: [record.free_variant.upstream_id],
  };
}
