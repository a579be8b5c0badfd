import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { runCli } from '../testing/cli.js';

const run = runCli;

let server: UpstreamServer;
beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});

interface Snapshot {
  at: string;
  models: Record<string, [string, string]>;
}

/** Three dated snapshots in OpenRouter's format: prices move, a model vanishes, one appears. */
const SNAPSHOTS: Snapshot[] = [
  { at: '2026-03-29T00:00:00Z', models: { 'a/steady': ['0.000001', '0.000002'], 'a/cut': ['0.000004', '0.000012'], 'b/gone': ['0.0000005', '0.000001'], 'c/one': ['0.000002', '0.000008'], 'c/two': ['0.000003', '0.000009'] } },
  { at: '2026-05-01T00:00:00Z', models: { 'a/steady': ['0.000001', '0.000002'], 'a/cut': ['0.000002', '0.000006'], 'c/one': ['0.000002', '0.000008'], 'c/two': ['0.000003', '0.000009'], 'd/new': ['0.0000001', '0.0000004'] } },
  { at: '2026-08-01T00:00:00Z', models: { 'a/steady': ['0.000001', '0.000002'], 'a/cut': ['0.000001', '0.000006'], 'c/one': ['0.0000025', '0.000008'], 'c/two': ['0.000003', '0.000009'], 'd/new': ['0.0000001', '0.0000004'] } },
];

describe('update and build commands, end to end', () => {
  it('runs only the status stage with --only status and prints a status summary', async () => {
    const dataDir = await tempDir('cli-status');
    server.setRoutes({ '/probe': { kind: 'json', status: 401, body: {} } });
    await writeFile(
      join(dataDir, 'services.json'),
      JSON.stringify([{ id: 'local', name: 'Local', url: 'https://example.com', status_page: { type: 'none' }, probe: { url: `${server.url}/probe`, method: 'GET', timeout_ms: 1000 } }]),
    );
    // What a run killed between writing a temporary file and renaming it leaves behind.
    const dead = spawn(process.execPath, ['-e', '0']);
    const deadPid = await new Promise<number>((resolve) => dead.on('exit', () => resolve(dead.pid!)));
    await writeFile(join(dataDir, `sources.json.${deadPid}.0badf00d.tmp`), '{"half": ');
    const result = await run('generator/cli/update.ts', ['--data-dir', dataDir, '--only', 'status', '--now', '2026-11-21T10:00:00Z']);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain(`removed a temporary file a killed run left behind: sources.json.${deadPid}.0badf00d.tmp`);
    expect(await readdir(dataDir)).not.toContain(`sources.json.${deadPid}.0badf00d.tmp`);
    expect(result.out).toMatch(/status summary \(1 services/);
    expect(result.out).toMatch(/local\s+operational\s+no official page; probe HTTP 401/);
    expect(result.out).not.toMatch(/update summary/);
  });

  it('replays dated snapshots into a price history whose changes match the snapshots', async () => {
    const dir = await tempDir('replay');
    const dataDir = join(dir, 'data');
    const args: string[] = [];
    for (const [i, snapshot] of SNAPSHOTS.entries()) {
      const file = join(dir, `models-${i}.json`);
      await writeFile(file, JSON.stringify(orModelsPage(Object.entries(snapshot.models).map(([id, [prompt, completion]]) => orModel({ id, prompt, completion })))));
      args.push('--snapshot', `${file}@${snapshot.at}`);
    }
    const replay = await run('generator/tools/replay-openrouter.ts', ['--data-dir', dataDir, ...args]);
    expect(replay.code, replay.out).toBe(0);
    const build = await run('generator/cli/build.ts', ['--data-dir', dataDir, '--out', join(dir, 'public')], { SITE_URL: 'https://example.test' });
    expect(build.code, build.out).toBe(0);

    // Expected changes, computed from the snapshots themselves: every model whose prices differ
    // between consecutive snapshots in which it appears.
    const expected: Array<{ model_id: string; at: string; from: number[]; to: number[] }> = [];
    for (let i = 1; i < SNAPSHOTS.length; i += 1) {
      for (const [id, now] of Object.entries(SNAPSHOTS[i]!.models)) {
        const before = SNAPSHOTS[i - 1]!.models[id];
        if (before && (before[0] !== now[0] || before[1] !== now[1])) {
          expected.push({ model_id: id, at: SNAPSHOTS[i]!.at, from: before.map((p) => Number(p) * 1e6), to: now.map((p) => Number(p) * 1e6) });
        }
      }
    }
    const changes = JSON.parse(await readFile(join(dir, 'public/api/v1/price-changes.json'), 'utf8')) as {
      data: Array<{ model_id: string; at: string; previous: { input: number; output: number }; current: { input: number; output: number } }>;
    };
    const got = changes.data.map((c) => ({ model_id: c.model_id, at: c.at, from: [c.previous.input, c.previous.output], to: [c.current.input, c.current.output] }));
    const byKey = (x: { model_id: string; at: string }) => `${x.at} ${x.model_id}`;
    expect(got.map(byKey).sort()).toEqual(expected.map(byKey).sort());
    for (const change of expected) expect(got.find((g) => byKey(g) === byKey(change))).toEqual({ ...change, from: change.from.map((n) => Number(n.toPrecision(12))), to: change.to.map((n) => Number(n.toPrecision(12))) });
    // The newest changes come first.
    expect(changes.data[0]?.at).toBe('2026-08-01T00:00:00Z');

    // The model that vanished keeps its detail and history, marked delisted, and leaves the list.
    const gone = JSON.parse(await readFile(join(dir, 'public/api/v1/models/b/gone.json'), 'utf8')) as { data: { delisted_at: string; price_history: unknown[] } };
    expect(gone.data.delisted_at).toBe('2026-05-01T00:00:00Z');
    expect(gone.data.price_history).toHaveLength(1);
    const list = JSON.parse(await readFile(join(dir, 'public/api/v1/models.json'), 'utf8')) as { data: Array<{ id: string }>; meta: { updated_at: string } };
    expect(list.data.map((m) => m.id)).not.toContain('b/gone');
    expect(list.meta.updated_at).toBe('2026-08-01T00:00:00Z');
  });

  it('exits 1 with a summary when the upstream fails, and 2 on a usage error', async () => {
    const dataDir = await tempDir('cli');
    server.setRoutes({ '/api/v1/models': { kind: 'json', status: 404, body: { error: 'gone' } } });
    const failed = await run('generator/cli/update.ts', ['--data-dir', dataDir, '--only', 'models', '--now', '2026-08-01T00:00:00Z'], { MODELPULSE_OPENROUTER_URL: `${server.url}/api/v1` });
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/openrouter: FAILED — http_status: HTTP 404/);

    const badNow = await run('generator/cli/update.ts', ['--data-dir', dataDir, '--now', 'yesterday']);
    expect(badNow.code).toBe(2);
    expect(badNow.out).toMatch(/--now must be an ISO 8601 time/);
    // The replay runs update in its own process: an update's usage error is its exit status, and no later snapshot is replayed.
    const snapshot = join(await tempDir('cli-replay'), 'models.json');
    await writeFile(snapshot, JSON.stringify(orModelsPage([orModel({ id: 'a/one', prompt: '0.000001', completion: '0.000002' })])));
    const badReplay = await run('generator/tools/replay-openrouter.ts', ['--data-dir', dataDir, '--snapshot', `${snapshot}@2026-03-29T00:00:00Z`, '--snapshot', `${snapshot}@2026-05-01T00:00:00Z`, '--', '--max-new-share', 'lots']);
    expect(badReplay.code, badReplay.out).toBe(2);
    expect(badReplay.out).toMatch(/--max-new-share/);
    expect(badReplay.out).toContain('as of 2026-03-29T00:00:00Z');
    expect(badReplay.out).not.toContain('as of 2026-05-01T00:00:00Z');
    const badStage = await run('generator/cli/update.ts', ['--data-dir', dataDir, '--only', 'prices']);
    expect(badStage.code).toBe(2);
    expect(badStage.out).toMatch(/--only must be one of models, facts, status, traffic, content/);
    const badOption = await run('generator/cli/build.ts', ['--data-dir', dataDir, '--frobnicate']);
    expect(badOption.code).toBe(2);
    expect(badOption.out).toMatch(/usage error/);
    // A live status URL that is no https origin stops the build before anything is read or written.
    const badLive = await run('generator/cli/build.ts', ['--data-dir', dataDir, '--live-status-url', 'http://status.example.com/api']);
    expect(badLive.code).toBe(2);
    expect(badLive.out).toMatch(/usage error: LIVE_STATUS_URL \(--live-status-url\) must be the origin .* it must use https/);

    // A symbolic link in data/ is refused by name; nothing of what it points at is read or printed.
    const secret = join(await tempDir('cli-secret'), 'passwd');
    await writeFile(secret, 'root:x:0:0:root:/root:/bin/bash\n');
    await mkdir(join(dataDir, 'models/openai'), { recursive: true });
    await symlink(secret, join(dataDir, 'models/openai/gpt-4o.json'));
    const linked = await run('generator/cli/build.ts', ['--data-dir', dataDir, '--out', join(dataDir, 'public')]);
    expect(linked.code).toBe(1);
    expect(linked.out).toContain(`${join(dataDir, 'models/openai/gpt-4o.json')} is a symbolic link: data/ holds regular files only (the link was not followed)`);
    expect(linked.out).not.toMatch(/root:|\/bin\/bash|cli-secret/);
  });
});
