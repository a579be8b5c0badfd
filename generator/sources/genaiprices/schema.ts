/**
 * JSON Schemas of Pydantic's genai-prices `prices/data.json`, written from its own
 * `data.schema.json`: an array of providers (`id`, `name`, `models`, the provider's `model_match`),
 * each model `id`, `match` (a clause: `equals`, `starts_with`, `ends_with`, `contains`, `regex`,
 * `or`, `and`) and `prices`: one price set, or a list of conditional prices whose `constraint`
 * is a `start_date` (a dated change) or `start_time`/`end_time` (a daily window). A price is a
 * number (USD per 1M tokens) or `{ base, tiers: [{ start, price }] }`.
 *
 * The structure is checked here; the price values are typed loosely and read in translate, so a
 * negative, non-numeric or start-less tier price is refused there with its key named, for that
 * record alone. Fields we do not read may come and go (older copies call the context
 * `max_tokens` and the pricing page `pricing_url`), so extra properties are allowed where the
 * upstream schema adds them often (providers, models); conditional prices are closed, as upstream.
 */
import type { NamePatternFact } from '../facts.js';

/** A clause of genai-prices' match logic (read in translate: names, families and the makers' own models). */
export type Clause = NamePatternFact;

/** A price field as the file writes it: checked in translate (see readPrice). */
export type RawPrice = unknown;

export type ModelPrice = Record<string, RawPrice>;

export interface StartDateConstraint {
  start_date: string;
}

export interface TimeOfDayConstraint {
  start_time: string;
  end_time: string;
}

export interface ConditionalPrice {
  constraint?: StartDateConstraint | TimeOfDayConstraint;
  prices: ModelPrice;
}

export interface GenaiModel {
  id: string;
  name?: string;
  match: Clause;
  context_window?: number;
  /** The older copies' name for the context window (2025-06). */
  max_tokens?: number;
  prices: ModelPrice | ConditionalPrice[];
  deprecated?: boolean;
  prices_checked?: string;
}

export interface GenaiProvider {
  id: string;
  name?: string;
  model_match?: Clause;
  models: unknown[];
}

const clause = {
  type: 'object',
  minProperties: 1,
  maxProperties: 1,
  properties: {
    equals: { type: 'string' },
    starts_with: { type: 'string' },
    ends_with: { type: 'string' },
    contains: { type: 'string' },
    regex: { type: 'string' },
    or: { type: 'array', items: { $ref: '#/$defs/clause' } },
    and: { type: 'array', items: { $ref: '#/$defs/clause' } },
  },
  additionalProperties: false,
} as const;

const identifier = { type: 'string', minLength: 1, maxLength: 200, pattern: '^\\S+$' } as const;

/** The whole file: an array of providers, each validated on its own so one odd provider is isolated. */
export const genaiFileSchema = { type: 'array', minItems: 1 } as const;

export const providerSchema = {
  type: 'object',
  required: ['id', 'models'],
  properties: {
    id: identifier,
    name: { type: 'string' },
    model_match: { $ref: '#/$defs/clause' },
    models: { type: 'array' },
  },
  $defs: { clause },
} as const;

/** `HH:MM[:SS[.fff]]`, in UTC (`Z`) or with an offset, as Pydantic writes a `time`. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d(?:\.\d+)?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?$/;

// An empty set is how genai-prices writes a free lane (`phi-4-reasoning:free`): read as no price.
const priceSet = { type: 'object' } as const;

const conditionalPrice = {
  type: 'object',
  required: ['prices'],
  additionalProperties: false,
  properties: {
    constraint: {
      anyOf: [
        { type: 'object', required: ['start_date'], additionalProperties: false, properties: { start_date: { type: 'string', format: 'date' } } },
        {
          type: 'object',
          required: ['start_time', 'end_time'],
          additionalProperties: false,
          properties: { start_time: { type: 'string', pattern: TIME_OF_DAY.source }, end_time: { type: 'string', pattern: TIME_OF_DAY.source } },
        },
      ],
    },
    prices: priceSet,
  },
} as const;

export const modelSchema = {
  type: 'object',
  required: ['id', 'match', 'prices'],
  properties: {
    id: identifier,
    name: { type: 'string' },
    match: { $ref: '#/$defs/clause' },
    context_window: { type: 'number' },
    max_tokens: { type: 'number' },
    prices: { anyOf: [priceSet, { type: 'array', minItems: 1, items: conditionalPrice }] },
    deprecated: { type: 'boolean' },
    prices_checked: { type: 'string', format: 'date' },
  },
  $defs: { clause },
} as const;

/** The price fields we read, by our name (audio, image and per-request prices are not token prices of a text model). */
export const PRICE_FIELDS = {
  input: 'input_mtok',
  output: 'output_mtok',
  cache_read: 'cache_read_mtok',
  cache_write: 'cache_write_mtok',
} as const;
