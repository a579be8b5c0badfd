/**
 * JSON Schemas of Artificial Analysis' data API (`GET /api/v2/data/llms/models`, key in the
 * `x-api-key` header), covering the fields we read. Unknown extra fields are allowed (AA adds
 * evaluations over time); wrong types on fields we use are not. Value ranges (indices 0..100,
 * plausible prices) are checked in translate, so one odd value holds back that value, not the
 * record.
 */

const nullableNumber = { type: ['number', 'null'] } as const;
/** Slugs become `<creator>/<slug>` keys, so neither part may contain a slash or whitespace. */
const slug = { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^/\\s]+$' } as const;

/**
 * The envelope: `{ "status": 200, "prompt_options": {...}, "data": [...] }`. Records are only
 * required to be an array here and are validated one by one, so a single odd record is isolated.
 */
export const envelopeSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    status: { type: 'number' },
    prompt_options: { type: 'object' },
    data: { type: 'array' },
  },
} as const;

export interface AaEnvelope {
  status?: number;
  prompt_options?: object;
  data: unknown[];
}

export const aaModelSchema = {
  type: 'object',
  required: ['id', 'name', 'slug', 'model_creator'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200 },
    name: { type: 'string', minLength: 1, maxLength: 300 },
    slug,
    release_date: { type: ['string', 'null'] },
    model_creator: {
      type: 'object',
      required: ['slug'],
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        slug,
      },
    },
    evaluations: {
      type: ['object', 'null'],
      properties: {
        artificial_analysis_intelligence_index: nullableNumber,
        artificial_analysis_coding_index: nullableNumber,
        artificial_analysis_math_index: nullableNumber,
      },
    },
    pricing: {
      type: ['object', 'null'],
      properties: {
        price_1m_blended_3_to_1: nullableNumber,
        price_1m_input_tokens: nullableNumber,
        price_1m_output_tokens: nullableNumber,
      },
    },
    median_output_tokens_per_second: nullableNumber,
    median_time_to_first_token_seconds: nullableNumber,
  },
} as const;

export interface AaEvaluations {
  artificial_analysis_intelligence_index?: number | null;
  artificial_analysis_coding_index?: number | null;
  artificial_analysis_math_index?: number | null;
}

/** AA's prices are medians across the providers it measures, in USD per 1M tokens. */
export interface AaPricing {
  price_1m_blended_3_to_1?: number | null;
  price_1m_input_tokens?: number | null;
  price_1m_output_tokens?: number | null;
}

export interface AaModel {
  /** A UUID; stable, but not readable, so our key is built from the slugs instead. */
  id: string;
  name: string;
  slug: string;
  release_date?: string | null;
  model_creator: { id?: string; name?: string; slug: string };
  evaluations?: AaEvaluations | null;
  pricing?: AaPricing | null;
  median_output_tokens_per_second?: number | null;
  median_time_to_first_token_seconds?: number | null;
}
