/**
 * Writes the built site into the output directory incrementally and atomically.
 *
 * Incremental: only files whose bytes differ are written (an unchanged rebuild writes nothing at
 * all), and files the build no longer produces are removed. The build owns every file below a
 * top-level directory it writes into (`api/`) and the top-level files it writes, plus the names
 * the caller lists (the host files of every host, so switching hosts removes the other's); it
 * never touches anything else (`.gitkeep`, a CNAME file).
 *
 * Atomic, without swapping whole trees: a transaction with an undo journal. Every byte is
 * rendered, validated and compared before the output is touched, so a build that fails on its
 * data changes nothing. The changed files are then staged in the build's own directory beside
 * the output (`transaction/` there, assemble/internal-dir.ts: never published; a full build into
 * an empty output stages api/ ahead, while it serializes, tree-stager.ts), the journal is
 * written (write-transaction.ts), and only then is the output changed: each changed file is hard-linked into
 * the transaction (its backup) and replaced by a rename, so a reader sees the old bytes or the
 * new ones, never half a file; removals move files into the transaction. When a step fails, the
 * journal is replayed backwards and the previous output is restored exactly (same files, same
 * bytes, same inodes). When the build is killed mid-way (SIGKILL, a cancelled job), the next
 * build finds the journal and restores the previous output before it starts. What is not atomic:
 * while a build commits, a reader of several files may see some new and some old ones (files are
 * replaced API first, the website next, its page and the host rules last); and nothing is
 * fsynced, so the guarantee covers failed and killed builds, not a power cut.
 */
import { linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { contentHash, currentIdentity, type OutputState } from './build-record.js';
import { LEGACY_INTERNAL_NAMES } from './internal-dir.js';
import { abortEarlyTree, type EarlyTree } from './tree-stager.js';
import { COMMITTED, isSitePath, JOURNAL, openTransaction, recoverInterruptedWrite, rollBack, type Journal } from './write-transaction.js';


export interface WriteOptions {
  /** Top-level names the build owns although it may not write them this time (other hosts' files). */
  alsoOwned?: readonly string[];
  /**
   * What the last build recorded it left (build-record.ts): a file whose identity is unchanged is
   * compared by its recorded hash instead of being read back, and when no directory changed
   * either, the output is not even listed.
   */
  previous?: OutputState | null;
  /** A transaction opened before the site was complete, its new top-level directory staged ahead (beginEarlyTree). */
  early?: EarlyTree | null;
}

export interface WriteCounts {
  written: number;
  removed: number;
  unchanged: number;
}

export interface WriteResult extends WriteCounts {
  /** What the output holds now, for the next build's record. */
  state: OutputState;
}

type Kind = 'file' | 'dir' | 'other';

/** Every entry below the owned top-level names (no links followed), by relative path. */
function scanOwned(outDir: string, topLevel: Iterable<string>): Map<string, Kind> {
  const found = new Map<string, Kind>();
  const kindOf = (entry: Dirent): Kind => (entry.isFile() ? 'file' : entry.isDirectory() ? 'dir' : 'other');
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(outDir, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      const kind = kindOf(entry);
      found.set(path, kind);
      if (kind === 'dir') walk(path);
    }
  };
  for (const name of topLevel) {
    let kind: Kind;
    try {
      const info = lstatSync(join(outDir, name));
      kind = info.isFile() ? 'file' : info.isDirectory() ? 'dir' : 'other';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    found.set(name, kind);
    if (kind === 'dir') walk(name);
  }
  return found;
}

/** A file's bytes: text is written as UTF-8. Kept as given (no copy of every file into a Buffer). */
type Bytes = string | Buffer;

function sameBytes(path: string, content: Bytes): boolean {
  const existing = readFileSync(path);
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return existing.length === bytes.length && existing.equals(bytes);
}

/**
 * The owned entries as the previous build recorded them, when nothing changed them since: every
 * recorded directory has its identity (so no entry was added, removed or renamed in it) and no
 * other owned top-level name appeared. Null when that cannot be trusted: the caller lists the output.
 */
function recordedEntries(outDir: string, previous: OutputState, ownedTop: ReadonlySet<string>): Map<string, Kind> | null {
  for (const [dir, identity] of Object.entries(previous.dirs)) if (currentIdentity(join(outDir, dir)) !== identity) return null;
  const entries = new Map<string, Kind>();
  for (const dir of Object.keys(previous.dirs)) entries.set(dir, 'dir');
  for (const path of Object.keys(previous.files)) entries.set(path, 'file');
  for (const name of ownedTop) if (!entries.has(name) && currentIdentity(join(outDir, name)) !== null) return null;
  return entries;
}

function parentsOf(path: string): string[] {
  const parents: string[] = [];
  for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) parents.push(dir);
  return parents.reverse();
}

/**
 * Writes `files` (relative path → bytes, in the order they should appear: API first, host rules
 * last) into `outDir` as described above.
 */
export async function writeSiteIncrementally(outDir: string, files: ReadonlyMap<string, string | Buffer>, options: WriteOptions = {}): Promise<WriteResult> {
  const early = options.early ?? null;
  if (early === null) {
    mkdirSync(outDir, { recursive: true });
    recoverInterruptedWrite(outDir);
  }
  // An earlier version's record inside the output: it must not be published with the site.
  rmSync(join(outDir, LEGACY_INTERNAL_NAMES[0]), { force: true });
  const content = new Map<string, Bytes>();
  for (const [path, bytes] of files) {
    // Relative, no `..`, no hidden or empty segment (so normalized): it cannot leave `outDir`.
    if (!isSitePath(path)) {
      throw new Error(`refusing to write ${JSON.stringify(path)}: not a normalized relative path the build may write`);
    }
    content.set(path, bytes);
  }
  const topLevel = new Set([...content.keys()].map((path) => path.split('/')[0]!));
  const ownedTop = new Set([...topLevel, ...(options.alsoOwned ?? [])]);
  const previous = options.previous ?? null;
  const recorded = previous === null ? null : recordedEntries(outDir, previous, ownedTop);
  const existing = recorded ?? scanOwned(outDir, ownedTop);
  const hashes = new Map([...content].map(([path, bytes]) => [path, contentHash(bytes)]));
  /** Unchanged files whose recorded identity still holds: kept as recorded in the new state. */
  const verified = new Map<string, string>();
  const unchangedFile = (path: string, bytes: Bytes): boolean => {
    const recorded = previous?.files[path];
    if (recorded !== undefined && currentIdentity(join(outDir, path)) === recorded[0]) {
      if (recorded[1] !== hashes.get(path)) return false;
      verified.set(path, recorded[0]);
      return true;
    }
    return sameBytes(join(outDir, path), bytes);
  };

  const journal: Journal = { pid: process.pid, newDirs: [], trees: [], blocking: [], writes: [], removals: [] };
  const neededDirs = new Set<string>();
  for (const path of content.keys()) {
    // Up the parents until one is known (then so are all of its own).
    for (let dir = posix.dirname(path); dir !== '.' && !neededDirs.has(dir); dir = posix.dirname(dir)) neededDirs.add(dir);
  }
  for (const path of content.keys()) if (neededDirs.has(path)) throw new Error(`refusing to write ${path}: it is both a file and a directory of the site`);
  // A top-level directory that does not exist yet is staged whole and renamed in at once.
  for (const dir of neededDirs) if (!dir.includes('/') && !existing.has(dir)) journal.trees.push(dir);
  const inTree = (path: string) => journal.trees.includes(path.split('/')[0]!);
  for (const [path, kind] of existing) {
    const needsDir = neededDirs.has(path);
    if ((needsDir && kind !== 'dir') || (content.has(path) && kind !== 'file')) journal.blocking.push(path);
  }
  const blocked = (path: string) => journal.blocking.some((b) => path === b || path.startsWith(`${b}/`));
  for (const dir of [...neededDirs].sort()) if (!inTree(dir) && (!existing.has(dir) || blocked(dir))) journal.newDirs.push(dir);
  let unchanged = 0;
  for (const [path, bytes] of content) {
    const kind = blocked(path) ? undefined : existing.get(path);
    if (kind === 'file' && unchangedFile(path, bytes)) unchanged += 1;
    else journal.writes.push({ path, existed: kind === 'file' });
  }
  for (const [path, kind] of existing) {
    if (kind === 'dir' || content.has(path) || blocked(path) || neededDirs.has(path)) continue;
    journal.removals.push(path);
  }
  // Blocking entries are moved aside whole; nothing below one is removed on its own.
  journal.blocking = journal.blocking.filter((path) => !journal.blocking.some((other) => other !== path && path.startsWith(`${other}/`)));
  const result = (): WriteResult => ({ written: journal.writes.length, removed: journal.removals.length, unchanged, state: stateAfter(outDir, content.keys(), hashes, verified, recorded === null ? null : previous, journal) });
  if (journal.writes.length === 0 && journal.removals.length === 0 && journal.blocking.length === 0) {
    if (early !== null) await abortEarlyTree(early);
    return result();
  }

  const transaction = early?.transaction ?? openTransaction(outDir);
  try {
    await stage(transaction, journal, content, early);
  } catch (error) {
    rmSync(transaction, { recursive: true, force: true });
    throw error;
  }
  try {
    commit(outDir, transaction, journal);
  } catch (error) {
    rollBack(outDir, transaction, journal);
    rmSync(transaction, { recursive: true, force: true });
    throw error;
  }
  writeFileSync(join(transaction, COMMITTED), '');
  removeEmptyDirs(outDir, journal.removals);
  rmSync(transaction, { recursive: true, force: true });
  return result();
}

/**
 * The output's state after the write: unchanged files and directories as recorded (their
 * identities were just checked; `previous` is null when the directories' were not), everything
 * the write touched as it is now.
 */
function stateAfter(outDir: string, paths: Iterable<string>, hashes: ReadonlyMap<string, string>, verified: ReadonlyMap<string, string>, previous: OutputState | null, journal: Journal): OutputState {
  const touchedDirs = new Set<string>(journal.newDirs);
  for (const path of [...journal.writes.map((w) => w.path), ...journal.removals, ...journal.blocking]) for (const dir of parentsOf(path)) touchedDirs.add(dir);
  const state: OutputState = { files: {}, dirs: {} };
  for (const path of paths) {
    const identity = verified.get(path) ?? currentIdentity(join(outDir, path));
    if (identity === null) throw new Error(`${path} is missing right after it was written`);
    state.files[path] = [identity, hashes.get(path)!];
    // Up the parents until one is known (then so are all of its own).
    for (let dir = posix.dirname(path); dir !== '.' && state.dirs[dir] === undefined; dir = posix.dirname(dir)) {
      const recorded = touchedDirs.has(dir) ? undefined : previous?.dirs[dir];
      state.dirs[dir] = recorded ?? currentIdentity(join(outDir, dir))!;
    }
  }
  return state;
}

/** Files written at once while staging: a few in flight let the kernel create them in parallel. */
const STAGING_CONCURRENCY = 8;

/** Writes the new bytes into the transaction directory, then the journal: nothing of the output is touched yet. */
async function stage(transaction: string, journal: Journal, content: ReadonlyMap<string, Bytes>, early: EarlyTree | null): Promise<void> {
  for (const dir of ['new', 'old', 'tree']) mkdirSync(join(transaction, dir), { recursive: true });
  // What the early stager wrote, where it is still what the tree needs.
  const ahead = early === null ? new Map<string, Bytes>() : await early.stager.finish();
  const writes = journal.writes.map(({ path }, index) => ({ path, index, inTree: journal.trees.includes(path.split('/')[0]!) }));
  const pending = writes.filter(({ path, inTree }) => !(inTree && ahead.has(path) && ahead.get(path) === content.get(path)));
  const targets = pending.map(({ path, index, inTree }) => (inTree ? join(transaction, 'tree', path) : join(transaction, 'new', String(index))));
  // Parents first (sorted), each once; then the files, several at a time.
  for (const dir of [...new Set(targets.map((target) => dirname(target)))].sort()) mkdirSync(dir, { recursive: true });
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < targets.length) {
      const index = next;
      next += 1;
      try {
        await writeFile(targets[index]!, content.get(pending[index]!.path)!);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  // Every write settles before a failure is thrown: the caller then removes the transaction.
  await Promise.all(Array.from({ length: STAGING_CONCURRENCY }, worker));
  if (failure !== null) throw failure;
  writeFileSync(join(transaction, `${JOURNAL}.tmp`), JSON.stringify(journal));
  renameSync(join(transaction, `${JOURNAL}.tmp`), join(transaction, JOURNAL));
}

function commit(outDir: string, transaction: string, journal: Journal): void {
  journal.blocking.forEach((path, index) => renameSync(join(outDir, path), join(transaction, 'old', `b${index}`)));
  for (const dir of journal.newDirs) mkdirSync(join(outDir, dir));
  for (const name of journal.trees) renameSync(join(transaction, 'tree', name), join(outDir, name));
  journal.writes.forEach(({ path, existed }, index) => {
    if (journal.trees.includes(path.split('/')[0]!)) return;
    // The backup is a second name for the old file; the rename then replaces the name in one step.
    if (existed) linkSync(join(outDir, path), join(transaction, 'old', String(index)));
    renameSync(join(transaction, 'new', String(index)), join(outDir, path));
  });
  journal.removals.forEach((path, index) => renameSync(join(outDir, path), join(transaction, 'old', `r${index}`)));
}

/** Directories left empty by removed files, deepest first. */
function removeEmptyDirs(outDir: string, removed: readonly string[]): void {
  const dirs = new Set<string>();
  for (const path of removed) for (const dir of parentsOf(path)) dirs.add(dir);
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    try {
      if (readdirSync(join(outDir, dir)).length === 0) rmdirSync(join(outDir, dir));
    } catch {
      // Already gone.
    }
  }
}

