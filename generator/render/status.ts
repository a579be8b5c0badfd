import { addDays } from '../models/dates.js';
import { combineStatus, OFFICIAL_MAX_AGE_S, type ServiceStatus } from '../status/combine.js';
import type { ServiceHistory, StoredIncident } from '../status/history.js';
import type { ProbeResult } from '../status/probe.js';
import { combinedUptime, officialDailyUptime } from '../status/uptime.js';
import { DEFAULT_SLOW_MS, type ServiceDefinition } from '../status/registry.js';
import type { OfficialIndicator, StatusPlatform } from '../status/types.js';
import type { ServiceTraffic } from '../types/api-types.js';

export const UPTIME_DAYS = 90;

export interface ApiIncident {
  id: string;
  source: StoredIncident['source'];
  name: string;
  status: string;
  impact: string;
  started_at: string | null;
  updated_at: string | null;
  url: string | null;
}

export interface ServiceEntry {
  id: string;
  name: string;
  url: string;
  status: ServiceStatus;
  official: {
    /** The page's platform (data/services.json), `none` when the service has no machine-readable page. */
    platform: StatusPlatform;
    indicator: OfficialIndicator;
    description: string;
    url: string | null;
    fetched_at: string | null;
    /** The last read of the page failed (or is too old): this is the last good data. */
    stale: boolean;
    age_seconds: number | null;
    error: string | null;
  };
  /** Whether data/services.json gives the service a probe (a null `probe` then means: not run yet). */
  probe_configured: boolean;
  probe: Omit<ProbeResult, 'attempts'> | null;
  active_incidents: ApiIncident[];
  /** The third signal beside the page and the probe: requests failing on its own endpoints (never averaged in). */
  traffic: ServiceTraffic;
}

/** What the model status adds to a service's entry and detail (render/model-status.ts, render/incident-models.ts). */
export interface ServiceExtras {
  traffic: ServiceTraffic;
  /** The models an incident of this service names. */
  incidentModels: (incidentId: string) => string[];
}

export const NO_TRAFFIC: ServiceTraffic = { health: 'unknown', failing_share: null, counted_endpoints: 0, counted_models: 0, observed_at: null };
const NO_EXTRAS: ServiceExtras = { traffic: NO_TRAFFIC, incidentModels: () => [] };

export interface UptimeDay {
  date: string;
  /** Combined: the lower of the official and the probe figures where both are known. */
  uptime: number | null;
  /** Our probes' share of successes that day. */
  probe: number | null;
  /** From the page's own incident history (watched components), null outside its coverage. */
  official: number | null;
}

/**
 * The 90-day bar in a few bytes, for a board that shows every service from status.json alone:
 * the combined figure of each day of `uptime_90d`, oldest first, starting on `first_date`.
 */
export interface UptimeSummary {
  first_date: string;
  uptime: Array<number | null>;
}

/** An entry of /api/v1/status: the service entry plus its compact 90-day bar. */
export interface ServiceListEntry extends ServiceEntry {
  uptime_90d_summary: UptimeSummary;
}

export interface ServiceDetail extends ServiceEntry {
  uptime_90d: UptimeDay[];
  recent_incidents: Array<ApiIncident & { resolved_at: string | null; components: string[]; models: string[] }>;
  /** The page's incident history as we hold it: the first day it covers, when it was last read, whether the last read failed. */
  official_history: { covered_from: string | null; fetched_at: string | null; stale: boolean } | null;
}

function apiIncident(i: StoredIncident): ApiIncident {
  return { id: i.id, source: i.source, name: i.name, status: i.status, impact: i.impact, started_at: i.started_at, updated_at: i.updated_at, url: i.url };
}

/** Newest first by start time (unknown starts last), then id: deterministic. */
function byStartDesc(a: StoredIncident, b: StoredIncident): number {
  const sa = a.started_at ?? '';
  const sb = b.started_at ?? '';
  if (sa !== sb) return sa < sb ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function serviceEntry(service: ServiceDefinition, history: ServiceHistory | undefined, asOf: string | null, extras: ServiceExtras = NO_EXTRAS): ServiceEntry {
  const official = history?.official ?? null;
  const snapshot = official?.snapshot ?? null;
  const ageS = asOf !== null && official?.fetched_at ? Math.max(0, Math.round((Date.parse(asOf) - Date.parse(official.fetched_at)) / 1000)) : null;
  const probe = history?.probe ?? null;
  const hasPage = service.status_page.type !== 'none';
  return {
    id: service.id,
    name: service.name,
    url: service.url,
    status: combineStatus({ official: snapshot, officialAgeS: ageS, probe, slowMs: service.probe?.slow_ms ?? DEFAULT_SLOW_MS }),
    official: {
      platform: service.status_page.type,
      indicator: snapshot?.indicator ?? 'unknown',
      description: snapshot?.description ?? (hasPage ? 'Not read yet' : 'No machine-readable status page'),
      url: snapshot?.url ?? service.status_page.url ?? null,
      fetched_at: official?.fetched_at ?? null,
      stale: hasPage && (official?.error != null || (ageS !== null && ageS > OFFICIAL_MAX_AGE_S)),
      age_seconds: ageS,
      error: official?.error ?? null,
    },
    probe_configured: service.probe !== null,
    probe: probe === null ? null : { ok: probe.ok, latency_ms: probe.latency_ms, http_status: probe.http_status, checked_at: probe.checked_at, error: probe.error },
    // Official incidents count only while the official data does (the same rule as the status).
    active_incidents: (history?.incidents ?? [])
      .filter((i) => i.resolved_at === null && (i.source === 'probe' || (ageS !== null && ageS <= OFFICIAL_MAX_AGE_S)))
      .sort(byStartDesc)
      .map(apiIncident),
    traffic: extras.traffic,
  };
}

/** Exactly 90 days ending on the as-of date, oldest first; a day without data is null, never 1. */
export function uptime90d(history: ServiceHistory | undefined, asOf: string | null): ServiceDetail['uptime_90d'] {
  if (asOf === null) return [];
  const end = asOf.slice(0, 10);
  const counts = new Map((history?.days ?? []).map((d) => [d.date, d]));
  const dates = Array.from({ length: UPTIME_DAYS }, (_, i) => addDays(end, i - (UPTIME_DAYS - 1)));
  const official = officialDailyUptime(history?.incidents ?? [], history?.history?.covered_from ?? null, dates, asOf);
  return dates.map((date, i) => {
    const day = counts.get(date);
    const probe = day === undefined ? null : Math.round((day.ok / day.probes) * 10_000) / 10_000;
    return { date, uptime: combinedUptime(official[i]!, probe), probe, official: official[i]! };
  });
}

/** The same days as uptime_90d, each reduced to its combined figure. */
export function uptimeSummary(days: readonly UptimeDay[]): UptimeSummary {
  return { first_date: days[0]?.date ?? '', uptime: days.map((d) => d.uptime) };
}

export function serviceListEntry(service: ServiceDefinition, history: ServiceHistory | undefined, asOf: string | null, extras: ServiceExtras = NO_EXTRAS): ServiceListEntry {
  return { ...serviceEntry(service, history, asOf, extras), uptime_90d_summary: uptimeSummary(uptime90d(history, asOf)) };
}

/** Incidents that overlap the 90-day window (still open ones too), newest first. */
export function windowIncidents(history: ServiceHistory | undefined, asOf: string | null): StoredIncident[] {
  const start = asOf === null ? '' : `${addDays(asOf.slice(0, 10), -(UPTIME_DAYS - 1))}T00:00:00Z`;
  return [...(history?.incidents ?? [])].filter((i) => i.resolved_at === null || i.resolved_at >= start || (i.started_at ?? '') >= start).sort(byStartDesc);
}

export function serviceDetail(service: ServiceDefinition, history: ServiceHistory | undefined, asOf: string | null, extras: ServiceExtras = NO_EXTRAS): ServiceDetail {
  return {
    ...serviceEntry(service, history, asOf, extras),
    uptime_90d: uptime90d(history, asOf),
    recent_incidents: windowIncidents(history, asOf).map((i) => ({ ...apiIncident(i), resolved_at: i.resolved_at, components: i.components ?? [], models: extras.incidentModels(i.id) })),
    official_history:
      history?.history === undefined
        ? null
        : { covered_from: history.history.covered_from, fetched_at: history.history.fetched_at, stale: history.history.error !== null },
  };
}
