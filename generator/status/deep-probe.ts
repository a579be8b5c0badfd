/**
 * The deep probe: where a key is given (the Worker's secret PROBE_KEY_<ID>), a real request for 1
 * output token on the service's cheapest text model (data/services.json `probe.deep`) instead of
 * the front-door probe. Its verdict reads the answer as a user would: 2xx is up, 429 is up (the
 * API answered; our quota is spent), 5xx is down, and a 400/401/403/404 says our request or key
 * is wrong, not the service: inconclusive, no opinion. The key goes only into the header the
 * service reads; it is never in a URL, a result, an error or a log.
 */
import type { DeepProbeDefinition } from './registry.js';

/** The Worker secret that holds a service's key: PROBE_KEY_ plus the id in upper snake case. */
export function probeKeyName(serviceId: string): string {
  return `PROBE_KEY_${serviceId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export interface DeepRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export function deepProbeRequest(deep: DeepProbeDefinition, key: string): DeepRequest {
  const auth: Record<string, string> = deep.auth === 'bearer' ? { authorization: `Bearer ${key}` } : { [deep.auth]: key };
  return { url: deep.url, headers: { 'content-type': 'application/json', ...deep.headers, ...auth }, body: JSON.stringify(deep.body) };
}

export type DeepVerdict = { ok: true } | { ok: false; error: string } | { ok: null; error: string };

export function deepVerdict(status: number): DeepVerdict {
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 429) return { ok: true };
  if (status >= 500) return { ok: false, error: `http_status: HTTP ${status}` };
  const why = status === 401 || status === 403 ? 'the key was refused' : 'the request was refused (check probe.deep in data/services.json)';
  return { ok: null, error: `deep probe inconclusive: ${why} (HTTP ${status})` };
}

/** One probe a minute for a 30-day month. */
export const PROBES_PER_MONTH = 1440 * 30;
/** What a 1-token probe costs: about 10 input tokens (a word and the chat template) and 1 output token. */
export const DEEP_PROBE_TOKENS = { input: 10, output: 1 } as const;

/** The monthly cost in US dollars of one deep probe a minute, at prices in dollars per 1M tokens. */
export function deepProbeMonthlyCost(price: { input: number; output: number }): number {
  return (PROBES_PER_MONTH * (DEEP_PROBE_TOKENS.input * price.input + DEEP_PROBE_TOKENS.output * price.output)) / 1_000_000;
}
