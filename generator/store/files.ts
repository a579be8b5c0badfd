import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

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

/** Reads a JSON file; returns `fallback` only when the file does not exist. */
export async function readJsonFile(path: string, fallback: unknown): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new DataFileError(path, 'is not valid JSON', cause);
  }
}

/** A file in data/ that cannot be used as it is; names the file and the problem. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
  constructor(readonly path: string, problem: string, cause?: unknown) {
    super(`${path} ${problem}`, { cause });
  }
}
