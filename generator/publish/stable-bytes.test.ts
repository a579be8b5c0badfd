import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { runCli } from '../testing/cli.js';
import { updateInProcess } from '../testing/update-in-process.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { hashTree, tempDir } from '../testing/tree.js';
import { worldEnv, worldModel, worldRoutes, worldService, worldServicesFile, type World } from '../testing/world.js';

const SITE = 'https://pulse.example.org';
let server: UpstreamServer;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});

function initialWorld(): World {
  return {
    models: [
      worldModel('alpha/one', '0.000001', '0.000002', { intelligence: 40 }),
      worldModel('alpha/two', '0.000003', '0.000015', { intelligence: 55 }),
      worldModel('beta/small', '0.0000001', '0.0000004'),
      worldModel('beta/large', '0.000002', '0.000008', { intelligence: 48, context: 1_000_000 }),
      worldModel('gamma/mid', '0.0000005', '0.0000015', { intelligence: 30 }),
    ],
    services: [worldService('svc-a'), worldService('svc-b')],
  };
}

const isStatusEndpoint = (path: string) => path === 'api/v1/status.json' || path.startsWith('api/v1/status/');

function differing(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((path) => a.get(path) !== b.get(path)).sort();
}

describe('stable bytes across refreshes', () => {
  it('a refresh with unchanged upstream answers changes only the freshness files, and a change touches only what it changes', async () => {
    const dir = await tempDir('stable');
    const dataDir = join(dir, 'data');
    const world = initialWorld();
    server.setRoutes(worldRoutes(world));
    // The runs in-process: this is about what they write, not the command (cli.test.ts).
    await updateInProcess({ dataDir, only: 'status', now: '2026-09-01T00:00:00Z', env: worldEnv(server.url) }); // creates data/
    await writeFile(join(dataDir, 'services.json'), JSON.stringify(worldServicesFile(server.url, world)));
    const update = async (now: string) => {
      const result = await updateInProcess({ dataDir, now, env: worldEnv(server.url) });
      expect(result.code, result.out).toBe(0);
      return result.out;
    };
    // One site, rebuilt after each refresh as a deployment would be; its bytes are kept after each build.
    const site = join(dir, 'public');
    const build = async () => {
      await buildSite({ store: dataDir, outDir: site, siteUrl: SITE });
      return hashTree(site);
    };
    const json = async (path: string) => JSON.parse(await readFile(join(site, path), 'utf8')) as { data: unknown; meta: Record<string, unknown> };

    await update('2026-09-01T00:07:00Z');
    const first = await build();
    const out = await update('2026-09-01T00:22:00Z');
    const second = await build();
    const again = await build();

    // The same data built twice: byte for byte the same site.
    expect(again).toEqual(second);

    // Identical upstream answers 15 minutes later: outside the status endpoints (probe figures
    // and check times change by nature) only the freshness file moves.
    const changed = differing(first, second);
    const outsideStatus = changed.filter((path) => !isStatusEndpoint(path));
    expect(outsideStatus).toEqual(['api/v1/index.json']);
    expect(outsideStatus.length).toBeLessThanOrEqual(5);
    expect(out).toMatch(/content: \d+ of \d+ responses changed \(0 materially\)/);

    const model = await json('api/v1/models/alpha/one.json');
    expect(model.meta.updated_at).toBe('2026-09-01T00:07:00Z');
    const index = await json('api/v1/index.json');
    expect(index.meta.updated_at).toBe('2026-09-01T00:22:00Z');
    expect((index.data as { freshness: { run_at: string; sources: Array<{ id: string; last_success_at: string }> } }).freshness).toMatchObject({
      run_at: '2026-09-01T00:22:00Z',
      sources: expect.arrayContaining([expect.objectContaining({ id: 'openrouter', last_success_at: '2026-09-01T00:22:00Z' })]),
    });
    const status = await json('api/v1/status.json');
    expect(status.meta.checked_at).toBe('2026-09-01T00:22:00Z');

    // The quiet run kept the data's as-of: the first run's, in every response.
    expect(model.meta.as_of).toBe('2026-09-01T00:07:00Z');
    expect(index.meta.as_of).toBe('2026-09-01T00:07:00Z');
    expect(status.meta.as_of).toBe('2026-09-01T00:07:00Z');

    // One real price change moves the as-of of every response (docs/api.md, "One as-of"); besides
    // it, what changes is that model's files, the lists it is in, and nothing it is not in.
    world.models[0] = worldModel('alpha/one', '0.0000008', '0.000002', { intelligence: 40 });
    server.setRoutes(worldRoutes(world));
    await update('2026-09-01T00:37:00Z');
    const third = await build();
    expect((await json('api/v1/models/beta/small.json')).meta.as_of).toBe('2026-09-01T00:37:00Z');
    const asOfOnly = (path: string) => {
      // The new as-of, wherever it appears (a response's meta, a feed's subtitle), put back to the old one.
      const text = readFileSync(join(site, path), 'utf8').replaceAll('2026-09-01T00:37:00Z', '2026-09-01T00:07:00Z');
      return createHash('sha256').update(text).digest('hex') === second.get(path);
    };
    const afterChange = differing(second, third).filter((path) => !isStatusEndpoint(path) && !asOfOnly(path));
    expect(afterChange).toContain('api/v1/models/alpha/one.json');
    expect(afterChange).toContain('api/v1/price-changes.json');
    expect(afterChange).toContain('api/v1/feeds/price-changes.atom');
    expect(afterChange).not.toContain('api/v1/models/beta/small.json');
    expect(afterChange).not.toContain('api/v1/models/gamma.json');
    expect((await json('api/v1/models/alpha/one.json')).meta.updated_at).toBe('2026-09-01T00:37:00Z');
    expect((await json('api/v1/models/beta/small.json')).meta.updated_at).toBe('2026-09-01T00:07:00Z');
    // Four updates and four builds of the whole grid: the bound stops a hang, it measures nothing
    // (the suite's 120 s failed it on a machine loaded by other jobs).
  }, 600_000);

  it('refuses a run whose time is before the last run, and changes nothing', async () => {
    const dir = await tempDir('clock');
    const dataDir = join(dir, 'data');
    const world = initialWorld();
    server.setRoutes(worldRoutes(world));
    const env = worldEnv(server.url);
    expect((await updateInProcess({ dataDir, only: 'models', now: '2026-09-01T01:00:00Z', env })).code).toBe(0);
    // The refusal is the command's (exit 2, its message): through the command itself.
    const before = await hashTree(dataDir);
    const back = await runCli('generator/cli/update.ts', ['--data-dir', dataDir, '--only', 'models', '--now', '2026-09-01T00:45:00Z'], env);
    expect(back.code).toBe(2);
    expect(back.out).toMatch(/2026-09-01T00:45:00Z is earlier than the last run \(2026-09-01T01:00:00Z\)/);
    expect(await hashTree(dataDir)).toEqual(before);
  });
});
