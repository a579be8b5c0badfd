/**
 * Small model details for the cost tests, shaped as /api/v1/models/<id> publishes them, with the
 * makers' real list prices (USD per 1M tokens): a long-context tier like Claude Sonnet 4's, an
 * OpenAI-style price without a cache-write rate, and offers of every kind a source may list.
 */
import type { ApiOffer, ApiPrice, ModelDetail } from '../types/api-types.js';
import { testEntry } from './test-entries.js';

export const price = (input: number | null, output: number | null, cache_read: number | null = null, cache_write: number | null = null): ApiPrice => ({
  input,
  output,
  blended: input === null || output === null ? null : (3 * input + output) / 4,
  cache_read,
  cache_write,
});

/** An offer as the API publishes it, any source or kind allowed (the cost code must not depend on the list). */
export type TestOffer = Omit<ApiOffer, 'source' | 'kind'> & { source: string; kind: string };

export function offer(provider: string, source: string, p: ApiPrice, extra: Partial<TestOffer> = {}): TestOffer {
  return {
    provider,
    provider_name: provider,
    source,
    source_key: `${source}:${provider}`,
    tag: source === 'openrouter' ? provider : null,
    kind: 'standard',
    region: null,
    first_party: false,
    price: p,
    context_length: 200000,
    max_output: null,
    quantization: null,
    capabilities: null,
    free: false,
    uptime_1d: null,
    retirement_date: null,
    price_tiers: source === 'openrouter' ? null : [],
    prices_checked: null,
    price_history: [],
    time_window: null,
    stale: false,
    api_names: [],
    ...extra,
  } as TestOffer;
}

export function detail(id: string, p: ApiPrice, extra: Partial<Omit<ModelDetail, 'endpoints'>> & { endpoints?: TestOffer[] } = {}): ModelDetail {
  return {
    ...testEntry(id, p.input, p.output),
    price: p,
    description: '',
    created_at: null,
    first_seen_at: '2026-03-29T00:00:00Z',
    delisted_at: null,
    input_modalities: ['text'],
    output_modalities: ['text'],
    source_url: `https://openrouter.ai/${id}`,
    price_history: [{ at: '2026-03-29T00:00:00Z', ...p }],
    endpoints: [],
    endpoints_updated_at: null,
    price_tiers: [],
    pending_price: null,
    direct_prices: [],
    provider_retirements: [],
    deprecation: null,
    provenance: {} as ModelDetail['provenance'],
    ...extra,
  } as ModelDetail;
}

/** Claude Sonnet 4's list price: $3 / $15, cache $0.30 / $3.75; above 200K prompt tokens $6 / $22.50, cache $0.60 / $7.50. */
export const SONNET_TIER = { min_prompt_tokens: 200000, ...price(6, 22.5, 0.6, 7.5) };

export function sonnet(): ModelDetail {
  const base = price(3, 15, 0.3, 3.75);
  return detail('anthropic/claude-sonnet-4', base, {
    // Its 1M-token context (the tier above 200K is what it costs to use it).
    context_length: 1_000_000,
    price_tiers: [SONNET_TIER],
    endpoints: [
      // Its tiers not known (null): past Sonnet's tier start its rates are unknown.
      offer('databricks', 'litellm', price(2.99999, 15.00002), { price_tiers: null }),
      // Anthropic's own price three ways: the curated one stands.
      offer('anthropic', 'openrouter', price(3, 15, 0.3, 3.75), { first_party: true }),
      offer('anthropic', 'litellm', price(3, 15, 0.3, 3.75), { first_party: true, source_key: 'claude-sonnet-4-20250514' }),
      offer('anthropic', 'genai-prices', base, { first_party: true, price_tiers: [SONNET_TIER] }),
      offer('anthropic', 'litellm', price(1.5, 7.5, 0.15, 1.875), { kind: 'batch', source_key: 'batch/claude-sonnet-4' }),
      offer('amazon-bedrock', 'litellm', price(3.3, 16.5, 0.33, 4.125), { kind: 'data_zone', region: 'eu', source_key: 'eu.anthropic.claude-sonnet-4' }),
      offer('amazon-bedrock', 'litellm', price(3, 15, 0.3, 3.75), { source_key: 'anthropic.claude-sonnet-4', price_tiers: null }),
      offer('google-vertex', 'litellm', price(3, 15, 0.3, 3.75), { kind: 'regional', region: 'us-east5', source_key: 'vertex_ai/us-east5/claude-sonnet-4' }),
    ],
    // Bedrock's tiers come with its direct price list (older data has no per-offer tiers).
    direct_prices: [{ source: 'litellm', provider: 'bedrock', source_key: 'anthropic.claude-sonnet-4', price: base, tiers: [{ min_prompt_tokens: 200000, input: 6, output: 22.5, cache_read: 0.6, cache_write: 7.5 }], deprecated: false }],
  });
}

/** GPT-4o's list price: $2.50 / $10, cache reads $1.25, no cache-write rate. */
export function gpt4o(): ModelDetail {
  return detail('openai/gpt-4o', price(2.5, 10, 1.25, null), {
    endpoints: [
      offer('openai', 'litellm', price(2.5, 10, 1.25, null), { first_party: true }),
      offer('azure', 'litellm', price(2.75, 11, 1.375, null)),
      offer('openai', 'litellm', price(1.25, 5), { kind: 'batch', source_key: 'batch/gpt-4o' }),
    ],
  });
}

/** DeepSeek's standard rate and its off-peak discount, a labelled time-window offer. */
export function deepseek(): ModelDetail {
  return detail('deepseek/deepseek-chat', price(0.27, 1.1, 0.07, null), {
    endpoints: [
      offer('deepseek', 'genai-prices', price(0.27, 1.1, 0.07, null), { first_party: true, time_window: null, price_tiers: [] }),
      offer('deepseek', 'genai-prices', price(0.135, 0.55, 0.035, null), { first_party: true, kind: 'time_window', time_window: { start: '16:30', end: '00:30' }, price_tiers: [] }),
    ],
  });
}
