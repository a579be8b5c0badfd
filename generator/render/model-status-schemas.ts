/** JSON Schema pieces of the status per model (issue 39; docs/api.md, "Model status"). */
import { ENDPOINT_HEALTH, MODEL_STATES, STATE_REASONS } from '../status/model-state.js';
import { isoTime, modelId, nullableIsoTime } from '../validation/common-schemas.js';

const fraction = { type: ['number', 'null'], minimum: 0, maximum: 1 } as const;
const nonNegative = { type: ['number', 'null'], minimum: 0 } as const;
const nonNegativeInt = { type: ['integer', 'null'], minimum: 0 } as const;

export const modelStateSchema = {
  enum: [...MODEL_STATES],
  description:
    'operational, degraded, outage or unknown: the worst of the open official incidents naming the model (critical: outage, any other impact: degraded) and what its providers\' 5-minute uptime says (every endpoint with a verdict down: outage; none up, or more than half not up: degraded; a model one provider has lost while others serve it is operational); unknown without either, see reason',
} as const;

export const stateReasonSchema = {
  enum: [...STATE_REASONS],
  description:
    'incident: an open official incident names it; all_providers_down, no_provider_up, most_providers_failing, some_providers_failing, providers_up: what its endpoints say; unknown: no_figures (OpenRouter publishes none for it, or none read yet), figures_stale (the newest are over an hour old), no_traffic (no uptime figure at all)',
} as const;

export const endpointStatsSchema = {
  type: 'object',
  description: "OpenRouter's real-traffic figures of this endpoint, each named with its window, as read at observed_at",
  required: ['observed_at', 'uptime_5m', 'uptime_30m', 'uptime_1d', 'latency_30m', 'throughput_30m'],
  additionalProperties: false,
  properties: {
    observed_at: { ...isoTime, description: 'when they were read: every window ends then' },
    uptime_5m: { ...fraction, description: 'share of requests that succeeded over the last 5 minutes; null: none (no request, or a figure refused)' },
    uptime_30m: { ...fraction, description: 'over the last 30 minutes' },
    uptime_1d: { ...fraction, description: 'over the last day' },
    latency_30m: {
      type: 'object',
      description: 'time to the first token over the last 30 minutes, percentiles in milliseconds',
      required: ['p50_ms', 'p90_ms'],
      additionalProperties: false,
      properties: { p50_ms: nonNegativeInt, p90_ms: nonNegativeInt },
    },
    throughput_30m: {
      type: 'object',
      description: 'output tokens a second over the last 30 minutes, percentiles',
      required: ['p50_tps', 'p90_tps'],
      additionalProperties: false,
      properties: { p50_tps: nonNegative, p90_tps: nonNegative },
    },
  },
} as const;

export const modelIncidentSchema = {
  type: 'object',
  required: ['service_id', 'id', 'name', 'status', 'impact', 'started_at', 'updated_at', 'resolved_at', 'url'],
  additionalProperties: false,
  properties: {
    service_id: { type: 'string', description: 'the service whose official page published it (/api/v1/status/{service_id})' },
    id: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string' },
    impact: { enum: ['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'] },
    started_at: nullableIsoTime,
    updated_at: nullableIsoTime,
    resolved_at: nullableIsoTime,
    url: { type: ['string', 'null'] },
  },
} as const;

const providerCounts = {
  type: 'object',
  description: 'its OpenRouter endpoints by verdict on the newest figures: up (5-minute uptime at least 95%), degraded (50% to 95%), down (below 50%), unknown (no figure, or over an hour old)',
  required: ['up', 'degraded', 'down', 'unknown'],
  additionalProperties: false,
  properties: { up: { type: 'integer', minimum: 0 }, degraded: { type: 'integer', minimum: 0 }, down: { type: 'integer', minimum: 0 }, unknown: { type: 'integer', minimum: 0 } },
} as const;

const since = { ...nullableIsoTime, description: 'the first status run that judged this state; null before any status run' } as const;

/** The model detail's `status`. */
export const modelStatusSchema = {
  type: 'object',
  description:
    'the model\'s state, the official incidents naming it and its speed (docs/api.md, "Model status"). In the static files it is judged at the last status run (index.json freshness, source status); on Cloudflare the path form is answered live',
  required: ['state', 'reason', 'since', 'providers', 'open_incidents', 'recent_incidents', 'speed'],
  additionalProperties: false,
  properties: {
    state: modelStateSchema,
    reason: stateReasonSchema,
    since,
    providers: providerCounts,
    open_incidents: { type: 'array', items: modelIncidentSchema, description: 'unresolved official incidents that name it, while the official data counts (read within two hours)' },
    recent_incidents: { type: 'array', items: modelIncidentSchema, description: 'every official incident naming it in the 90-day window (and older ones still open), newest first' },
    speed: {
      type: 'object',
      description: "how fast it is, each figure with its source: OpenRouter's fastest endpoint (the day's first read: docs/api.md) beside Artificial Analysis' medians",
      required: ['openrouter', 'artificial_analysis'],
      additionalProperties: false,
      properties: {
        openrouter: {
          anyOf: [
            {
              type: 'object',
              required: ['throughput_tps', 'latency_ms', 'observed_at'],
              additionalProperties: false,
              properties: {
                throughput_tps: { ...nonNegative, description: 'the highest p50 output tokens a second of its endpoints over 30 minutes' },
                latency_ms: { ...nonNegativeInt, description: 'the lowest p50 time to the first token of its endpoints over 30 minutes' },
                observed_at: isoTime,
              },
            },
            { type: 'null' },
          ],
        },
        artificial_analysis: {
          anyOf: [
            {
              type: 'object',
              required: ['output_tps', 'ttft_ms', 'url'],
              additionalProperties: false,
              properties: {
                output_tps: { ...nonNegative, description: "Artificial Analysis' median output tokens a second across the providers it measures" },
                ttft_ms: { ...nonNegativeInt, description: 'its median time to the first token, milliseconds' },
                url: { type: 'string', format: 'uri' },
              },
            },
            { type: 'null' },
          ],
        },
      },
    },
  },
} as const;

/** A models list entry's compact `status`. */
export const entryStatusSchema = {
  type: 'object',
  description: "the model's state and the speed `fastest` ranks by: OpenRouter's best p50 where it has figures, else Artificial Analysis' medians (speed_source says which)",
  required: ['state', 'throughput_tps', 'latency_ms', 'speed_source'],
  additionalProperties: false,
  properties: {
    state: modelStateSchema,
    throughput_tps: { ...nonNegative, description: 'output tokens a second' },
    latency_ms: { ...nonNegativeInt, description: 'time to the first token, milliseconds' },
    speed_source: { enum: ['openrouter', 'artificialanalysis', null] },
  },
} as const;

/** An entry of /api/v1/status/models. */
export const statusModelsEntrySchema = {
  type: 'object',
  required: ['id', 'name', 'author', 'state', 'reason', 'since', 'providers', 'endpoints', 'open_incidents'],
  additionalProperties: false,
  properties: {
    id: modelId,
    name: { type: 'string' },
    author: { type: 'string' },
    state: { enum: ['degraded', 'outage'] },
    reason: stateReasonSchema,
    since,
    providers: providerCounts,
    endpoints: {
      type: 'array',
      description: 'every OpenRouter endpoint of the model, with its verdict and its newest figures',
      items: {
        type: 'object',
        required: ['tag', 'provider', 'provider_name', 'health', 'stats'],
        additionalProperties: false,
        properties: {
          tag: { type: 'string' },
          provider: { type: 'string' },
          provider_name: { type: 'string' },
          health: { enum: [...ENDPOINT_HEALTH] },
          stats: endpointStatsSchema,
        },
      },
    },
    open_incidents: { type: 'array', items: modelIncidentSchema },
  },
} as const;

/** `meta` additions of /api/v1/status/models. */
export const statusModelsMetaProperties = {
  count: { type: 'integer', minimum: 0 },
  omitted: { type: 'integer', minimum: 0, description: 'models not operational beyond the most the file lists (1,000, worst first): 0 unless a whole catalog is in trouble at once' },
  unknown: { type: 'object', description: 'models without a verdict, not listed, counted by reason', additionalProperties: { type: 'integer', minimum: 1 } },
  thresholds: {
    type: 'object',
    description: 'the rules\' figures: an endpoint is up at up_uptime or more of its requests succeeding over 5 minutes, down below down_uptime; figures older than figures_max_age_seconds say nothing',
    required: ['up_uptime', 'down_uptime', 'figures_max_age_seconds'],
    additionalProperties: false,
    properties: { up_uptime: { type: 'number' }, down_uptime: { type: 'number' }, figures_max_age_seconds: { type: 'integer' } },
  },
} as const;

/** A service's `traffic`. */
export const serviceTrafficSchema = {
  type: 'object',
  description:
    "the third signal beside the official page and our probe, never averaged into `status`: of the requests on the service's own endpoints (OpenRouter's figures of the providers data/services.json names for it), the share failing over the last 5 minutes, each endpoint weighted equally",
  required: ['health', 'failing_share', 'counted_endpoints', 'counted_models', 'observed_at'],
  additionalProperties: false,
  properties: {
    health: { enum: [...ENDPOINT_HEALTH], description: 'by the endpoint thresholds: up below 5% failing, down above 50%, degraded between, unknown without a fresh figure' },
    failing_share: fraction,
    counted_endpoints: { type: 'integer', minimum: 0 },
    counted_models: { type: 'integer', minimum: 0 },
    observed_at: { ...nullableIsoTime, description: 'the oldest figure counted' },
  },
} as const;
