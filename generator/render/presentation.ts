/**
 * How the API's values read for people, shared by the badges, the feeds and the website's
 * script. Pure and free of Node imports: it is bundled into the browser too.
 */
import type { ServiceStatus } from '../status/combine.js';

export const STATUS_WORDS: Record<ServiceStatus, string> = {
  operational: 'operational',
  degraded: 'degraded',
  partial_outage: 'partial outage',
  major_outage: 'major outage',
  maintenance: 'maintenance',
  unknown: 'unknown',
};

/**
 * Uptime over the days that have probes: the mean of the daily fractions (each day weighs the
 * same however many probes it had; days without probes are left out, never counted as 100%).
 * Null when no day has data.
 */
export function meanUptime(days: ReadonlyArray<{ uptime: number | null }>): number | null {
  const known = days.flatMap((d) => (d.uptime === null ? [] : [d.uptime]));
  return known.length === 0 ? null : known.reduce((sum, u) => sum + u, 0) / known.length;
}

/**
 * Percent with two decimals, rounded down so that "100%" means no failed probe at all
 * (99.996% reads 99.99%, not 100.00%). The epsilon absorbs binary noise (0.9995 × 100 = 99.94999…).
 */
export function uptimePercent(fraction: number): number {
  return Math.floor(fraction * 10_000 + 1e-6) / 100;
}

/** Only http(s) links from upstream data: a `javascript:` or `data:` URL never becomes a link. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null; // Not a URL at all: there is simply no link.
  }
}

/**
 * An amount in US dollars to the micro-dollar the cost module computes, trailing zeros dropped
 * but cents kept: `$0.3285`, `$1.222501`, `$0.60`; null is `unknown`.
 */
export function usdAmount(value: number | null): string {
  if (value === null) return 'unknown';
  const [whole, fraction = ''] = value.toFixed(6).split('.');
  return `$${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}
