/**
 * A live status answer: the static file's entry (what the build knows: incidents from the
 * page's history, the official daily uptime, the platform) with what the monitor saw last laid
 * over it (state.ts). Pure. The rules:
 * - official: the monitor's last good read of the page where it reads one (its age counted to
 *   now; a failed read keeps it, with the error, stale past OFFICIAL_MAX_AGE_S as in the build);
 *   for gcp and services without a page, the static entry's, its age counted to now;
 * - probe: the monitor's last probe (a deep probe's `ttfb_ms` with it);
 * - status: combine.ts over those two, as `update` and the build do;
 * - active incidents: the official ones of the official data used (while it counts), plus the
 *   static file's probe-detected open incidents while the live probe still fails;
 * - uptime: each day the monitor has counts for gets its probe figure from them (the day's
 *   share of successful probes, combined with the official figure as the build does); the window
 *   moves on to today when the static files are from an earlier day.
 */
import { addDays } from '../../../models/dates.js';
import type { ApiIncident, ServiceEntry, UptimeDay } from '../../../render/status.js';
import { combineStatus, OFFICIAL_MAX_AGE_S } from '../../../status/combine.js';
import { DEFAULT_SLOW_MS, type ServiceDefinition } from '../../../status/registry.js';
import { combinedUptime } from '../../../status/uptime.js';
import type { OfficialStatus } from '../../../status/types.js';
import { officialAgeS, ROLLUP_DAYS, type MonitorState, type Rollup, type ServiceState } from './state.js';

/** Newest first by start time (unknown starts last), then id: the order of render/status.ts. */
function byStartDesc(a: ApiIncident, b: ApiIncident): number {
  const sa = a.started_at ?? '';
  const sb = b.started_at ?? '';
  if (sa !== sb) return sa < sb ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const ageTo = (time: string | null, nowMs: number): number | null => (time === null ? null : Math.max(0, Math.round((nowMs - Date.parse(time)) / 1000)));

function officialIncidents(snapshot: OfficialStatus): ApiIncident[] {
  return snapshot.active_incidents.map((i) => ({ id: i.id, source: 'official', name: i.name, status: i.status, impact: i.impact, started_at: i.started_at, updated_at: i.updated_at, url: i.url }));
}

/** One service entry with the monitor's view laid over the static one (`live` undefined: the monitor has not observed it). */
export function liveEntry<E extends ServiceEntry>(entry: E, live: ServiceState | undefined, service: ServiceDefinition | undefined, nowMs: number): E {
  if (live === undefined) return entry;
  let official: ServiceEntry['official'];
  let officialStatus: Pick<OfficialStatus, 'indicator' | 'active_incidents'> | null;
  let incidents: ApiIncident[];
  const monitored = live.official;
  if (monitored !== null && monitored.snapshot !== null) {
    const age = officialAgeS(monitored, nowMs);
    const snapshot = monitored.snapshot;
    official = {
      platform: entry.official.platform,
      indicator: snapshot.indicator,
      description: snapshot.description,
      url: snapshot.url,
      fetched_at: monitored.fetched_at,
      stale: monitored.error !== null || (age !== null && age > OFFICIAL_MAX_AGE_S),
      age_seconds: age,
      error: monitored.error,
    };
    officialStatus = snapshot;
    incidents = officialIncidents(snapshot);
  } else {
    // The build's official view (gcp, none, or a page the monitor has not read well yet).
    const age = ageTo(entry.official.fetched_at, nowMs);
    const error = monitored?.error ?? entry.official.error;
    official = { ...entry.official, age_seconds: age, error, stale: entry.official.platform !== 'none' && (error !== null || (age !== null && age > OFFICIAL_MAX_AGE_S)) };
    const own = entry.active_incidents.filter((i) => i.source === 'official');
    officialStatus = entry.official.fetched_at === null ? null : { indicator: entry.official.indicator, active_incidents: own.map((i) => ({ ...i, impact: i.impact as OfficialStatus['active_incidents'][number]['impact'] })) } as Pick<OfficialStatus, 'indicator' | 'active_incidents'>;
    incidents = own;
  }
  const officialAge = official.age_seconds;
  const counts = officialAge !== null && officialAge <= OFFICIAL_MAX_AGE_S;
  const probe = live.probe ?? entry.probe;
  const probeIncidents = probe?.ok === false ? entry.active_incidents.filter((i) => i.source === 'probe') : [];
  const status = combineStatus({ official: (officialStatus as OfficialStatus | null) ?? null, officialAgeS: officialAge, probe, slowMs: service?.probe?.slow_ms ?? DEFAULT_SLOW_MS });
  return {
    ...entry,
    status,
    official,
    probe: probe === null ? null : { ok: probe.ok, latency_ms: probe.latency_ms, http_status: probe.http_status, checked_at: probe.checked_at, error: probe.error, ...(probe.ttfb_ms === undefined ? {} : { ttfb_ms: probe.ttfb_ms }) },
    active_incidents: [...(counts ? incidents : []), ...probeIncidents].sort(byStartDesc),
  };
}

/** The monitor's probe counts of a service by day: the closed days' roll-up and today's running counts. */
export function monitorCounts(id: string, state: MonitorState, rollup: Rollup): Map<string, [number, number]> {
  const counts = new Map<string, [number, number]>();
  for (const [day, byService] of Object.entries(rollup)) {
    const c = byService[id];
    if (c !== undefined) counts.set(day, c);
  }
  const today = state.services[id]?.today;
  if (today !== undefined) counts.set(state.day, today);
  return counts;
}

/** 90 days ending on the later of the static window's end and `today`, the monitor's probe figures laid over. */
export function liveUptime(days: readonly UptimeDay[], counts: ReadonlyMap<string, readonly [number, number]>, today: string): UptimeDay[] {
  const staticEnd = days[days.length - 1]?.date ?? today;
  const end = staticEnd > today ? staticEnd : today;
  const byDate = new Map(days.map((d) => [d.date, d]));
  return Array.from({ length: ROLLUP_DAYS }, (_, i) => {
    const date = addDays(end, i - (ROLLUP_DAYS - 1));
    const base = byDate.get(date) ?? { date, uptime: null, probe: null, official: null };
    const c = counts.get(date);
    if (c === undefined || c[0] === 0) return base;
    const probe = Math.round((c[1] / c[0]) * 10_000) / 10_000;
    return { date, official: base.official, probe, uptime: combinedUptime(base.official, probe) };
  });
}
