/**
 * Plausible times from status pages. A page may send a time from before any status page existed
 * (1970, a zero timestamp) or far in the future (year 9999, a wrong field); kept, such a time
 * sorted first forever, dated the incidents feed 9999, blocked every later correction of the
 * incident (a stored update time nothing could beat) and started the history's coverage on
 * 1970-01-02. A time outside [TIME_FLOOR, now + FUTURE_MARGIN_MS] is refused: it becomes
 * unknown (null), is reported, and never sets the coverage. Pure.
 */
import type { ServiceHistory, ServiceObservation, StoredIncident } from './history.js';
import type { HistoryIncident, OfficialIncident } from './types.js';

/** Earlier than this no status page we read existed: such a time is a placeholder or an error. */
export const TIME_FLOOR = '2000-01-01T00:00:00Z';
/** How far ahead of our clock a page's time may be (clock skew; maintenance started early). */
export const FUTURE_MARGIN_MS = 60 * 60 * 1000;

export type TimeReport = (message: string) => void;

/** The latest plausible time as of `now` (ISO 8601 UTC). */
export function latestPlausible(now: string): string {
  return new Date(Date.parse(now) + FUTURE_MARGIN_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Whether an ISO 8601 UTC time (or a YYYY-MM-DD day) is within [TIME_FLOOR, now + margin]. */
export function isPlausibleTime(time: string, now: string): boolean {
  const value = time.length === 10 ? `${time}T00:00:00Z` : time;
  return value >= TIME_FLOOR && value <= latestPlausible(now);
}

function guard(time: string | null, now: string, field: string, report: TimeReport): string | null {
  if (time === null || isPlausibleTime(time, now)) return time;
  report(`${field} ${time} refused: outside ${TIME_FLOOR.slice(0, 10)} … ${latestPlausible(now)}`);
  return null;
}

type Timed = OfficialIncident | HistoryIncident | StoredIncident;

function guardIncident<T extends Timed>(incident: T, now: string, report: TimeReport): T {
  const say = (message: string) => report(`incident ${incident.id}: ${message}`);
  const started_at = guard(incident.started_at, now, 'started_at', say);
  const updated_at = guard(incident.updated_at, now, 'updated_at', say);
  const resolved = 'resolved_at' in incident ? guard(incident.resolved_at, now, 'resolved_at', say) : undefined;
  if (started_at === incident.started_at && updated_at === incident.updated_at && (resolved === undefined || resolved === (incident as { resolved_at: string | null }).resolved_at)) return incident;
  return { ...incident, started_at, updated_at, ...(resolved === undefined ? {} : { resolved_at: resolved }) };
}

/** One run's observation with implausible times refused (the page read, its history and its coverage). */
export function guardObservationTimes(observation: ServiceObservation, now: string, report: TimeReport): ServiceObservation {
  const official = observation.official;
  const guardedOfficial = official?.ok ? { ok: true as const, status: { ...official.status, active_incidents: official.status.active_incidents.map((i) => guardIncident(i, now, report)) } } : official;
  const history = observation.history;
  if (!history?.ok) return { ...observation, official: guardedOfficial };
  return {
    ...observation,
    official: guardedOfficial,
    history: {
      ...history,
      incidents: history.incidents.map((i) => guardIncident(i, now, report)),
      covered_from: guard(history.covered_from, now, 'history coverage from', report),
    },
  };
}

/**
 * A stored history with implausible times refused, as of `now`: values an older version kept,
 * so the next read can correct them (a stored update time in 9999 would beat every real one).
 */
export function guardHistoryTimes(history: ServiceHistory, now: string, report: TimeReport): ServiceHistory {
  const snapshot = history.official.snapshot;
  const coverage = history.history;
  return {
    ...history,
    official: snapshot === null ? history.official : { ...history.official, snapshot: { ...snapshot, active_incidents: snapshot.active_incidents.map((i) => guardIncident(i, now, report)) } },
    incidents: history.incidents.map((i) => guardIncident(i, now, report)),
    ...(coverage === undefined ? {} : { history: { ...coverage, covered_from: guard(coverage.covered_from, now, 'history coverage from', report) } }),
  };
}
