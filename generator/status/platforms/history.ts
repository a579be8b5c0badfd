/**
 * Official incident history: Statuspage's `GET <base>/api/v2/incidents.json` (the 50 newest
 * incidents with their updates and affected components), which incident.io's
 * Statuspage-compatible API serves at the same path. Google Cloud, Instatus and Better Stack do
 * not publish a Statuspage-style history we read (README, "Monitored services").
 *
 * Per incident we keep what the daily uptime needs: its interval (started_at, else created_at;
 * resolved_at), the components its updates name, and the worst status any watched component
 * had during it. An incident whose updates name components, none of them watched, is about
 * another product and is left out. Pure, apart from the fetch.
 */
import type { HttpTransport } from '../../http/transport.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';
import { addDays } from '../../models/dates.js';
import { withoutBidiControls } from '../../text/bidi.js';
import { DOWNTIME_STATUSES, type HistoryIncident, type StatusPageTarget } from '../types.js';
import { TIME_FLOOR } from '../times.js';
import { completeIncident, httpUrl, lookup, normalizeTime, nullableString, pageBaseUrl, platformEndpoint, type ComponentStatus } from './common.js';
import { affectsProducts, fetchGcp, gcpApiUrl, gcpIncident, isOngoing, parseGcp, type ParsedGcp } from './gcp.js';
import { STATUSPAGE_COMPONENT_STATUSES, STATUSPAGE_IMPACTS, STATUSPAGE_INCIDENT_FIELDS, STATUSPAGE_INCIDENT_STATUSES, type SummaryIncident } from './statuspage.js';

export const HISTORY_PLATFORMS = ['statuspage', 'incidentio', 'gcp'] as const;

const incidentSchema = {
  type: 'object',
  properties: {
    ...STATUSPAGE_INCIDENT_FIELDS,
    resolved_at: nullableString,
    incident_updates: {
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: {
          affected_components: {
            type: ['array', 'null'],
            items: { type: 'object', properties: { name: nullableString, new_status: nullableString } },
          },
        },
      },
    },
    components: { type: ['array', 'null'], items: { type: 'object', properties: { name: nullableString } } },
  },
} as const;

interface RawIncident extends Omit<SummaryIncident, 'scheduled_for'> {
  resolved_at?: string | null;
  incident_updates?: Array<{ affected_components?: Array<{ name?: string | null; new_status?: string | null }> | null }> | null;
  components?: Array<{ name?: string | null }> | null;
}

export interface ParsedHistory {
  incidents: RawIncident[];
}

const isHistory = compileValidator<ParsedHistory>(createAjv(), {
  type: 'object',
  required: ['incidents'],
  properties: { incidents: { type: 'array', items: incidentSchema } },
});

const endpoint = platformEndpoint('/api/v2/incidents.json', isHistory, 'a Statuspage v2 incident list');
export const historyApiUrl = endpoint.apiUrl;


function watches(target: StatusPageTarget, name: string): boolean {
  const watched = target.components;
  return watched === undefined || watched.some((w) => w.trim().toLowerCase() === name.trim().toLowerCase());
}

/** What one read of the history says: the watched incidents, and which days the list covers. */
export interface HistoryRead {
  incidents: HistoryIncident[];
  /**
   * The first whole day the list covers: the day of its oldest incident, or the day after when
   * the list is full (Statuspage's 50: earlier incidents of that day may have been cut).
   */
  covered_from: string | null;
}

export const HISTORY_LIST_SIZE = 50;

/** The days of these times, sorted; times before TIME_FLOOR (a 1970 placeholder) never set the coverage. */
function plausibleDays(times: Array<string | null>): string[] {
  return times.filter((t): t is string => t !== null && t >= TIME_FLOOR).map((t) => t.slice(0, 10)).sort();
}

const namesOf = (raw: RawIncident): string[] =>
  [...(raw.components ?? []).map((c) => c.name), ...(raw.incident_updates ?? []).flatMap((u) => (u.affected_components ?? []).map((c) => c.name))]
    .filter((n): n is string => typeof n === 'string')
    .map((n) => withoutBidiControls(n).trim())
    .filter((n) => n !== '');

/**
 * Pure: the upstream list to our history incidents, watched components only. When no incident
 * of the list names a watched component at all (the page renamed it), every component counts:
 * a rename must not hide an outage.
 */
export function translateHistory(parsed: ParsedHistory, target: StatusPageTarget): HistoryRead {
  const base = pageBaseUrl(target);
  const out: HistoryIncident[] = [];
  const anyWatched = target.components === undefined || parsed.incidents.some((raw) => namesOf(raw).some((name) => watches(target, name)));
  if (!anyWatched) target = { ...target, components: undefined };
  const days = plausibleDays(parsed.incidents.map((raw) => normalizeTime(raw.started_at ?? raw.created_at)));
  const oldest = days[0] ?? null;
  const covered_from = oldest === null ? null : parsed.incidents.length >= HISTORY_LIST_SIZE ? addDays(oldest, 1) : oldest;
  for (const raw of parsed.incidents) {
    const id = raw.id?.trim();
    const named = new Set<string>();
    const statuses: Array<ComponentStatus | 'unknown'> = [];
    for (const component of raw.components ?? []) if (component.name?.trim()) named.add(withoutBidiControls(component.name).trim());
    for (const update of raw.incident_updates ?? []) {
      for (const affected of update.affected_components ?? []) {
        const name = affected.name === null || affected.name === undefined ? undefined : withoutBidiControls(affected.name).trim();
        if (!name) continue;
        named.add(name);
        if (watches(target, name)) statuses.push(lookup(STATUSPAGE_COMPONENT_STATUSES, affected.new_status));
      }
    }
    const components = [...named].sort();
    if (components.length > 0 && !components.some((name) => watches(target, name))) continue;
    const incident = completeIncident({
      id,
      name: raw.name,
      status: lookup(STATUSPAGE_INCIDENT_STATUSES, raw.status),
      impact: lookup(STATUSPAGE_IMPACTS, raw.impact),
      started_at: raw.started_at ?? raw.created_at,
      updated_at: raw.updated_at,
      url: httpUrl(raw.shortlink) ?? (id ? `${base}/incidents/${encodeURIComponent(id)}` : null),
    });
    if (incident === null) continue;
    const worst = DOWNTIME_STATUSES.find((s) => statuses.includes(s)) ?? null;
    out.push({ ...incident, resolved_at: normalizeTime(raw.resolved_at), components: components.filter((name) => watches(target, name)), worst_status: worst });
  }
  return { incidents: out, covered_from };
}

/**
 * Pure: Google Cloud's incidents.json is its history already (the feed the status is read from):
 * every incident of the watched products, ended ones with their `end` as resolution. The feed is
 * a rolling window: it covers from the day of its oldest incident. No component data: the
 * impact stands in (critical as a major outage, major as a partial outage).
 */
export function translateGcpHistory(parsed: ParsedGcp, target: StatusPageTarget): HistoryRead {
  const incidents: HistoryIncident[] = [];
  for (const raw of parsed) {
    if (!affectsProducts(raw, target.products)) continue;
    const incident = gcpIncident(raw);
    if (incident !== null) incidents.push({ ...incident, resolved_at: isOngoing(raw) ? null : normalizeTime(raw.end), components: [], worst_status: null });
  }
  const days = plausibleDays(parsed.map((raw) => normalizeTime(raw.begin)));
  return { incidents, covered_from: days[0] ?? null };
}

/** fetch → parse → translate for the platforms that publish a history we read. */
export async function readHistory(http: HttpTransport, target: StatusPageTarget): Promise<HistoryRead> {
  if (target.type === 'gcp') return translateGcpHistory(parseGcp(await fetchGcp(http, target), gcpApiUrl(target), `status:${target.service_id}`), target);
  const url = historyApiUrl(target);
  return translateHistory(endpoint.parse(await endpoint.fetch(http, target), url, `status:${target.service_id}`), target);
}
