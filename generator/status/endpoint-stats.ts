/**
 * OpenRouter's real-traffic figures of each provider endpoint of a model (`GET
 * /api/v1/models/<author>/<slug>/endpoints`: `uptime_last_5m`, `uptime_last_30m`, `uptime_last_1d`
 * in percent; `latency_last_30m` and `throughput_last_30m` percentiles), bounded into the figures
 * we store and publish. Pure, no Node.js imports: `update`, the build and the edge Worker bound
 * them with this one module (docs/bad-input.md, "Endpoint statistics").
 *
 * Nothing untrusted passes: a figure that is not a finite number, negative, over 100% (an
 * uptime), or past a plausible ceiling (a latency over 10 minutes, a throughput over 100,000
 * tokens a second) is refused (null) and named in `issues`; a p90 below its p50 refuses both; an
 * endpoint without a usable tag, a repeated tag, or one OpenRouter files under another model is
 * left out; more than MAX_ENDPOINTS endpoints are cut. Unknown stays null, never 0.
 */

/** Latency and throughput cover the last 30 minutes (OpenRouter's `_last_30m`). */
export const SPEED_WINDOW_MINUTES = 30;
/** More endpoints than this for one model is not a real answer; the rest are cut. */
export const MAX_ENDPOINTS = 100;
/** Ten minutes to the first token: anything slower is a unit error or garbage. */
export const MAX_LATENCY_MS = 600_000;
/** Far above any model served today (a few thousand tokens a second). */
export const MAX_THROUGHPUT_TPS = 100_000;

export interface Percentiles {
  p50: number | null;
  p90: number | null;
}

/** One provider endpoint's figures, bounded. */
export interface EndpointFigures {
  /** OpenRouter's endpoint tag (`fireworks/fast`). */
  tag: string;
  /** Our canonical provider id: the tag before its `/` (docs/data.md, "Providers and offers"). */
  provider: string;
  /** OpenRouter's name of the provider, for people. */
  provider_name: string;
  /** Share of requests that succeeded over the last 5 minutes, 30 minutes and day (0..1, 4 decimals); null: no figure. */
  uptime_5m: number | null;
  uptime_30m: number | null;
  uptime_1d: number | null;
  /** Time to the first token over the last 30 minutes, in milliseconds (integers). */
  latency_ms: Percentiles;
  /** Output tokens a second over the last 30 minutes (one decimal). */
  throughput_tps: Percentiles;
  /**
   * The same endpoint's `uptime_5m` at the previous read of the model, `seconds` before this one,
   * when the two 5-minute windows overlap (the edge sweep's models in trouble, read every minute:
   * `withPreviousUptime`); absent otherwise. Kept, not published: the verdict reads it
   * (status/model-state.ts `successSincePrevious`).
   */
  uptime_5m_before?: PreviousUptime;
}

export interface PreviousUptime {
  /** 0..1, as `uptime_5m`. */
  uptime: number;
  /** Seconds between the two reads: more than 0, at most UPTIME_WINDOW_S. */
  seconds: number;
}

/** OpenRouter's shortest uptime window, in seconds. */
export const UPTIME_WINDOW_S = 300;

/** One model's figures, as one read of its endpoints gave them. */
export interface ModelFigures {
  /** When they were read (the run's time): OpenRouter's windows end then. */
  observed_at: string;
  endpoints: EndpointFigures[];
}

export interface BoundedFigures {
  endpoints: EndpointFigures[];
  /** What was refused or cut, one line each (`<tag>: <why>`). */
  issues: string[];
}

const TAG = /^[a-z0-9][a-z0-9._-]{0,62}(\/[a-z0-9][a-z0-9._-]{0,62})?$/;
const MAX_NAME = 100;

type Report = (reason: string) => void;

/** A number, or null with the reason when it is there but not one (JSON has no NaN: a string "NaN" or an object is what arrives). */
function finite(raw: unknown, field: string, report: Report): number | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    report(`${field} is not a finite number (${typeof raw === 'string' ? JSON.stringify(raw.slice(0, 20)) : typeof raw}): refused`);
    return null;
  }
  if (raw < 0) {
    report(`${field} is negative (${raw}): refused`);
    return null;
  }
  return raw;
}

/** OpenRouter's percent as a fraction 0..1 (4 decimals); over 100% is refused. */
export function uptimeFraction(raw: unknown, field: string, report: Report): number | null {
  const value = finite(raw, field, report);
  if (value === null) return null;
  if (value > 100) {
    report(`${field} is over 100% (${value}): refused`);
    return null;
  }
  return Math.round(value * 100) / 10_000;
}

function percentiles(raw: unknown, field: string, max: number, round: (n: number) => number, report: Report): Percentiles {
  if (raw === undefined || raw === null) return { p50: null, p90: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    report(`${field} is not an object of percentiles: refused`);
    return { p50: null, p90: null };
  }
  const record = raw as Record<string, unknown>;
  const one = (key: 'p50' | 'p90') => {
    const value = finite(record[key], `${field}.${key}`, report);
    if (value === null) return null;
    if (value > max) {
      report(`${field}.${key} is implausibly large (${value}, the ceiling is ${max}): refused`);
      return null;
    }
    return round(value);
  };
  const p50 = one('p50');
  const p90 = one('p90');
  if (p50 !== null && p90 !== null && p90 < p50) {
    report(`${field}: p90 (${p90}) is below p50 (${p50}): both refused`);
    return { p50: null, p90: null };
  }
  return { p50, p90 };
}

/** The endpoints of an answer about `upstreamId` (`{ data: { id, endpoints } }`), or why it is refused whole. */
export function endpointsOfAnswer(json: unknown, upstreamId: string): { endpoints: unknown } | { refused: string } {
  const data = json !== null && typeof json === 'object' ? (json as { data?: unknown }).data : undefined;
  if (data === null || typeof data !== 'object') return { refused: 'not an endpoints answer (no data object)' };
  const id = (data as { id?: unknown }).id;
  if (id !== upstreamId) return { refused: `the answer is about another model (${JSON.stringify(String(id).slice(0, 80))}), not ${upstreamId}: refused` };
  return { endpoints: (data as { endpoints?: unknown }).endpoints };
}

/**
 * Pure: the endpoints of one OpenRouter endpoints answer, bounded. `modelId` is OpenRouter's id of
 * the model asked for: an endpoint filed under another model is not this model's.
 */
export function boundEndpointFigures(rawEndpoints: unknown, modelId: string): BoundedFigures {
  const issues: string[] = [];
  const endpoints: EndpointFigures[] = [];
  if (!Array.isArray(rawEndpoints)) return { endpoints, issues: ['the answer holds no list of endpoints: refused'] };
  const seen = new Set<string>();
  for (const [i, raw] of rawEndpoints.entries()) {
    if (endpoints.length === MAX_ENDPOINTS) {
      issues.push(`${rawEndpoints.length - i} endpoints past the first ${MAX_ENDPOINTS}: cut`);
      break;
    }
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      issues.push(`endpoint ${i} is not an object: refused`);
      continue;
    }
    const e = raw as Record<string, unknown>;
    const name = typeof e.provider_name === 'string' ? e.provider_name.trim() : '';
    const tag = typeof e.tag === 'string' ? e.tag : name.toLowerCase();
    if (!TAG.test(tag)) {
      issues.push(`endpoint ${i}: its tag ${JSON.stringify(String(e.tag ?? name).slice(0, 40))} is not one we can publish: refused`);
      continue;
    }
    if (typeof e.model_id === 'string' && e.model_id !== modelId && !e.model_id.startsWith(`${modelId}:`)) {
      issues.push(`${tag}: filed under another model (${JSON.stringify(e.model_id.slice(0, 80))}): refused`);
      continue;
    }
    if (seen.has(tag)) {
      issues.push(`${tag}: repeated tag: kept the first`);
      continue;
    }
    seen.add(tag);
    const report: Report = (reason) => issues.push(`${tag}: ${reason}`);
    endpoints.push({
      tag,
      provider: tag.split('/')[0]!,
      provider_name: name === '' ? tag : name.slice(0, MAX_NAME),
      uptime_5m: uptimeFraction(e.uptime_last_5m, 'uptime_last_5m', report),
      uptime_30m: uptimeFraction(e.uptime_last_30m, 'uptime_last_30m', report),
      uptime_1d: uptimeFraction(e.uptime_last_1d, 'uptime_last_1d', report),
      latency_ms: percentiles(e.latency_last_30m, 'latency_last_30m', MAX_LATENCY_MS, Math.round, report),
      throughput_tps: percentiles(e.throughput_last_30m, 'throughput_last_30m', MAX_THROUGHPUT_TPS, (n) => Math.round(n * 10) / 10, report),
    });
  }
  endpoints.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  return { endpoints, issues };
}

/**
 * Pure: stored figures checked again (the build and the Worker read what `update` or D1 kept): each
 * endpoint bounded as a fresh answer would be, and figures observed after `now` refused whole (a
 * clock that ran ahead, or a hand-edited file).
 */
export function checkStoredFigures(stored: ModelFigures | null | undefined, now: string, report: Report): ModelFigures | null {
  if (stored === null || stored === undefined) return null;
  if (typeof stored.observed_at !== 'string' || !(Date.parse(stored.observed_at) <= Date.parse(now))) {
    report(`figures observed at ${JSON.stringify(stored.observed_at)}, after ${now} or not a time: refused`);
    return null;
  }
  const raw = (stored.endpoints ?? []).map((e) => ({
    tag: e.tag,
    provider_name: e.provider_name,
    uptime_last_5m: e.uptime_5m === null ? null : e.uptime_5m * 100,
    uptime_last_30m: e.uptime_30m === null ? null : e.uptime_30m * 100,
    uptime_last_1d: e.uptime_1d === null ? null : e.uptime_1d * 100,
    latency_last_30m: e.latency_ms,
    throughput_last_30m: e.throughput_tps,
  }));
  const bounded = boundEndpointFigures(raw, '');
  for (const issue of bounded.issues) report(issue);
  // The previous read's uptime, checked as the rest: a value that is not one is dropped, never trusted.
  // Only the edge sweep's figures of a model in trouble carry one: the rest (every build's) pass as they are.
  if (!(stored.endpoints ?? []).some((e) => e.uptime_5m_before !== undefined)) return { observed_at: stored.observed_at, endpoints: bounded.endpoints };
  const before = new Map((stored.endpoints ?? []).map((e) => [e.tag, e.uptime_5m_before]));
  const endpoints = bounded.endpoints.map((e) => {
    const previous = checkPreviousUptime(before.get(e.tag));
    if (previous === 'refused') report(`${e.tag}: uptime_5m_before is not a share over 0 to ${UPTIME_WINDOW_S} seconds: refused`);
    return previous !== null && previous !== 'refused' ? { ...e, uptime_5m_before: previous } : e;
  });
  return { observed_at: stored.observed_at, endpoints };
}

function checkPreviousUptime(raw: unknown): PreviousUptime | 'refused' | null {
  if (raw === undefined || raw === null) return null;
  const { uptime, seconds } = raw as Partial<PreviousUptime>;
  const valid = typeof uptime === 'number' && uptime >= 0 && uptime <= 1 && typeof seconds === 'number' && seconds > 0 && seconds <= UPTIME_WINDOW_S;
  return valid ? { uptime, seconds } : 'refused';
}

/**
 * Pure: `current` with each endpoint's 5-minute uptime at the `previous` read of the same model
 * (matched by tag), when the previous read is less than one window (UPTIME_WINDOW_S) older; else
 * `current` as it is. The previous read's own `uptime_5m_before` is not carried on.
 */
export function withPreviousUptime(current: ModelFigures, previous: ModelFigures | null | undefined): ModelFigures {
  if (previous === null || previous === undefined) return current;
  const seconds = Math.round((Date.parse(current.observed_at) - Date.parse(previous.observed_at)) / 1000);
  if (!(seconds > 0 && seconds <= UPTIME_WINDOW_S)) return current;
  const before = new Map(previous.endpoints.map((e) => [e.tag, e.uptime_5m]));
  return {
    ...current,
    endpoints: current.endpoints.map((e) => {
      const uptime = before.get(e.tag);
      return uptime === undefined || uptime === null || e.uptime_5m === null ? e : { ...e, uptime_5m_before: { uptime, seconds } };
    }),
  };
}
