import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orModel } from '../sources/openrouter/fixtures.js';
import { INTERNAL_ROOT } from '../assemble/internal-dir.js';
import { sharedCommittedSite } from './committed-site.js';
import { seedCatalog } from './seed.js';
import { tempDir, treeIdentities } from './tree.js';

const SITE = 'https://modelpulse.test';

async function smallData(): Promise<string> {
  const dataDir = await tempDir('shared-data');
  await seedCatalog(dataDir, [orModel({ id: 'openai/gpt-test', prompt: '0.000001', completion: '0.000002' })], '2026-08-01T00:00:00Z');
  return dataDir;
}

describe('the shared full-size site of a test run', () => {
  it('is built once for concurrent callers, who all get the same directory, and not again later', async () => {
    const [dataDir, root] = await Promise.all([smallData(), tempDir('shared-root')]);
    const dirs = await Promise.all([1, 2, 3].map(() => sharedCommittedSite('netlify', SITE, dataDir, root)));
    expect(new Set(dirs).size).toBe(1);
    const before = await treeIdentities(dirs[0]!);
    expect(before.has('api/v1/models/openai/gpt-test.json')).toBe(true);
    // A later caller waits for nothing and writes nothing.
    expect(await sharedCommittedSite('netlify', SITE, dataDir, root)).toBe(dirs[0]);
    expect(await treeIdentities(dirs[0]!)).toEqual(before);
    // Another host is another site.
    expect(await sharedCommittedSite('cloudflare', SITE, dataDir, root)).not.toBe(dirs[0]);
    // Two sites and their marks, beside the builds' own directory (assemble/internal-dir.ts).
    expect((await readdir(root)).filter((name) => name !== INTERNAL_ROOT).length).toBe(4);
  });

  it('fails for every caller when the build fails, with the builder\'s reason', async () => {
    const [dataDir, root] = await Promise.all([smallData(), tempDir('shared-root')]);
    await writeFile(join(dataDir, 'overrides.json'), '{ not json');
    const results = await Promise.allSettled([1, 2].map(() => sharedCommittedSite('netlify', SITE, dataDir, root)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const reasons = results.map((r) => String((r as PromiseRejectedResult).reason));
    expect(reasons[1]).toMatch(/failed in another test process/);
    expect(reasons[1]).toContain('overrides.json');
  });
});
