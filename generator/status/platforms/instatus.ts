/**
 * Instatus public summary: `GET <base>/summary.json` →
 * `{ page: { name, url, status }, activeIncidents?, activeMaintenances? }`. The two arrays are
 * absent when empty, and the page can say UP while an incident is open (recorded Manychat
 * summary of 2026-05), so the indicator is the worst of the page status and the open incidents.
 *
 * Mapping (tables below; values are matched case-insensitively; anything else → `unknown`):
 * - page status: UP → none, HASISSUES → minor, UNDERMAINTENANCE → maintenance; then raised to
 *   the worst active incident (an incident of unknown impact counts as minor, common.ts).
 * - impact: DEGRADEDPERFORMANCE → minor, PARTIALOUTAGE → major, MAJOROUTAGE → critical, plus
 *   Instatus' other component words MINOROUTAGE → minor, OPERATIONAL → none. Maintenances are
 *   impact `maintenance`.
 * - status: INVESTIGATING|IDENTIFIED|MONITORING|RESOLVED → Statuspage's words; maintenance
 *   NOTSTARTEDYET → scheduled, INPROGRESS → in_progress, COMPLETED → completed.
 * Active = incidents not resolved, plus maintenances in_progress. Times: `started` (maintenances
 * `start`, else `started`), `updatedAt`. url = the item's `url`, else `<page>/<id>` (Instatus'
 * public path). The summary lists no components, so `components` is empty and a component
 * filter leaves the page's verdict unchanged.
 */
import type { Validator } from '../../validation/validator.js';
import { LIGHT_VALIDATORS } from './light-validators.js';

export { instatusSummarySchema } from './light-schemas.js';
import type { IncidentImpact, IncidentStatus, OfficialIncident, OfficialIndicator, OfficialStatus, StatusPageTarget } from '../types.js';
import { completeIncident, httpUrl, indicatorOfOpenIncident, lookup, pageBaseUrl, pageVerdict, platformEndpoint, worstIndicator } from './common.js';

export const INSTATUS_PAGE_INDICATORS = {
  UP: 'none',
  HASISSUES: 'minor',
  UNDERMAINTENANCE: 'maintenance',
} as const satisfies Record<string, OfficialIndicator>;

export const INSTATUS_IMPACTS = {
  OPERATIONAL: 'none',
  DEGRADEDPERFORMANCE: 'minor',
  MINOROUTAGE: 'minor',
  PARTIALOUTAGE: 'major',
  MAJOROUTAGE: 'critical',
} as const satisfies Record<string, IncidentImpact>;

export const INSTATUS_STATUSES = {
  INVESTIGATING: 'investigating',
  IDENTIFIED: 'identified',
  MONITORING: 'monitoring',
  RESOLVED: 'resolved',
  NOTSTARTEDYET: 'scheduled',
  INPROGRESS: 'in_progress',
  COMPLETED: 'completed',
} as const satisfies Record<string, IncidentStatus>;

const upper = (raw: string): string => raw.toUpperCase();

export interface InstatusItem {
  id?: string | null;
  name?: string | null;
  status?: string | null;
  impact?: string | null;
  started?: string | null;
  start?: string | null;
  updatedAt?: string | null;
  url?: string | null;
}

export interface ParsedInstatus {
  page: { name?: string | null; url?: string | null; status: string };
  activeIncidents?: InstatusItem[] | null;
  activeMaintenances?: InstatusItem[] | null;
}

const isInstatusSummary = LIGHT_VALIDATORS.instatus as Validator<ParsedInstatus>;

const instatusEndpoint = platformEndpoint('/summary.json', isInstatusSummary, 'an Instatus summary');
export const instatusApiUrl = instatusEndpoint.apiUrl;
export const fetchInstatus = instatusEndpoint.fetch;
export const parseInstatus = instatusEndpoint.parse;

export function translateInstatus(parsed: ParsedInstatus, target: StatusPageTarget): OfficialStatus {
  const base = pageBaseUrl(target);
  const toIncident = (raw: InstatusItem, maintenance: boolean): OfficialIncident | null => {
    const id = raw.id?.trim();
    return completeIncident({
      id,
      name: raw.name,
      status: lookup(INSTATUS_STATUSES, raw.status, upper),
      impact: maintenance ? 'maintenance' : lookup(INSTATUS_IMPACTS, raw.impact, upper),
      started_at: maintenance ? raw.start ?? raw.started : raw.started,
      updated_at: raw.updatedAt,
      url: httpUrl(raw.url) ?? (id ? `${base}/${encodeURIComponent(id)}` : null),
    });
  };

  const incidents = (parsed.activeIncidents ?? [])
    .filter((raw) => lookup(INSTATUS_STATUSES, raw.status, upper) !== 'resolved')
    .map((raw) => toIncident(raw, false));
  const maintenances = (parsed.activeMaintenances ?? [])
    .filter((raw) => lookup(INSTATUS_STATUSES, raw.status, upper) === 'in_progress')
    .map((raw) => toIncident(raw, true));
  const active = [...incidents, ...maintenances].filter((incident): incident is OfficialIncident => incident !== null);

  const pageIndicator = lookup(INSTATUS_PAGE_INDICATORS, parsed.page.status, upper);
  const indicator = worstIndicator([pageIndicator, ...active.map((incident) => indicatorOfOpenIncident(incident.impact))]);
  const verdict = pageVerdict({ indicator, description: null }, [], target, active);
  return { ...verdict, url: base, active_incidents: active, components: [] };
}
