/**
 * Better Stack (Better Uptime) status pages: `GET <base>/index.json`, a JSON:API document.
 *
 * No real recorded payload exists in ../shared/upstream, so the schema is based on:
 * - Better Stack's docs "JSON API status" (betterstack.com/docs/uptime/status-pages/
 *   subscribing-to-status-updates/subscribing-to-api): `data` {id, type "status_page",
 *   attributes {company_name, …, aggregate_state operational|degraded|downtime|maintenance}},
 *   `relationships` {sections, resources, status_reports}, and `included` resources; a
 *   resource's status is operational|degraded|downtime|maintenance|not_monitored;
 * - their API docs for `status_page_resource` (attributes public_name, status, resource_type,
 *   availability, status_history) and `status_report` (attributes title, report_type
 *   manual|automatic|maintenance, starts_at, ends_at, aggregate_state, capitalized in places);
 * - a public client of a real index.json (huihui worker README) confirming public_name/status
 *   on resources and `<page>/incident/<id>` as the public path of a report.
 * Strict where we read (aggregate_state; a resource's public_name and status), lenient
 * elsewhere: `included` may be absent, other resource types pass unchecked, report fields are
 * optional.
 *
 * Mapping (tables below; matched case-insensitively; anything else → `unknown`):
 * - indicator: operational → none, degraded → minor, downtime → major, maintenance → maintenance.
 * - component: operational → operational, degraded → degraded_performance, downtime →
 *   major_outage, maintenance → under_maintenance (not_monitored → unknown).
 * - report impact (its aggregate_state): operational|resolved → none, degraded → minor,
 *   downtime → major, maintenance → maintenance.
 * Active reports (translate has no clock, so ends_at cannot be compared with "now"):
 * - maintenance reports: only while the page itself is in maintenance and the report's state
 *   is maintenance (or absent); status in_progress, impact maintenance;
 * - other reports: ends_at absent/null and state not operational/resolved; status
 *   `investigating` (Better Stack reports have no lifecycle stage; that is Statuspage's word
 *   for an open incident whose cause is not stated).
 * started_at = starts_at, updated_at = updated_at; url = `<page>/incident/<id>`.
 */
import type { Validator } from '../../validation/validator.js';
import { LIGHT_VALIDATORS } from './light-validators.js';

export { betterstackIndexSchema } from './light-schemas.js';
import type { IncidentImpact, OfficialComponent, OfficialIncident, OfficialIndicator, OfficialStatus, StatusPageTarget } from '../types.js';
import { completeIncident, lookup, pageBaseUrl, pageVerdict, platformEndpoint, selectComponents, type ComponentStatus } from './common.js';

export const BETTERSTACK_INDICATORS = {
  operational: 'none',
  degraded: 'minor',
  downtime: 'major',
  maintenance: 'maintenance',
} as const satisfies Record<string, OfficialIndicator>;

export const BETTERSTACK_COMPONENT_STATUSES = {
  operational: 'operational',
  degraded: 'degraded_performance',
  downtime: 'major_outage',
  maintenance: 'under_maintenance',
} as const satisfies Record<string, ComponentStatus>;

export const BETTERSTACK_REPORT_IMPACTS = {
  operational: 'none',
  resolved: 'none',
  degraded: 'minor',
  downtime: 'major',
  maintenance: 'maintenance',
} as const satisfies Record<string, IncidentImpact>;

const lower = (raw: string): string => raw.toLowerCase();

export interface BetterstackReportAttributes {
  title?: string | null;
  report_type?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  updated_at?: string | null;
  aggregate_state?: string | null;
}

/** One `included` entry; which attributes it carries depends on `type`. */
export interface BetterstackIncluded {
  id?: string | number | null;
  type: string;
  attributes?: ({ public_name?: string; status?: string } & BetterstackReportAttributes) | null;
}

export interface ParsedBetterstack {
  data: { attributes: { aggregate_state: string; company_name?: string | null } };
  included?: BetterstackIncluded[] | null;
}

const isBetterstackIndex = LIGHT_VALIDATORS.betterstack as Validator<ParsedBetterstack>;

const betterstackEndpoint = platformEndpoint('/index.json', isBetterstackIndex, 'a Better Stack status page (index.json)');
export const betterstackApiUrl = betterstackEndpoint.apiUrl;
export const fetchBetterstack = betterstackEndpoint.fetch;
export const parseBetterstack = betterstackEndpoint.parse;

export function translateBetterstack(parsed: ParsedBetterstack, target: StatusPageTarget): OfficialStatus {
  const base = pageBaseUrl(target);
  const pageIndicator = lookup(BETTERSTACK_INDICATORS, parsed.data.attributes.aggregate_state, lower);
  const included = parsed.included ?? [];

  const active: OfficialIncident[] = [];
  for (const item of included) {
    if (item.type !== 'status_report') continue;
    const attributes = item.attributes ?? {};
    const maintenance = attributes.report_type?.trim().toLowerCase() === 'maintenance';
    const state = typeof attributes.aggregate_state === 'string' ? lookup(BETTERSTACK_REPORT_IMPACTS, attributes.aggregate_state, lower) : null;
    const open = maintenance
      ? pageIndicator === 'maintenance' && (state === null || state === 'maintenance')
      : (attributes.ends_at ?? null) === null && state !== 'none';
    if (!open) continue;
    const id = item.id === null || item.id === undefined ? '' : String(item.id).trim();
    const incident = completeIncident({
      id,
      name: attributes.title,
      status: maintenance ? 'in_progress' : 'investigating',
      impact: maintenance ? 'maintenance' : state ?? 'unknown',
      started_at: attributes.starts_at,
      updated_at: attributes.updated_at,
      url: id ? `${base}/incident/${encodeURIComponent(id)}` : null,
    });
    if (incident) active.push(incident);
  }

  const allComponents: OfficialComponent[] = [];
  for (const item of included) {
    const name = item.type === 'status_page_resource' ? item.attributes?.public_name?.trim() : undefined;
    if (name) allComponents.push({ name, status: lookup(BETTERSTACK_COMPONENT_STATUSES, item.attributes?.status, lower) });
  }
  const components = selectComponents(allComponents, target);
  const verdict = pageVerdict({ indicator: pageIndicator, description: null }, components, target, active);
  return { ...verdict, url: base, active_incidents: active, components };
}
