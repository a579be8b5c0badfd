import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A map of every file below `dir` (relative path → sha256), to compare trees byte for byte.
 */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const hashes = new Map<string, string>();
  // Synchronous reads: thousands of small files read much faster without a trip through the thread pool.
  for (const file of files) hashes.set(file, createHash('sha256').update(readFileSync(join(dir, file))).digest('hex'));
  return hashes;
}

/** Set by testing/global-setup.ts: the run's own scratch directory, removed when the run ends. */
export const TEST_SCRATCH_ENV = 'MODELPULSE_TEST_SCRATCH';

/**
 * A new empty directory for a test. Under vitest it lies in the run's scratch directory, which the
 * global setup removes when the run ends (a run writes about 1.5 GB of sites and data; left in the
 * system's temporary directory, runs filled the disk, and a full disk made every build slower).
 * Child processes inherit the variable, so their directories go there too. Outside vitest (the
 * bench, a script) it is the system's temporary directory.
 */
export function tempDir(prefix: string): Promise<string> {
  const root = process.env[TEST_SCRATCH_ENV];
  return mkdtemp(join(root === undefined || root === '' ? tmpdir() : root, `modelpulse-${prefix}-`));
}

/**
 * A directory of the run's scratch that the run's files share for what they may reuse (a
 * migrated local D1), named `name`; none outside vitest, where nothing is kept between runs.
 */
export function runCacheDir(name: string): string | undefined {
  const root = process.env[TEST_SCRATCH_ENV];
  return root === undefined || root === '' ? undefined : join(root, 'cache', name);
}

/**
 * Every file below `dir` (relative path → inode, size and modification time): equal maps mean
 * no file was written, removed or added, which is cheaper to check than the bytes and stricter.
 */
export async function treeIdentities(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true, stats: true })).sort((a, b) => (a.path < b.path ? -1 : 1));
  return new Map(files.map((f) => [f.path, `${f.stats!.ino}:${f.stats!.size}:${f.stats!.mtimeMs}`]));
}
