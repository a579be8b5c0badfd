/**
 * Per-service status history kept in data/status/<service_id>.json, and the pure merge of one
 * status run into it. Nothing is lost when a run fails halfway: a failed official read keeps the
 * last good snapshot (marked by `error`), a run without a conclusive probe adds no probe count,
 * and days without probes simply have no entry (published as `null`, never as 100%).
 */
import type { ProbeResult } from './probe.js';
import type { IncidentImpact, IncidentStatus, OfficialStatus } from './types.js';

export const INCIDENT_SOURCES = ['official', 'probe'] as const;
export type IncidentSource = (typeof INCIDENT_SOURCES)[number];

export interface StoredIncident {
  /** `official:<platform id>` or `probe:<start time>`. */
  id: string;
  source: IncidentSource;
  name: string;
  status: IncidentStatus;
  impact: IncidentImpact;
  started_at: string | null;
  updated_at: string | null;
  /** When we saw it end (it left the page's active list, or our probe succeeded again). */
  resolved_at: string | null;
  url: string | null;
}

export interface DayCount {
  date: string;
  probes: number;
  ok: number;
}

export interface ServiceHistory {
  id: string;
  official: {
    /** The last good read of the official page; kept when later reads fail. */
    snapshot: OfficialStatus | null;
    fetched_at: string | null;
    last_attempt_at: string | null;
    /** Why the last attempt failed, or null when it worked. */
    error: string | null;
  };
  probe: ProbeResult | null;
  /** Probe counts per UTC day, oldest first; more than 90 days are kept. */
  days: DayCount[];
  /** Newest first. */
  incidents: StoredIncident[];
}

/** What one run saw for one service. */
export interface ServiceObservation {
  official: { ok: true; status: OfficialStatus } | { ok: false; error: string } | null;
  probe: ProbeResult | null;
}

export const DAYS_KEPT = 400;
export const INCIDENTS_KEPT = 200;
const PROBE_INCIDENT_NAME = 'Our probes could not reach the API';

export function emptyHistory(id: string): ServiceHistory {
  return { id, official: { snapshot: null, fetched_at: null, last_attempt_at: null, error: null }, probe: null, days: [], incidents: [] };
}

function countProbe(days: DayCount[], probe: ProbeResult | null, now: string): DayCount[] {
  if (probe === null || probe.ok === null) return days;
  const date = now.slice(0, 10);
  const others = days.filter((d) => d.date !== date);
  const today = days.find((d) => d.date === date) ?? { date, probes: 0, ok: 0 };
  const next = [...others, { date, probes: today.probes + 1, ok: today.ok + (probe.ok ? 1 : 0) }];
  next.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return next.slice(-DAYS_KEPT);
}

function mergeOfficialIncidents(incidents: StoredIncident[], observation: ServiceObservation, now: string): StoredIncident[] {
  const official = observation.official;
  if (official === null || !official.ok) return incidents;
  const active = new Map(official.status.active_incidents.map((i) => [`official:${i.id}`, i]));
  const next = incidents.map((stored): StoredIncident => {
    if (stored.source !== 'official') return stored;
    const seen = active.get(stored.id);
    if (seen !== undefined) {
      active.delete(stored.id);
      return { ...stored, name: seen.name, status: seen.status, impact: seen.impact, updated_at: seen.updated_at, url: seen.url, resolved_at: null };
    }
    // Gone from the page's active list: it ended (we saw it resolved by now at the latest).
    return stored.resolved_at === null ? { ...stored, status: 'resolved', resolved_at: now } : stored;
  });
  const added = [...active].map(([id, i]): StoredIncident => ({
    id,
    source: 'official',
    name: i.name,
    status: i.status,
    impact: i.impact,
    started_at: i.started_at ?? now,
    updated_at: i.updated_at,
    resolved_at: null,
    url: i.url,
  }));
  return [...added, ...next];
}

function mergeProbeIncident(incidents: StoredIncident[], probe: ProbeResult | null, inMaintenance: boolean, now: string): StoredIncident[] {
  if (probe === null || probe.ok === null) return incidents;
  const open = incidents.find((i) => i.source === 'probe' && i.resolved_at === null);
  if (probe.ok) {
    return open === undefined ? incidents : incidents.map((i) => (i === open ? { ...i, status: 'resolved', updated_at: now, resolved_at: now } : i));
  }
  if (open !== undefined) return incidents.map((i) => (i === open ? { ...i, updated_at: now } : i));
  // During announced maintenance an unreachable API is expected, not an outage we detected.
  if (inMaintenance) return incidents;
  const detected: StoredIncident = {
    id: `probe:${now}`,
    source: 'probe',
    name: PROBE_INCIDENT_NAME,
    status: 'investigating',
    impact: 'major',
    started_at: now,
    updated_at: now,
    resolved_at: null,
    url: null,
  };
  return [detected, ...incidents];
}

/** Pure: one run's observation merged into the stored history. */
export function mergeServiceRun(previous: ServiceHistory, observation: ServiceObservation, now: string): ServiceHistory {
  const official = observation.official;
  const officialState =
    official === null
      ? previous.official
      : official.ok
        ? { snapshot: official.status, fetched_at: now, last_attempt_at: now, error: null }
        : { ...previous.official, last_attempt_at: now, error: official.error };
  const snapshot = officialState.snapshot;
  const inMaintenance = snapshot !== null && (snapshot.indicator === 'maintenance' || snapshot.active_incidents.some((i) => i.impact === 'maintenance'));
  const incidents = mergeProbeIncident(mergeOfficialIncidents(previous.incidents, observation, now), observation.probe, inMaintenance, now);
  return {
    id: previous.id,
    official: officialState,
    probe: observation.probe ?? previous.probe,
    days: countProbe(previous.days, observation.probe, now),
    incidents: incidents.slice(0, INCIDENTS_KEPT),
  };
}
