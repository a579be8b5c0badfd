/**
 * /modelpulse.tgz: the same bytes for the same package, whatever else changes; a failed pack fails
 * the build, which then writes nothing. (package.test.ts installs it from a served site, and packs
 * a fresh build of the package to the same bytes.)
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { orModel } from '../sources/openrouter/fixtures.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir, treeIdentities } from '../testing/tree.js';
import { codeFingerprint } from './build-record.js';
import { buildSite } from './build-site.js';
import { PackageBuildError, sitePackageTarball } from './site-package.js';
import { PACKAGE_TARBALL } from '../host/hosts.js';

const SITE = 'https://modelpulse.test';
const models = (price: string) => [
  orModel({ id: 'openai/gpt-test', prompt: price, completion: '0.00001', intelligence_index: 55 }),
  orModel({ id: 'google/gemma-test', prompt: '0.0000001', completion: '0.0000003', intelligence_index: 30 }),
];

let dataDir: string;
let out: string;
beforeAll(async () => {
  dataDir = await tempDir('package-data');
  await seedCatalog(dataDir, models('0.000003'), '2026-08-01T00:00:00Z');
  out = await tempDir('package-site');
  await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
}, 600_000); // the first build of a run packs the package: it takes what the machine takes

describe('the package on the site', () => {
  // That a fresh build of the same code packs to the same bytes is checked where the package is
  // built again anyway, by `npm pack` (packages/modelpulse/src/package.test.ts): one build fewer.
  it('publishes the tarball kept for its code', async () => {
    const published = await readFile(join(out, PACKAGE_TARBALL));
    // As latin1 text (one character a byte: exact): toEqual walks a Buffer byte by byte, for seconds.
    expect((await sitePackageTarball(codeFingerprint())).toString('latin1')).toBe(published.toString('latin1'));
  }, 600_000);

  it('keeps its bytes and its file when the data changes, and is rewritten by no rebuild', async () => {
    const path = join(out, PACKAGE_TARBALL);
    const [bytes, before] = await Promise.all([readFile(path), stat(path)]);
    const previous = await seedCatalog(dataDir, models('0.000003'), '2026-08-01T00:00:00Z');
    await seedCatalog(dataDir, models('0.0000025'), '2026-08-02T00:00:00Z', previous);
    const report = await buildSite({ store: dataDir, outDir: out, siteUrl: SITE });
    expect(report.written.written, 'the price change rewrote files').toBeGreaterThan(0);
    const after = await stat(path);
    expect([after.ino, after.ctimeMs]).toEqual([before.ino, before.ctimeMs]);
    expect((await readFile(path)).toString('latin1')).toBe(bytes.toString('latin1'));
  });

  it('fails the build when it cannot be packed, and the build writes nothing', async () => {
    const before = await treeIdentities(out);
    const failing = () => Promise.reject(new PackageBuildError('the modelpulse package did not build (exit 1): esbuild: no such file'));
    // Another site URL: every response would change, had the build gone on.
    await expect(buildSite({ store: dataDir, outDir: out, siteUrl: 'https://other.test', packageTarball: failing })).rejects.toThrow(PackageBuildError);
    expect(await treeIdentities(out)).toEqual(before);
  });

  it('is packed once by builds at once: the others wait for the holder of the lock and read its tarball', async () => {
    const cacheDir = await tempDir('package-cache');
    const fingerprint = 'f'.repeat(64);
    await mkdir(join(cacheDir, `${fingerprint}.lock`));
    await writeFile(join(cacheDir, `${fingerprint}.lock`, 'pid'), String(process.pid));
    const waiting = sitePackageTarball(fingerprint, cacheDir);
    await sleep(500);
    await writeFile(join(cacheDir, `${fingerprint}.tgz`), 'packed by the holder');
    expect((await waiting).toString()).toBe('packed by the holder');
  });
});
