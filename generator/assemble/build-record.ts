/**
 * What the last build into an output directory was made from, and what it left there.
 *
 * The build is a pure function of its inputs: the files of data/, the generator's own code, the
 * package's sources (the site publishes the package and its Worker serves the package's MCP
 * tools), the locked dependencies, the Node.js version and the options (site URL, host, size budget). The
 * record (`record.json` in the build's own directory beside the output, assemble/internal-dir.ts:
 * never published) holds their fingerprint, and the inode, size and change time of every file and directory the build owns,
 * with a hash of each file's bytes. Change times cannot be set back by anyone but the kernel, and
 * a directory's changes whenever an entry in it is added, removed or renamed, so equal
 * identities mean the output is exactly as that build left it. Then:
 *  - a rebuild from the same inputs writes nothing and renders nothing (`unchangedBuild`);
 *  - a rebuild from other inputs compares each new file with the recorded hash instead of
 *    reading the old file back (incremental-write.ts).
 * A record that is missing, unreadable or out of date only costs time: the build then compares
 * the files themselves.
 */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInternalDir, internalDir } from './internal-dir.js';

const RECORD_FILE = 'record.json';
const RECORD_VERSION = 3;

const GENERATOR_DIR = fileURLToPath(new URL('..', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../../packages/modelpulse', import.meta.url));
/** The D1 schema of the Worker's monitor, which a Cloudflare build copies beside wrangler.json. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));
type Include = (path: string) => boolean;
const everything: Include = () => true;
/** Code, without tests (no build imports one: editing one neither rebuilds the site nor repacks the package). */
const code: Include = (path) => !path.endsWith('.test.ts');
/** The package's sources: not what its own build writes (dist/, src/generated/). */
const packageSources: Include = (path) => code(path) && path !== 'dist' && path !== 'src/generated';
const LOCK_FILE = fileURLToPath(new URL('../../package-lock.json', import.meta.url));

/** What a build left in the output: path → identity (`ino:size:ctime`) and, for files, the hash of the bytes. */
export interface OutputState {
  files: Record<string, [identity: string, hash: string]>;
  dirs: Record<string, string>;
}

export interface BuildRecord<Report> {
  version: number;
  inputs: string;
  /** Owned names the build did not write (other hosts' files): they must not exist. */
  absent: string[];
  output: OutputState;
  report: Report;
}

/** 128 bits of SHA-256 (of text's UTF-8): enough to tell versions of one file apart, and the record stays small. */
export const contentHash = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('base64').slice(0, 22);

const identityOf = (info: Stats) => `${info.ino}:${info.size}:${info.ctimeMs}`;

/** The identity of what is at `path` now, or null when nothing is. */
export function currentIdentity(path: string): string | null {
  try {
    return identityOf(lstatSync(path));
  } catch {
    return null;
  }
}

/** Every regular file below `root` (links are named, never followed), sorted, into the hash. */
function hashTree(hash: ReturnType<typeof createHash>, root: string, include: Include = everything, rel = ''): void {
  let entries;
  try {
    entries = readdirSync(join(root, rel), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.name === 'node_modules' || !include(path)) continue;
    if (entry.isDirectory()) {
      hashTree(hash, root, include, path);
    } else if (entry.isFile()) {
      const bytes = readFileSync(join(root, path));
      hash.update(`file ${path} ${bytes.length}\n`).update(bytes);
    } else {
      hash.update(`other ${path}\n`);
    }
  }
}

/**
 * The fingerprint of the code a build runs: the generator, the package's sources, the locked
 * dependencies and Node.js (its zlib makes the package's tarball). What the site's tarball of the
 * package is cached by (site-package.ts), and part of every build's input fingerprint.
 */
export function codeFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(`${RECORD_VERSION} ${process.version}\ngenerator\n`);
  hashTree(hash, GENERATOR_DIR, code);
  hash.update('package\n');
  hashTree(hash, PACKAGE_DIR, packageSources);
  hash.update('migrations\n');
  hashTree(hash, MIGRATIONS_DIR);
  hash.update('lock\n');
  try {
    hash.update(readFileSync(LOCK_FILE));
  } catch {
    hash.update('none');
  }
  return hash.digest('hex');
}

/** The fingerprint of everything a build's output depends on. */
export function inputFingerprint(dataDirs: readonly string[], options: object, code = codeFingerprint()): string {
  const hash = createHash('sha256');
  hash.update(`${RECORD_VERSION} ${code} ${JSON.stringify(options)}\n`);
  // data/, and the state directory where the catalog and volatile state live (store/layout.ts).
  for (const dir of dataDirs) {
    hash.update('data\n');
    hashTree(hash, dir);
  }
  return hash.digest('hex');
}

export function readRecord<Report>(outDir: string): BuildRecord<Report> | null {
  try {
    const record = JSON.parse(readFileSync(join(internalDir(outDir), RECORD_FILE), 'utf8')) as BuildRecord<Report>;
    return record.version === RECORD_VERSION ? record : null;
  } catch {
    return null;
  }
}

export function writeRecord<Report>(outDir: string, record: Omit<BuildRecord<Report>, 'version'>): void {
  writeFileSync(join(ensureInternalDir(outDir), RECORD_FILE), JSON.stringify({ version: RECORD_VERSION, ...record }));
}

/** Forgets the record before the output changes: a build killed then must not trust it. */
export function forgetRecord(outDir: string): void {
  rmSync(join(internalDir(outDir), RECORD_FILE), { force: true });
}

/** Whether every file and directory of `state` is in `outDir` exactly as recorded. */
export function outputIntact(outDir: string, state: OutputState): boolean {
  for (const [dir, identity] of Object.entries(state.dirs)) if (currentIdentity(join(outDir, dir)) !== identity) return false;
  for (const [path, [identity]] of Object.entries(state.files)) if (currentIdentity(join(outDir, path)) !== identity) return false;
  return true;
}

/** Whether `outDir` holds, untouched, what the recorded build from `inputs` wrote (and none of the names it left absent). */
export function unchangedBuild<Report>(outDir: string, record: BuildRecord<Report>, inputs: string): boolean {
  if (record.inputs !== inputs) return false;
  if (record.absent.some((name) => currentIdentity(join(outDir, name)) !== null)) return false;
  return outputIntact(outDir, record.output);
}
