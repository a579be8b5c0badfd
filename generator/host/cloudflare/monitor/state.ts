/**
 * What the edge monitor keeps in D1, and how one run changes it. Pure (no I/O): store.ts reads
 * and writes these shapes, run.ts makes the observations, live.ts answers from them.
 *
 * - `runs`: one row per run (minute), every observed service's compact observation
 *   (`encodeRun`): one observation per service per minute, kept 90 days.
 * - `latest`: one row, the state every answer reads: per service the last good official read
 *   (with its time and the last read's error: bad input keeps the last good one, marked with its
 *   age), the last probe, and today's probe counts.
 * - `rollup`: one row, the probe counts of each of the last 90 UTC days, written when a day
 *   closes (the first run of the next day): what the 90-day uptime reads.
 */
import { combineStatus, type ServiceStatus } from '../../../status/combine.js';
import type { ServiceObservation } from '../../../status/history.js';
import type { ProbeResult } from '../../../status/probe.js';
import { DEFAULT_SLOW_MS, type ServiceDefinition } from '../../../status/registry.js';
import type { OfficialStatus } from '../../../status/types.js';
import { addDays } from '../../../models/dates.js';

export const ROLLUP_DAYS = 90;
/** Observations older than this many minutes are deleted by the run (90 days). */
export const RETENTION_MINUTES = ROLLUP_DAYS * 1440;

export type StoredProbe = Omit<ProbeResult, 'attempts'>;

export interface OfficialState {
  /** The last good read, or null before the first. */
  snapshot: OfficialStatus | null;
  fetched_at: string | null;
  /** Why the last read failed (our words), or null when it succeeded. */
  error: string | null;
}

export interface ServiceState {
  /** Null: the monitor reads no page for it (none, or gcp: the 15-minute refresh reads that one). */
  official: OfficialState | null;
  probe: StoredProbe | null;
  /** Probes and successes on `MonitorState.day` (inconclusive probes are not counted). */
  today: [number, number];
}

export interface MonitorState {
  /** The UTC day `today` counts belong to. */
  day: string;
  services: Record<string, ServiceState>;
  /** The models each open official incident names (incident-models.ts); absent before the first match. */
  incident_models?: IncidentModels;
}

/** One open incident's match: the name it was matched under, and the models it names ([id, name, author]). */
export interface IncidentMatch {
  name: string;
  models: Array<[string, string, string]>;
}

/** `<service id> <incident id>` → its match, for the open incidents of the pages the monitor reads. */
export type IncidentModels = Record<string, IncidentMatch>;

/** Probe counts ([probes, successes]) by day and service id. */
export type Rollup = Record<string, Record<string, [number, number]>>;

export interface ObservedService {
  service: ServiceDefinition;
  observation: ServiceObservation;
}

export interface AppliedRun {
  state: MonitorState;
  /** The day that closed with this run and its counts, for the roll-up; null on the same day. */
  closed: { day: string; counts: Record<string, [number, number]> } | null;
  /** Each observed service's combined status at the run's time. */
  statuses: Map<string, ServiceStatus>;
}

function officialAfter(previous: OfficialState | null | undefined, read: ServiceObservation['official'], now: string): OfficialState | null {
  if (read === null) return null;
  if (read.ok) return { snapshot: read.status, fetched_at: now, error: null };
  return { snapshot: previous?.snapshot ?? null, fetched_at: previous?.fetched_at ?? null, error: read.error };
}

export function officialAgeS(official: OfficialState | null, nowMs: number): number | null {
  return official?.fetched_at ? Math.max(0, Math.round((nowMs - Date.parse(official.fetched_at)) / 1000)) : null;
}

/** The state after one run at `now` over the services it observed (the others keep theirs). */
export function applyRun(previous: MonitorState | null, observed: readonly ObservedService[], now: string): AppliedRun {
  const day = now.slice(0, 10);
  const services: Record<string, ServiceState> = {};
  let closed: AppliedRun['closed'] = null;
  if (previous !== null && previous.day !== day) {
    closed = { day: previous.day, counts: Object.fromEntries(Object.entries(previous.services).map(([id, s]) => [id, s.today])) };
  }
  for (const [id, state] of Object.entries(previous?.services ?? {})) services[id] = closed === null ? state : { ...state, today: [0, 0] };
  const statuses = new Map<string, ServiceStatus>();
  for (const { service, observation } of observed) {
    const before = services[service.id];
    const official = officialAfter(before?.official, observation.official, now);
    const probe = observation.probe === null ? null : stripAttempts(observation.probe);
    const today: [number, number] = [...(before?.today ?? [0, 0])];
    if (probe !== null && probe.ok !== null) {
      today[0] += 1;
      if (probe.ok) today[1] += 1;
    }
    services[service.id] = { official, probe, today };
    statuses.set(service.id, combineStatus({ official: official?.snapshot ?? null, officialAgeS: officialAgeS(official, Date.parse(now)), probe, slowMs: service.probe?.slow_ms ?? DEFAULT_SLOW_MS }));
  }
  return { state: { day, services }, closed, statuses };
}

function stripAttempts(probe: ProbeResult): StoredProbe {
  const { attempts: _attempts, ...rest } = probe;
  return rest;
}

/** The roll-up with a closed day added, cut to the last ROLLUP_DAYS days before `today`. */
export function rollUp(rollup: Rollup, closed: NonNullable<AppliedRun['closed']>, today: string): Rollup {
  const from = addDays(today, -ROLLUP_DAYS);
  const next: Rollup = {};
  for (const [day, counts] of Object.entries({ ...rollup, [closed.day]: closed.counts })) if (day >= from && day < today) next[day] = counts;
  return next;
}

const STATUS_CODES: Record<ServiceStatus, string> = { operational: 'o', degraded: 'd', partial_outage: 'p', major_outage: 'M', maintenance: 'm', unknown: 'u' };
const INDICATOR_CODES: Record<string, string> = { none: 'n', minor: 'i', major: 'a', critical: 'c', maintenance: 'm', unknown: 'u' };

/**
 * A run's observations in a few bytes each (the `runs` row; about 20 bytes a service):
 * `id:<status><probe>,<latency>,<http>,<official>` joined by `;`, where status is o d p M m u
 * (operational … unknown), probe 1 (up) 0 (down) ? (inconclusive) - (none), official n i a c m u
 * (the indicator read this run), ! (the read failed) or - (no page read).
 */
export function encodeRun(observed: readonly ObservedService[], statuses: ReadonlyMap<string, ServiceStatus>): string {
  return observed
    .map(({ service, observation }) => {
      const probe = observation.probe;
      const p = probe === null ? '-' : probe.ok === null ? '?' : probe.ok ? '1' : '0';
      const official = observation.official;
      const o = official === null ? '-' : official.ok ? (INDICATOR_CODES[official.status.indicator] ?? 'u') : '!';
      return `${service.id}:${STATUS_CODES[statuses.get(service.id) ?? 'unknown']}${p},${probe?.latency_ms ?? ''},${probe?.http_status ?? ''},${o}`;
    })
    .join(';');
}

export interface DecodedObservation {
  id: string;
  status: ServiceStatus;
  probe: boolean | null | undefined;
  latency_ms: number | null;
  http_status: number | null;
}

/** The inverse of encodeRun (for the bench, the simulation and the tests). */
export function decodeRun(text: string): DecodedObservation[] {
  if (text === '') return [];
  const statusOf = Object.fromEntries(Object.entries(STATUS_CODES).map(([status, code]) => [code, status as ServiceStatus]));
  return text.split(';').map((part) => {
    const at = part.lastIndexOf(':');
    const [head = '', latency = '', http = ''] = part.slice(at + 1).split(',');
    const probe = head[1] === '1' ? true : head[1] === '0' ? false : head[1] === '?' ? null : undefined;
    return { id: part.slice(0, at), status: statusOf[head[0] ?? 'u'] ?? 'unknown', probe, latency_ms: latency === '' ? null : Number(latency), http_status: http === '' ? null : Number(http) };
  });
}
