import type { HttpTransport } from '../http/transport.js';
import { isUpstreamError } from '../http/errors.js';
import { deepProbeRequest, deepVerdict } from './deep-probe.js';
import { DEFAULT_PROBE_TIMEOUT_MS, type ServiceDefinition } from './registry.js';

/** One probe of a service's API front door. `ok: null` means inconclusive (see statusRun). */
export interface ProbeResult {
  ok: boolean | null;
  latency_ms: number | null;
  http_status: number | null;
  checked_at: string;
  /** Why the probe failed (error kind and detail), or null. */
  error: string | null;
  attempts: number;
  /** Deep probes only (a key was given): the time to the answer's first byte, in ms. */
  ttfb_ms?: number | null;
}

export interface ProbeOptions {
  /** The observation time to record. */
  now: string;
  /** A wall-clock deadline (ms since epoch, as from Date.now()): no retry starts that cannot end before it. */
  deadline: number;
  clock?: () => number;
  /** The service's deep-probe key (the Worker's PROBE_KEY_<ID>); without one, the front-door probe. */
  key?: string;
  /** Whether a failed first attempt may be retried (the Worker spends a subrequest on each); default yes. */
  mayRetry?: () => boolean;
}

/** When at least this many services are probed and every probe fails, blame our own network. */
export const NETWORK_SUSPECT_MIN = 3;

/** Below this much time left before the deadline, a retry is not worth starting. */
const MIN_RETRY_MS = 250;

function isUp(status: number, service: ServiceDefinition): boolean {
  const expected = service.probe?.expect;
  return expected === undefined ? status < 500 : expected.includes(status);
}

/**
 * Probes a service: any HTTP answer below 500 within the timeout is "up" (401/403/429 prove the
 * front door answers). A failure is retried once, within the run's deadline, before it counts.
 */
export async function probeService(http: HttpTransport, service: ServiceDefinition, options: ProbeOptions): Promise<ProbeResult | null> {
  const probe = service.probe;
  if (probe === null) return null;
  const clock = options.clock ?? Date.now;
  const timeout = probe.timeout_ms ?? DEFAULT_PROBE_TIMEOUT_MS;
  let last: ProbeResult = { ok: false, latency_ms: null, http_status: null, checked_at: options.now, error: 'not probed', attempts: 0 };
  const deep = options.key !== undefined && options.key !== '' && probe.deep !== undefined ? deepProbeRequest(probe.deep, options.key) : null;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    if (attempt === 2 && options.mayRetry?.() === false) break;
    const budget = Math.min(timeout, options.deadline - clock());
    if (budget < MIN_RETRY_MS) {
      // No time left: a first attempt that never ran says nothing about the service.
      if (attempt === 1) return { ...last, ok: null, error: 'not probed: the run\'s time budget was used up' };
      break;
    }
    try {
      const result = await http.request(deep?.url ?? probe.url, {
        source: `probe:${service.id}`,
        method: deep === null ? probe.method : 'POST',
        headers: deep?.headers ?? (probe.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(deep === null ? {} : { body: deep.body, followRedirects: false }),
        acceptStatus: () => true,
        timeouts: { connectMs: budget, headersMs: budget, bodyMs: budget, totalMs: budget },
        retry: { retries: 0 },
        maxBytes: 256 * 1024,
      });
      if (deep !== null) {
        const verdict = deepVerdict(result.status);
        last = { ok: verdict.ok, latency_ms: result.latencyMs, http_status: result.status, checked_at: options.now, error: verdict.ok === true ? null : verdict.error, attempts: attempt, ttfb_ms: result.latencyMs };
        // A refused key or request is ours to fix: retrying cannot change it.
        if (verdict.ok === null) return last;
      } else {
        const up = isUp(result.status, service);
        last = {
          ok: up,
          latency_ms: result.latencyMs,
          http_status: result.status,
          checked_at: options.now,
          error: up ? null : `http_status: HTTP ${result.status}`,
          attempts: attempt,
        };
      }
    } catch (error) {
      if (!isUpstreamError(error)) throw error;
      // A big body still proves the front door answered.
      const answered = error.kind === 'too_large' && error.status !== null && isUp(error.status, service);
      last = {
        ok: answered,
        latency_ms: null,
        http_status: error.status,
        checked_at: options.now,
        error: answered ? null : `${error.kind}: ${error.detail}`,
        attempts: attempt,
        ...(deep === null ? {} : { ttfb_ms: null }),
      };
    }
    if (last.ok) return last;
  }
  return last;
}
