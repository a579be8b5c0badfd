import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { findJsonSyntaxError } from '../text/json-syntax.js';

/** Thrown when a computed path would leave the directory it must stay in. */
export class UnsafePathError extends Error {
  override readonly name = 'UnsafePathError';
  constructor(readonly root: string, readonly path: string) {
    super(`refusing to write ${JSON.stringify(path)}: it resolves outside ${root}`);
  }
}

/** Resolves `relativePath` under `root`, refusing anything that escapes it. */
export function resolveInside(root: string, relativePath: string): string {
  const base = resolve(root);
  if (isAbsolute(relativePath) || relativePath.includes('\0')) throw new UnsafePathError(base, relativePath);
  const target = resolve(base, relativePath);
  const rel = relative(base, target);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) throw new UnsafePathError(base, relativePath);
  return target;
}

/**
 * The name of a temporary file: `<target>.<pid>.<8 hex>.tmp`. The pid lets a later run tell a
 * leftover of a killed process from a file another live process is writing right now.
 */
const TEMP_SUFFIX = /\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** Writes via a temporary file in the same directory and a rename, so readers never see half a file. */
export async function writeFileAtomic(path: string, content: string | Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary files writeFileAtomic left below `root` when its process died between
 * write and rename (a SIGKILL, a cancelled CI job): nothing ever reads them, and they would be
 * committed with data/. Files of a process that is still running are left alone; symbolic links
 * are never followed. Returns the removed paths, relative to `root`.
 */
export async function removeStaleTempFiles(root: string): Promise<string[]> {
  const removed: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        const match = TEMP_SUFFIX.exec(entry.name);
        if (match !== null && !processAlive(Number(match[1]))) {
          await rm(path, { force: true });
          removed.push(relative(root, path));
        }
      }
    }
  };
  await walk(root);
  return removed.sort();
}

/**
 * Reads a file of data/ as text, only when it is a regular file. A symbolic link is refused
 * without being followed (data/ is committed and restored from elsewhere: a link could make the
 * build read, and an error message print, any file of the machine), and so are directories,
 * devices, FIFOs and sockets. Returns null when the file does not exist.
 */
export async function readRegularFile(path: string): Promise<string | null> {
  let info;
  try {
    info = await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (info.isSymbolicLink()) throw new DataFileError(path, 'is a symbolic link: data/ holds regular files only (the link was not followed)');
  if (!info.isFile()) throw new DataFileError(path, 'is not a regular file: data/ holds regular files only');
  // O_NOFOLLOW: a link swapped in after the check above is refused by the kernel, not followed.
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new DataFileError(path, 'is a symbolic link: data/ holds regular files only (the link was not followed)');
    throw error;
  }
  try {
    if (!(await handle.stat()).isFile()) throw new DataFileError(path, 'is not a regular file: data/ holds regular files only');
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * The files below `root/subdir` whose names end in `suffix`, exactly `depth` directory levels
 * down (1: `subdir/x.json`, 2: `subdir/a/x.json`), as paths relative to `root`, sorted. Like
 * readRegularFile it refuses (DataFileError naming the entry) a symbolic link or any other
 * non-regular entry on the way, so a linked directory cannot bring files from elsewhere into
 * data/. `root` itself may be a link (`--data-dir` is the user's choice). A missing `subdir` is
 * empty.
 */
export async function listDataFiles(root: string, subdir: string, depth: number, suffix: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string, level: number): Promise<void> => {
    const dir = join(root, rel);
    const info = await lstat(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && level === 0) return null;
      throw error;
    });
    if (info === null) return;
    if (info.isSymbolicLink()) throw new DataFileError(dir, 'is a symbolic link: data/ holds regular files only (the link was not followed)');
    if (!info.isDirectory()) throw new DataFileError(dir, 'is not a directory');
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      // Hidden entries (an editor's swap file) are not data, as with a glob.
      if (entry.name.startsWith('.')) continue;
      const path = join(rel, entry.name);
      if (level + 1 < depth) {
        if (entry.isDirectory() || entry.isSymbolicLink()) await walk(path, level + 1);
        continue;
      }
      if (!entry.name.endsWith(suffix)) continue;
      if (entry.isSymbolicLink()) throw new DataFileError(join(root, path), 'is a symbolic link: data/ holds regular files only (the link was not followed)');
      if (!entry.isFile()) throw new DataFileError(join(root, path), 'is not a regular file: data/ holds regular files only');
      found.push(path.split(sep).join('/'));
    }
  };
  await walk(subdir, 0);
  return found.sort();
}

/**
 * Reads a JSON file of data/; returns `fallback` only when the file does not exist. A file that is
 * not JSON is named with the line and column of the first error and what is wrong there, never
 * with its content (JSON.parse's own message quotes it, so it is not kept as the cause).
 */
export async function readJsonFile(path: string, fallback: unknown): Promise<unknown> {
  const text = await readRegularFile(path);
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const where = findJsonSyntaxError(text);
    if (where === null) throw new DataFileError(path, 'is not valid JSON');
    throw new DataFileError(path, `is not valid JSON (${where.problem})`, undefined, { line: where.line, column: where.column });
  }
}

/** A file in data/ that cannot be used as it is; names the file (`path:line:column` where known) and the problem. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
  constructor(
    readonly path: string,
    problem: string,
    cause?: unknown,
    readonly position?: { line: number; column: number },
  ) {
    super(`${position === undefined ? path : `${path}:${position.line}:${position.column}`} ${problem}`, { cause });
  }
}
