/**
 * The combined status of a service: the worse of what the official page says and what our own
 * probes saw. Pure; the rules (also in the README, "Combined status"):
 *
 * 1. Official indicator: none → operational, minor → degraded, major → partial_outage,
 *    critical → major_outage, maintenance → maintenance, unknown → no opinion.
 * 2. Each active official incident raises it by its impact (minor → degraded, major →
 *    partial_outage, critical → major_outage, maintenance → maintenance).
 * 3. Official data older than OFFICIAL_MAX_AGE_S (its page has been failing) gives no opinion.
 * 4. Our probe: failed (after one retry) → at least partial_outage, even when the page says all
 *    is well (one vantage point cannot prove a full outage); slower than the service's slow
 *    threshold → at least degraded; an inconclusive probe (every probe failed at once: likely
 *    our own network) gives no opinion. During announced maintenance a failed probe is expected
 *    and counts as maintenance.
 * 5. The result is the worst opinion, in the order operational < maintenance < degraded <
 *    partial_outage < major_outage; with no opinion at all it is unknown.
 */
import type { ProbeResult } from './probe.js';
import type { IncidentImpact, OfficialIndicator, OfficialStatus } from './types.js';

export const SERVICE_STATUSES = ['operational', 'degraded', 'partial_outage', 'major_outage', 'maintenance', 'unknown'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Official data older than this (seconds) no longer counts. */
export const OFFICIAL_MAX_AGE_S = 2 * 3600;

const RANK: Record<Exclude<ServiceStatus, 'unknown'>, number> = { operational: 0, maintenance: 1, degraded: 2, partial_outage: 3, major_outage: 4 };

const FROM_INDICATOR: Record<OfficialIndicator, ServiceStatus> = {
  none: 'operational',
  minor: 'degraded',
  major: 'partial_outage',
  critical: 'major_outage',
  maintenance: 'maintenance',
  unknown: 'unknown',
};

const FROM_IMPACT: Record<IncidentImpact, ServiceStatus> = {
  none: 'operational',
  minor: 'degraded',
  major: 'partial_outage',
  critical: 'major_outage',
  maintenance: 'maintenance',
  // An open incident whose impact the page does not say still means something is wrong.
  unknown: 'degraded',
};

export interface CombineInput {
  official: OfficialStatus | null;
  /** Age of the official data in seconds (as of the data), or null when there is none. */
  officialAgeS: number | null;
  probe: Pick<ProbeResult, 'ok' | 'latency_ms'> | null;
  slowMs: number;
}

export function worstStatus(statuses: readonly ServiceStatus[]): ServiceStatus {
  let worst: ServiceStatus = 'unknown';
  for (const status of statuses) {
    if (status === 'unknown') continue;
    if (worst === 'unknown' || RANK[status] > RANK[worst]) worst = status;
  }
  return worst;
}

export function combineStatus(input: CombineInput): ServiceStatus {
  const opinions: ServiceStatus[] = [];
  const official = input.official;
  const fresh = official !== null && input.officialAgeS !== null && input.officialAgeS <= OFFICIAL_MAX_AGE_S;
  if (fresh) {
    opinions.push(FROM_INDICATOR[official.indicator]);
    for (const incident of official.active_incidents) opinions.push(FROM_IMPACT[incident.impact]);
  }
  const inMaintenance = fresh && (official.indicator === 'maintenance' || official.active_incidents.some((i) => i.impact === 'maintenance'));
  const probe = input.probe;
  if (probe !== null && probe.ok !== null) {
    if (!probe.ok) opinions.push(inMaintenance ? 'maintenance' : 'partial_outage');
    else opinions.push(probe.latency_ms !== null && probe.latency_ms > input.slowMs ? 'degraded' : 'operational');
  }
  return worstStatus(opinions);
}
