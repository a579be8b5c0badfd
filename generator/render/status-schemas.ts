/** JSON Schema pieces of the status responses (/api/v1/status and /api/v1/status/<id>). */
import { STATUS_PLATFORMS } from '../status/types.js';
import { calendarDate, isoTime, modelId, nullableIsoTime, upstreamErrorText } from '../validation/common-schemas.js';
import { serviceTrafficSchema } from './model-status-schemas.js';

const incidentProperties = {
  id: { type: 'string' },
  source: { enum: ['official', 'probe'], description: 'official: from the status page; probe: detected by our probes' },
  name: { type: 'string' },
  status: { type: 'string' },
  impact: { enum: ['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'] },
  started_at: nullableIsoTime,
  updated_at: nullableIsoTime,
  url: { type: ['string', 'null'] },
} as const;
const incident = { type: 'object', required: Object.keys(incidentProperties), additionalProperties: false, properties: incidentProperties } as const;

export const serviceEntryProperties = {
  id: { type: 'string' },
  name: { type: 'string' },
  url: { type: 'string', format: 'uri' },
  status: { enum: ['operational', 'degraded', 'partial_outage', 'major_outage', 'maintenance', 'unknown'] },
  official: {
    type: 'object',
    required: ['platform', 'indicator', 'description', 'url', 'fetched_at', 'stale', 'age_seconds', 'error'],
    additionalProperties: false,
    properties: {
      platform: { enum: [...STATUS_PLATFORMS], description: "the status page's platform (data/services.json); `none`: no machine-readable page, so our probe is the only check (`url` may still name a page for people)" },
      indicator: { enum: ['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'] },
      description: { type: 'string' },
      url: { type: ['string', 'null'] },
      fetched_at: nullableIsoTime,
      stale: { type: 'boolean' },
      age_seconds: { type: ['integer', 'null'], minimum: 0 },
      error: upstreamErrorText,
    },
  },
  probe_configured: { type: 'boolean', description: 'whether the service has a probe (data/services.json); a null `probe` with a probe configured means it has not run yet' },
  probe: {
    type: ['object', 'null'],
    required: ['ok', 'latency_ms', 'http_status', 'checked_at', 'error'],
    additionalProperties: false,
    properties: {
      ok: { type: ['boolean', 'null'], description: 'null: inconclusive (every probe failed at once, likely our network)' },
      latency_ms: { type: ['integer', 'null'], minimum: 0 },
      http_status: { type: ['integer', 'null'] },
      checked_at: isoTime,
      error: { type: ['string', 'null'] },
      ttfb_ms: { type: ['integer', 'null'], minimum: 0, description: "live answers only, where the monitor holds a key for the service: the probe was a real request for 1 output token on the service's cheapest text model, and this its time to the first byte of the answer" },
    },
  },
  active_incidents: { type: 'array', items: incident },
  traffic: serviceTrafficSchema,
} as const;

const fraction = { type: ['number', 'null'], minimum: 0, maximum: 1 } as const;

/** An entry of /api/v1/status: a service entry plus the compact 90-day bar the board draws. */
export const serviceListEntryProperties = {
  ...serviceEntryProperties,
  uptime_90d_summary: {
    type: 'object',
    description: "the combined daily figures of the service's `uptime_90d` (see /api/v1/status/{service_id}), oldest first: enough to draw every service's 90-day bar from this one file",
    required: ['first_date', 'uptime'],
    additionalProperties: false,
    properties: {
      first_date: { ...calendarDate, description: 'the UTC day of the first figure; the others follow day by day, the last one is the day of `meta.checked_at`' },
      uptime: { type: 'array', minItems: 90, maxItems: 90, items: { ...fraction, description: 'combined uptime that day; null without data (never a made-up 1)' } },
    },
  },
} as const;

export const serviceDetailProperties = {
  ...serviceEntryProperties,
  uptime_90d: {
    type: 'array',
    minItems: 90,
    maxItems: 90,
    items: {
      type: 'object',
      required: ['date', 'uptime', 'probe', 'official'],
      additionalProperties: false,
      properties: {
        date: calendarDate,
        uptime: { ...fraction, description: 'combined: the lower of official and probe where both are known, else the one known; null without data (never a made-up 1)' },
        probe: { ...fraction, description: 'our probes: the share that succeeded that UTC day' },
        official: { ...fraction, description: "the page's own incident history for the watched components: major outage counts its whole duration, partial outage 30%, degraded and maintenance nothing; null before the history's coverage" },
      },
    },
  },
  recent_incidents: {
    type: 'array',
    description: 'every incident of the 90-day window (and older ones still open), newest first',
    items: {
      type: 'object',
      required: [...incident.required, 'resolved_at', 'components', 'models'],
      additionalProperties: false,
      properties: {
        ...incidentProperties,
        resolved_at: nullableIsoTime,
        components: { type: 'array', items: { type: 'string' }, description: 'the watched components the page names for it' },
        models: { type: 'array', items: modelId, description: 'our models its name names (display, API and family names; precision first: a name that fits two models names neither): docs/api.md, "Incidents that name a model"' },
      },
    },
  },
  official_history: {
    anyOf: [
      {
        type: 'object',
        description: "the page's incident history as we hold it",
        required: ['covered_from', 'fetched_at', 'stale'],
        additionalProperties: false,
        properties: { covered_from: { type: ['string', 'null'], format: 'date' }, fetched_at: nullableIsoTime, stale: { type: 'boolean', description: 'the last read of the history failed: this is the last good one' } },
      },
      { type: 'null' },
    ],
  },
} as const;



/** `meta.live` of every status response (types/api-types.ts LiveMeta): where its states come from. */
export const liveMetaSchema = {
  type: 'object',
  description: 'where the states come from: `monitor`, the edge monitor\'s newest observations (a Cloudflare Worker, every minute); `static`, the file the build wrote (docs/api.md, "Live status")',
  required: ['source', 'observed_at', 'age_seconds', 'reason'],
  additionalProperties: false,
  properties: {
    source: { enum: ['monitor', 'static'] },
    observed_at: { ...nullableIsoTime, description: 'the newest monitor observation used; null for a static answer' },
    age_seconds: { type: ['integer', 'null'], minimum: 0, description: 'how old that observation was when answered; null for a static answer' },
    reason: {
      enum: [null, 'static_build', 'monitor_unavailable', 'monitor_empty', 'monitor_stale', 'run_failed'],
      description: 'why the answer is static: static_build, the build\'s own file; monitor_unavailable, the monitor\'s database could not be read; monitor_empty, it holds no observation yet; monitor_stale, its newest observation is over 5 minutes old; run_failed, its last run failed. null: a live answer',
    },
  },
} as const;
