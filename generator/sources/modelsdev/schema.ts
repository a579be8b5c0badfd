/**
 * JSON Schemas of models.dev's `api.json`: an object keyed by provider id; each provider has `id`,
 * `name` and `models` (keyed by model id), each model `cost` in USD per 1M tokens, `limit`
 * (`context`, `output`; 0 means unknown), `status` and `modalities`. Only the fields we read are
 * described and extra fields are allowed (models.dev adds fields often). Prices are typed loosely
 * here and checked in translate, so one bad price holds back that model's price, not the file.
 * `release_date` is typed loosely too: a `YYYY-MM` release date, which the real file has, never
 * rejects a record (translate keeps whole days only).
 */

/** The `status` that marks a deprecated model; the others (`beta`, `alpha`, absent) do not matter here. */
export const DEPRECATED_STATUS = 'deprecated';

/** Models whose output modalities lack this generate images, audio or video: out of scope. */
export const TEXT_MODALITY = 'text';

const priceValue = { type: ['number', 'string', 'null'] } as const;
const tokenCount = { type: ['number', 'null'] } as const;
const stringList = { type: 'array', items: { type: 'string' } } as const;

const priceFields = {
  input: priceValue,
  output: priceValue,
  cache_read: priceValue,
  cache_write: priceValue,
} as const;

export type PriceValue = number | string | null;

export interface CostFields {
  input?: PriceValue;
  output?: PriceValue;
  cache_read?: PriceValue;
  cache_write?: PriceValue;
}

/** A price tier; `type: "context"` tiers apply from a prompt of `size` tokens on. */
export interface CostTier extends CostFields {
  tier?: { type?: string; size?: number };
}

export interface Cost extends CostFields {
  /** The older form of the first context tier. Despite the name its threshold is not always 200k (see translate). */
  context_over_200k?: CostFields;
  tiers?: CostTier[];
}

/** The whole response: an object of providers, validated one by one so one odd provider is isolated. */
export const modelsDevApiSchema = { type: 'object', minProperties: 1 } as const;

export const providerSchema = {
  type: 'object',
  required: ['id', 'models'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 200 },
    name: { type: 'string' },
    models: { type: 'object' },
  },
} as const;

export interface ModelsDevProvider {
  id: string;
  name?: string;
  models: Record<string, unknown>;
}

export const modelSchema = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 300 },
    name: { type: 'string' },
    cost: {
      type: 'object',
      properties: {
        ...priceFields,
        context_over_200k: { type: 'object', properties: priceFields },
        tiers: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              ...priceFields,
              tier: { type: 'object', properties: { type: { type: 'string' }, size: { type: 'number' } } },
            },
          },
        },
      },
    },
    limit: { type: 'object', properties: { context: tokenCount, output: tokenCount } },
    status: { type: 'string' },
    modalities: { type: 'object', properties: { input: stringList, output: stringList } },
  },
} as const;

export interface ModelsDevModel {
  id: string;
  name?: string;
  cost?: Cost;
  limit?: { context?: number | null; output?: number | null };
  status?: string;
  modalities?: { input?: string[]; output?: string[] };
  release_date?: unknown;
}
