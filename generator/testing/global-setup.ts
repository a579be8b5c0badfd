/**
 * vitest's global setup: one scratch directory per test run, removed when the run ends. Every
 * test's temporary directory lies in it (testing/tree.ts `tempDir`), and so do the shared
 * full-size sites (testing/committed-site.ts) and the package's small site (testing/small-site.ts).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_SITES_ENV } from './committed-site.js';
import { TEST_SCRATCH_ENV } from './tree.js';

export default async function setup(): Promise<() => Promise<void>> {
  const scratch = await mkdtemp(join(tmpdir(), 'modelpulse-test-run-'));
  const sites = join(scratch, 'shared-sites');
  await mkdir(sites);
  // Forks inherit the environment of the process that starts them, and so do their children.
  process.env[TEST_SCRATCH_ENV] = scratch;
  process.env[SHARED_SITES_ENV] = sites;
  return async () => {
    await rm(scratch, { recursive: true, force: true });
  };
}
