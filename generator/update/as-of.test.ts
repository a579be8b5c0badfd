import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL } from '../config.js';
import { isFreshnessResponse } from '../publish/content-times.js';
import { loadContentState } from '../store/content-store.js';
import { loadDataset } from '../store/data-store.js';
import { isRenderedText, type RenderedFile } from '../render/rendered.js';
import { renderApi } from '../render/site.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { recordContent } from './content.js';


/** Every JSON response's text by path, and the as-of times they carry. */
function responses(files: readonly RenderedFile[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of files) if (!isRenderedText(file) && (file.body as { meta?: unknown }).meta !== undefined) out.set(file.path, JSON.stringify(file.body));
  return out;
}
const asOfs = (files: readonly RenderedFile[]) => new Set([...responses(files).values()].map((text) => (JSON.parse(text) as { meta: { as_of: string } }).meta.as_of));
const body = <T>(files: readonly RenderedFile[], path: string) => (files.find((f) => f.path === `api/v1/${path}.json`) as { body: { data: T } }).body.data;
const cheapestIds = (files: readonly RenderedFile[]) => body<Array<{ id: string }>>(files, 'cheapest').map((m) => m.id);

describe('the one as-of', () => {
  it('stays put through quiet runs, moves on the day a retirement passes, and the build publishes what update judged', async () => {
    const dataDir = await tempDir('as-of');
    await seedCatalog(
      dataDir,
      [
        orModel({ id: 'alpha/cheap-old', prompt: '0.0000001', completion: '0.0000002', expiration_date: '2026-09-02' }),
        orModel({ id: 'alpha/mid', prompt: '0.000001', completion: '0.000002' }),
        orModel({ id: 'beta/big', prompt: '0.000003', completion: '0.000015' }),
      ],
      '2026-09-01T00:00:00Z',
    );
    await writeFile(join(dataDir, 'services.json'), '[]\n');
    const run = async (now: string) => {
      let files: readonly RenderedFile[] = [];
      await recordContent(dataDir, now, (rendered) => (files = rendered));
      return files;
    };

    const first = await run('2026-09-01T00:07:00Z');
    expect(asOfs(first)).toEqual(new Set(['2026-09-01T00:07:00Z']));
    expect(body<Array<{ model_id: string; retired: boolean }>>(first, 'deprecations')).toEqual([expect.objectContaining({ model_id: 'alpha/cheap-old', retired: false })]);
    expect(cheapestIds(first)[0]).toBe('alpha/cheap-old');

    // Nothing changed upstream, and no date passed: every response keeps its bytes, as_of included,
    // but for the freshness set that names the run (index.json, the status files).
    const quiet = await run('2026-09-01T23:52:00Z');
    const [before, after] = [responses(first), responses(quiet)];
    expect([...after.keys()].filter((path) => after.get(path) !== before.get(path) && !isFreshnessResponse(path))).toEqual([]);
    expect(after.get('api/v1/index.json')).not.toBe(before.get('api/v1/index.json'));

    // The retirement day: the first run on it retires the model everywhere, and that change moves as_of.
    const retired = await run('2026-09-02T00:07:00Z');
    expect(asOfs(retired)).toEqual(new Set(['2026-09-02T00:07:00Z']));
    expect(body<Array<{ model_id: string; retired: boolean }>>(retired, 'deprecations')).toEqual([expect.objectContaining({ model_id: 'alpha/cheap-old', retired: true })]);
    expect(cheapestIds(retired)).toEqual(['alpha/mid', 'beta/big']);
    expect((await loadContentState(dataDir)).as_of).toBe('2026-09-02T00:07:00Z');

    // The build (no run) reads the recorded as_of and renders what update recorded, byte for byte
    // (at update's site URL: the URL is in the bytes, never in what decides them).
    const built = renderApi(await loadDataset(dataDir), { siteUrl: DEFAULT_SITE_URL, contentTimes: await loadContentState(dataDir) });
    const [fromBuild, fromRun] = [responses(built), responses(retired)];
    expect([...fromRun.keys()].filter((path) => fromRun.get(path) !== fromBuild.get(path)).map((path) => [path, fromRun.get(path), fromBuild.get(path)])).toEqual([]);
    expect(fromBuild.size).toBe(fromRun.size);
  });
});
