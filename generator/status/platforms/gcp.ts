/**
 * Google Cloud status: `GET <base>/incidents.json` (base https://status.cloud.google.com), an
 * array of incidents across every Google Cloud product (recorded sample of 2022-07; by 2026 it
 * is a short rolling window). Google has no page-wide indicator for one product, so ours is
 * derived from the incidents that are still ongoing and touch `target.products`.
 *
 * Selection: an incident counts when one of its `affected_products` has an id or title equal
 * (case-insensitive) to one of `target.products` (e.g. "Vertex Gemini API" or its id
 * "Z0FZJAMvEB4j3NbCJs6B"); without `target.products` every incident counts. Active = no `end`.
 *
 * Mapping (tables below; anything else → `unknown`):
 * - impact: status_impact SERVICE_INFORMATION → minor, SERVICE_DISRUPTION → major,
 *   SERVICE_OUTAGE → critical; severity low → minor, medium → major, high → critical can only
 *   raise it (the worse of the two known values).
 * - indicator: none without active incidents, else the worst active impact (unknown impact
 *   counts as minor, common.ts).
 * - status (ongoing incidents; Google has no lifecycle words): most_recent_update.status
 *   AVAILABLE → monitoring (service restored, incident not closed), SERVICE_INFORMATION|
 *   SERVICE_DISRUPTION|SERVICE_OUTAGE → investigating.
 * id = id, else number; name = external_desc; started_at = begin; updated_at = modified, else
 * created; url = `uri` resolved against the status page, else `<status page>/incidents/<id>`.
 * The description is generated; there are no components.
 */
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { IncidentImpact, IncidentStatus, OfficialIncident, OfficialStatus, StatusPageTarget } from '../types.js';
import { completeIncident, indicatorOfOpenIncident, lookup, nullableString, pageVerdict, platformEndpoint, worstIndicator } from './common.js';

/** The human status page (target.url is only where the JSON is fetched from). */
export const GCP_STATUS_PAGE_URL = 'https://status.cloud.google.com';

export const GCP_STATUS_IMPACTS = {
  SERVICE_INFORMATION: 'minor',
  SERVICE_DISRUPTION: 'major',
  SERVICE_OUTAGE: 'critical',
} as const satisfies Record<string, IncidentImpact>;

export const GCP_SEVERITIES = {
  low: 'minor',
  medium: 'major',
  high: 'critical',
} as const satisfies Record<string, IncidentImpact>;

export const GCP_ONGOING_STATUSES = {
  AVAILABLE: 'monitoring',
  SERVICE_INFORMATION: 'investigating',
  SERVICE_DISRUPTION: 'investigating',
  SERVICE_OUTAGE: 'investigating',
} as const satisfies Record<string, IncidentStatus>;


export const gcpIncidentsSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: nullableString,
      number: { type: ['string', 'number', 'null'] },
      begin: nullableString,
      created: nullableString,
      modified: nullableString,
      end: nullableString,
      external_desc: nullableString,
      status_impact: nullableString,
      severity: nullableString,
      uri: nullableString,
      affected_products: {
        type: ['array', 'null'],
        items: { type: 'object', properties: { title: nullableString, id: nullableString } },
      },
      most_recent_update: { type: ['object', 'null'], properties: { status: nullableString } },
    },
  },
} as const;

export interface GcpIncident {
  id?: string | null;
  number?: string | number | null;
  begin?: string | null;
  created?: string | null;
  modified?: string | null;
  end?: string | null;
  external_desc?: string | null;
  status_impact?: string | null;
  severity?: string | null;
  uri?: string | null;
  affected_products?: { title?: string | null; id?: string | null }[] | null;
  most_recent_update?: { status?: string | null } | null;
}

export type ParsedGcp = GcpIncident[];

const isGcpIncidents = compileValidator<ParsedGcp>(createAjv(), gcpIncidentsSchema);

const gcpEndpoint = platformEndpoint('/incidents.json', isGcpIncidents, 'a Google Cloud incidents list');
export const gcpApiUrl = gcpEndpoint.apiUrl;
export const fetchGcp = gcpEndpoint.fetch;
export const parseGcp = gcpEndpoint.parse;

/** The worse of status_impact and severity; unknown only when neither is known. */
export function gcpImpact(incident: GcpIncident): IncidentImpact {
  const lower = (raw: string): string => raw.toLowerCase();
  return worstIndicator([lookup(GCP_STATUS_IMPACTS, incident.status_impact), lookup(GCP_SEVERITIES, incident.severity, lower)]);
}

export function affectsProducts(incident: GcpIncident, products: readonly string[] | undefined): boolean {
  const wanted = (products ?? []).map((product) => product.trim().toLowerCase()).filter((product) => product !== '');
  if (wanted.length === 0) return true;
  return (incident.affected_products ?? []).some(
    (product) => wanted.includes(product.id?.trim().toLowerCase() ?? '') || wanted.includes(product.title?.trim().toLowerCase() ?? ''),
  );
}

export function incidentUrl(uri: string | null | undefined, id: string): string | null {
  if (typeof uri === 'string' && uri.trim() !== '') {
    try {
      const resolved = new URL(uri.trim(), `${GCP_STATUS_PAGE_URL}/`);
      // Only links on the status page itself; anything else falls back to the id-based link.
      if (resolved.origin === GCP_STATUS_PAGE_URL) return resolved.href;
    } catch {
      // An unusable uri is not an error of the page: fall back to the id-based link below.
    }
  }
  return id ? `${GCP_STATUS_PAGE_URL}/incidents/${encodeURIComponent(id)}` : null;
}

/** One incident of the feed in our terms; `ongoing` ones get their latest status, ended ones `resolved`. */
export function gcpIncident(raw: GcpIncident): OfficialIncident | null {
  const id = raw.id?.trim() || (raw.number === null || raw.number === undefined ? '' : String(raw.number).trim());
  return completeIncident({
    id,
    name: raw.external_desc,
    status: isOngoing(raw) ? lookup(GCP_ONGOING_STATUSES, raw.most_recent_update?.status) : 'resolved',
    impact: gcpImpact(raw),
    started_at: raw.begin,
    updated_at: raw.modified ?? raw.created,
    url: incidentUrl(raw.uri, id),
  });
}

export const isOngoing = (raw: GcpIncident): boolean => raw.end === undefined || raw.end === null || raw.end.trim() === '';

export function translateGcp(parsed: ParsedGcp, target: StatusPageTarget): OfficialStatus {
  const active: OfficialIncident[] = [];
  for (const raw of parsed) {
    if (!isOngoing(raw) || !affectsProducts(raw, target.products)) continue;
    const incident = gcpIncident(raw);
    if (incident) active.push(incident);
  }
  const indicator = active.length === 0 ? 'none' : worstIndicator(active.map((incident) => indicatorOfOpenIncident(incident.impact)));
  const verdict = pageVerdict({ indicator, description: null }, [], target, active);
  return { ...verdict, url: GCP_STATUS_PAGE_URL, active_incidents: active, components: [] };
}
