/** data/identity.json, the curated identity entries (sources/identity.ts applies them): read and checked. */
import { FACT_SOURCES } from '../sources/facts.js';
import type { IdentityMap } from '../sources/identity.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { modelId } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile } from './files.js';
import { DATA_FILES } from './layout.js';
import { asStore, type StoreRef } from './store.js';

export const IDENTITY_FILE = DATA_FILES.identity;

const identitySchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(FACT_SOURCES.map((source) => [source, { type: 'object', additionalProperties: { anyOf: [modelId, { type: 'null' }] } }])),
} as const;

const isIdentity = compileValidator<Partial<IdentityMap>>(createAjv(), identitySchema);

export function emptyIdentity(): IdentityMap {
  return Object.fromEntries(FACT_SOURCES.map((source) => [source, {}])) as IdentityMap;
}

export interface CuratedIdentity {
  map: IdentityMap;
  /** Entries skipped because they name a model not in data/models. */
  warnings: string[];
}

/** Loads data/identity.json (absent = no overrides); entries naming unknown models are warnings. */
export async function loadIdentity(ref: StoreRef, knownModelIds: ReadonlySet<string>): Promise<CuratedIdentity> {
  const path = asStore(ref).path(IDENTITY_FILE);
  const json = await readJsonFile(path, {});
  if (!isIdentity(json)) throw new DataFileError(path, `does not match the identity schema: ${isIdentity.errors()}`);
  const identity = emptyIdentity();
  const warnings: string[] = [];
  for (const source of FACT_SOURCES) {
    for (const [key, id] of Object.entries(json[source] ?? {})) {
      if (id !== null && !knownModelIds.has(id)) {
        warnings.push(`${IDENTITY_FILE}: ${source} ${JSON.stringify(key)} names ${id}, a model not in data/models; entry skipped`);
        continue;
      }
      identity[source][key] = id;
    }
  }
  // One benchmark record per model: two would leave it to chance which indices win.
  const aaTargets = new Map<string, string>();
  for (const [key, id] of Object.entries(identity.artificialanalysis)) {
    if (id === null) continue;
    const other = aaTargets.get(id);
    if (other !== undefined) throw new DataFileError(path, `maps both artificialanalysis ${JSON.stringify(other)} and ${JSON.stringify(key)} to ${id}; keep one`);
    aaTargets.set(id, key);
  }
  return { map: identity, warnings };
}
