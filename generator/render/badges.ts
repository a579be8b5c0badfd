/**
 * shields.io endpoint badges (https://shields.io/badges/endpoint-badge) for every monitored
 * service: its combined status and its 90-day uptime. Pure.
 */
import type { ServiceStatus } from '../status/combine.js';
// site.ts imports this module: use its values inside functions only, never at module load.
import { API_ROOT, type RenderedJson } from './rendered.js';
import type { ServiceDetail } from './status.js';
import { meanUptime, STATUS_WORDS, uptimePercent } from './presentation.js';

/** The endpoint JSON shields reads (schemaVersion 1); we set no logo or style: users choose those. */
export interface ShieldsBadge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
  cacheSeconds: number;
}

/**
 * shields caches endpoint badges for at least 300 s and ignores smaller values. The status badge
 * asks for exactly that minimum (as fresh as shields allows); a 90-day uptime figure barely moves
 * within an hour, so its badge is cached for one.
 */
export const STATUS_BADGE_CACHE_SECONDS = 300;
export const UPTIME_BADGE_CACHE_SECONDS = 3600;

export const STATUS_COLORS: Record<ServiceStatus, string> = {
  operational: 'brightgreen',
  degraded: 'yellow',
  partial_outage: 'orange',
  major_outage: 'red',
  maintenance: 'blue',
  unknown: 'lightgrey',
};

/** Uptime colors: the first whose minimum (percent, as displayed) the figure reaches. */
export const UPTIME_COLORS = [
  { min: 99.9, color: 'brightgreen' },
  { min: 99, color: 'green' },
  { min: 98, color: 'yellowgreen' },
  { min: 95, color: 'yellow' },
  { min: 90, color: 'orange' },
  { min: 0, color: 'red' },
] as const;

export const badgePath = (serviceId: string, kind: 'status' | 'uptime'): string => `${API_ROOT}/badges/${serviceId}/${kind}.json`;

function uptimeMessage(percent: number): string {
  return percent === 100 ? '100%' : `${percent.toFixed(2)}%`;
}

export function uptimeColor(percent: number): string {
  return UPTIME_COLORS.find((t) => percent >= t.min)?.color ?? 'red';
}

export function statusBadge(service: ServiceDetail): ShieldsBadge {
  return { schemaVersion: 1, label: service.name, message: STATUS_WORDS[service.status], color: STATUS_COLORS[service.status], cacheSeconds: STATUS_BADGE_CACHE_SECONDS };
}

export function uptimeBadge(service: ServiceDetail): ShieldsBadge {
  const fraction = meanUptime(service.uptime_90d);
  const label = `${service.name} uptime 90d`;
  if (fraction === null) return { schemaVersion: 1, label, message: 'no data', color: 'lightgrey', cacheSeconds: UPTIME_BADGE_CACHE_SECONDS };
  const percent = uptimePercent(fraction);
  return { schemaVersion: 1, label, message: uptimeMessage(percent), color: uptimeColor(percent), cacheSeconds: UPTIME_BADGE_CACHE_SECONDS };
}

/** Two badges per service, in the services' order. */
export function renderBadges(services: readonly ServiceDetail[]): RenderedJson[] {
  return services.flatMap((service): RenderedJson[] => [
    { path: badgePath(service.id, 'status'), schema: 'badge', body: statusBadge(service) },
    { path: badgePath(service.id, 'uptime'), schema: 'badge', body: uptimeBadge(service) },
  ]);
}
