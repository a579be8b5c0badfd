/** JSON Schema pieces of the status responses (/api/v1/status and /api/v1/status/<id>). */
import { calendarDate, isoTime, nullableIsoTime, upstreamErrorText } from '../validation/common-schemas.js';

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
    required: ['indicator', 'description', 'url', 'fetched_at', 'stale', 'age_seconds', 'error'],
    additionalProperties: false,
    properties: {
      indicator: { enum: ['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'] },
      description: { type: 'string' },
      url: { type: ['string', 'null'] },
      fetched_at: nullableIsoTime,
      stale: { type: 'boolean' },
      age_seconds: { type: ['integer', 'null'], minimum: 0 },
      error: upstreamErrorText,
    },
  },
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
    },
  },
  active_incidents: { type: 'array', items: incident },
} as const;

export const serviceDetailProperties = {
  ...serviceEntryProperties,
  uptime_90d: {
    type: 'array',
    minItems: 90,
    maxItems: 90,
    items: {
      type: 'object',
      required: ['date', 'uptime'],
      additionalProperties: false,
      properties: { date: calendarDate, uptime: { type: ['number', 'null'], minimum: 0, maximum: 1 } },
    },
  },
  recent_incidents: {
    type: 'array',
    items: { type: 'object', required: [...incident.required, 'resolved_at'], additionalProperties: false, properties: { ...incidentProperties, resolved_at: nullableIsoTime } },
  },
} as const;

