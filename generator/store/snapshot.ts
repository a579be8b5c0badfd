/**
 * Main's snapshot: the state's catalog (and the status as of then) copied to data/, the embedded
 * default a fresh clone builds. It is renewed only when the catalog changed materially (a price,
 * a model added or delisted, a retirement, an offer: what the API's catalog responses say, told by
 * the catalog digest, store/content-store.ts) and at most once per interval (default a day), or
 * when a deploy needs main to hold this run (Netlify building the site from main). The freshness
 * responses (index.json, status) never make one: they move with every run.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { loadCatalogDigest, loadContentState } from './content-store.js';
import { DataFileError, writeFileAtomic } from './files.js';
import { SNAPSHOT_ENTRIES } from './layout.js';
import type { DataStore } from './store.js';

export const DEFAULT_SNAPSHOT_HOURS = 24;

export interface SnapshotDecision {
  due: boolean;
  /** One line for people. */
  message: string;
}

/** What a snapshot decision compares: main's snapshot, or the state, each by its run and catalog digest. */
export interface CatalogMark {
  runAt: string | null;
  /** null: none recorded (a snapshot older than the digest, or none at all). */
  catalog: string | null;
}

const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

/** Pure: whether main's snapshot (`main`) should be renewed from the state (`state`). */
export function decideSnapshot(input: { main: CatalogMark; state: CatalogMark; everyHours: number; requested: boolean }): SnapshotDecision {
  const { main, state } = input;
  if (input.requested) return { due: true, message: 'a snapshot was requested (a deploy that builds from main)' };
  if (state.runAt === null || state.catalog === null) return { due: false, message: 'the state records no run yet' };
  if (main.runAt === null || main.catalog === null) return { due: true, message: "main's snapshot records no catalog digest yet" };
  if (main.catalog === state.catalog) return { due: false, message: `no material catalog change since main's snapshot of ${main.runAt}` };
  const age = hoursBetween(main.runAt, state.runAt);
  const what = `the catalog changed materially since main's snapshot of ${main.runAt}`;
  if (age < input.everyHours) {
    const next = new Date(Date.parse(main.runAt) + input.everyHours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { due: false, message: `${what}; the next snapshot is due from ${next} (at most one every ${input.everyHours} h)` };
  }
  return { due: true, message: what };
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

async function bytesOf(path: string): Promise<Buffer | null> {
  return readFile(path).catch(() => null);
}

/** Copies what a snapshot holds from the state directory to data/, writing only what differs. */
export async function writeSnapshot(store: DataStore): Promise<{ written: string[]; removed: string[] }> {
  if (store.stateDir === null) throw new Error('a snapshot needs a state directory to copy from');
  const written: string[] = [];
  const removed: string[] = [];
  for (const entry of SNAPSHOT_ENTRIES) {
    const isDir = entry.path.endsWith('/');
    const [from, to] = [join(store.stateDir, entry.path), join(store.dataDir, entry.path)];
    const names = isDir ? [...new Set([...(await filesBelow(from)), ...(await filesBelow(to))])].sort() : [''];
    for (const name of names) {
      const [source, target] = [join(from, name), join(to, name)];
      const [bytes, current] = [await bytesOf(source), await bytesOf(target)];
      const rel = isDir ? `${entry.path}${name}` : entry.path;
      if (bytes === null && current !== null) {
        await rm(target, { force: true });
        removed.push(rel);
      } else if (bytes !== null && (current === null || !bytes.equals(current))) {
        await writeFileAtomic(target, bytes);
        written.push(rel);
      }
    }
  }
  return { written, removed };
}

/** A store's run and catalog digest; a file that cannot be read marks nothing (main's: a snapshot is due). */
async function catalogMark(ref: DataStore | string): Promise<CatalogMark> {
  try {
    return { runAt: (await loadContentState(ref)).last_run_at, catalog: await loadCatalogDigest(ref) };
  } catch (error) {
    if (error instanceof DataFileError) return { runAt: null, catalog: null };
    throw error;
  }
}

/** Decides, and when due writes, main's snapshot. */
export async function snapshotIfDue(store: DataStore, options: { everyHours: number; requested: boolean }): Promise<SnapshotDecision & { written: string[]; removed: string[] }> {
  const decision = decideSnapshot({ main: await catalogMark(store.dataDir), state: await catalogMark(store), ...options });
  if (!decision.due) return { ...decision, written: [], removed: [] };
  return { ...decision, ...(await writeSnapshot(store)) };
}
