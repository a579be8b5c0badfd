/**
 * The package's response types, generated from the JSON Schemas the API publishes
 * (generator/render/schemas.ts) by json-schema-to-typescript, so the types cannot drift from
 * what the build validates every response against. Objects are exact (the schemas forbid extra
 * properties), so reading a field the API does not have fails to compile.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JSONSchema } from 'json-schema-to-typescript';
import { apiPriceSchema } from '../../../generator/render/model-schemas.js';
import { apiSchemas, type ApiSchemaName } from '../../../generator/render/schemas.js';
import { runsDirectly } from '../../../generator/direct-run.js';

/** The exported name of each response type. */
export const RESPONSE_TYPES: Record<ApiSchemaName, string> = {
  index: 'IndexResponse',
  models: 'ModelsResponse',
  model: 'ModelResponse',
  cheapest: 'CheapestResponse',
  'cost-index': 'CostIndexResponse',
  'api-names': 'ApiNamesResponse',
  'price-changes': 'PriceChangesResponse',
  deprecations: 'DeprecationsResponse',
  status: 'StatusResponse',
  service: 'ServiceResponse',
  'status-models': 'ModelStatusListResponse',
  fastest: 'FastestResponse',
  error: 'ErrorResponse',
  badge: 'Badge',
};

export const GENERATED_TYPES_FILE = fileURLToPath(new URL('../src/generated/api.ts', import.meta.url));

const PRICE_REF = '#/$defs/price';

/**
 * The shared price definition becomes one named type instead of a copy per response, and a
 * 2020-12 tuple (`prefixItems`, which the generator does not read) the draft-07 form it does.
 */
function forTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forTypes);
  if (node === null || typeof node !== 'object') return node;
  const object = node as Record<string, unknown>;
  if (object.$ref === PRICE_REF) return { tsType: 'Price' };
  const { prefixItems, items, ...rest } = object;
  const tuple = Array.isArray(prefixItems) ? { items: prefixItems, additionalItems: items ?? true } : items === undefined ? {} : { items };
  return Object.fromEntries(Object.entries({ ...rest, ...tuple }).filter(([key]) => key !== '$defs').map(([key, value]) => [key, forTypes(value)]));
}

// Bounded arrays (90 days of uptime) stay arrays, not 90-member tuples.
const OPTIONS = { bannerComment: '', additionalProperties: false, strictIndexSignatures: true, ignoreMinAndMaxItems: true, format: true, declareExternallyReferenced: true } as const;

// The site URL only appears in `$id`, which is dropped: types do not depend on the deployment.
const schemasForTypes = () => apiSchemas('https://modelpulse.invalid');

/**
 * What the types are made from: the schemas, this script and the generator's and its formatter's versions. The
 * generated file names it, so `npm test` (pretest) skips the generator's 3 s when nothing changed.
 */
async function inputsDigest(): Promise<string> {
  // The generator and the formatter it writes with (prettier, its own dependency).
  const requireHere = createRequire(import.meta.url);
  const generatorPackage = requireHere.resolve('json-schema-to-typescript/package.json');
  const versions = [generatorPackage, createRequire(generatorPackage).resolve('prettier/package.json')].map((path) => (requireHere(path) as { version: string }).version);
  const script = await readFile(fileURLToPath(import.meta.url), 'utf8');
  return createHash('sha256').update(JSON.stringify([schemasForTypes(), apiPriceSchema, versions, script])).digest('hex');
}

const headerFor = (digest: string) => `// Generated from the published JSON Schemas by packages/modelpulse/scripts/api-types.ts (inputs ${digest}). Do not edit.`;

/** The TypeScript source of every response type, plus `Price`. */
export async function renderApiTypes(digest?: string): Promise<string> {
  // Loaded here: a production install (npm ci --omit=dev) runs `prepare` without it.
  const { compile } = await import('json-schema-to-typescript');
  const schemas = schemasForTypes();
  const parts = [await compile({ ...(apiPriceSchema as object), title: 'Price' } as JSONSchema, 'Price', OPTIONS)];
  for (const [name, typeName] of Object.entries(RESPONSE_TYPES) as Array<[ApiSchemaName, string]>) {
    const { $id: _id, $schema: _schema, title, description, ...schema } = schemas[name] as Record<string, unknown>;
    const doc = [title, description].filter((t) => typeof t === 'string').join(': ');
    parts.push(await compile({ ...(forTypes(schema) as object), title: typeName, description: `${doc} (/api/v1/schemas/${name}.json)` } as JSONSchema, typeName, OPTIONS));
  }
  return [
    headerFor(digest ?? (await inputsDigest())),
    '/* eslint-disable */',
    ...parts,
  ].join('\n');
}

/**
 * Writes the types unless the file was made from the same inputs, or when they differ from what
 * the file holds, through a rename: several builds
 * at once (test processes packing the site's tarball) never read a half-written file.
 */
export async function writeApiTypes(path = GENERATED_TYPES_FILE): Promise<string> {
  const digest = await inputsDigest();
  const held = await readFile(path, 'utf8').catch(() => null);
  if (held?.startsWith(`${headerFor(digest)}\n`)) return path;
  const source = await renderApiTypes(digest);
  if (held === source) return path;
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, source);
  await rename(temp, path);
  return path;
}

if (runsDirectly(import.meta.url)) {
  try {
    await writeApiTypes();
  } catch (error) {
    // `npm ci` runs this as `prepare`; without the dev dependencies there is nothing to type-check.
    // (an ES import says ERR_MODULE_NOT_FOUND, require's resolution of the digest MODULE_NOT_FOUND)
    if (!(process.argv.includes('--if-available') && ['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND'].includes((error as NodeJS.ErrnoException).code ?? ''))) throw error;
    console.warn(`modelpulse types not generated (${(error as Error).message.split('\n')[0]}): install the dev dependencies to build the package`);
  }
}
