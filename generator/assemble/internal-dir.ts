/**
 * Where the build keeps what it needs between builds and never publishes: beside the output
 * directory, never in it. `public/` is the site and nothing else (every host uploads all of it:
 * Netlify's publish directory, the GitHub Pages artifact, Cloudflare's assets with hidden files),
 * so the record of the last build and the staging area of a write in progress live in
 * `<parent>/.modelpulse-build/<name of the output>/`. A sibling, not a cache directory elsewhere:
 * the write renames files between the two, which is atomic only within one file system.
 * Earlier versions kept both inside the output; `LEGACY_INTERNAL_NAMES` are what they left there.
 */
import { mkdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

import { INTERNAL_ROOT } from '../host/hosts.js';

export { INTERNAL_ROOT, LEGACY_INTERNAL_NAMES } from '../host/hosts.js';

/** The build's own directory for the output `outDir` (not created). */
export function internalDir(outDir: string): string {
  const absolute = resolve(outDir);
  const name = basename(absolute);
  if (name === '') throw new Error(`refusing to build into ${absolute}: the output must be a directory below another one (its build record lives beside it)`);
  return join(dirname(absolute), INTERNAL_ROOT, name);
}


/** The build's directory could not sit on the output's file system: no atomic replacement possible. */
export class InternalDirError extends Error {
  override readonly name = 'InternalDirError';
}

/**
 * Creates the build's directory for `outDir` (which must exist) and checks that it shares the
 * output's file system: a mounted output (a volume at public/) would make every rename a copy.
 */
export function ensureInternalDir(outDir: string): string {
  const dir = internalDir(outDir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new InternalDirError(`the build keeps its record and staging area in ${dir}, beside the output, and cannot create it: ${(error as Error).message}`, { cause: error });
  }
  if (statSync(dir).dev !== statSync(outDir).dev) {
    throw new InternalDirError(`${dir} (the build's record and staging area) is on another file system than ${resolve(outDir)}, so files cannot be replaced atomically: build into a directory below the mount point instead`);
  }
  return dir;
}
