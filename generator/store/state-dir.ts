/**
 * The state store's working directory, as the refresh job restores it before `update`: checked,
 * and rebuilt where it cannot be used. Nothing here stops a run:
 * - no state at all (a fork's first run, a deleted or never created branch, a requested rebuild):
 *   the state starts from main's snapshot (data/), and the status pages' own incident history
 *   fills in what happened since at the next status read; probe counts since the snapshot are lost;
 * - a file that cannot be read or does not match its schema: main's snapshot of that file (or
 *   nothing, for files that have no snapshot: a deploy too many, a rotation restarted).
 * Every rebuild is reported, and recorded in the store's marker (state/store.json).
 */
import { cp, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { isoTime, nullableIsoTime } from '../validation/common-schemas.js';
import { loadContentState } from './content-store.js';
import { loadEndpointsRotation, loadModelRecords, loadPendingAdditions, loadSources } from './data-store.js';
import { loadFacts } from './facts-store.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES, SNAPSHOT_ENTRIES, STATE_ENTRIES } from './layout.js';
import { loadPublishState } from './publish-store.js';
import { stableStringify } from '../text/stable-json.js';
import { loadStatusHistories } from './status-store.js';
import type { DataStore } from './store.js';

/** The layout version of the state store; a newer one is refused, never misread. */
export const STATE_FORMAT = 1;

export interface StateMarker {
  format: number;
  /** When the state was last rebuilt from main's snapshot, and why. */
  rebuilt_at: string;
  rebuilt_because: string;
  /** The run main's snapshot recorded then (its content times' last run), or null. */
  snapshot_of: string | null;
}

const isMarker = compileValidator<StateMarker>(createAjv(), {
  type: 'object',
  required: ['format', 'rebuilt_at', 'rebuilt_because', 'snapshot_of'],
  additionalProperties: false,
  properties: { format: { type: 'integer', minimum: 1 }, rebuilt_at: isoTime, rebuilt_because: { type: 'string' }, snapshot_of: nullableIsoTime },
});

/** The state was written by a newer version of ModelPulse: refused rather than misread. */
export class StateFormatError extends Error {
  override readonly name = 'StateFormatError';
}

/** build and deploy-check were pointed at a state directory that update never prepared. */
export class StateNotPreparedError extends Error {
  override readonly name = 'StateNotPreparedError';
  constructor(readonly stateDir: string) {
    super(`${stateDir} holds no state store (no ${DATA_FILES.marker}): run \`npm run update -- --state-dir ${stateDir}\` first, which rebuilds it from data/ when it is missing`);
  }
}

export interface StatePreparation {
  /** The whole state was rebuilt from main's snapshot. */
  rebuilt: boolean;
  /** Files replaced by main's snapshot of them, or removed (relative paths). */
  repaired: string[];
  /** What happened, for the run's report: one line each. */
  notes: string[];
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function readMarker(stateDir: string): Promise<StateMarker | string> {
  try {
    const marker = await readJsonFile(join(stateDir, DATA_FILES.marker), null);
    if (marker === null) return 'it holds no state';
    if (!isMarker(marker)) return `its marker is invalid (${isMarker.errors()})`;
    return marker;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The last run main's snapshot records, or null (no snapshot, or an unreadable one). */
export async function snapshotRunAt(store: DataStore): Promise<string | null> {
  return loadContentState(store.dataDir).then(
    (state) => state.last_run_at,
    () => null,
  );
}

/** Replaces the state directory's contents with main's snapshot (what a snapshot holds). */
async function rebuildFromSnapshot(store: DataStore, stateDir: string, now: string, because: string): Promise<string> {
  for (const entry of STATE_ENTRIES) await rm(join(stateDir, entry.path), { recursive: true, force: true });
  for (const entry of SNAPSHOT_ENTRIES) {
    const from = join(store.dataDir, entry.path);
    if (await exists(from)) await cp(from, join(stateDir, entry.path), { recursive: true });
  }
  const snapshotOf = await snapshotRunAt(store);
  const marker: StateMarker = { format: STATE_FORMAT, rebuilt_at: now, rebuilt_because: because, snapshot_of: snapshotOf };
  await writeFileAtomic(join(stateDir, DATA_FILES.marker), stableStringify(marker));
  return snapshotOf ?? 'no recorded run';
}

/** Loads every state file once, so the first one that cannot be used throws (DataFileError). */
async function loadEveryStateFile(store: DataStore): Promise<void> {
  await loadModelRecords(store);
  await loadFacts(store);
  await loadSources(store);
  await loadStatusHistories(store);
  await loadContentState(store);
  await loadEndpointsRotation(store);
  await loadPendingAdditions(store);
  await loadPublishState(store);
}

async function fileCount(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  return entries.length;
}

/**
 * Makes the store's state directory usable before `update` (see the module comment); a store
 * without one needs nothing. `now` is the run's time, recorded with a rebuild.
 */
export async function prepareStateDir(store: DataStore, now: string): Promise<StatePreparation> {
  const result: StatePreparation = { rebuilt: false, repaired: [], notes: [] };
  const stateDir = store.stateDir;
  if (stateDir === null) return result;
  const marker = await readMarker(stateDir);
  if (typeof marker === 'string') {
    const because = `the state store in ${stateDir} could not be used: ${marker}`;
    const of = await rebuildFromSnapshot(store, stateDir, now, because);
    result.rebuilt = true;
    result.notes.push(
      `${because}. Rebuilt it from main's snapshot in ${store.dataDir} (run ${of}): the status pages' own incident history fills in what happened since; our probe counts since then are lost`,
    );
    return result;
  }
  if (marker.format > STATE_FORMAT) throw new StateFormatError(`${join(stateDir, DATA_FILES.marker)} has format ${marker.format}, newer than this version reads (${STATE_FORMAT}): update ModelPulse`);
  // One broken file at a time: each is replaced by its snapshot, or removed when that is broken too.
  const tried = new Set<string>();
  const limit = 2 * (await fileCount(stateDir)) + 2;
  for (let attempt = 0; attempt <= limit; attempt += 1) {
    try {
      await loadEveryStateFile(store);
      return result;
    } catch (error) {
      if (!(error instanceof DataFileError)) throw error;
      const rel = relative(stateDir, error.path);
      if (rel.startsWith('..') || rel.split(sep)[0] === '..') throw error;
      const snapshot = join(store.dataDir, rel);
      const fromSnapshot = !tried.has(rel) && SNAPSHOT_ENTRIES.some((e) => rel.split(sep).join('/').startsWith(e.path)) && (await exists(snapshot));
      await rm(error.path, { force: true });
      if (fromSnapshot) await cp(snapshot, error.path);
      tried.add(rel);
      result.repaired.push(rel);
      result.notes.push(`${error.message}: ${fromSnapshot ? `replaced by main's snapshot of it (${snapshot})` : 'removed (it starts afresh)'}`);
    }
  }
  throw new Error(`${stateDir}: gave up repairing the state after ${limit} broken files`);
}

/** For build and deploy-check: a state directory must have been prepared by update. */
export async function assertStatePrepared(store: DataStore): Promise<void> {
  if (store.stateDir === null) return;
  if (!(await exists(join(store.stateDir, DATA_FILES.marker)))) throw new StateNotPreparedError(store.stateDir);
}
