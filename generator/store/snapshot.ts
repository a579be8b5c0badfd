/**
 * Main's snapshot: the state's catalog (and the status as of then) copied to data/, the embedded
 * default a fresh clone builds. It is renewed only when the catalog changed materially (a price,
 * a model added or delisted, a retirement, an offer: what the API's model responses say) and at
 * most once per interval (default a day), or when a deploy needs main to hold this run (Netlify
 * building the site from main). The freshness responses (index.json, status) never make one:
 * they move with every run.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentState } from '../publish/content-times.js';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import { isFreshnessResponse, loadContentState } from './content-store.js';
import { writeFileAtomic } from './files.js';
import { SNAPSHOT_ENTRIES } from './layout.js';
import type { DataStore } from './store.js';

export const DEFAULT_SNAPSHOT_HOURS = 24;

export interface SnapshotDecision {
  due: boolean;
  /** One line for people. */
  message: string;
  /** Catalog responses whose material content differs between main's snapshot and the state. */
  changes: string[];
}

const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

/** Pure: whether main's snapshot (`main`) should be renewed from the state (`state`). */
export function decideSnapshot(input: { main: ContentState; state: ContentState; everyHours: number; requested: boolean }): SnapshotDecision {
  const { main, state } = input;
  const paths = new Set([...Object.keys(main.files), ...Object.keys(state.files)]);
  const changes = [...paths].filter((p) => !isFreshnessResponse(p) && main.files[p]?.material !== state.files[p]?.material).sort();
  if (input.requested) return { due: true, message: 'a snapshot was requested (a deploy that builds from main)', changes };
  if (state.last_run_at === null) return { due: false, message: 'the state records no run yet', changes };
  if (main.last_run_at === null) return { due: true, message: 'main holds no snapshot with content times yet', changes };
  if (changes.length === 0) return { due: false, message: `no material catalog change since main's snapshot of ${main.last_run_at}`, changes };
  const age = hoursBetween(main.last_run_at, state.last_run_at);
  const what = `${changes.length} catalog response${changes.length === 1 ? '' : 's'} changed materially since main's snapshot of ${main.last_run_at}`;
  if (age < input.everyHours) {
    const next = new Date(Date.parse(main.last_run_at) + input.everyHours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return { due: false, message: `${what}; the next snapshot is due from ${next} (at most one every ${input.everyHours} h)`, changes };
  }
  return { due: true, message: what, changes };
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
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

/** Decides, and when due writes, main's snapshot. */
export async function snapshotIfDue(store: DataStore, options: { everyHours: number; requested: boolean }): Promise<SnapshotDecision & { written: string[]; removed: string[] }> {
  const main = await loadContentState(store.dataDir).catch(() => EMPTY_CONTENT_STATE);
  const decision = decideSnapshot({ main, state: await loadContentState(store), ...options });
  if (!decision.due) return { ...decision, written: [], removed: [] };
  return { ...decision, ...(await writeSnapshot(store)) };
}
