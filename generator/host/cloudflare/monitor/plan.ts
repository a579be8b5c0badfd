/**
 * Which services a run observes, within the free plan's 50 subrequests per invocation: each
 * service costs its light page read (when it has one) and its probe. When the registry needs
 * more than a run may spend, the services are spread over minutes in groups (service i in group
 * i mod G, run at minute m observes group m mod G), so each is observed every G minutes; at
 * today's 18 services G is 1, at three times as many 2 or 3. What a run has left over pays for a
 * retry of a failed probe.
 *
 * The sweep of OpenRouter's endpoint statistics runs in an invocation of its own (its own Cron
 * Trigger, sweep-pass.ts), with its own 50 subrequests: it takes none of these.
 *
 * The first run of a new isolate observes half of its group (those of the group's services in
 * group m mod 2G of 2G groups): it pays V8's first compilation of the monitor's code, and half the
 * work keeps it within the 10 ms of CPU even where the startup warm-up (warm-up.ts) helped less
 * than measured. The other half keep their last observation until their group's next run: one
 * minute later at G = 1, 2G minutes after their last observation at G > 1 (once per new isolate).
 */
import { isLightPlatform } from '../../../status/platforms/light.js';
import type { ServiceDefinition } from '../../../status/registry.js';

export const SUBREQUEST_LIMIT = 50;
/** The registry asset's read (once per isolate) and one spare. */
const RESERVED = 2;
export const RUN_SUBREQUESTS = SUBREQUEST_LIMIT - RESERVED;

/** Whether the monitor reads the service's page (a light current-state endpoint; not gcp, not none). */
export function readsPage(service: ServiceDefinition): boolean {
  return service.status_page.type !== 'none' && service.status_page.url !== undefined && isLightPlatform(service.status_page.type);
}

export function requestsOf(service: ServiceDefinition): number {
  return (readsPage(service) ? 1 : 0) + (service.probe === null ? 0 : 1);
}

/** The fewest groups whose every group fits `budget` (default RUN_SUBREQUESTS). */
export function groupCount(services: readonly ServiceDefinition[], budget = RUN_SUBREQUESTS): number {
  for (let groups = 1; ; groups += 1) {
    const costs = new Array<number>(groups).fill(0);
    services.forEach((service, i) => (costs[i % groups]! += requestsOf(service)));
    if (Math.max(...costs) <= budget || groups >= services.length) return groups;
  }
}

export interface RunPlan {
  groups: number;
  group: number;
  services: ServiceDefinition[];
  /** Subrequests left for retries of failed probes. */
  spare: number;
  /** The first run of an isolate: half the group. */
  halved: boolean;
}

export function planRun(services: readonly ServiceDefinition[], minute: number, options: { firstOfIsolate?: boolean } = {}): RunPlan {
  const groups = groupCount(services);
  const group = minute % groups;
  // A subset of the group: i mod 2G = m mod 2G implies i mod G = m mod G.
  const split = options.firstOfIsolate === true && services.length > 1 ? 2 * groups : groups;
  const chosen = services.filter((_, i) => i % split === minute % split);
  const spent = chosen.reduce((sum, service) => sum + requestsOf(service), 0);
  return { groups, group, services: chosen, spare: Math.max(0, RUN_SUBREQUESTS - spent), halved: split !== groups };
}
