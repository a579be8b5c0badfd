import { lstat, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orModel } from '../sources/openrouter/fixtures.js';
import { seedCatalog } from '../testing/seed.js';
import { hashTree, tempDir } from '../testing/tree.js';
import { saveContentState } from './content-store.js';
import { loadDataset } from './data-store.js';
import { DATA_FILES } from './layout.js';
import { assertStatePrepared, prepareStateDir, StateFormatError, StateNotPreparedError } from './state-dir.js';
import { DataStore } from './store.js';

const SNAPSHOT_RUN = '2026-09-01T00:07:00Z';
const NOW = '2026-09-02T00:07:00Z';

/** Main's data/: two models, a services registry and content times, as a snapshot commits them. */
async function mainData(): Promise<{ dataDir: string; stateDir: string }> {
  const dir = await tempDir('state-dir');
  const dataDir = join(dir, 'data');
  await seedCatalog(dataDir, [orModel({ id: 'a/one', prompt: '0.000001', completion: '0.000002' }), orModel({ id: 'b/two', prompt: '0.000003', completion: '0.000004' })], SNAPSHOT_RUN);
  await writeFile(join(dataDir, DATA_FILES.services), '[]\n');
  await saveContentState(dataDir, { last_run_at: SNAPSHOT_RUN, as_of: SNAPSHOT_RUN, files: {} });
  return { dataDir, stateDir: join(dir, 'state') };
}

describe('the state directory', () => {
  it('is rebuilt from main snapshot when missing, says so, and leaves main untouched', async () => {
    const { dataDir, stateDir } = await mainData();
    const before = await hashTree(dataDir);
    const store = new DataStore(dataDir, stateDir);
    await expect(assertStatePrepared(store)).rejects.toThrow(StateNotPreparedError);
    const prepared = await prepareStateDir(store, NOW);
    expect(prepared.rebuilt).toBe(true);
    expect(prepared.notes[0]).toMatch(/could not be used: it holds no state\. Rebuilt it from main's snapshot .* \(run 2026-09-01T00:07:00Z\)/);
    expect([...(await loadDataset(store)).models.keys()].sort()).toEqual(['a/one', 'b/two']);
    // Curated files are never copied: they are read from main.
    expect(Object.keys(Object.fromEntries(await hashTree(stateDir))).sort()).toEqual(['models/a/one.json', 'models/b/two.json', 'sources.json', 'state/content-freshness.json', 'state/store.json']);
    expect(JSON.parse(await readFile(join(stateDir, DATA_FILES.marker), 'utf8'))).toEqual({ format: 1, rebuilt_at: NOW, rebuilt_because: expect.stringContaining('holds no state') as string, snapshot_of: SNAPSHOT_RUN });
    await assertStatePrepared(store);
    expect(await hashTree(dataDir)).toEqual(before);
    // Prepared once, it is left alone.
    expect(await prepareStateDir(store, NOW)).toEqual({ rebuilt: false, repaired: [], notes: [] });
  });

  it('replaces a broken file by main snapshot of it, and drops one without a snapshot', async () => {
    const { dataDir, stateDir } = await mainData();
    const store = new DataStore(dataDir, stateDir);
    await prepareStateDir(store, NOW);
    await writeFile(join(stateDir, 'models/a/one.json'), '{"id": "a/one", "trunc');
    await writeFile(join(stateDir, DATA_FILES.publish), '{"deploys": "yesterday"}');
    const prepared = await prepareStateDir(store, NOW);
    expect(prepared.rebuilt).toBe(false);
    expect(prepared.repaired.sort()).toEqual([join('models', 'a', 'one.json'), join('state', 'publish.json')]);
    expect(prepared.notes.join('\n')).toMatch(/one\.json:1:\d+ is not valid JSON \(unterminated string\): replaced by main's snapshot of it/);
    expect(prepared.notes.join('\n')).toMatch(/publish\.json is invalid: .*removed \(it starts afresh\)/);
    expect(await readFile(join(stateDir, 'models/a/one.json'), 'utf8')).toBe(await readFile(join(dataDir, 'models/a/one.json'), 'utf8'));
    expect((await loadDataset(store)).models.size).toBe(2);
  });

  it('reads the state through the guarded listings: a symbolic link is never followed, it is replaced', async () => {
    const { dataDir, stateDir } = await mainData();
    const store = new DataStore(dataDir, stateDir);
    await prepareStateDir(store, NOW);
    const outside = join(stateDir, '..', 'outside.json');
    await writeFile(outside, await readFile(join(stateDir, 'models/b/two.json'), 'utf8'));
    await rm(join(stateDir, 'models/b/two.json'));
    await symlink(outside, join(stateDir, 'models/b/two.json'));
    const prepared = await prepareStateDir(store, NOW);
    expect(prepared.notes.join('\n')).toMatch(/two\.json is a symbolic link.*replaced by main's snapshot of it/);
    expect((await lstat(join(stateDir, 'models/b/two.json'))).isFile()).toBe(true);
  });

  it('is rebuilt when its marker is broken, and refused when a newer version wrote it', async () => {
    const { dataDir, stateDir } = await mainData();
    const store = new DataStore(dataDir, stateDir);
    await mkdir(join(stateDir, 'state'), { recursive: true });
    await writeFile(join(stateDir, DATA_FILES.marker), 'not json');
    expect((await prepareStateDir(store, NOW)).notes[0]).toMatch(/store\.json:1:\d+ is not valid JSON \(.*\)\. Rebuilt it/);
    await writeFile(join(stateDir, DATA_FILES.marker), JSON.stringify({ format: 99, rebuilt_at: NOW, rebuilt_because: 'x', snapshot_of: null }));
    await expect(prepareStateDir(store, NOW)).rejects.toThrow(StateFormatError);
  });
});
