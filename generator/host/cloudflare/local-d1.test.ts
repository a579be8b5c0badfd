import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/tree.js';
import { localD1Digest, migrateLocalD1 } from './local-d1.js';

/** A site's migrations and config as the Cloudflare build writes them (migrations/, wrangler.json's d1_databases). */
async function site(migrations: Record<string, string>, database: Record<string, unknown> = { binding: 'STATUS_DB', database_name: 'modelpulse-status' }): Promise<{ migrationsDir: string; config: string }> {
  const dir = await tempDir('local-d1-site');
  await mkdir(join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(migrations)) await writeFile(join(dir, 'migrations', name), sql);
  await writeFile(join(dir, 'wrangler.json'), JSON.stringify({ d1_databases: [{ ...database, migrations_dir: join(dir, 'migrations') }] }));
  return { migrationsDir: join(dir, 'migrations'), config: join(dir, 'wrangler.json') };
}

const SCHEMA = { '0001_status.sql': 'CREATE TABLE runs (at INTEGER);\n', '0002_sweep.sql': 'CREATE TABLE sweep (id TEXT);\n' };

describe('the local D1 of a dev server', () => {
  it('names a migrated D1 by its migrations, its database and the tool, not by where the site lies', async () => {
    const [a, b] = await Promise.all([site(SCHEMA), site(SCHEMA)]);
    const digest = await localD1Digest(a.migrationsDir, a.config, 'wrangler 4.86.0');
    expect(await localD1Digest(b.migrationsDir, b.config, 'wrangler 4.86.0')).toBe(digest);
    expect(await localD1Digest(b.migrationsDir, b.config, 'wrangler 4.87.0')).not.toBe(digest);
    const changed = await site({ ...SCHEMA, '0002_sweep.sql': 'CREATE TABLE sweep (id TEXT, at INTEGER);\n' });
    expect(await localD1Digest(changed.migrationsDir, changed.config, 'wrangler 4.86.0')).not.toBe(digest);
    const added = await site({ ...SCHEMA, '0003_more.sql': 'CREATE TABLE more (x);\n' });
    expect(await localD1Digest(added.migrationsDir, added.config, 'wrangler 4.86.0')).not.toBe(digest);
    const another = await site(SCHEMA, { binding: 'STATUS_DB', database_name: 'modelpulse-status', database_id: 'abc' });
    expect(await localD1Digest(another.migrationsDir, another.config, 'wrangler 4.86.0')).not.toBe(digest);
  });

  it('applies the migrations once, then copies the migrated D1; other migrations are applied anew', async () => {
    const cache = join(await tempDir('local-d1-cache'), 'kept');
    let applied = 0;
    // Stands in for `wrangler d1 migrations apply` (the Cloudflare tests run the real one): it writes the persisted state.
    const start = async (migrations: { migrationsDir: string; config: string }) => {
      const persist = join(await tempDir('local-d1-persist'), 'state');
      const apply = async () => {
        applied += 1;
        await mkdir(join(persist, 'v3/d1'), { recursive: true });
        await writeFile(join(persist, 'v3/d1/db.sqlite'), `migrated ${(await readdir(migrations.migrationsDir)).join(',')}`);
      };
      const how = await migrateLocalD1({ ...migrations, persist, cache, apply, versionTag: 'wrangler 4.86.0' });
      return { how, persist };
    };
    const first = await start(await site(SCHEMA));
    const second = await start(await site(SCHEMA));
    expect([first.how, second.how, applied]).toEqual(['applied', 'copied', 1]);
    expect(await readFile(join(second.persist, 'v3/d1/db.sqlite'), 'utf8')).toBe('migrated 0001_status.sql,0002_sweep.sql');
    const other = await start(await site({ ...SCHEMA, '0003_more.sql': 'CREATE TABLE more (x);\n' }));
    expect([other.how, applied]).toEqual(['applied', 2]);
    expect(await readFile(join(other.persist, 'v3/d1/db.sqlite'), 'utf8')).toBe('migrated 0001_status.sql,0002_sweep.sql,0003_more.sql');
    // Only the kept D1s are left in the cache: no staged copy.
    expect((await readdir(cache)).every((name) => /^d1-[0-9a-f]{32}$/.test(name))).toBe(true);
    expect(await readdir(cache)).toHaveLength(2);
  });

  it('applies every time without a cache, and does nothing for a site without migrations', async () => {
    let applied = 0;
    const apply = async () => void (applied += 1);
    const migrations = await site(SCHEMA);
    const persist = await tempDir('local-d1-persist');
    expect(await migrateLocalD1({ ...migrations, persist, cache: undefined, apply, versionTag: 'w' })).toBe('applied');
    expect(await migrateLocalD1({ ...migrations, persist, cache: undefined, apply, versionTag: 'w' })).toBe('applied');
    expect(await migrateLocalD1({ ...migrations, migrationsDir: join(persist, 'none'), persist, cache: undefined, apply, versionTag: 'w' })).toBe('none');
    expect(applied).toBe(2);
  });
});
