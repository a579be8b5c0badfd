/**
 * The JSON Schemas of the light current-state documents the edge monitor and `update` both read
 * (Statuspage and incident.io summary.json, Instatus summary.json, Better Stack index.json): the
 * one source of truth for both checkers (light-validators.ts: ajv at first use in Node, ajv's
 * standalone code generated at bundle time in the Worker, where code cannot be compiled at run
 * time). Plain data, no imports. Each platform module documents what its fields mean.
 */

/** JSON Schema for a string field that upstreams also send as null. */
export const nullableString = { type: ['string', 'null'] } as const;

/**
 * The summary.json schema for the fields we read. Incident fields are typed but never required:
 * a half-filled incident is repaired in translate, not allowed to fail the page. `lenient` (for
 * Statuspage-compatible clones) makes the sections and the description optional as well.
 */
/** The incident fields Statuspage's summary and incident list share (all may be null). */
export const STATUSPAGE_INCIDENT_FIELDS = {
  id: nullableString,
  name: nullableString,
  status: nullableString,
  impact: nullableString,
  shortlink: nullableString,
  created_at: nullableString,
  updated_at: nullableString,
  started_at: nullableString,
} as const;

export function summarySchema(options: { lenient: boolean }): object {
  const incident = { type: 'object', properties: { ...STATUSPAGE_INCIDENT_FIELDS, scheduled_for: nullableString } };
  const component = {
    type: 'object',
    required: options.lenient ? [] : ['name', 'status'],
    properties: { name: nullableString, status: nullableString },
  };
  const list = (items: object) => (options.lenient ? { type: ['array', 'null'], items } : { type: 'array', items });
  return {
    type: 'object',
    required: options.lenient ? ['status'] : ['page', 'status', 'components', 'incidents', 'scheduled_maintenances'],
    properties: {
      page: { type: 'object', properties: { name: nullableString, url: nullableString } },
      status: {
        type: 'object',
        required: options.lenient ? ['indicator'] : ['indicator', 'description'],
        properties: { indicator: { type: 'string' }, description: options.lenient ? nullableString : { type: 'string' } },
      },
      components: list(component),
      incidents: list(incident),
      scheduled_maintenances: list(incident),
    },
  };
}

const itemSchema = {
  type: 'object',
  properties: {
    id: nullableString,
    name: nullableString,
    status: nullableString,
    impact: nullableString,
    started: nullableString,
    start: nullableString,
    updatedAt: nullableString,
    url: nullableString,
  },
} as const;

export const instatusSummarySchema = {
  type: 'object',
  required: ['page'],
  properties: {
    page: {
      type: 'object',
      required: ['status'],
      properties: { name: nullableString, url: nullableString, status: { type: 'string' } },
    },
    activeIncidents: { type: ['array', 'null'], items: itemSchema },
    activeMaintenances: { type: ['array', 'null'], items: itemSchema },
  },
} as const;

const resourceItem = {
  type: 'object',
  required: ['attributes'],
  properties: {
    attributes: {
      type: 'object',
      required: ['public_name', 'status'],
      properties: { public_name: { type: 'string' }, status: { type: 'string' } },
    },
  },
} as const;

const reportItem = {
  type: 'object',
  properties: {
    attributes: {
      type: ['object', 'null'],
      properties: {
        title: nullableString,
        report_type: nullableString,
        starts_at: nullableString,
        ends_at: nullableString,
        updated_at: nullableString,
        aggregate_state: nullableString,
      },
    },
  },
} as const;

export const betterstackIndexSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      required: ['attributes'],
      properties: {
        attributes: {
          type: 'object',
          required: ['aggregate_state'],
          properties: { aggregate_state: { type: 'string' }, company_name: nullableString },
        },
      },
    },
    included: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        required: ['type'],
        properties: { id: { type: ['string', 'number', 'null'] }, type: { type: 'string' } },
        allOf: [
          { if: { type: 'object', properties: { type: { const: 'status_page_resource' } } }, then: resourceItem },
          { if: { type: 'object', properties: { type: { const: 'status_report' } } }, then: reportItem },
        ],
      },
    },
  },
} as const;


/** Every light schema by platform (light-validators.ts compiles each once). */
export const LIGHT_SCHEMAS = {
  statuspage: summarySchema({ lenient: false }),
  incidentio: summarySchema({ lenient: true }),
  instatus: instatusSummarySchema,
  betterstack: betterstackIndexSchema,
} as const;

export type LightPlatform = keyof typeof LIGHT_SCHEMAS;
