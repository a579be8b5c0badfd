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

/** An image's size and quality, where a per-image price is one size's and quality's (`dall-e-3`). */
export const IMAGE_SIZE = { type: 'string', pattern: '^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$', description: 'the image size the price is for, width x height in pixels' } as const;
export const IMAGE_QUALITY = { type: 'string', pattern: '^[a-z][a-z0-9-]{0,19}$', description: "the image quality the price is for, as the maker names it (standard, hd, low, medium, high)" } as const;

/** Deeper name patterns are not stored or published (genai-prices nests two levels). */
export const NAME_PATTERN_DEPTH = 3;

/**
 * A name pattern as genai-prices writes its match clauses: one of `equals`, `starts_with`,
 * `ends_with`, `contains`, `regex` (at most 100 characters: query/name-patterns.ts runs only a
 * bounded subset), or `or`/`and` of patterns; unrolled to NAME_PATTERN_DEPTH levels (no `$ref`, so
 * it nests in any schema).
 */
export function namePatternSchema(depth = NAME_PATTERN_DEPTH): object {
  const literal = { type: 'string', minLength: 1, maxLength: 160 } as const;
  const leaves = [
    { type: 'object', required: ['equals'], additionalProperties: false, properties: { equals: literal } },
    { type: 'object', required: ['starts_with'], additionalProperties: false, properties: { starts_with: literal } },
    { type: 'object', required: ['ends_with'], additionalProperties: false, properties: { ends_with: literal } },
    { type: 'object', required: ['contains'], additionalProperties: false, properties: { contains: literal } },
    { type: 'object', required: ['regex'], additionalProperties: false, properties: { regex: { type: 'string', minLength: 1, maxLength: 100 } } },
  ];
  if (depth === 0) return { oneOf: leaves };
  const items = { type: 'array', minItems: 1, maxItems: 50, items: namePatternSchema(depth - 1) };
  return {
    oneOf: [
      ...leaves,
      { type: 'object', required: ['or'], additionalProperties: false, properties: { or: items } },
      { type: 'object', required: ['and'], additionalProperties: false, properties: { and: items } },
    ],
  };
}
