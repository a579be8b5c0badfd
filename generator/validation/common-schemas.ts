/** JSON Schema pieces shared by the data/ files and the published API schemas. */

export const isoTime = { type: 'string', format: 'date-time' } as const;
export const nullableIsoTime = { type: ['string', 'null'], format: 'date-time' } as const;
export const calendarDate = { type: 'string', format: 'date' } as const;
export const nullableDate = { type: ['string', 'null'], format: 'date' } as const;
export const modelId = { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*/[a-z0-9][a-z0-9._-]*$' } as const;
export const nullablePositiveInt = { type: ['integer', 'null'], minimum: 1 } as const;
/** Why an upstream read failed, in our own words only (published: never upstream text). */
export const upstreamErrorText = {
  type: ['string', 'null'],
  description:
    'why the last read failed, in our own words: the error kind (timeout, network, http_status, too_large, redirect, invalid_body, invalid_schema), ' +
    'the HTTP status, the content type and length of a bad answer, and the URL we asked; never text the upstream sent. null when it worked',
} as const;
/** Token counts as published: upstream values over 100,000,000 are refused (null) and reported. */
export const publishedTokenCount = { ...nullablePositiveInt, description: 'tokens (1 to 100,000,000; larger upstream values are refused as implausible), or null when unknown' } as const;
export const pricePerM = { type: ['number', 'null'], minimum: 0, maximum: 10000 } as const;

export const tokenPrices = {
  type: 'object',
  required: ['input', 'output', 'cache_read', 'cache_write'],
  additionalProperties: false,
  properties: { input: pricePerM, output: pricePerM, cache_read: pricePerM, cache_write: pricePerM },
} as const;

export const capabilities = {
  type: 'object',
  required: ['vision', 'reasoning', 'tools'],
  additionalProperties: false,
  properties: { vision: { type: 'boolean' }, reasoning: { type: 'boolean' }, tools: { type: 'boolean' } },
} as const;

const index = { type: ['number', 'null'], minimum: 0, maximum: 100 } as const;
export const benchmarks = {
  type: 'object',
  required: ['intelligence_index', 'coding_index', 'math_index'],
  additionalProperties: false,
  properties: { intelligence_index: index, coding_index: index, math_index: index },
} as const;

/** A provider offer; `price` is the stored or the published price shape. */
export function endpointSchema<P extends object>(price: P) {
  return {
    type: 'object',
    required: ['provider', 'tag', 'price', 'context_length', 'max_output', 'quantization', 'capabilities', 'free', 'uptime_1d'],
    additionalProperties: false,
    properties: {
      provider: { type: 'string' },
      tag: { type: 'string' },
      price,
      context_length: nullablePositiveInt,
      max_output: nullablePositiveInt,
      quantization: { type: ['string', 'null'] },
      capabilities,
      free: { type: 'boolean' },
      uptime_1d: { type: ['number', 'null'], minimum: 0, maximum: 1 },
    },
  } as const;
}

interface PriceShape {
  required: readonly string[];
  properties: Record<string, unknown>;
}

/** A price with the time it took effect (price history, pending prices). */
export function pricedAt<P extends PriceShape>(price: P) {
  return { type: 'object', required: ['at', ...price.required], additionalProperties: false, properties: { at: isoTime, ...price.properties } } as const;
}

/** A price in force from a prompt size on (long-context tiers). */
export function priceTier<P extends PriceShape>(price: P) {
  return {
    type: 'object',
    required: ['min_prompt_tokens', ...price.required],
    additionalProperties: false,
    properties: { min_prompt_tokens: { type: 'integer', minimum: 1 }, ...price.properties },
  } as const;
}
