/**
 * Identity: which of our `<author>/<slug>` ids each secondary source's record belongs to. Kept as
 * data (data/identity.json) that maintainers review and correct: an explicit map from the
 * source's key to our id, never a fuzzy guess at update time, so no price or date can silently
 * attach to the wrong model. `generator/tools/suggest-identity.ts` proposes entries by exact rules
 * for review.
 */
import { join } from 'node:path';
import { DataFileError, readJsonFile } from '../store/files.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { modelId } from '../validation/common-schemas.js';
import { FACT_SOURCES, type FactSource, type ModelFacts } from './facts.js';

export type IdentityMap = Record<FactSource, Record<string, string>>;

export const IDENTITY_FILE = 'identity.json';

const identitySchema = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(FACT_SOURCES.map((source) => [source, { type: 'object', additionalProperties: modelId }])),
} as const;

const isIdentity = compileValidator<Partial<IdentityMap>>(createAjv(), identitySchema);

export function emptyIdentity(): IdentityMap {
  return Object.fromEntries(FACT_SOURCES.map((source) => [source, {}])) as IdentityMap;
}

/** Loads data/identity.json (absent = nothing mapped); entries must name models we know. */
export async function loadIdentity(dataDir: string, knownModelIds: ReadonlySet<string>): Promise<IdentityMap> {
  const path = join(dataDir, IDENTITY_FILE);
  const json = await readJsonFile(path, {});
  if (!isIdentity(json)) throw new DataFileError(path, `does not match the identity schema: ${isIdentity.errors()}`);
  const identity = { ...emptyIdentity(), ...json };
  for (const source of FACT_SOURCES) {
    for (const [key, id] of Object.entries(identity[source])) {
      if (!knownModelIds.has(id)) throw new DataFileError(path, `maps ${source} ${JSON.stringify(key)} to ${id}, a model not in data/models`);
    }
  }
  // One benchmark record per model: two would leave it to chance which indices win.
  const aaTargets = new Map<string, string>();
  for (const [key, id] of Object.entries(identity.artificialanalysis)) {
    const other = aaTargets.get(id);
    if (other !== undefined) throw new DataFileError(path, `maps both artificialanalysis ${JSON.stringify(other)} and ${JSON.stringify(key)} to ${id}; keep one`);
    aaTargets.set(id, key);
  }
  return identity;
}

export interface MappedFacts {
  /** Our model id → that source's facts about it, in source-key order. */
  byModel: Map<string, ModelFacts[]>;
  unmapped: number;
}

/** Pure: attaches each fact to our model through the explicit map; the rest stays unmapped. */
export function mapFacts(facts: readonly ModelFacts[], map: Readonly<Record<string, string>>): MappedFacts {
  const byModel = new Map<string, ModelFacts[]>();
  let unmapped = 0;
  for (const fact of [...facts].sort((a, b) => (a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0))) {
    const id = Object.hasOwn(map, fact.source_key) ? map[fact.source_key] : undefined;
    if (id === undefined) {
      unmapped += 1;
      continue;
    }
    byModel.set(id, [...(byModel.get(id) ?? []), fact]);
  }
  return { byModel, unmapped };
}
