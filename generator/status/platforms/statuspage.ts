/**
 * Atlassian Statuspage v2: `GET <base>/api/v2/summary.json` (page, status, components,
 * unresolved incidents, scheduled maintenances). The summary parsing and translation here are
 * shared with incident.io's Statuspage-compatible endpoint (incidentio.ts), which passes a more
 * lenient schema and a wider vocabulary.
 *
 * Mapping (tables below; anything not listed → `unknown`):
 * - indicator: none|minor|major|critical|maintenance pass through.
 * - incident status: Statuspage's lifecycle passes through (investigating … postmortem,
 *   scheduled|in_progress|verifying|completed for maintenances).
 * - impact: none|minor|major|critical|maintenance pass through; an active maintenance is
 *   always impact `maintenance`.
 * - components: operational|degraded_performance|partial_outage|major_outage|under_maintenance.
 * Active = incidents not resolved/postmortem/completed, plus maintenances in_progress|verifying.
 * started_at = started_at, else created_at (maintenances: scheduled_for first); updated_at =
 * updated_at. url = shortlink, else `<page>/incidents/<id>` (where Statuspage serves both).
 * The component filter rule is documented in common.ts.
 */
import type { Validator } from '../../validation/validator.js';
import { LIGHT_VALIDATORS } from './light-validators.js';

export { STATUSPAGE_INCIDENT_FIELDS, summarySchema } from './light-schemas.js';
import type { IncidentImpact, IncidentStatus, OfficialComponent, OfficialIncident, OfficialIndicator, OfficialStatus, StatusPageTarget } from '../types.js';
import { completeIncident, httpUrl, lookup, pageBaseUrl, pageVerdict, platformEndpoint, selectComponents, type ComponentStatus, type PlatformEndpoint } from './common.js';

/** Statuspage uses the same five words for the page indicator and for an incident's impact. */
const STATUSPAGE_SEVERITIES = {
  none: 'none',
  minor: 'minor',
  major: 'major',
  critical: 'critical',
  maintenance: 'maintenance',
} as const;

export const STATUSPAGE_INDICATORS = STATUSPAGE_SEVERITIES satisfies Record<string, OfficialIndicator>;

export const STATUSPAGE_INCIDENT_STATUSES = {
  investigating: 'investigating',
  identified: 'identified',
  monitoring: 'monitoring',
  resolved: 'resolved',
  postmortem: 'postmortem',
  scheduled: 'scheduled',
  in_progress: 'in_progress',
  verifying: 'verifying',
  completed: 'completed',
} as const satisfies Record<string, IncidentStatus>;

export const STATUSPAGE_IMPACTS = STATUSPAGE_SEVERITIES satisfies Record<string, IncidentImpact>;

export const STATUSPAGE_COMPONENT_STATUSES = {
  operational: 'operational',
  degraded_performance: 'degraded_performance',
  partial_outage: 'partial_outage',
  major_outage: 'major_outage',
  under_maintenance: 'under_maintenance',
} as const satisfies Record<string, ComponentStatus>;

/** Incident statuses that mean "over"; everything else listed in `incidents` is active. */
export const CLOSED_INCIDENT_STATUSES = ['resolved', 'postmortem', 'completed'] as const satisfies readonly IncidentStatus[];
/** Maintenance statuses that mean "happening now". */
export const ACTIVE_MAINTENANCE_STATUSES = ['in_progress', 'verifying'] as const satisfies readonly IncidentStatus[];

export interface SummaryVocabulary {
  indicators: Readonly<Record<string, OfficialIndicator>>;
  incidentStatuses: Readonly<Record<string, IncidentStatus>>;
  impacts: Readonly<Record<string, IncidentImpact>>;
  componentStatuses: Readonly<Record<string, ComponentStatus>>;
}

export const STATUSPAGE_VOCABULARY: SummaryVocabulary = {
  indicators: STATUSPAGE_INDICATORS,
  incidentStatuses: STATUSPAGE_INCIDENT_STATUSES,
  impacts: STATUSPAGE_IMPACTS,
  componentStatuses: STATUSPAGE_COMPONENT_STATUSES,
};

export interface SummaryIncident {
  id?: string | null;
  name?: string | null;
  status?: string | null;
  impact?: string | null;
  shortlink?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  started_at?: string | null;
  scheduled_for?: string | null;
}

/** The parsed summary; the strict schema guarantees more than this type says. */
export interface ParsedStatuspage {
  page?: { name?: string | null; url?: string | null };
  status: { indicator: string; description?: string | null };
  components?: { name?: string | null; status?: string | null }[] | null;
  incidents?: SummaryIncident[] | null;
  scheduled_maintenances?: SummaryIncident[] | null;
}

const isStatuspageSummary = LIGHT_VALIDATORS.statuspage as Validator<ParsedStatuspage>;

/** The summary endpoint; clones serve it at the same path and pass their own validator. */
export function summaryEndpoint(validate: Validator<ParsedStatuspage>): PlatformEndpoint<ParsedStatuspage> {
  return platformEndpoint('/api/v2/summary.json', validate, 'a Statuspage v2 summary');
}

const statuspageEndpoint = summaryEndpoint(isStatuspageSummary);
export const statuspageApiUrl = statuspageEndpoint.apiUrl;
export const fetchStatuspage = statuspageEndpoint.fetch;
export const parseStatuspage = statuspageEndpoint.parse;

/** Shared by Statuspage and its clones: pure, upstream summary to our normalized status. */
export function translateSummary(parsed: ParsedStatuspage, target: StatusPageTarget, vocabulary: SummaryVocabulary): OfficialStatus {
  const base = pageBaseUrl(target);
  const toIncident = (raw: SummaryIncident, maintenance: boolean): OfficialIncident | null => {
    const id = raw.id?.trim();
    return completeIncident({
      id,
      name: raw.name,
      status: lookup(vocabulary.incidentStatuses, raw.status),
      impact: maintenance ? 'maintenance' : lookup(vocabulary.impacts, raw.impact),
      started_at: (maintenance ? raw.scheduled_for ?? raw.started_at : raw.started_at) ?? raw.created_at,
      updated_at: raw.updated_at,
      url: httpUrl(raw.shortlink) ?? (id ? `${base}/incidents/${encodeURIComponent(id)}` : null),
    });
  };

  const incidents = (parsed.incidents ?? [])
    .filter((raw) => !(CLOSED_INCIDENT_STATUSES as readonly string[]).includes(lookup(vocabulary.incidentStatuses, raw.status)))
    .map((raw) => toIncident(raw, false));
  const maintenances = (parsed.scheduled_maintenances ?? [])
    .filter((raw) => (ACTIVE_MAINTENANCE_STATUSES as readonly string[]).includes(lookup(vocabulary.incidentStatuses, raw.status)))
    .map((raw) => toIncident(raw, true));
  const active = [...incidents, ...maintenances].filter((incident): incident is OfficialIncident => incident !== null);

  const allComponents: OfficialComponent[] = [];
  for (const raw of parsed.components ?? []) {
    const name = raw.name?.trim();
    if (name) allComponents.push({ name, status: lookup(vocabulary.componentStatuses, raw.status) });
  }
  const components = selectComponents(allComponents, target);
  const verdict = pageVerdict(
    { indicator: lookup(vocabulary.indicators, parsed.status.indicator), description: parsed.status.description ?? null },
    components,
    target,
    active,
  );
  return { ...verdict, url: base, active_incidents: active, components };
}

export function translateStatuspage(parsed: ParsedStatuspage, target: StatusPageTarget): OfficialStatus {
  return translateSummary(parsed, target, STATUSPAGE_VOCABULARY);
}
