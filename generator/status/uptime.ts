/**
 * Daily uptime from the page's own incident history, the way Statuspage's uptime bars count it:
 * a watched component in major outage costs its whole duration, in partial outage 30% of it,
 * degraded performance and maintenance nothing. An incident without component data counts by
 * its impact (critical as a major outage, major as a partial outage, minor as degraded).
 * Overlapping incidents cost the worst weight at each instant, never twice. A day before the
 * history's coverage is unknown (null), a covered day without incidents is 1. Pure, UTC days.
 */
import { addDays } from '../models/dates.js';
import type { StoredIncident } from './history.js';
import type { DowntimeStatus, IncidentImpact } from './types.js';

export const DOWNTIME_WEIGHTS: Record<DowntimeStatus, number> = { major_outage: 1, partial_outage: 0.3, degraded_performance: 0, under_maintenance: 0 };
const IMPACT_STATUS: Partial<Record<IncidentImpact, DowntimeStatus>> = { critical: 'major_outage', major: 'partial_outage', minor: 'degraded_performance' };

export function incidentWeight(incident: Pick<StoredIncident, 'worst_status' | 'impact'>): number {
  if (incident.impact === 'maintenance') return 0;
  const status = incident.worst_status ?? IMPACT_STATUS[incident.impact] ?? null;
  return status === null ? 0 : DOWNTIME_WEIGHTS[status];
}

interface Interval {
  from: number;
  to: number;
  weight: number;
}

/** The share of [from, to) lost to the intervals, each instant at the worst weight over it. */
function lostShare(intervals: readonly Interval[], from: number, to: number): number {
  const points = new Set([from, to]);
  for (const i of intervals) {
    if (i.to <= from || i.from >= to) continue;
    points.add(Math.max(from, i.from));
    points.add(Math.min(to, i.to));
  }
  const sorted = [...points].sort((a, b) => a - b);
  let lost = 0;
  for (let k = 0; k + 1 < sorted.length; k += 1) {
    const [a, b] = [sorted[k]!, sorted[k + 1]!];
    const worst = Math.max(0, ...intervals.filter((i) => i.from <= a && i.to >= b).map((i) => i.weight));
    lost += worst * (b - a);
  }
  return to > from ? lost / (to - from) : 0;
}

/** Official uptime per day for `dates` (YYYY-MM-DD), as of `asOf` (the open incidents run until then). */
export function officialDailyUptime(incidents: readonly StoredIncident[], coveredFrom: string | null, dates: readonly string[], asOf: string): Array<number | null> {
  const end = Date.parse(asOf);
  const intervals: Interval[] = incidents
    .filter((i) => i.source === 'official' && i.started_at !== null)
    .map((i) => {
      const from = Date.parse(i.started_at!);
      // A missing or reversed end: the incident lasted until it was resolved as far as we know, or not at all.
      const to = i.resolved_at === null ? end : Math.max(from, Date.parse(i.resolved_at));
      return { from, to, weight: incidentWeight(i) };
    })
    .filter((i) => i.weight > 0 && Number.isFinite(i.from) && Number.isFinite(i.to));
  return dates.map((date) => {
    if (coveredFrom === null || date < coveredFrom) return null;
    const from = Date.parse(`${date}T00:00:00Z`);
    const to = Math.min(Date.parse(`${addDays(date, 1)}T00:00:00Z`), end);
    if (to <= from) return null;
    return Math.round((1 - lostShare(intervals, from, to)) * 10_000) / 10_000;
  });
}

/** The day's combined figure: the lower of the two known ones, else the one known, else null. */
export function combinedUptime(official: number | null, probe: number | null): number | null {
  if (official === null) return probe;
  if (probe === null) return official;
  return Math.min(official, probe);
}
