import { DataFileError, readJsonFile } from '../store/files.js';
import { DATA_FILES } from '../store/layout.js';
import { asStore, type StoreRef } from '../store/store.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { STATUS_PLATFORMS, type StatusPlatform, type StatusPageTarget } from './types.js';

/**
 * data/services.json: the monitored services, the file forkers edit. Each entry names the
 * official status page (platform and base URL) and one cheap, unauthenticated probe request.
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
}

export interface ServiceDefinition {
  id: string;
  name: string;
  url: string;
  status_page: { type: StatusPlatform; url?: string; components?: string[]; products?: string[] };
  probe: ProbeDefinition | null;
}

export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;
export const DEFAULT_SLOW_MS = 5_000;

const httpUrl = { type: 'string', format: 'uri', pattern: '^https?://' } as const;
const nameList = { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } as const;

export const servicesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'name', 'url', 'status_page', 'probe'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
      name: { type: 'string', minLength: 1 },
      url: httpUrl,
      status_page: {
        type: 'object',
        required: ['type'],
        additionalProperties: false,
        properties: { type: { enum: [...STATUS_PLATFORMS] }, url: httpUrl, components: nameList, products: nameList },
        // Every platform but `none` needs the page URL to read.
        if: { properties: { type: { not: { const: 'none' } } } },
        then: { required: ['url'], properties: { url: httpUrl } },
      },
      probe: {
        type: ['object', 'null'],
        required: ['url', 'method'],
        additionalProperties: false,
        properties: {
          url: httpUrl,
          method: { enum: [...PROBE_METHODS] },
          expect: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 }, minItems: 1 },
          slow_ms: { type: 'integer', minimum: 1 },
          timeout_ms: { type: 'integer', minimum: 100, maximum: 60_000 },
        },
      },
    },
  },
} as const;

const isServices = compileValidator<ServiceDefinition[]>(createAjv(), servicesSchema);

export const SERVICES_FILE = DATA_FILES.services;

/** Loads and checks the registry; a broken registry is a clear error naming the file. */
export async function loadServices(ref: StoreRef): Promise<ServiceDefinition[]> {
  const path = asStore(ref).path(SERVICES_FILE);
  const json = await readJsonFile(path, []);
  if (!isServices(json)) throw new DataFileError(path, `does not match the services schema: ${isServices.errors()}`);
  const seen = new Set<string>();
  for (const service of json) {
    if (seen.has(service.id)) throw new DataFileError(path, `lists the service id ${JSON.stringify(service.id)} twice`);
    seen.add(service.id);
  }
  return json;
}

/** The page to read for a service, or null for `none` (no machine-readable page). */
export function statusPageTarget(service: ServiceDefinition): (StatusPageTarget & { type: Exclude<StatusPlatform, 'none'> }) | null {
  const page = service.status_page;
  if (page.type === 'none' || page.url === undefined) return null;
  return { service_id: service.id, type: page.type, url: page.url, components: page.components, products: page.products };
}
