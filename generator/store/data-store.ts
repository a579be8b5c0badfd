import { join } from 'node:path';
import { isModelId, modelIdProblem } from '../models/ids.js';
import type { PendingAdditions } from '../models/merge.js';
import type { ModelRecord } from '../models/types.js';
import type { ServiceHistory } from '../status/history.js';
import type { ServiceDefinition } from '../status/registry.js';
import { loadServices } from './services-store.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { DataFileError, listDataFiles, readJsonFile, resolveInside, writeFileAtomic } from './files.js';
import { endpointsRotationSchema, modelRecordSchema, pendingAdditionsSchema, sourcesFileSchema } from './schemas.js';
import { stableStringify } from '../text/stable-json.js';
import type { FactsByModel } from '../models/facts-merge.js';
import type { FactSource } from '../sources/facts.js';
import type { OfferHistoryFile } from '../models/offer-history.js';
import { loadOfferHistories, type OfferHistorySource } from './offer-history-store.js';
import { attachAllFacts, type IdentityMap } from '../sources/identity.js';
import { loadIdentity } from './identity-store.js';
import type { AmbiguousMatch } from '../sources/identity-match.js';
import { loadFacts, type FactsFile } from './facts-store.js';
import { loadOverrides, type OverridesFile } from './overrides.js';
import { loadMakerPrices } from './maker-prices-store.js';
import type { MakerPriceStatement } from '../models/witness/makers.js';
import { loadStatusHistories } from './status-store.js';
import { loadModelStates, loadTraffic, type ModelStatesFile, type TrafficState } from './traffic-store.js';
import { DATA_FILES } from './layout.js';
import { asStore, type StoreRef } from './store.js';

/**
 * The dataset the stages work on, read through the store (which decides where each file lives:
 * layout.ts). Every file is pretty-printed JSON with sorted keys:
 *   models/<author>/<slug>.json        one ModelRecord per model ever seen
 *   sources.json                       per source: last attempt, last success, last error
 *   state/openrouter-endpoints.json    model id → when its endpoints were last asked for / answered
 *   state/openrouter-pending-additions.json  new model ids held by the growth guard → when first held
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

/** A stored model file that is not used: its id cannot be published (see models/ids.ts). */
export interface RejectedModelFile {
  path: string;
  reason: string;
}

export interface Dataset {
  models: Map<string, ModelRecord>;
  /**
   * Stored models skipped because their id is not publishable (an id an older version accepted,
   * or a hand edit): reported, never rendered, so one bad file cannot stop every build.
   */
  rejectedModels: RejectedModelFile[];
  sources: SourcesFile;
  endpointsChecked: EndpointsRotation;
  /** New models the last catalog sync held back as a flood (never rendered). */
  pendingAdditions: PendingAdditions;
  services: ServiceDefinition[];
  statusHistories: Map<string, ServiceHistory>;
  /** OpenRouter's real-traffic figures per model, as the sweep keeps them (state/endpoint-stats.json). */
  traffic: TrafficState;
  /** Each model's last judged state and since when (state/model-states.json). */
  modelStates: ModelStatesFile;
  overrides: OverridesFile;
  /** The secondary sources' last good reads, as stored. */
  facts: Partial<Record<FactSource, FactsFile>>;
  /** Every price each price source and each OpenRouter endpoint showed, by its key (data/price-history/). */
  priceHistories: Partial<Record<OfferHistorySource, OfferHistoryFile>>;
  /** What the makers' own pages said their prices were (data/maker-prices.json). */
  makerPrices: MakerPriceStatement[];
  /** Those facts attached to our models by the identity rules and data/identity.json. */
  factsByModel: Map<string, FactsByModel>;
  /** Records the rules could not attach to one model, and curated entries that were skipped. */
  identity: IdentityReport;
}

const ajv = createAjv();
const isModelRecord = compileValidator<ModelRecord>(ajv, modelRecordSchema);
const isSourcesFile = compileValidator<SourcesFile>(ajv, sourcesFileSchema);
const isEndpointsRotation = compileValidator<EndpointsRotation>(ajv, endpointsRotationSchema);
const isPendingAdditions = compileValidator<PendingAdditions>(ajv, pendingAdditionsSchema);

export function modelFilePath(ref: StoreRef, id: string): string {
  if (!isModelId(id)) throw new DataFileError(id, 'is not a valid model id');
  return resolveInside(asStore(ref).path(DATA_FILES.models), `${id}.json`);
}

export async function loadSources(ref: StoreRef): Promise<SourcesFile> {
  const path = asStore(ref).path(DATA_FILES.sources);
  const sources = await readJsonFile(path, {});
  if (!isSourcesFile(sources)) throw new DataFileError(path, `is invalid: ${isSourcesFile.errors()}`);
  return sources;
}

/** Every stored model record (files whose id cannot be published are listed, not loaded). */
export async function loadModelRecords(ref: StoreRef): Promise<{ models: Map<string, ModelRecord>; rejectedModels: RejectedModelFile[] }> {
  const root = asStore(ref).rootOf(DATA_FILES.models);
  const files = await listDataFiles(root, DATA_FILES.models.slice(0, -1), 2, '.json');
  const models = new Map<string, ModelRecord>();
  const rejectedModels: RejectedModelFile[] = [];
  for (const file of files) {
    const path = join(root, file);
    const idProblem = modelIdProblem(file.slice('models/'.length, -'.json'.length));
    if (idProblem !== null) {
      rejectedModels.push({ path, reason: `skipped: its id cannot be published (${idProblem})` });
      continue;
    }
    const record = await readJsonFile(path, null);
    if (!isModelRecord(record)) throw new DataFileError(path, `does not match the model record schema: ${isModelRecord.errors()}`);
    if (`models/${record.id}.json` !== file) throw new DataFileError(path, `holds model ${record.id}, which belongs in models/${record.id}.json`);
    if (record.author !== record.id.split('/')[0]) throw new DataFileError(path, `has author ${JSON.stringify(record.author)}, but its id says ${record.id.split('/')[0]}`);
    models.set(record.id, record);
  }
  return { models, rejectedModels };
}

export async function loadEndpointsRotation(ref: StoreRef): Promise<EndpointsRotation> {
  const path = asStore(ref).path(DATA_FILES.endpointsRotation);
  const rotation = await readJsonFile(path, {});
  if (!isEndpointsRotation(rotation)) throw new DataFileError(path, `is invalid: ${isEndpointsRotation.errors()}`);
  return rotation;
}

export async function loadPendingAdditions(ref: StoreRef): Promise<PendingAdditions> {
  const path = asStore(ref).path(DATA_FILES.pendingAdditions);
  const pending = await readJsonFile(path, {});
  if (!isPendingAdditions(pending)) throw new DataFileError(path, `is invalid: ${isPendingAdditions.errors()}`);
  return pending;
}

export async function loadDataset(ref: StoreRef): Promise<Dataset> {
  const store = asStore(ref);
  const { models, rejectedModels } = await loadModelRecords(store);
  const sources = await loadSources(store);
  const rotation = await loadEndpointsRotation(store);
  const pendingAdditions = await loadPendingAdditions(store);
  const known = new Set(models.keys());
  const facts = await loadFacts(store);
  const curated = await loadIdentity(store, known);
  const attached = attachFacts(facts, curated.map, [...known], models.values());
  return {
    models,
    rejectedModels,
    sources,
    endpointsChecked: rotation,
    pendingAdditions,
    services: await loadServices(store),
    statusHistories: await loadStatusHistories(store),
    traffic: await loadTraffic(store),
    modelStates: await loadModelStates(store),
    overrides: await loadOverrides(store, known),
    facts,
    priceHistories: await loadOfferHistories(store),
    makerPrices: await loadMakerPrices(store),
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

/** Pure: each source's facts attached to our models (identity rules, then curated overrides); see sources/identity.ts. */
export function attachFacts(
  facts: Partial<Record<FactSource, FactsFile>>,
  identity: IdentityMap,
  ourIds: readonly string[],
  models: Iterable<ModelRecord> = [],
): { byModel: Map<string, FactsByModel>; ambiguous: AmbiguousMatch[] } {
  return attachAllFacts(facts, identity, ourIds, models);
}

/** Writes the given models (validated first, so a bug can't store a record the build would reject). */
export async function saveModels(ref: StoreRef, models: Iterable<ModelRecord>): Promise<void> {
  const records = [...models];
  for (const record of records) {
    const problem = modelRecordProblem(record);
    if (problem !== null) throw new DataFileError(record.id, `would be stored invalid: ${problem}`);
  }
  for (const record of records) await writeFileAtomic(modelFilePath(ref, record.id), stableStringify(record));
}

export async function saveSources(ref: StoreRef, sources: SourcesFile): Promise<void> {
  await writeFileAtomic(asStore(ref).path(DATA_FILES.sources), stableStringify(sources));
}

export async function saveEndpointsRotation(ref: StoreRef, rotation: EndpointsRotation): Promise<void> {
  await writeFileAtomic(asStore(ref).path(DATA_FILES.endpointsRotation), stableStringify(rotation));
}

/** Written only when it changes, so a run without a flood leaves no new file behind. */
export async function savePendingAdditions(ref: StoreRef, pending: PendingAdditions, before: PendingAdditions): Promise<void> {
  if (stableStringify(pending) === stableStringify(before)) return;
  await writeFileAtomic(asStore(ref).path(DATA_FILES.pendingAdditions), stableStringify(pending));
}
