/**
 * Per-service status history kept in data/status/<service_id>.json, and the pure merge of one
 * status run into it. Nothing is lost when a run fails halfway: a failed official read keeps the
 * last good snapshot (marked by `error`), a run without a conclusive probe adds no probe count,
 * and days without probes simply have no entry (published as `null`, never as 100%).
 */
import type { ProbeResult } from './probe.js';
import type { DowntimeStatus, HistoryIncident, IncidentImpact, IncidentStatus, OfficialStatus } from './types.js';

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
  /** When it ended: the page's own word (history), else when we saw it leave the active list, or our probe succeed again. */
  resolved_at: string | null;
  url: string | null;
  /** From the page's history: the watched components it names and the worst status they had. */
  components?: string[];
  worst_status?: DowntimeStatus | null;
}

/** What we know of the page's own incident history. */
export interface HistoryState {
  /** The first day the page's history covers (the oldest incident it listed, earliest over all reads). */
  covered_from: string | null;
  fetched_at: string | null;
  last_attempt_at: string | null;
  /** Why the last read of the history failed (our classification), or null. */
  error: string | null;
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
  /** Absent until a page with a history was read. */
  history?: HistoryState;
}

/** What one run saw for one service. */
export interface ServiceObservation {
  official: { ok: true; status: OfficialStatus } | { ok: false; error: string } | null;
  probe: ProbeResult | null;
  /** The page's incident history, for platforms that publish one. */
  history?: { ok: true; incidents: HistoryIncident[]; covered_from: string | null } | { ok: false; error: string } | null;
}

export const DAYS_KEPT = 400;
/**
 * Incidents are kept while they are within DAYS_KEPT days (or still open), at most this many:
 * a busy page (Anthropic's had 50 in 34 days) fills a 90-day window with about 130.
 */
export const INCIDENTS_KEPT = 1000;
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
      // The page's start time too: a re-read corrects one that was missing or refused.
      return { ...stored, name: seen.name, status: seen.status, impact: seen.impact, started_at: seen.started_at ?? stored.started_at, updated_at: seen.updated_at, url: seen.url, resolved_at: null };
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

const newer = (a: string | null, b: string | null) => a !== null && (b === null || a >= b);

/**
 * The page's history merged in: an incident seen again replaces ours when its update is at least
 * as new (updates may arrive out of order), new ones are added, and ours are never dropped
 * because the page's list got shorter (it trims old incidents).
 */
function mergeHistoryIncidents(incidents: StoredIncident[], history: HistoryIncident[]): StoredIncident[] {
  const byId = new Map(incidents.map((i) => [i.id, i]));
  for (const seen of history) {
    const id = `official:${seen.id}`;
    const stored = byId.get(id);
    // Kept as stored unless the page's copy is newer, or gives a start time ours lacks (refused or missing).
    if (stored !== undefined && !newer(seen.updated_at, stored.updated_at) && stored.components !== undefined && (stored.started_at !== null || seen.started_at === null)) continue;
    byId.set(id, {
      id,
      source: 'official',
      name: seen.name,
      status: seen.status,
      impact: seen.impact,
      started_at: seen.started_at ?? stored?.started_at ?? null,
      updated_at: seen.updated_at ?? stored?.updated_at ?? null,
      // The page's own end time; an open one it lists again is open.
      resolved_at: seen.resolved_at ?? (seen.status === 'resolved' || seen.status === 'postmortem' ? (stored?.resolved_at ?? seen.updated_at) : null),
      url: seen.url,
      components: seen.components,
      worst_status: seen.worst_status,
    });
  }
  return [...byId.values()];
}

/** Newest start first (unknown starts last), then id: deterministic. */
function newestFirst(a: StoredIncident, b: StoredIncident): number {
  const sa = a.started_at ?? '';
  const sb = b.started_at ?? '';
  if (sa !== sb) return sa < sb ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The window kept: open incidents, and those that ended (or started) within DAYS_KEPT days. */
function withinWindow(incidents: StoredIncident[], now: string): StoredIncident[] {
  const horizon = new Date(Date.parse(now) - DAYS_KEPT * 86_400_000).toISOString();
  return incidents.filter((i) => i.resolved_at === null || (i.resolved_at ?? i.updated_at ?? i.started_at ?? '') >= horizon).sort(newestFirst).slice(0, INCIDENTS_KEPT);
}

function nextHistoryState(previous: HistoryState | undefined, observed: ServiceObservation['history'], now: string): HistoryState | undefined {
  if (observed === undefined || observed === null) return previous;
  const base: HistoryState = previous ?? { covered_from: null, fetched_at: null, last_attempt_at: null, error: null };
  if (!observed.ok) return { ...base, last_attempt_at: now, error: observed.error };
  // A page with no incident at all covers at least today.
  const oldest = observed.covered_from ?? now.slice(0, 10);
  const covered = base.covered_from === null || oldest < base.covered_from ? oldest : base.covered_from;
  return { covered_from: covered, fetched_at: now, last_attempt_at: now, error: null };
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
  let incidents = mergeProbeIncident(mergeOfficialIncidents(previous.incidents, observation, now), observation.probe, inMaintenance, now);
  if (observation.history?.ok) incidents = mergeHistoryIncidents(incidents, observation.history.incidents);
  const history = nextHistoryState(previous.history, observation.history, now);
  return {
    id: previous.id,
    official: officialState,
    probe: observation.probe ?? previous.probe,
    days: countProbe(previous.days, observation.probe, now),
    incidents: withinWindow(incidents, now),
    ...(history === undefined ? {} : { history }),
  };
}
