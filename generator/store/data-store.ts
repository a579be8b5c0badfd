import fg from 'fast-glob';
import { join } from 'node:path';
import { isModelId } from '../models/ids.js';
import type { ModelRecord } from '../models/types.js';
import type { ServiceHistory } from '../status/history.js';
import { loadServices, type ServiceDefinition } from '../status/registry.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { DataFileError, readJsonFile, resolveInside, writeFileAtomic } from './files.js';
import { endpointsRotationSchema, modelRecordSchema, sourcesFileSchema } from './schemas.js';
import { stableStringify } from './stable-json.js';
import type { FactsByModel } from '../models/facts-merge.js';
import { FACT_SOURCES, type FactSource } from '../sources/facts.js';
import { loadIdentity, mapFacts, type IdentityMap } from '../sources/identity.js';
import type { AmbiguousMatch } from '../sources/identity-match.js';
import { loadFacts, type FactsFile } from './facts-store.js';
import { loadOverrides, type OverridesFile } from './overrides.js';
import { loadStatusHistories } from './status-store.js';

/**
 * data/ layout (all pretty-printed JSON with sorted keys):
 *   models/<author>/<slug>.json        one ModelRecord per model ever seen
 *   sources.json                       per source: last attempt, last success, last error
 *   state/openrouter-endpoints.json    model id → when its endpoints were last asked for / answered
 */

export interface SourceState {
  last_attempt_at: string | null;
  last_success_at: string | null;
  ok: boolean;
  error: string | null;
  /** How many records the last successful fetch gave. */
  items?: number | null;
}
export type SourcesFile = Record<string, SourceState>;
export interface EndpointsCheck {
  /** Last time we asked (drives the rotation, so a failing model does not block the others). */
  attempted_at: string;
  /** Last time we got an answer: the freshness the API publishes. */
  succeeded_at: string | null;
}
export type EndpointsRotation = Record<string, EndpointsCheck>;

export interface Dataset {
  models: Map<string, ModelRecord>;
  sources: SourcesFile;
  endpointsChecked: EndpointsRotation;
  services: ServiceDefinition[];
  statusHistories: Map<string, ServiceHistory>;
  overrides: OverridesFile;
  /** The secondary sources' last good reads, as stored. */
  facts: Partial<Record<FactSource, FactsFile>>;
  /** Those facts attached to our models by the identity rules and data/identity.json. */
  factsByModel: Map<string, FactsByModel>;
  /** Records the rules could not attach to one model, and curated entries that were skipped. */
  identity: IdentityReport;
}

const ajv = createAjv();
const isModelRecord = compileValidator<ModelRecord>(ajv, modelRecordSchema);
const isSourcesFile = compileValidator<SourcesFile>(ajv, sourcesFileSchema);
const isEndpointsRotation = compileValidator<EndpointsRotation>(ajv, endpointsRotationSchema);

const SOURCES_FILE = 'sources.json';
const ROTATION_FILE = join('state', 'openrouter-endpoints.json');

export function modelFilePath(dataDir: string, id: string): string {
  if (!isModelId(id)) throw new DataFileError(id, 'is not a valid model id');
  return resolveInside(join(dataDir, 'models'), `${id}.json`);
}

export async function loadSources(dataDir: string): Promise<SourcesFile> {
  const sources = await readJsonFile(join(dataDir, SOURCES_FILE), {});
  if (!isSourcesFile(sources)) throw new DataFileError(join(dataDir, SOURCES_FILE), `is invalid: ${isSourcesFile.errors()}`);
  return sources;
}

export async function loadDataset(dataDir: string): Promise<Dataset> {
  const files = await fg('models/*/*.json', { cwd: dataDir, onlyFiles: true });
  files.sort();
  const models = new Map<string, ModelRecord>();
  for (const file of files) {
    const path = join(dataDir, file);
    const record = await readJsonFile(path, null);
    if (!isModelRecord(record)) throw new DataFileError(path, `does not match the model record schema: ${isModelRecord.errors()}`);
    if (`models/${record.id}.json` !== file) throw new DataFileError(path, `holds model ${record.id}, which belongs in models/${record.id}.json`);
    if (record.author !== record.id.split('/')[0]) throw new DataFileError(path, `has author ${JSON.stringify(record.author)}, but its id says ${record.id.split('/')[0]}`);
    models.set(record.id, record);
  }
  const sources = await loadSources(dataDir);
  const rotation = await readJsonFile(join(dataDir, ROTATION_FILE), {});
  if (!isEndpointsRotation(rotation)) throw new DataFileError(join(dataDir, ROTATION_FILE), `is invalid: ${isEndpointsRotation.errors()}`);
  const known = new Set(models.keys());
  const facts = await loadFacts(dataDir);
  const curated = await loadIdentity(dataDir, known);
  const attached = attachFacts(facts, curated.map, [...known]);
  return {
    models,
    sources,
    endpointsChecked: rotation,
    services: await loadServices(dataDir),
    statusHistories: await loadStatusHistories(dataDir),
    overrides: await loadOverrides(dataDir, known),
    facts,
    factsByModel: attached.byModel,
    identity: { ambiguous: attached.ambiguous, warnings: curated.warnings },
  };
}

/** Why a record could not be stored, or null when it is valid. */
export function modelRecordProblem(record: ModelRecord): string | null {
  if (!isModelRecord(record as unknown)) return isModelRecord.errors();
  return record.author === record.id.split('/')[0] ? null : `author ${JSON.stringify(record.author)} does not match the id`;
}

export interface IdentityReport {
  ambiguous: AmbiguousMatch[];
  warnings: string[];
}

/** Pure: each source's facts attached to our models (identity rules, then curated overrides). */
export function attachFacts(
  facts: Partial<Record<FactSource, FactsFile>>,
  identity: IdentityMap,
  ourIds: readonly string[],
): { byModel: Map<string, FactsByModel>; ambiguous: AmbiguousMatch[] } {
  const byModel = new Map<string, FactsByModel>();
  const ambiguous: AmbiguousMatch[] = [];
  for (const source of FACT_SOURCES) {
    const file = facts[source];
    if (file === undefined) continue;
    const mapped = mapFacts(file.facts, identity[source], ourIds);
    ambiguous.push(...mapped.ambiguous);
    for (const [id, list] of mapped.byModel) byModel.set(id, { ...byModel.get(id), [source]: list });
  }
  return { byModel, ambiguous };
}

/** Writes the given models (validated first, so a bug can't store a record the build would reject). */
export async function saveModels(dataDir: string, models: Iterable<ModelRecord>): Promise<void> {
  const records = [...models];
  for (const record of records) {
    const problem = modelRecordProblem(record);
    if (problem !== null) throw new DataFileError(record.id, `would be stored invalid: ${problem}`);
  }
  for (const record of records) await writeFileAtomic(modelFilePath(dataDir, record.id), stableStringify(record));
}

export async function saveSources(dataDir: string, sources: SourcesFile): Promise<void> {
  await writeFileAtomic(join(dataDir, SOURCES_FILE), stableStringify(sources));
}

export async function saveEndpointsRotation(dataDir: string, rotation: EndpointsRotation): Promise<void> {
  await writeFileAtomic(join(dataDir, ROTATION_FILE), stableStringify(rotation));
}
