/**
 * JSON Schemas of OpenRouter's public API (`GET /api/v1/models` and
 * `GET /api/v1/models/<author>/<slug>/endpoints`), covering the fields we read. Unknown extra
 * fields are allowed (OpenRouter adds fields often); wrong types on fields we use are not.
 * Price values are checked loosely here (string or number) and strictly in translate, so one bad
 * price holds back that price, not the whole catalog.
 */

const priceValue = { type: ['string', 'number', 'null'] } as const;
const nullableString = { type: ['string', 'null'] } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

const pricing = {
  type: 'object',
  properties: {
    prompt: priceValue,
    completion: priceValue,
    input_cache_read: priceValue,
    input_cache_write: priceValue,
    // Long-context tiers: the prices in force from `min_prompt_tokens` on.
    overrides: {
      type: 'array',
      items: {
        type: 'object',
        required: ['min_prompt_tokens'],
        properties: { min_prompt_tokens: { type: 'number' }, prompt: priceValue, completion: priceValue, input_cache_read: priceValue, input_cache_write: priceValue },
      },
    },
  },
} as const;

export interface UpstreamPricing {
  prompt?: string | number | null;
  completion?: string | number | null;
  input_cache_read?: string | number | null;
  input_cache_write?: string | number | null;
  overrides?: Array<Omit<UpstreamPricing, 'overrides'> & { min_prompt_tokens: number }>;
}

export const upstreamModelSchema = {
  type: 'object',
  required: ['id', 'name', 'pricing'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 300 },
    name: { type: 'string' },
    description: { type: 'string' },
    created: { type: ['number', 'null'] },
    context_length: { type: ['number', 'null'] },
    architecture: {
      type: 'object',
      properties: { input_modalities: stringList, output_modalities: stringList },
    },
    pricing,
    top_provider: {
      type: ['object', 'null'],
      properties: { context_length: { type: ['number', 'null'] }, max_completion_tokens: { type: ['number', 'null'] } },
    },
    supported_parameters: { type: ['array', 'null'], items: { type: 'string' } },
    expiration_date: nullableString,
    reasoning: { type: ['object', 'null'] },
    benchmarks: {
      type: ['object', 'null'],
      properties: {
        artificial_analysis: {
          type: ['object', 'null'],
          properties: {
            intelligence_index: { type: ['number', 'null'] },
            coding_index: { type: ['number', 'null'] },
          },
        },
      },
    },
    alias_target: { type: ['object', 'null'] },
    hugging_face_id: nullableString,
    canonical_slug: nullableString,
  },
} as const;

export interface UpstreamModel {
  id: string;
  name: string;
  description?: string;
  created?: number | null;
  context_length?: number | null;
  architecture?: { input_modalities?: string[]; output_modalities?: string[] };
  pricing: UpstreamPricing;
  top_provider?: { context_length?: number | null; max_completion_tokens?: number | null } | null;
  supported_parameters?: string[] | null;
  expiration_date?: string | null;
  reasoning?: object | null;
  benchmarks?: { artificial_analysis?: { intelligence_index?: number | null; coding_index?: number | null } | null } | null;
  alias_target?: object | null;
  hugging_face_id?: string | null;
  canonical_slug?: string | null;
}

/** The list envelope; items are validated one by one so a single odd record is isolated. */
export const modelsPageSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: { type: 'array', items: { type: 'object' } },
    links: { type: ['object', 'null'], properties: { next: nullableString } },
  },
} as const;

export interface ModelsPage {
  data: object[];
  links?: { next?: string | null } | null;
}

export const endpointsResponseSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['id', 'endpoints'],
      properties: {
        id: { type: 'string' },
        architecture: { type: 'object', properties: { input_modalities: stringList } },
        endpoints: {
          type: 'array',
          items: {
            type: 'object',
            required: ['provider_name', 'pricing'],
            properties: {
              name: { type: 'string' },
              provider_name: { type: 'string', minLength: 1 },
              tag: { type: 'string' },
              pricing,
              context_length: { type: ['number', 'null'] },
              max_completion_tokens: { type: ['number', 'null'] },
              quantization: nullableString,
              supported_parameters: { type: ['array', 'null'], items: { type: 'string' } },
              uptime_last_1d: { type: ['number', 'null'] },
            },
          },
        },
      },
    },
  },
} as const;

export interface UpstreamEndpoint {
  name?: string;
  provider_name: string;
  tag?: string;
  pricing: UpstreamPricing;
  context_length?: number | null;
  max_completion_tokens?: number | null;
  quantization?: string | null;
  supported_parameters?: string[] | null;
  uptime_last_1d?: number | null;
}

export interface EndpointsResponse {
  data: { id: string; architecture?: { input_modalities?: string[] }; endpoints: UpstreamEndpoint[] };
}
