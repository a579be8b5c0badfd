/**
 * The committed data/ built once per test run and host, shared read-only by every test file that
 * reads the full site (a full build is the slowest thing a test can do; five files used to do it
 * each). vitest's global setup (testing/global-setup.ts) names a directory for this run; the first
 * process to ask for a host builds into it under a lock (an exclusive mkdir), and the others wait
 * for its marker. Outside vitest's setup (no directory named), each call builds a fresh site.
 * Callers give their hooks no time limit: a full build takes what the machine takes. The small
 * site the package's tests read (testing/small-site.ts) is built once per run the same way.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSite } from '../assemble/build-site.js';
import type { Host } from '../host/hosts.js';
import { tempDir } from './tree.js';

/** Set by testing/global-setup.ts for the whole run. */
export const SHARED_SITES_ENV = 'MODELPULSE_TEST_SITES';
const DONE = 'done';
const FAILED = 'failed';

/** Builds `dataDir` (the committed data/ by default) for `host` once into the run's shared directory; returns the publish directory. */
export async function sharedCommittedSite(host: Host, siteUrl: string, dataDir = 'data', root = process.env[SHARED_SITES_ENV]): Promise<string> {
  return builtOnce([resolve(dataDir), host, siteUrl], async (outDir) => void (await buildSite({ store: dataDir, outDir, siteUrl, host })), root);
}

/**
 * Runs `build` into a directory once per test run for one `key` (any JSON), the other processes
 * waiting for it; returns that directory. Outside vitest's setup, each call builds a fresh one.
 */
export async function builtOnce(key: unknown, build: (outDir: string) => Promise<void>, root = process.env[SHARED_SITES_ENV]): Promise<string> {
  if (root === undefined || root === '') {
    const outDir = await tempDir('site');
    await build(outDir);
    return outDir;
  }
  const hash = createHash('sha256').update(JSON.stringify(key)).digest('hex').slice(0, 16);
  const outDir = join(root, hash);
  const marks = join(root, `${hash}.marks`);
  try {
    await mkdir(marks); // the lock: exactly one process creates it
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return waitForBuild(outDir, marks);
  }
  try {
    await build(outDir);
    await writeFile(join(marks, DONE), '');
  } catch (error) {
    await writeFile(join(marks, FAILED), error instanceof Error ? (error.stack ?? error.message) : String(error));
    throw error;
  }
  return outDir;
}

async function waitForBuild(outDir: string, marks: string): Promise<string> {
  // No deadline: the building process either finishes or writes why it failed.
  for (;;) {
    if (existsSync(join(marks, DONE))) return outDir;
    if (existsSync(join(marks, FAILED))) throw new Error(`the shared build of ${outDir} failed in another test process:\n${await readFile(join(marks, FAILED), 'utf8')}`);
    await sleep(250);
  }
}
