import type { StatusPlatform, StatusPageTarget } from './types.js';

/**
 * data/services.json: the monitored services, the file forkers edit. Each entry names the
 * official status page (platform and base URL) and one cheap, unauthenticated probe request
 * (read and checked by store/services-store.ts).
 */
export const PROBE_METHODS = ['GET', 'HEAD', 'POST'] as const;
export type ProbeMethod = (typeof PROBE_METHODS)[number];

export interface ProbeDefinition {
  url: string;
  method: ProbeMethod;
  /** Statuses that count as "up"; default: any answer below 500 (401/403/429 prove the front door is up). */
  expect?: number[];
  /** Slower than this (ms) counts as degraded; default 5000. */
  slow_ms?: number;
  /** Per-attempt timeout (ms); default 10000. */
  timeout_ms?: number;
  /** The deep probe the edge monitor sends instead when a key is given (deep-probe.ts). */
  deep?: DeepProbeDefinition;
}

/** How a deep probe's key is sent: a bearer token, or the header the service's API reads. */
export const DEEP_PROBE_AUTH = ['bearer', 'x-api-key', 'x-goog-api-key'] as const;
export type DeepProbeAuth = (typeof DEEP_PROBE_AUTH)[number];

/**
 * A real request for 1 output token on the service's cheapest text model, sent by the Cloudflare
 * Worker's monitor where the secret PROBE_KEY_<ID> holds a key (docs/data.md).
 */
export interface DeepProbeDefinition {
  url: string;
  auth: DeepProbeAuth;
  /** Fixed headers the API needs besides the key (e.g. anthropic-version). */
  headers?: Record<string, string>;
  /** The JSON body, asking for 1 output token. */
  body: Record<string, unknown>;
  /** Our catalog id of the model it asks (its price gives the probe's cost). */
  model: string;
}

export interface ServiceDefinition {
  id: string;
  name: string;
  url: string;
  status_page: { type: StatusPlatform; url?: string; components?: string[]; products?: string[] };
  probe: ProbeDefinition | null;
  /** Which of the catalog's models are the service's own (default: author and provider id = the service id). */
  catalog?: ServiceCatalog;
}

/**
 * The service's part of the catalog: the authors whose models it makes, and the providers (our
 * canonical ids, as in `endpoints[].provider`) whose endpoints are its own. Its incidents can name
 * those models (status/incident-models.ts), and its traffic signal counts those endpoints.
 */
export interface ServiceCatalog {
  authors?: string[];
  providers?: string[];
}

/** Ids a service may not take: `/api/v1/status/models` is the list of models in trouble. */
export const RESERVED_SERVICE_IDS = ['models'] as const;

/** The service's authors and providers, each defaulting to the service's own id. */
export function serviceCatalog(service: Pick<ServiceDefinition, 'id' | 'catalog'>): { authors: string[]; providers: string[] } {
  return { authors: service.catalog?.authors ?? [service.id], providers: service.catalog?.providers ?? [service.id] };
}

export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;
export const DEFAULT_SLOW_MS = 5_000;

/** The page to read for a service, or null for `none` (no machine-readable page). */
export function statusPageTarget(service: ServiceDefinition): (StatusPageTarget & { type: Exclude<StatusPlatform, 'none'> }) | null {
  const page = service.status_page;
  if (page.type === 'none' || page.url === undefined) return null;
  return { service_id: service.id, type: page.type, url: page.url, components: page.components, products: page.products };
}
