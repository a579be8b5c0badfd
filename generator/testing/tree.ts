import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A map of every file below `dir` (relative path → sha256), to compare trees byte for byte. */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const hashes = new Map<string, string>();
  for (const file of files) hashes.set(file, createHash('sha256').update(await readFile(join(dir, file))).digest('hex'));
  return hashes;
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `modelpulse-${prefix}-`));
}
