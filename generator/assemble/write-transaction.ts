/**
 * The transaction of a write into an output directory (incremental-write.ts has the whole story):
 * where it lives (beside the output), its journal, the lock, and how a failed or killed write is
 * undone, by the failing build or the next one.
 */
import { lstatSync, mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInternalDir, internalDir, LEGACY_INTERNAL_NAMES } from './internal-dir.js';

/** The staging area and journal of a write into `outDir` in progress (beside it, never in it). */
export const transactionDir = (outDir: string) => join(internalDir(outDir), 'transaction');
/** Where a build of an earlier version staged its write: inside the output. */
const legacyTransactionDir = (outDir: string) => join(outDir, '.build-transaction');
export const JOURNAL = 'journal.json';
export const COMMITTED = 'committed';
/** The pid of the build that owns the transaction, written first. */
export const OWNER = 'owner';

/** Another build is writing into the same output directory right now. */
export class OutputBusyError extends Error {
  override readonly name = 'OutputBusyError';
}

export interface Journal {
  pid: number;
  /** Directories created for new files, parents first. */
  newDirs: string[];
  /** Top-level directories that did not exist: staged whole in `tree/<name>` and renamed in. */
  trees: string[];
  /** Entries that are not regular files where the build needs a file or a directory: moved aside first. */
  blocking: string[];
  /** Files written, in order; `existed`: a previous version is backed up in `old/<index>`. */
  writes: Array<{ path: string; existed: boolean }>;
  /** Files no longer produced: moved to `old/r<index>`. */
  removals: string[];
}

/**
 * Segments that are not empty, `.` or `..` and hold no NUL, joined by `/`; dot names only at the
 * top (a host's `.assetsignore`), and never the build's own.
 */
const SEGMENT = '(?!\\.\\.?(?:/|$))[^/\\0]+';
const SAFE_PATH = new RegExp(`^${SEGMENT}(?:/(?!\\.)${SEGMENT})*$`);
/** What earlier versions kept in the output: never a file of the site. */
const RESERVED: ReadonlySet<string> = new Set(LEGACY_INTERNAL_NAMES);

/** Whether the build may write `path` (relative to the output): it cannot leave the output, nor be an internal name. */
export function isSitePath(path: string): boolean {
  return SAFE_PATH.test(path) && !RESERVED.has(path.split('/')[0]!);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export const exists = (path: string) => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

/** Opens a write's transaction: mkdir is the lock, so a second build finds it (and its owner) and stops. */
export function openTransaction(outDir: string): string {
  const transaction = join(ensureInternalDir(outDir), 'transaction');
  mkdirSync(transaction);
  writeFileSync(join(transaction, OWNER), String(process.pid));
  return transaction;
}

/**
 * Undoes whatever part of `journal` was applied, judged from what the transaction directory
 * still holds, so it works in the failing process and after a kill alike.
 */
export function rollBack(outDir: string, transaction: string, journal: Journal): void {
  const old = (name: string) => join(transaction, 'old', name);
  journal.removals.forEach((path, index) => {
    if (exists(old(`r${index}`))) renameSync(old(`r${index}`), join(outDir, path));
  });
  journal.writes.forEach(({ path, existed }, index) => {
    if (journal.trees.includes(path.split('/')[0]!)) return;
    if (existed) {
      if (exists(old(String(index)))) renameSync(old(String(index)), join(outDir, path));
    } else if (!exists(join(transaction, 'new', String(index)))) {
      rmSync(join(outDir, path), { force: true });
    }
  });
  for (const name of journal.trees) if (!exists(join(transaction, 'tree', name))) rmSync(join(outDir, name), { recursive: true, force: true });
  for (const dir of [...journal.newDirs].reverse()) {
    try {
      rmdirSync(join(outDir, dir));
    } catch {
      // Not there (never made) or not empty (cannot happen once the files above are gone).
    }
  }
  journal.blocking.forEach((path, index) => {
    if (exists(old(`b${index}`))) renameSync(old(`b${index}`), join(outDir, path));
  });
}

/**
 * Finishes what a killed build left: restores the previous output from its journal (or just
 * removes the transaction when it had committed, or had not touched the output yet). Refuses
 * while the build that owns the transaction is still running.
 */
export function recoverInterruptedWrite(outDir: string): 'none' | 'rolled-back' | 'cleaned' {
  // An earlier version's transaction (inside the output) first: the same journal, another place.
  const legacy = recoverTransaction(outDir, legacyTransactionDir(outDir));
  const current = recoverTransaction(outDir, transactionDir(outDir));
  return current !== 'none' ? current : legacy;
}

/** Whether a write into `outDir` was left unfinished (its record cannot be trusted then). */
export function interruptedWrite(outDir: string): boolean {
  return exists(transactionDir(outDir)) || exists(legacyTransactionDir(outDir));
}

function recoverTransaction(outDir: string, transaction: string): 'none' | 'rolled-back' | 'cleaned' {
  if (!exists(transaction)) return 'none';
  const owner = Number(readOr(join(transaction, OWNER), ''));
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner)) {
    throw new OutputBusyError(`another build (process ${owner}) is writing ${outDir}; try again when it has finished`);
  }
  let journal: Journal | null;
  try {
    journal = JSON.parse(readFileSync(join(transaction, JOURNAL), 'utf8')) as Journal;
  } catch {
    // Killed before the journal was complete: the output was not touched yet.
    journal = null;
  }
  if (journal === null || exists(join(transaction, COMMITTED))) {
    rmSync(transaction, { recursive: true, force: true });
    return 'cleaned';
  }
  rollBack(outDir, transaction, journal);
  rmSync(transaction, { recursive: true, force: true });
  return 'rolled-back';
}

export function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fallback;
  }
}
