/**
 * vitest's global setup: one scratch directory per test run, removed when the run ends. Every
 * test's temporary directory lies in it (testing/tree.ts `tempDir`), and so do the shared
 * full-size sites (testing/committed-site.ts) and the package's small site (testing/small-site.ts).
 */
import { access, constants, mkdir, mkdtemp, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_SITES_ENV } from './committed-site.js';
import { removeTree } from './remove-tree.js';
import { TEST_SCRATCH_ENV } from './tree.js';

/** Linux's shared-memory tmpfs, where most Linux machines (and GitHub's runners) have one. */
const MEMORY_DIR = '/dev/shm';
/** A run writes about 1.5 GB; the memory directory is used only with room to spare. */
const MEMORY_DIR_MIN_FREE = 4 * 1024 ** 3;

/**
 * Where the run's scratch goes: the memory directory when it is there, writable and roomy, else
 * the system's temporary directory. A run writes and removes about 100,000 small files (sites of
 * 12,400 files, data trees, git repositories); on a disk they cost the suite minutes of waiting on
 * writes and a minute and more to remove, in memory next to nothing.
 */
async function scratchParent(): Promise<string> {
  try {
    await access(MEMORY_DIR, constants.W_OK);
    const { bavail, bsize } = await statfs(MEMORY_DIR);
    if (bavail * bsize >= MEMORY_DIR_MIN_FREE) return MEMORY_DIR;
  } catch {
    // no such directory here, or not ours to write: the disk it is
  }
  return tmpdir();
}

export default async function setup(): Promise<() => Promise<void>> {
  const scratch = await mkdtemp(join(await scratchParent(), 'modelpulse-test-run-'));
  const sites = join(scratch, 'shared-sites');
  await mkdir(sites);
  // Forks inherit the environment of the process that starts them, and so do their children.
  process.env[TEST_SCRATCH_ENV] = scratch;
  process.env[SHARED_SITES_ENV] = sites;
  return async () => {
    await removeTree(scratch);
  };
}
