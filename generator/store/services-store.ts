/** data/services.json (status/registry.ts has its shape): read and checked against its schema. */
import { DEEP_PROBE_AUTH, PROBE_METHODS, RESERVED_SERVICE_IDS, type ServiceDefinition } from '../status/registry.js';
import { STATUS_PLATFORMS } from '../status/types.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { DataFileError, readJsonFile } from './files.js';
import { DATA_FILES } from './layout.js';
import { asStore, type StoreRef } from './store.js';

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
      catalog: {
        type: 'object',
        additionalProperties: false,
        properties: {
          authors: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' } },
          providers: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' } },
        },
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
          deep: {
            type: 'object',
            required: ['url', 'auth', 'body', 'model'],
            additionalProperties: false,
            properties: {
              url: httpUrl,
              auth: { enum: [...DEEP_PROBE_AUTH] },
              headers: { type: 'object', additionalProperties: { type: 'string' } },
              body: { type: 'object' },
              model: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*/[a-z0-9][a-z0-9._:-]*$' },
            },
          },
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
    if ((RESERVED_SERVICE_IDS as readonly string[]).includes(service.id)) throw new DataFileError(path, `uses the reserved id ${JSON.stringify(service.id)} (/api/v1/status/${service.id} is the list of models in trouble)`);
    if (seen.has(service.id)) throw new DataFileError(path, `lists the service id ${JSON.stringify(service.id)} twice`);
    seen.add(service.id);
  }
  return json;
}
