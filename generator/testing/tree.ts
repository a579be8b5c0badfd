import fg from 'fast-glob';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A map of every file below `dir` (relative path → sha256), to compare trees byte for byte.
 */
export async function hashTree(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const hashes = new Map<string, string>();
  // Synchronous reads: thousands of small files read much faster without a trip through the thread pool.
  for (const file of files) hashes.set(file, createHash('sha256').update(readFileSync(join(dir, file))).digest('hex'));
  return hashes;
}

export function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `modelpulse-${prefix}-`));
}

/**
 * Every file below `dir` (relative path → inode, size and modification time): equal maps mean
 * no file was written, removed or added, which is cheaper to check than the bytes and stricter.
 */
export async function treeIdentities(dir: string): Promise<Map<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true, stats: true })).sort((a, b) => (a.path < b.path ? -1 : 1));
  return new Map(files.map((f) => [f.path, `${f.stats!.ino}:${f.stats!.size}:${f.stats!.mtimeMs}`]));
}

let sharedOut: Promise<string> | undefined;

/**
 * One output directory for every build of a test file (each file runs in a process of its own).
 * A build leaves exactly its own site whatever the directory held, writing only the files that
 * differ, so tests that build different data one after the other share it, and a build of a
 * handful of models costs its render, not 16,000 new files on disk.
 */
export function sharedOutDir(): Promise<string> {
  sharedOut ??= tempDir('shared-site');
  return sharedOut;
}
