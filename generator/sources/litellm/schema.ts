/**
 * JSON Schemas of LiteLLM's `model_prices_and_context_window.json`: one object keyed by model key,
 * each value a record with `litellm_provider`, `mode`, per-token prices (USD per token, JSON
 * numbers), context limits and an optional `deprecation_date`. Only the fields we read are
 * described; LiteLLM adds fields often, so extra fields are allowed. Prices are typed loosely here
 * (number, string or null) and checked strictly in translate, so one bad price holds back that
 * record's price, not the whole file.
 */

/** The file's first key documents the format; it is not a model. */
export const DOCUMENTATION_KEY = 'sample_spec';

/** Modes of text-generation models, read from every provider; the other modes only from the makers' own APIs (modes.ts). */
export const CHAT_MODES = ['chat', 'completion'] as const;
export type ChatMode = (typeof CHAT_MODES)[number];

/** The four prices we read, by our field name; long-context tiers append `_above_<N>k_tokens`. */
export const PRICE_FIELDS = {
  input: 'input_cost_per_token',
  output: 'output_cost_per_token',
  cache_read: 'cache_read_input_token_cost',
  cache_write: 'cache_creation_input_token_cost',
} as const;

/**
 * A long-context tier price, e.g. `input_cost_per_token_above_200k_tokens`: the number is the
 * threshold in thousands of tokens. Anchored, so `_priority`/`_flex` service-tier variants and
 * `cache_creation_input_token_cost_above_1hr_above_200k_tokens` (1-hour cache writes) do not match.
 */
export const TIER_PRICE_KEY = /^(input_cost_per_token|output_cost_per_token|cache_read_input_token_cost|cache_creation_input_token_cost)_above_([1-9]\d*)k_tokens$/;

const priceValue = { type: ['number', 'string', 'null'] } as const;
const tokenCount = { type: ['number', 'null'] } as const;

/** The whole file: an object of records, validated one by one so a single odd record is isolated. */
export const liteLlmFileSchema = { type: 'object', minProperties: 1 } as const;

/** Enough of a record to decide whether it is in scope (a chat or completion model). */
export const recordHeadSchema = {
  type: 'object',
  properties: { mode: { type: 'string' } },
} as const;

export interface RecordHead {
  mode?: string;
}

export const modelRecordSchema = {
  type: 'object',
  required: ['litellm_provider', 'mode'],
  properties: {
    litellm_provider: { type: 'string', minLength: 1, maxLength: 200 },
    mode: { type: 'string', minLength: 1, maxLength: 100 },
    input_cost_per_token: priceValue,
    output_cost_per_token: priceValue,
    cache_read_input_token_cost: priceValue,
    cache_creation_input_token_cost: priceValue,
    max_input_tokens: tokenCount,
    max_output_tokens: tokenCount,
    deprecation_date: { type: ['string', 'null'] },
  },
  patternProperties: { [TIER_PRICE_KEY.source]: priceValue },
} as const;

export type PriceValue = number | string | null;

export interface LiteLlmRecord {
  litellm_provider: string;
  mode: string;
  input_cost_per_token?: PriceValue;
  output_cost_per_token?: PriceValue;
  cache_read_input_token_cost?: PriceValue;
  cache_creation_input_token_cost?: PriceValue;
  max_input_tokens?: number | null;
  max_output_tokens?: number | null;
  deprecation_date?: string | null;
  /** Tier prices (`…_above_<N>k_tokens`, typed by the schema) and every field we do not read. */
  [field: string]: unknown;
}
