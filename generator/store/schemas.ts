import { MODEL_TYPES } from '../sources/facts.js';
import {
  benchmarks,
  capabilities,
  endpointSchema,
  isoTime,
  modelId,
  nullableDate,
  nullableIsoTime,
  nullablePositiveInt,
  pricedAt,
  priceTier,
  tokenPrices,
} from '../validation/common-schemas.js';

/** A stored price point: when it was first seen, and when the price before it was last seen (or itself, once the model left). */
const storedPoint = {
  ...pricedAt(tokenPrices),
  properties: { ...pricedAt(tokenPrices).properties, previous_seen_at: isoTime, last_seen_at: isoTime },
} as const;

/** The schema of data/models/<author>/<slug>.json: catches broken hand edits before a build. */
export const modelRecordSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id', 'upstream_id', 'name', 'author', 'description', 'created_at', 'context_length', 'max_output', 'capabilities',
    'input_modalities', 'output_modalities', 'benchmarks', 'retirement_date', 'free_variant', 'first_seen_at', 'delisted_at',
    'price_history', 'endpoints',
  ],
  properties: {
    id: modelId,
    upstream_id: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    author: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' },
    description: { type: 'string' },
    created_at: nullableIsoTime,
    context_length: nullablePositiveInt,
    max_output: nullablePositiveInt,
    capabilities,
    input_modalities: { type: 'array', items: { type: 'string' } },
    output_modalities: { type: 'array', items: { type: 'string' } },
    benchmarks,
    retirement_date: nullableDate,
    hugging_face_id: { type: 'string', minLength: 1, maxLength: 200 },
    canonical_slug: { type: 'string', minLength: 1, maxLength: 200 },
    origin: { const: 'first-party' },
    part_of: modelId,
    type: { enum: [...MODEL_TYPES] },
    free_variant: {
      type: ['object', 'null'],
      required: ['upstream_id', 'context_length', 'max_output'],
      additionalProperties: false,
      properties: { upstream_id: { type: 'string' }, context_length: nullablePositiveInt, max_output: nullablePositiveInt },
    },
    first_seen_at: isoTime,
    delisted_at: nullableIsoTime,
    price_history: { type: 'array', items: storedPoint },
    price_tiers: { type: 'array', items: priceTier(tokenPrices) },
    pending_price: storedPoint,
    endpoints: {
      type: 'object',
      required: ['updated_at', 'items'],
      additionalProperties: false,
      properties: { updated_at: nullableIsoTime, items: { type: 'array', items: endpointSchema(tokenPrices) } },
    },
  },
} as const;

const sourceState = {
  type: 'object',
  required: ['last_attempt_at', 'last_success_at', 'ok', 'error'],
  additionalProperties: false,
  properties: {
    last_attempt_at: nullableIsoTime,
    last_success_at: nullableIsoTime,
    ok: { type: 'boolean' },
    error: { type: ['string', 'null'] },
    items: { type: ['integer', 'null'], minimum: 0 },
  },
} as const;

/** data/sources.json: per source, when it last worked and why it last failed. */
export const sourcesFileSchema = {
  type: 'object',
  additionalProperties: sourceState,
} as const;

/** data/state/openrouter-endpoints.json: model id → when its endpoints were last asked for, and last answered. */
export const endpointsRotationSchema = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['attempted_at', 'succeeded_at'],
    additionalProperties: false,
    properties: { attempted_at: isoTime, succeeded_at: nullableIsoTime },
  },
} as const;

/** data/state/openrouter-pending-additions.json: new model id held by the growth guard → when first held. */
export const pendingAdditionsSchema = {
  type: 'object',
  additionalProperties: isoTime,
} as const;
