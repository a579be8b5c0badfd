/**
 * The monitor's pure code run once at the Worker's startup, against small built-in samples: each
 * light page's checker (ajv's standalone code) and translation, the probe's verdict, the bounds
 * and time guards, the classification (status/combine.ts) and the state's encoding. V8 compiles
 * that code while the isolate starts (outside any event's CPU), not in the first scheduled run's
 * 10 ms. Nothing leaves the isolate, and nothing waits: the global scope allows no I/O and no
 * timers, so the transport here answers from memory. Kept small: every isolate pays it, also one
 * that only serves requests.
 */
import { boundObservation } from '../../../bounds/status.js';
import type { HttpTransport } from '../../../http/transport.js';
import type { HttpResult } from '../../../http/types.js';
import type { ServiceObservation } from '../../../status/history.js';
import { LIGHT_ADAPTERS, type LightPlatform } from '../../../status/platforms/light.js';
import { probeService } from '../../../status/probe.js';
import type { ServiceDefinition } from '../../../status/registry.js';
import { guardObservationTimes } from '../../../status/times.js';
import type { OfficialStatus } from '../../../status/types.js';
import { applyRun, decodeRun, encodeRun, rollUp, type ObservedService } from './state.js';

const AT = '2026-01-01T00:00:00Z';
const incident = { id: 'w1', name: 'Elevated errors', status: 'investigating', impact: 'minor', shortlink: null, created_at: AT, updated_at: AT, started_at: AT, scheduled_for: null };
const summary = { page: { name: 'Warm-up', url: 'https://warm-up.invalid' }, status: { indicator: 'minor', description: 'Minor' }, components: [{ name: 'API', status: 'degraded_performance' }], incidents: [incident], scheduled_maintenances: [] };

/** One document per light platform, in its format, with one component and one incident. */
const SAMPLES: Record<LightPlatform, unknown> = {
  statuspage: summary,
  incidentio: summary,
  instatus: { page: { name: 'Warm-up', url: 'https://warm-up.invalid', status: 'HASISSUES' }, activeIncidents: [{ id: 'w1', name: 'Elevated errors', status: 'INVESTIGATING', impact: 'MAJOROUTAGE', started: AT, updatedAt: AT, url: null }], activeMaintenances: [] },
  betterstack: {
    data: { attributes: { aggregate_state: 'degraded', company_name: 'Warm-up' } },
    included: [
      { id: '1', type: 'status_page_resource', attributes: { public_name: 'API', status: 'degraded' } },
      { id: '2', type: 'status_report', attributes: { title: 'Elevated errors', report_type: 'manual', starts_at: AT, ends_at: null, updated_at: AT, aggregate_state: 'degraded' } },
    ],
  },
};

/** Answers every request from memory with `body` (JSON) and `status`. */
function memoryTransport(body: unknown, status: number): HttpTransport {
  const result = (url: string): HttpResult => ({ url, status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), attempts: 1, latencyMs: 120 });
  return {
    request: async (url) => result(url),
    requestJson: async (url) => ({ json: body, result: result(url) }),
  };
}

/** Runs the pure path of a monitor run; returns what the pages read (the test checks the samples still parse). */
export async function warmUpMonitor(): Promise<Record<LightPlatform, OfficialStatus>> {
  const read = {} as Record<LightPlatform, OfficialStatus>;
  const observed: ObservedService[] = [];
  for (const platform of Object.keys(LIGHT_ADAPTERS) as LightPlatform[]) {
    const service: ServiceDefinition = { id: `warm-${platform}`, name: platform, url: 'https://warm-up.invalid', status_page: { type: platform, url: 'https://warm-up.invalid' }, probe: { url: 'https://warm-up.invalid/v1', method: 'GET' } };
    read[platform] = await LIGHT_ADAPTERS[platform].read(memoryTransport(SAMPLES[platform], 200), { service_id: service.id, type: platform, url: 'https://warm-up.invalid' });
    const probe = await probeService(memoryTransport({}, platform === 'statuspage' ? 503 : 401), service, { now: AT, deadline: Number.POSITIVE_INFINITY, clock: () => 0, mayRetry: () => false });
    const observation: ServiceObservation = { official: { ok: true, status: read[platform] }, probe };
    const say = () => undefined;
    observed.push({ service, observation: guardObservationTimes(boundObservation(observation, say), AT, say) });
  }
  const first = applyRun(null, observed, AT);
  const next = applyRun(JSON.parse(JSON.stringify(first.state)), observed, '2026-01-02T00:00:00Z');
  if (next.closed !== null) rollUp({}, next.closed, next.state.day);
  decodeRun(encodeRun(observed, next.statuses));
  return read;
}
