/**
 * The `modelpulse` package as the site publishes it, `/modelpulse.tgz` (docs/development.md,
 * "The package on the site"): the package's own build (packages/modelpulse/scripts/build.ts,
 * run in a child process, beside the rendering) into a temporary directory, then exactly the
 * files `npm pack` takes (package.json and its `files`), packed deterministically (tarball.ts).
 *
 * Building the package takes seconds (bundles, and types through the TypeScript compiler), and its
 * inputs change only with the code: the tarball is kept in node_modules/.cache/, named by the code
 * fingerprint (the generator, the package's sources, the lock file and Node.js, build-record.ts).
 * A build whose code did not change reads it back. Several builds at once (test processes) pack
 * once: the first takes a lock (an exclusive mkdir holding its pid), the others wait for its file,
 * and take the lock over from a process that died holding it.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { packTarball, type TarEntry } from './tarball.js';

const PACKAGE_DIR = fileURLToPath(new URL('../../packages/modelpulse/', import.meta.url));
const BUILD_SCRIPT = join(PACKAGE_DIR, 'scripts/build.ts');
const DEFAULT_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/modelpulse-package/', import.meta.url));

/** The package could not be built or packed: the site's build fails and writes nothing. */
export class PackageBuildError extends Error {
  override readonly name = 'PackageBuildError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

async function runPackageBuild(dist: string): Promise<void> {
  const tsx = import.meta.resolve('tsx');
  const child = spawn(process.execPath, ['--import', tsx, BUILD_SCRIPT, '--dist', dist], { cwd: PACKAGE_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new PackageBuildError(`the modelpulse package did not build (exit ${code}): ${output.trim().split('\n').slice(-15).join('\n')}`);
}

async function filesBelow(root: string, rel: string): Promise<string[]> {
  const info = await stat(join(root, rel));
  if (!info.isDirectory()) return [rel];
  const names = (await readdir(join(root, rel))).sort();
  return (await Promise.all(names.map((name) => filesBelow(root, `${rel}/${name}`)))).flat();
}

/** What `npm pack` takes: package.json and every path of its `files` (dist from the build in `work`). */
async function packageEntries(work: string): Promise<TarEntry[]> {
  const manifestText = await readFile(join(PACKAGE_DIR, 'package.json'));
  const manifest = JSON.parse(manifestText.toString('utf8')) as { files: string[]; bin?: Record<string, string> };
  const executables = new Set(Object.values(manifest.bin ?? {}).map((path) => path.replace(/^\.\//, '')));
  const entries: TarEntry[] = [{ path: 'package.json', bytes: manifestText, executable: false }];
  for (const listed of manifest.files) {
    if (listed !== 'dist' && listed.startsWith('dist')) throw new PackageBuildError(`package.json files: list "dist" whole, not ${listed}`);
    const root = listed === 'dist' ? work : PACKAGE_DIR;
    for (const path of await filesBelow(root, listed)) entries.push({ path, bytes: await readFile(join(root, path)), executable: executables.has(path) });
  }
  return entries;
}

/**
 * Packs the package as the site does, its dist/ from the build in `work` (a build's parent
 * directory: packages/modelpulse/ after `npm run build` or `npm pack` there).
 */
export async function packBuiltPackage(work: string): Promise<Buffer> {
  return packTarball(await packageEntries(work));
}

/** Builds the package into a temporary directory and packs it. */
export async function packSitePackage(): Promise<Buffer> {
  const work = await mkdtemp(join(tmpdir(), 'modelpulse-package-'));
  try {
    await runPackageBuild(join(work, 'dist'));
    return await packBuiltPackage(work);
  } catch (error) {
    throw error instanceof PackageBuildError ? error : new PackageBuildError(`the modelpulse package could not be packed: ${(error as Error).message}`, { cause: error });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A lock whose holder died (or died before it wrote its pid, a minute ago). */
async function abandoned(lock: string): Promise<boolean> {
  const holder = Number(await readFile(join(lock, 'pid'), 'utf8').catch(() => 'NaN'));
  if (Number.isInteger(holder)) return !alive(holder);
  const since = await stat(lock).then((info) => Date.now() - info.mtimeMs, () => 0);
  return since > 60_000;
}

/** Keeps the newest tarballs: the cache does not grow with every change of the code. */
async function pruneCache(cacheDir: string, keep = 8): Promise<void> {
  const names = (await readdir(cacheDir)).filter((name) => name.endsWith('.tgz'));
  const dated = await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(cacheDir, name)).catch(() => null))?.mtimeMs ?? 0 })));
  for (const { name } of dated.sort((a, b) => b.at - a.at).slice(keep)) await rm(join(cacheDir, name), { force: true });
}

/** The tarball for code `fingerprint`: from the cache, else packed once (under the lock) and kept. */
export async function sitePackageTarball(fingerprint: string, cacheDir = DEFAULT_CACHE_DIR): Promise<Buffer> {
  const file = join(cacheDir, `${fingerprint}.tgz`);
  const lock = join(cacheDir, `${fingerprint}.lock`);
  await mkdir(cacheDir, { recursive: true });
  for (;;) {
    const kept = await readFile(file).catch(() => null);
    if (kept !== null) return kept;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await abandoned(lock)) await rm(lock, { recursive: true, force: true });
      else await sleep(200);
      continue;
    }
    try {
      await writeFile(join(lock, 'pid'), String(process.pid));
      const tarball = await packSitePackage();
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, tarball);
      await rename(temp, file);
      await pruneCache(cacheDir);
      return tarball;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/** Whether the cache holds the tarball of `fingerprint` (for the bench). */
export const cachedSitePackage = (fingerprint: string, cacheDir = DEFAULT_CACHE_DIR) => existsSync(join(cacheDir, `${fingerprint}.tgz`));
