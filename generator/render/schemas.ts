import { badgeSchema } from './badge-schema.js';
import { apiNamesData } from './api-names-schema.js';
import { costIndexData } from './cost-index-schema.js';
import { apiPriceSchema, modelDetailProperties, modelEntry, modelListEntry, priceChangeSchema } from './model-schemas.js';
import { statusModelsEntrySchema, statusModelsMetaProperties } from './model-status-schemas.js';
import { liveMetaSchema, serviceDetailProperties, serviceListEntryProperties } from './status-schemas.js';
import {
  calendarDate,
  isoTime,
  modelId,
  nullableDate,
  nullableIsoTime,
  upstreamErrorText,
} from '../validation/common-schemas.js';

/**
 * JSON Schemas (draft 2020-12) of every API response. They are published under
 * /api/v1/schemas/<name>.json and every file is validated against its schema before it is written.
 */
export const API_SCHEMA_NAMES = ['index', 'models', 'model', 'cheapest', 'cost-index', 'api-names', 'price-changes', 'deprecations', 'status', 'service', 'status-models', 'fastest', 'error', 'badge'] as const;
export type ApiSchemaName = (typeof API_SCHEMA_NAMES)[number];

const source = {
  type: 'object',
  description: 'a source this response is made from; when it was last read is in /api/v1/index.json (data.freshness)',
  required: ['id', 'url'],
  additionalProperties: false,
  properties: { id: { type: 'string' }, url: { type: 'string', format: 'uri' } },
} as const;

const sourceFreshness = {
  type: 'object',
  required: ['id', 'url', 'last_attempt_at', 'last_success_at', 'stale', 'error'],
  additionalProperties: false,
  properties: {
    id: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    last_attempt_at: nullableIsoTime,
    last_success_at: nullableIsoTime,
    stale: { type: 'boolean', description: 'true when the last attempt failed: the published data is the last good one' },
    error: upstreamErrorText,
  },
} as const;

const freshness = {
  type: 'object',
  description: 'when the data was last refreshed: the run, and every source (status: the status pages and probes)',
  required: ['run_at', 'sources'],
  additionalProperties: false,
  properties: {
    run_at: { ...isoTime, description: 'the last update run' },
    sources: { type: 'array', items: sourceFreshness },
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
  updated_at: { ...isoTime, description: "when this response's content last changed (the update run that first saw it); unchanged content keeps its bytes" },
  as_of: {
    ...isoTime,
    description:
      'the data\'s as-of time, the same in every response of a build: the last update run at which what the catalog responses say changed. Every day-dependent judgement (retired, upcoming, who takes part in cheapest, the 90-day window of price changes) is made on its date; later runs that changed nothing keep it (docs/api.md, "One as-of")',
  },
  sources: { type: 'array', items: source },
  documentation: { type: 'string', format: 'uri' },
} as const;
const baseMetaRequired = ['api_version', 'attribution', 'cache_seconds', 'updated_at', 'as_of', 'sources', 'documentation'];

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

/** `$defs.price` only where the data refers to it: an unused definition is noise to linters. */
function envelope(name: ApiSchemaName, siteUrl: string, title: string, data: object, metaSchema: object) {
  const defs = JSON.stringify(data).includes('"#/$defs/price"') ? { $defs: { price: apiPriceSchema } } : {};
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `${siteUrl}/api/v1/schemas/${name}.json`,
    title,
    type: 'object',
    required: ['data', 'meta'],
    additionalProperties: false,
    properties: { data, meta: metaSchema },
    ...defs,
  };
}

export function apiSchemas(siteUrl: string): Record<ApiSchemaName, object> {
  const modelsMetaSchema = meta({
    ...modelsMeta,
    author: { type: 'string' },
  }, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution']);
  const statusMeta = (extra: Record<string, object> = {}, required: string[] = []) =>
    meta({ ...extra, checked_at: { ...nullableIsoTime, description: 'the last status run: status responses are freshness files and change with every run' }, live: liveMetaSchema }, [...required, 'checked_at', 'live']);
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
  const fastestQuerySchema = {
    type: 'object',
    required: [...query.required, 'max_price', 'sort'],
    additionalProperties: false,
    properties: {
      ...query.properties,
      max_price: { type: ['number', 'null'], minimum: 0, description: 'the highest blended price (USD per 1M tokens), or null' },
      sort: { enum: ['throughput', 'latency'], description: 'throughput: most output tokens a second first; latency: least time to the first token first' },
    },
  };
  return {
    index: envelope('index', siteUrl, 'API index', {
      type: 'object',
      required: ['endpoints', 'client', 'openapi', 'feeds', 'badges', 'exports', 'freshness'],
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
        exports: {
          type: 'object',
          description: 'the whole catalog as CSV files (RFC 4180, UTF-8): every model, every offer, every price history point',
          required: ['models', 'offers', 'price_history'],
          additionalProperties: false,
          properties: { models: { type: 'string' }, offers: { type: 'string' }, price_history: { type: 'string' } },
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
        freshness,
      },
    }, meta()),
    models: envelope('models', siteUrl, 'Models currently offered', { type: 'array', items: modelListEntry }, modelsMetaSchema),
    model: envelope('model', siteUrl, 'One model with its price history and endpoints', {
      type: 'object',
      required: Object.keys(modelDetailProperties),
      additionalProperties: false,
      properties: modelDetailProperties,
    }, meta({ ...modelsMeta, live: { ...liveMetaSchema, description: 'only in the Worker\'s answer to the path form on Cloudflare: `status` (its open incidents, matched to the model from the official pages the edge monitor reads every minute) and the offers\' `stats` (the newest figures of its sweep) are live; `observed_at` is the older of the two parts used. Absent: the build\'s file (docs/api.md, "Model status")' } }, ['price_unit', 'blended_formula', 'benchmarks_attribution'])),
    cheapest: envelope('cheapest', siteUrl, 'Cheapest models matching a query', { type: 'array', maxItems: 100, items: modelEntry },
      meta({ ...modelsMeta, query, canonical_path: { type: 'string' } }, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution', 'query', 'canonical_path'])),
    fastest: envelope('fastest', siteUrl, "Fastest models matching a query: cheapest's candidates with a known speed, by throughput (or latency), then price, then id", { type: 'array', maxItems: 100, items: modelListEntry },
      meta({ ...modelsMeta, query: fastestQuerySchema, canonical_path: { type: 'string', description: 'the file of the default query; the query form of any other' } }, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution', 'query', 'canonical_path'])),
    'cost-index': envelope('cost-index', siteUrl, "What ranking by the cost of a token mix reads: every cheapest candidate's headline price and each provider's standard offer, with context tiers", costIndexData, modelsMetaSchema),
    'api-names': envelope('api-names', siteUrl, "The names each provider's API accepts (dated snapshots, -latest aliases, Bedrock/Vertex/Azure ids), each with the model it names: what resolveModel reads", apiNamesData, meta({ count: { type: 'integer', minimum: 0, description: 'the names the index resolves' } }, ['count'])),
    'price-changes': envelope('price-changes', siteUrl, 'Price changes, newest first: upcoming ones (dated ahead by the maker) first, then the last 90 days (at least the latest 100)', {
      type: 'array',
      items: priceChangeSchema,
    }, meta(modelsMeta, ['count', 'price_unit', 'blended_formula', 'benchmarks_attribution'])),
    deprecations: envelope('deprecations', siteUrl, 'Models with a retirement date: upcoming retirements soonest first, then retired ones newest first', {
      type: 'array',
      items: {
        type: 'object',
        required: ['model_id', 'name', 'retirement_date', 'retired', 'deprecated_at', 'replacement', 'replacement_id', 'source_url'],
        additionalProperties: false,
        properties: {
          model_id: modelId,
          name: { type: 'string' },
          retirement_date: calendarDate,
          retired: { type: 'boolean', description: 'the date is on or before the data\'s as-of day; clients recompute it for their own day' },
          deprecated_at: { ...nullableDate, description: 'when the maker deprecated the model, where its page says' },
          replacement: { type: ['string', 'null'], description: 'our model id where we track the replacement, else the maker\'s name for it (as written), or null' },
          replacement_id: { anyOf: [modelId, { type: 'null' }], description: 'the replacement as our model id, or null' },
          source_url: { type: 'string', format: 'uri', description: 'the maker\'s own deprecation page where it gives the date' },
        },
      },
    }, meta({ count: { type: 'integer', minimum: 0 } }, ['count'])),
    status: envelope('status', siteUrl, 'Status of the monitored AI services', {
      type: 'array',
      items: { type: 'object', required: Object.keys(serviceListEntryProperties), additionalProperties: false, properties: serviceListEntryProperties },
    }, statusMeta({ count: { type: 'integer', minimum: 0 } }, ['count'])),
    service: envelope('service', siteUrl, 'One service with 90 days of uptime and recent incidents', {
      type: 'object',
      required: Object.keys(serviceDetailProperties),
      additionalProperties: false,
      properties: serviceDetailProperties,
    }, statusMeta()),
    'status-models': envelope('status-models', siteUrl, 'Every model not operational now (degraded or outage, worst first), with its providers, open incidents and newest figures', {
      type: 'array',
      items: statusModelsEntrySchema,
    }, statusMeta(statusModelsMetaProperties, ['count', 'omitted', 'unknown', 'thresholds'])),
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
            parameter: { type: 'string', description: 'bad_query: the query parameter at fault, in lower case' },
            hint: { type: 'string', description: 'not_found: what was probably meant (ids are lower case)' },
            fallback: {
              type: 'object',
              required: ['client', 'index'],
              additionalProperties: false,
              properties: { client: { type: 'string' }, index: { type: 'string' } },
            },
            precomputed: {
              type: 'object',
              description:
                'which cheapest variants have a file: add up the points of the values a query names (a parameter left out, limit 10 and a flag not required cost nothing; a value not listed has no file); a variant has a file when its points are at most max_points',
              required: ['points', 'max_points', 'path_template'],
              additionalProperties: false,
              properties: {
                points: {
                  type: 'object',
                  required: ['min_intel', 'min_context', 'limit', 'vision', 'reasoning', 'tools'],
                  additionalProperties: false,
                  properties: {
                    min_intel: { type: 'object', description: 'value → points', additionalProperties: { type: 'integer', minimum: 0 } },
                    min_context: { type: 'object', description: 'value → points', additionalProperties: { type: 'integer', minimum: 0 } },
                    limit: { type: 'object', description: 'value → points (10, the default, costs nothing)', additionalProperties: { type: 'integer', minimum: 0 } },
                    vision: { type: 'integer', minimum: 0, description: 'points when required' },
                    reasoning: { type: 'integer', minimum: 0, description: 'points when required' },
                    tools: { type: 'integer', minimum: 0, description: 'points when required' },
                  },
                },
                max_points: { type: 'integer', minimum: 0 },
                path_template: { type: 'string' },
              },
            },
            endpoint: { type: 'string', format: 'uri', description: 'mcp_elsewhere: where the remote MCP endpoint (Streamable HTTP) is, on a host that has none at /mcp' },
            documentation: { type: 'string', format: 'uri' },
          },
        },
      },
    },
    badge: badgeSchema(siteUrl),
  };
}
