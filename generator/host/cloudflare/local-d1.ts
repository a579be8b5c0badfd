/**
 * The local D1 a `wrangler dev` runs against, with the site's migrations applied. Applying them
 * is a wrangler command of its own (about 3.5 s of CPU: wrangler's CLI and a workerd start), the
 * same for every site of one build's code, so a migrated D1 may be kept in a cache directory by a
 * digest of what made it and copied for the next start.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

export interface LocalD1Inputs {
  /** The site's migrations (no such directory: nothing to apply). */
  migrationsDir: string;
  /** The wrangler config the dev server runs: its `d1_databases` name the local database. */
  config: string;
  /** The dev server's `--persist-to` directory. */
  persist: string;
  /** Where migrated D1s are kept; none: always apply. */
  cache: string | undefined;
  /** Applies the migrations into `persist` (wrangler's own command). */
  apply: () => Promise<void>;
  /** Names the tool that applies them (wrangler's version): another version, another D1. */
  versionTag: string;
}

/** What a migrated local D1 is made of: the migrations' names and bytes, the D1 databases configured (not where their migrations lie), the tool's version. */
export async function localD1Digest(migrationsDir: string, config: string, versionTag: string): Promise<string> {
  const hash = createHash('sha256').update(`${versionTag}\n`);
  const databases = (JSON.parse(await readFile(config, 'utf8')) as { d1_databases?: Array<Record<string, unknown>> }).d1_databases ?? [];
  hash.update(JSON.stringify(databases.map(({ migrations_dir: _where, ...database }) => database)));
  for (const name of (await readdir(migrationsDir)).sort()) hash.update(`\n${name}\n`).update(await readFile(join(migrationsDir, name)));
  return hash.digest('hex').slice(0, 32);
}

/**
 * Applies the migrations into `persist`, or copies the same D1 migrated before. Another process
 * may keep one of the same digest at once: each stages its copy under a name of its own and the
 * first rename wins. Returns how the D1 was made.
 */
export async function migrateLocalD1(inputs: LocalD1Inputs): Promise<'none' | 'applied' | 'copied'> {
  if (!existsSync(inputs.migrationsDir)) return 'none';
  if (inputs.cache === undefined) {
    await inputs.apply();
    return 'applied';
  }
  const kept = join(inputs.cache, `d1-${await localD1Digest(inputs.migrationsDir, inputs.config, inputs.versionTag)}`);
  if (existsSync(kept)) {
    try {
      await cp(kept, inputs.persist, { recursive: true });
      return 'copied';
    } catch {
      // A copy that failed half way is no D1: start again from nothing, as without a cache.
      await rm(inputs.persist, { recursive: true, force: true });
    }
  }
  await inputs.apply();
  // Keeping it is a saving, never a condition of the start: a failure leaves no staged copy behind.
  const staged = `${kept}.${randomUUID()}`;
  try {
    await mkdir(inputs.cache, { recursive: true });
    await cp(inputs.persist, staged, { recursive: true });
    await rename(staged, kept);
  } catch {
    // Another process kept the same D1 first (the rename found it there), or the cache's disk is full.
    await rm(staged, { recursive: true, force: true });
  }
  return 'applied';
}
