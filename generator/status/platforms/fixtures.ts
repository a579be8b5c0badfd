/**
 * Test fixtures in each status platform's real format, written by hand and kept small. Field
 * names and shapes follow the recorded payloads in ../shared/upstream (Statuspage summary and
 * incidents of 2019–2026, the incident.io compat reply of 2026-09, Instatus summaries of
 * 2026-05, the Google Cloud incidents.json of 2022-07) and, for Better Stack, its documented
 * index.json format. Each builder returns a complete record; tests override what they need.
 */

type Json = Record<string, unknown>;

/** A copy of `record` without `keys` (to model upstream records that omit fields). */
export function without(record: Json, ...keys: string[]): Json {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

// ---- Atlassian Statuspage v2 ------------------------------------------------------------

const SP_PAGE_ID = 'k1t2s3p4g5e6';

export function spComponent(name: string, status: string, extra: Json = {}): Json {
  return {
    id: `c-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
    name,
    status,
    created_at: '2023-07-11T17:52:24.275Z',
    updated_at: '2026-08-04T21:04:57.258Z',
    position: 1,
    description: null,
    showcase: true,
    start_date: '2023-07-11',
    group_id: null,
    page_id: SP_PAGE_ID,
    group: false,
    only_show_if_degraded: false,
    ...extra,
  };
}

export function spIncident(extra: Json = {}): Json {
  const id = typeof extra.id === 'string' ? extra.id : 'bdr3fq2rkchr';
  return {
    id,
    name: 'Elevated errors across many models',
    status: 'investigating',
    created_at: '2026-08-04T20:48:20.773Z',
    updated_at: '2026-08-04T21:04:57.333Z',
    monitoring_at: null,
    resolved_at: null,
    impact: 'major',
    shortlink: 'https://stspg.io/smnf386prrtx',
    started_at: '2026-08-04T20:48:20.764Z',
    page_id: SP_PAGE_ID,
    incident_updates: [
      {
        id: 'k3nkgt9v1gm8',
        status: 'investigating',
        body: 'We are investigating elevated error rates.',
        incident_id: id,
        created_at: '2026-08-04T21:04:57.330Z',
        updated_at: '2026-08-04T21:04:57.330Z',
        display_at: '2026-08-04T21:04:57.330Z',
        affected_components: [{ code: 'c-api', name: 'API', old_status: 'operational', new_status: 'partial_outage' }],
        deliver_notifications: true,
        custom_tweet: null,
        tweet_id: null,
      },
    ],
    components: [spComponent('API', 'partial_outage')],
    ...extra,
  };
}

export function spMaintenance(extra: Json = {}): Json {
  return {
    id: 'm4int3n4nc3x',
    name: 'Database upgrade',
    status: 'in_progress',
    created_at: '2026-07-30T09:00:00.000Z',
    updated_at: '2026-08-01T02:00:05.120Z',
    monitoring_at: null,
    resolved_at: null,
    impact: 'maintenance',
    shortlink: 'https://stspg.io/m41nt',
    started_at: '2026-07-30T09:00:00.000Z',
    page_id: SP_PAGE_ID,
    incident_updates: [],
    scheduled_for: '2026-08-01T02:00:00.000Z',
    scheduled_until: '2026-08-01T04:00:00.000Z',
    components: [],
    ...extra,
  };
}

export interface SpSummaryOptions {
  indicator?: string;
  description?: string;
  components?: Json[];
  incidents?: Json[];
  scheduled_maintenances?: Json[];
}

export function spSummary(options: SpSummaryOptions = {}): Json {
  return {
    page: { id: SP_PAGE_ID, name: 'Example', url: 'https://status.example.com', time_zone: 'Etc/UTC', updated_at: '2026-08-04T21:04:57.343Z' },
    components: options.components ?? [spComponent('API', 'operational'), spComponent('Console', 'operational')],
    incidents: options.incidents ?? [],
    scheduled_maintenances: options.scheduled_maintenances ?? [],
    status: { indicator: options.indicator ?? 'none', description: options.description ?? 'All Systems Operational' },
  };
}

// ---- incident.io (Statuspage-compatible summary) ----------------------------------------

/** incident.io's compat reply: only `page` and `status` unless sections are given. */
export function ioSummary(options: { indicator?: string; description?: string | null } & Json = {}): Json {
  const { indicator = 'none', description = 'All Systems Operational', ...sections } = options;
  return {
    page: { id: '01JMDK9XYNY6RXSED6SDWW50WY', name: 'Example AI', url: 'https://status.example.ai/', updated_at: '2026-07-09T19:25:56Z' },
    status: { description, indicator },
    ...sections,
  };
}

/** An incident.io incident in the compat summary: no shortlink, impact or incident_updates. */
export function ioIncident(extra: Json = {}): Json {
  return {
    id: '01K2ZQ8V3W4X5Y6Z7A8B9C0D1E',
    name: 'Increased latency for chat completions',
    status: 'identified',
    created_at: '2026-09-15T08:12:40.118Z',
    updated_at: '2026-09-15T08:40:02.511Z',
    ...extra,
  };
}

// ---- Instatus ----------------------------------------------------------------------------

export function instatusIncident(extra: Json = {}): Json {
  const id = typeof extra.id === 'string' ? extra.id : 'cmmxljn3s01ntuud42lsa7zud';
  return {
    id,
    name: 'Delays in automation',
    started: '2026-03-17T03:00:00.000Z',
    status: 'IDENTIFIED',
    impact: 'DEGRADEDPERFORMANCE',
    url: `https://status.example.com/${id}`,
    updatedAt: '2026-05-06T15:19:52.073Z',
    ...extra,
  };
}

export function instatusMaintenance(extra: Json = {}): Json {
  const id = typeof extra.id === 'string' ? extra.id : 'cmm41nt3n4nc3000000000000';
  return {
    id,
    name: 'Scheduled network maintenance',
    start: '2026-05-07T01:00:00.000Z',
    status: 'INPROGRESS',
    duration: '120',
    url: `https://status.example.com/${id}`,
    updatedAt: '2026-05-07T01:00:03.000Z',
    ...extra,
  };
}

/** Instatus leaves the arrays out entirely when they are empty. */
export function instatusSummary(options: { status?: string; activeIncidents?: Json[]; activeMaintenances?: Json[] } = {}): Json {
  const summary: Json = { page: { name: 'Example', url: 'https://status.example.com', status: options.status ?? 'UP' } };
  if (options.activeIncidents?.length) summary.activeIncidents = options.activeIncidents;
  if (options.activeMaintenances?.length) summary.activeMaintenances = options.activeMaintenances;
  return summary;
}

// ---- Better Stack (index.json, JSON:API) -------------------------------------------------

export function bsResource(id: string, publicName: string, status: string): Json {
  return {
    id,
    type: 'status_page_resource',
    attributes: {
      status_page_section_id: 40001,
      resource_id: Number(id) + 1000,
      resource_type: 'Monitor',
      public_name: publicName,
      explanation: '',
      widget_type: 'history',
      position: 0,
      availability: 0.99963,
      status,
      status_history: [{ day: '2026-09-01', status: 'operational', downtime_duration: 0, maintenance_duration: 0 }],
    },
  };
}

export function bsReport(id: string, attributes: Json = {}): Json {
  return {
    id,
    type: 'status_report',
    attributes: {
      title: 'Elevated API error rates',
      report_type: 'manual',
      starts_at: '2026-09-02T10:15:00.000Z',
      ends_at: null,
      status_page_id: 165,
      affected_resources: [{ status_page_resource_id: '501', status: 'downtime' }],
      aggregate_state: 'Downtime',
      ...attributes,
    },
  };
}

export function bsIndex(options: { aggregate_state?: string; included?: Json[] } = {}): Json {
  const included = options.included ?? [bsResource('501', 'Inference API', 'operational'), bsResource('502', 'Dashboard', 'operational')];
  const ofType = (type: string) => included.filter((item) => item.type === type).map((item) => ({ id: item.id, type }));
  return {
    data: {
      id: '165',
      type: 'status_page',
      attributes: {
        company_name: 'Example AI',
        company_url: 'https://example.ai',
        contact_url: 'https://example.ai/support',
        logo_url: null,
        timezone: 'UTC',
        subdomain: 'example-ai',
        custom_domain: 'status.example.ai',
        announcement: null,
        aggregate_state: options.aggregate_state ?? 'operational',
        created_at: '2025-01-15T10:30:00.000Z',
        updated_at: '2026-09-02T10:16:00.000Z',
      },
      relationships: {
        sections: { data: [{ id: '40001', type: 'status_page_section' }] },
        resources: { data: ofType('status_page_resource') },
        status_reports: { data: ofType('status_report') },
      },
    },
    included: [{ id: '40001', type: 'status_page_section', attributes: { name: 'Services', position: 0 } }, ...included],
  };
}

// ---- Google Cloud (incidents.json) -------------------------------------------------------

export const VERTEX_GEMINI = { title: 'Vertex Gemini API', id: 'Z0FZJAMvEB4j3NbCJs6B' } as const;
export const BIGQUERY = { title: 'Google BigQuery', id: '9CcrhHUcFevXPSVaSxkf' } as const;

export function gcpIncident(extra: Json = {}): Json {
  const id = typeof extra.id === 'string' ? extra.id : 'TaA75H7XA1DQyM2ReK2f';
  const products = (extra.affected_products as Json[] | undefined) ?? [VERTEX_GEMINI];
  const update = {
    created: '2026-08-01T14:05:02+00:00',
    modified: '2026-08-01T14:05:03+00:00',
    when: '2026-08-01T14:05:02+00:00',
    text: 'We are investigating elevated error rates.',
    status: 'SERVICE_DISRUPTION',
    affected_locations: [{ title: 'Iowa (us-central1)', id: 'us-central1' }],
  };
  return {
    id,
    number: '15267780622191605299',
    begin: '2026-08-01T13:37:44+00:00',
    created: '2026-08-01T14:05:02+00:00',
    end: null,
    modified: '2026-08-01T14:05:03+00:00',
    external_desc: 'Elevated error rates for Gemini models',
    updates: [update],
    most_recent_update: update,
    status_impact: 'SERVICE_DISRUPTION',
    severity: 'medium',
    service_key: products[0]?.id ?? 'none',
    service_name: products[0]?.title ?? 'none',
    affected_products: products,
    uri: `incidents/${id}`,
    currently_affected_locations: [{ title: 'Iowa (us-central1)', id: 'us-central1' }],
    previously_affected_locations: [],
    ...extra,
  };
}
