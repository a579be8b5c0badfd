/**
 * vitest's global setup: one directory per test run for the shared full-size sites
 * (testing/committed-site.ts) and the package's small site (testing/small-site.ts), removed when
 * the run ends.
 */
import { rm } from 'node:fs/promises';
import { SHARED_SITES_ENV } from './committed-site.js';
import { tempDir } from './tree.js';

export default async function setup(): Promise<() => Promise<void>> {
  const root = await tempDir('shared-sites');
  // Forks inherit the environment of the process that starts them.
  process.env[SHARED_SITES_ENV] = root;
  return async () => {
    await rm(root, { recursive: true, force: true });
  };
}
