/**
 * incident.io status pages: their Statuspage-compatible `GET <base>/api/v2/summary.json`.
 * Parsed and translated by the Statuspage code (statuspage.ts) with two differences:
 * - a lenient schema: only `status.indicator` is required; `page`, `status.description`,
 *   `components`, `incidents` and `scheduled_maintenances` may be missing or null (the recorded
 *   OpenAI reply of 2026-09-15 has only `page` and `status`), incidents may lack shortlink,
 *   impact and times (their fallbacks are in common.ts);
 * - a wider vocabulary: everything Statuspage says, plus incident.io's own words where they
 *   leak through (tables below).
 *
 * Mapping additions on top of Statuspage's (anything else → `unknown`):
 * - impact: degraded_performance → minor, partial_outage → major, full_outage → critical
 *   (incident.io's widget vocabulary, PROVIDERS.md);
 * - maintenance status: maintenance_in_progress → in_progress (seen in a public client of the
 *   compat summary, e2b-dev/dashboard);
 * - component: full_outage → major_outage.
 * url = shortlink, else `<page>/incidents/<id>` (incident.io's public incident path).
 */
import type { Validator } from '../../validation/validator.js';
import { LIGHT_VALIDATORS } from './light-validators.js';
import type { IncidentImpact, IncidentStatus, OfficialStatus, StatusPageTarget } from '../types.js';
import type { ComponentStatus } from './common.js';
import {
  STATUSPAGE_COMPONENT_STATUSES,
  STATUSPAGE_IMPACTS,
  STATUSPAGE_INCIDENT_STATUSES,
  STATUSPAGE_INDICATORS,
  summaryEndpoint,
  translateSummary,
  type ParsedStatuspage,
  type SummaryVocabulary,
} from './statuspage.js';

export const INCIDENTIO_INDICATORS = STATUSPAGE_INDICATORS;

export const INCIDENTIO_INCIDENT_STATUSES = {
  ...STATUSPAGE_INCIDENT_STATUSES,
  maintenance_in_progress: 'in_progress',
} as const satisfies Record<string, IncidentStatus>;

export const INCIDENTIO_IMPACTS = {
  ...STATUSPAGE_IMPACTS,
  degraded_performance: 'minor',
  partial_outage: 'major',
  full_outage: 'critical',
} as const satisfies Record<string, IncidentImpact>;

export const INCIDENTIO_COMPONENT_STATUSES = {
  ...STATUSPAGE_COMPONENT_STATUSES,
  full_outage: 'major_outage',
} as const satisfies Record<string, ComponentStatus>;

export const INCIDENTIO_VOCABULARY: SummaryVocabulary = {
  indicators: INCIDENTIO_INDICATORS,
  incidentStatuses: INCIDENTIO_INCIDENT_STATUSES,
  impacts: INCIDENTIO_IMPACTS,
  componentStatuses: INCIDENTIO_COMPONENT_STATUSES,
};

export type ParsedIncidentio = ParsedStatuspage;

const isIncidentioSummary = LIGHT_VALIDATORS.incidentio as Validator<ParsedIncidentio>;

const incidentioEndpoint = summaryEndpoint(isIncidentioSummary);
export const incidentioApiUrl = incidentioEndpoint.apiUrl;
export const fetchIncidentio = incidentioEndpoint.fetch;
export const parseIncidentio = incidentioEndpoint.parse;

export function translateIncidentio(parsed: ParsedIncidentio, target: StatusPageTarget): OfficialStatus {
  return translateSummary(parsed, target, INCIDENTIO_VOCABULARY);
}
