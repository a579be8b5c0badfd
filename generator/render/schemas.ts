import { serviceDetailProperties, serviceEntryProperties } from './status-schemas.js';
import {
  benchmarks,
  calendarDate,
  capabilities,
  endpointSchema,
  isoTime,
  modelId,
  nullableDate,
  nullableIsoTime,
  nullablePositiveInt,
  pricePerM,
  pricedAt,
  priceTier,
  tokenPrices,
} from '../validation/common-schemas.js';

/**
 * JSON Schemas (draft 2020-12) of every API response. They are published under
 * /api/v1/schemas/<name>.json and every file is validated against its schema before it is written.
 */
export const API_SCHEMA_NAMES = ['index', 'models', 'model', 'cheapest', 'price-changes', 'deprecations', 'status', 'service', 'error', 'badge'] as const;
export type ApiSchemaName = (typeof API_SCHEMA_NAMES)[number];

const apiPrice = {
  type: 'object',
  required: ['input', 'output', 'blended', 'cache_read', 'cache_write'],
  additionalProperties: false,
  description: 'USD per 1,000,000 tokens; null = unknown, 0 = free. blended = (3 × input + output) / 4.',
  properties: { input: pricePerM, output: pricePerM, blended: pricePerM, cache_read: pricePerM, cache_write: pricePerM },
} as const;

const modelEntryProperties = {
  id: { ...modelId, description: '<author>/<slug>' },
  name: { type: 'string' },
  author: { type: 'string' },
  price: { $ref: '#/$defs/price' },
  context_length: nullablePositiveInt,
  max_output: nullablePositiveInt,
  capabilities,
  benchmarks,
  retirement_date: nullableDate,
  has_free_variant: { type: 'boolean' },
} as const;

const modelEntry = {
  type: 'object',
  required: Object.keys(modelEntryProperties),
  additionalProperties: false,
  properties: modelEntryProperties,
} as const;

const endpoint = endpointSchema({ $ref: '#/$defs/price' });

const fieldProvenance = {
  type: 'object',
  required: ['source', 'url', 'confirmed_at'],
  additionalProperties: false,
  properties: {
    source: { enum: ['openrouter', 'litellm', 'modelsdev', 'artificialanalysis', 'override'] },
    url: { type: 'string', format: 'uri' },
    confirmed_at: { ...nullableIsoTime, description: 'when the source last confirmed the value; null for curated overrides' },
  },
} as const;
const nullableFieldProvenance = { anyOf: [fieldProvenance, { type: 'null' }] } as const;

const modelDetailProperties = {
  ...modelEntryProperties,
  description: { type: 'string' },
  created_at: nullableIsoTime,
  first_seen_at: isoTime,
  delisted_at: nullableIsoTime,
  input_modalities: { type: 'array', items: { type: 'string' } },
  output_modalities: { type: 'array', items: { type: 'string' } },
  source_url: { type: 'string', format: 'uri' },
  price_history: { type: 'array', items: pricedAt(apiPrice) },
  endpoints: { type: 'array', items: endpoint },
  endpoints_updated_at: nullableIsoTime,
  endpoints_checked_at: nullableIsoTime,
  price_tiers: {
    type: 'array',
    description: 'prices in force from min_prompt_tokens on (long-context tiers); the blended price of the model stays that of its base prices',
    items: priceTier(apiPrice),
  },
  direct_prices: {
    type: 'array',
    description: "the author's own price list, as LiteLLM and models.dev publish it (USD per 1M tokens)",
    items: {
      type: 'object',
      required: ['source', 'provider', 'source_key', 'price', 'tiers', 'deprecated'],
      additionalProperties: false,
      properties: {
        source: { enum: ['litellm', 'modelsdev'] },
        provider: { type: 'string' },
        source_key: { type: 'string' },
        price: { $ref: '#/$defs/price' },
        tiers: { type: 'array', items: priceTier(tokenPrices) },
        deprecated: { type: 'boolean', description: 'the source marks this offer deprecated' },
      },
    },
  },
  provider_retirements: {
    type: 'array',
    description: "retirements of one provider's copy of the model (for example Azure's), not of the model itself",
    items: {
      type: 'object',
      required: ['source', 'provider', 'source_key', 'date', 'source_url'],
      additionalProperties: false,
      properties: { source: { type: 'string' }, provider: { type: 'string' }, source_key: { type: 'string' }, date: calendarDate, source_url: { type: 'string', format: 'uri' } },
    },
  },
  pending_price: {
    anyOf: [
      pricedAt(apiPrice),
      { type: 'null' },
    ],
    description: 'a price that jumped by more than the allowed factor (default 5×) at once: not published until a later observation confirms it',
  },
  provenance: {
    type: 'object',
    required: ['price', 'benchmarks', 'retirement_date', 'corrections'],
    additionalProperties: false,
    description: 'where each field group came from and when it was last confirmed',
    properties: {
      price: nullableFieldProvenance,
      benchmarks: fieldProvenance,
      retirement_date: nullableFieldProvenance,
      corrections: {
        type: 'array',
        items: {
          type: 'object',
          required: ['field', 'value', 'reason', 'source_url'],
          additionalProperties: false,
          properties: { field: { type: 'string' }, value: { type: ['string', 'number', 'boolean', 'null'] }, reason: { type: 'string' }, source_url: { type: 'string', format: 'uri' } },
        },
      },
    },
  },
} as const;

const source = {
  type: 'object',
  required: ['id', 'url', 'last_success_at', 'stale', 'error'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    last_success_at: nullableIsoTime,
    stale: { type: 'boolean', description: 'true when the last attempt failed: the data is the last good one' },
    error: { type: ['string', 'null'] },
  },
} as const;

const baseMetaProperties = {
  api_version: { const: 'v1' },
  attribution: {
    type: 'object',
    required: ['text', 'url'],
    additionalProperties: false,
    properties: { text: { type: 'string' }, url: { type: 'string', format: 'uri' } },
  },
  cache_seconds: { type: 'integer', minimum: 60 },
  as_of: nullableIsoTime,
  sources: { type: 'array', items: source },
  documentation: { type: 'string', format: 'uri' },
} as const;
const baseMetaRequired = ['api_version', 'attribution', 'cache_seconds', 'as_of', 'sources', 'documentation'];

function meta(extra: Record<string, object> = {}, required: string[] = []) {
  return {
    type: 'object',
    required: [...baseMetaRequired, ...required],
    additionalProperties: false,
    properties: { ...baseMetaProperties, ...extra },
  };
}

const modelsMeta = {
  count: { type: 'integer', minimum: 0 },
  price_unit: { const: 'USD per 1M tokens' },
  blended_formula: { const: '(3 * input + output) / 4' },
  benchmarks_attribution: {
    type: 'object',
    required: ['text', 'url'],
    additionalProperties: false,
    description: 'the benchmark indices are by Artificial Analysis: show this link with them',
    properties: { text: { type: 'string' }, url: { type: 'string', format: 'uri' } },
  },
} as const;

function envelope(name: ApiSchemaName, siteUrl: string, title: string, data: object, metaSchema: object) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${siteUrl}/api/v1/schemas/${name}.json`,
    title,
    type: 'object',
    required: ['data', 'meta'],
    additionalProperties: false,
    properties: { data, meta: metaSchema },
    $defs: { price: apiPrice },
  };
}

export function apiSchemas(siteUrl: string): Record<ApiSchemaName, object> {
  const modelsMetaSchema = meta({ ...modelsMeta, author: { type: 'string' } }, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution']);
  const query = {
    type: 'object',
    required: ['min_intel', 'min_context', 'vision', 'reasoning', 'tools', 'limit'],
    additionalProperties: false,
    properties: {
      min_intel: { type: ['number', 'null'], minimum: 0, maximum: 100 },
      min_context: { type: ['integer', 'null'], minimum: 0 },
      vision: { type: 'boolean' },
      reasoning: { type: 'boolean' },
      tools: { type: 'boolean' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
    },
  };
  return {
    index: envelope('index', siteUrl, 'API index', {
      type: 'object',
      required: ['endpoints', 'client', 'openapi', 'feeds', 'badges'],
      additionalProperties: false,
      properties: {
        openapi: { type: 'string', description: 'The OpenAPI 3.1 document of this API' },
        feeds: {
          type: 'object',
          description: 'Atom feeds and the iCalendar file of retirement dates',
          required: ['price_changes', 'deprecations', 'incidents', 'retirements_calendar'],
          additionalProperties: false,
          properties: { price_changes: { type: 'string' }, deprecations: { type: 'string' }, incidents: { type: 'string' }, retirements_calendar: { type: 'string' } },
        },
        badges: {
          type: 'object',
          description: 'shields.io endpoint badges per service: use https://img.shields.io/endpoint?url=<site><path>',
          required: ['status', 'uptime'],
          additionalProperties: false,
          properties: { status: { type: 'string' }, uptime: { type: 'string' } },
        },
        endpoints: {
          type: 'array',
          items: {
            type: 'object',
            required: ['path', 'file', 'description', 'schema'],
            additionalProperties: false,
            properties: { path: { type: 'string' }, file: { type: 'string' }, description: { type: 'string' }, schema: { type: 'string', format: 'uri' } },
          },
        },
        client: { type: 'string' },
      },
    }, meta()),
    models: envelope('models', siteUrl, 'Models currently offered', { type: 'array', items: modelEntry }, modelsMetaSchema),
    model: envelope('model', siteUrl, 'One model with its price history and endpoints', {
      type: 'object',
      required: Object.keys(modelDetailProperties),
      additionalProperties: false,
      properties: modelDetailProperties,
    }, meta(modelsMeta, ['price_unit', 'blended_formula', 'benchmarks_attribution'])),
    cheapest: envelope('cheapest', siteUrl, 'Cheapest models matching a query', { type: 'array', maxItems: 100, items: modelEntry },
      meta({ ...modelsMeta, query, canonical_path: { type: 'string' } }, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution', 'query', 'canonical_path'])),
    'price-changes': envelope('price-changes', siteUrl, 'Price changes, newest first', {
      type: 'array',
      items: {
        type: 'object',
        required: ['model_id', 'name', 'at', 'previous', 'current', 'change_pct'],
        additionalProperties: false,
        properties: {
          model_id: modelId,
          name: { type: 'string' },
          at: isoTime,
          previous: { $ref: '#/$defs/price' },
          current: { $ref: '#/$defs/price' },
          change_pct: { type: ['number', 'null'], description: 'change of the blended price, in percent' },
        },
      },
    }, meta(modelsMeta, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution'])),
    deprecations: envelope('deprecations', siteUrl, 'Models with a retirement date, soonest first', {
      type: 'array',
      items: {
        type: 'object',
        required: ['model_id', 'name', 'retirement_date', 'retired', 'replacement', 'source_url'],
        additionalProperties: false,
        properties: {
          model_id: modelId,
          name: { type: 'string' },
          retirement_date: calendarDate,
          retired: { type: 'boolean' },
          replacement: { type: ['string', 'null'] },
          source_url: { type: 'string', format: 'uri' },
        },
      },
    }, meta({ count: { type: 'integer', minimum: 0 } }, ['count'])),
    status: envelope('status', siteUrl, 'Status of the monitored AI services', {
      type: 'array',
      items: { type: 'object', required: Object.keys(serviceEntryProperties), additionalProperties: false, properties: serviceEntryProperties },
    }, meta({ count: { type: 'integer', minimum: 0 } }, ['count'])),
    service: envelope('service', siteUrl, 'One service with 90 days of uptime and recent incidents', {
      type: 'object',
      required: Object.keys(serviceDetailProperties),
      additionalProperties: false,
      properties: serviceDetailProperties,
    }, meta()),
    error: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `${siteUrl}/api/v1/schemas/error.json`,
      title: 'Error',
      type: 'object',
      required: ['error'],
      additionalProperties: false,
      properties: {
        error: {
          type: 'object',
          required: ['status', 'code', 'message'],
          additionalProperties: false,
          properties: {
            status: { type: 'integer', minimum: 400, maximum: 599 },
            code: { type: 'string' },
            message: { type: 'string' },
            fallback: {
              type: 'object',
              required: ['client', 'index'],
              additionalProperties: false,
              properties: { client: { type: 'string' }, index: { type: 'string' } },
            },
            documentation: { type: 'string', format: 'uri' },
          },
        },
      },
    },
    badge: badgeSchema(siteUrl),
  };
}

/** Joi's `string()`, which shields validates with, rejects the empty string. */
const shieldsString = (description: string) => ({ type: 'string', minLength: 1, description }) as const;

/**
 * The shields.io endpoint badge format (schemaVersion 1), transcribed from
 * https://shields.io/badges/endpoint-badge and shields' own validation: unknown keys are rejected,
 * `namedLogo` and `logoSvg` exclude each other, `logoColor` and `logoSize` need `namedLogo`.
 */
function badgeSchema(siteUrl: string) {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${siteUrl}/api/v1/schemas/badge.json`,
    title: 'shields.io endpoint badge',
    description: 'Show it with https://img.shields.io/endpoint?url=<URL of this file, URL-encoded>',
    type: 'object',
    required: ['schemaVersion', 'label', 'message'],
    additionalProperties: false,
    properties: {
      schemaVersion: { const: 1, description: 'always 1' },
      label: { type: 'string', description: 'the left text; the empty string omits the left side' },
      message: shieldsString('the right text; never empty'),
      color: shieldsString('the right color (default lightgrey): a named color, hex, rgb, rgba, hsl, hsla or a CSS color name'),
      labelColor: shieldsString('the left color (default grey)'),
      isError: { type: 'boolean', description: 'true: an error badge whose color users cannot override (default false)' },
      namedLogo: shieldsString('a simple-icons slug'),
      logoSvg: shieldsString('an SVG string with a custom logo'),
      logoColor: shieldsString('the logo color; simple-icons logos only'),
      logoSize: shieldsString('"auto" makes the logo resize adaptively; simple-icons logos only'),
      style: shieldsString('the default style: flat, flat-square, plastic, for-the-badge or social'),
      cacheSeconds: { type: 'integer', minimum: 0, description: 'HTTP cache lifetime; shields ignores values below its minimum (300 s for endpoint badges)' },
    },
    dependentRequired: { logoColor: ['namedLogo'], logoSize: ['namedLogo'] },
    // Not both logos (`not: { required }` trips ajv's strict mode; this says the same).
    dependentSchemas: { namedLogo: { properties: { logoSvg: false } } },
  };
}
