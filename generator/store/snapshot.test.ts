import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ContentState } from '../publish/content-times.js';
import { hashTree, tempDir } from '../testing/tree.js';
import { catalogDigest } from './content-store.js';
import { DATA_FILES } from './layout.js';
import { decideSnapshot, writeSnapshot, type CatalogMark } from './snapshot.js';
import { DataStore } from './store.js';

const at = (day: string, hhmm: string) => `2026-09-${day}T${hhmm}:00Z`;
const entry = (material: string, time: string) => ({ content: material, updated_at: time, material, material_at: time });
/** What a store records after a run at `runAt` whose responses have these material fingerprints. */
function mark(runAt: string, files: Record<string, string>): CatalogMark {
  const state: ContentState = { last_run_at: runAt, as_of: runAt, files: Object.fromEntries(Object.entries(files).map(([p, m]) => [p, entry(m, runAt)])) };
  return { runAt, catalog: catalogDigest(state) };
}

describe("main's snapshot", () => {
  const main = mark(at('01', '00:07'), { 'api/v1/models.json': 'a', 'api/v1/status.json': 's1' });

  it('is never renewed for status alone, however much it moves', () => {
    const decision = decideSnapshot({ main, state: mark(at('03', '00:07'), { 'api/v1/models.json': 'a', 'api/v1/status.json': 's9', 'api/v1/status/x.json': 'x' }), everyHours: 24, requested: false });
    expect(decision).toEqual({ due: false, message: "no material catalog change since main's snapshot of 2026-09-01T00:07:00Z" });
  });

  it('is renewed on a material catalog change (a response changed, added or gone), at most once per interval', () => {
    const changed = { 'api/v1/models.json': 'b', 'api/v1/status.json': 's1' };
    const soon = decideSnapshot({ main, state: mark(at('01', '12:07'), changed), everyHours: 24, requested: false });
    expect(soon).toEqual({
      due: false,
      message: "the catalog changed materially since main's snapshot of 2026-09-01T00:07:00Z; the next snapshot is due from 2026-09-02T00:07:00Z (at most one every 24 h)",
    });
    expect(decideSnapshot({ main, state: mark(at('02', '00:07'), changed), everyHours: 24, requested: false }).due).toBe(true);
    for (const files of [{ 'api/v1/models.json': 'a', 'api/v1/models/x/new.json': 'n' }, {}] as Array<Record<string, string>>) {
      expect(decideSnapshot({ main, state: mark(at('02', '00:07'), files), everyHours: 24, requested: false }).due).toBe(true);
    }
    // A deploy that builds from main needs this run there now.
    expect(decideSnapshot({ main, state: mark(at('01', '00:22'), {}), everyHours: 24, requested: true }).due).toBe(true);
    // A snapshot without a digest (an older version's, or none) is renewed.
    expect(decideSnapshot({ main: { runAt: at('01', '00:07'), catalog: null }, state: mark(at('01', '00:22'), {}), everyHours: 24, requested: false })).toMatchObject({ due: true });
  });

  it("copies what a snapshot holds, below every directory, and never the catalog's content times", async () => {
    const dir = await tempDir('snapshot-write');
    const store = new DataStore(join(dir, 'data'), join(dir, 'state'));
    const put = async (root: string, path: string, text: string) => {
      await mkdir(join(root, path, '..'), { recursive: true });
      await writeFile(join(root, path), text);
    };
    for (const [path, text] of Object.entries({ 'models/a/one.json': '{"v":1}\n', 'models/a/gone.json': '{}\n', 'status/svc.json': '{"v":1}\n', 'services.json': '[]\n' })) await put(store.dataDir, path, text);
    for (const [path, text] of Object.entries({ 'models/a/one.json': '{"v":2}\n', 'models/b/new.json': '{}\n', 'status/svc.json': '{"v":1}\n', [DATA_FILES.content]: '{"files":{}}\n', [DATA_FILES.publish]: '{}\n' })) {
      await put(store.stateDir!, path, text);
    }
    const result = await writeSnapshot(store);
    expect(result).toEqual({ written: ['models/a/one.json', 'models/b/new.json'], removed: ['models/a/gone.json'] });
    expect(await readFile(join(store.dataDir, 'models/a/one.json'), 'utf8')).toBe('{"v":2}\n');
    expect([...(await hashTree(store.dataDir)).keys()].sort()).toEqual(['models/a/one.json', 'models/b/new.json', 'services.json', 'status/svc.json']);
  });
});
