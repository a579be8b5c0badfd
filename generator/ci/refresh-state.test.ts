/**
 * The refresh job's sequence with its state store, through real git: a bare remote on disk, the
 * workflow's own shell steps (state-store.sh, the snapshot commit) and the real update, build and
 * snapshot in between, against a small local upstream world.
 */
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildSite } from '../assemble/build-site.js';
import { runUpdate, UPDATE_STAGES } from '../update/run-update.js';
import type { UpdateOutcome } from '../update/update-report.js';
import { decidePublish, PLAN_POLICIES, recordDeploy } from '../publish/decide.js';
import { loadContentState } from '../store/content-store.js';
import { loadModelRecords } from '../store/data-store.js';
import { loadPublishState, savePublishState } from '../store/publish-store.js';
import { snapshotIfDue } from '../store/snapshot.js';
import { mergeStateDirs } from '../store/state-merge.js';
import { openStore } from '../store/store.js';
import { recordContent } from '../update/content.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { worldEnv, worldModel, worldRoutes, worldService, worldServicesFile, type World } from '../testing/world.js';
import { cloneOf, git, gitFixture, runScript, type StepResult } from './step-runner.js';

const STATE_SCRIPT = join(process.cwd(), '.github/scripts/state-store.sh');
const BRANCH = 'modelpulse-state';
const commitStep = (parse(await readFile('.github/workflows/refresh.yml', 'utf8')) as { jobs: { refresh: { steps: Array<{ id?: string; run?: string }> } } }).jobs.refresh.steps.find((s) => s.id === 'commit')!.run!;

let server: UpstreamServer;
const savedEnv = { ...process.env };
beforeAll(async () => {
  server = await startUpstreamServer();
  // update reads its upstreams' addresses from the environment, as in the workflow.
  Object.assign(process.env, worldEnv(server.url));
});
afterAll(async () => {
  process.env = savedEnv;
  await server.close();
});

const T = (hhmm: string) => `2026-09-01T${hhmm}:00Z`;
const world = (price = '0.000002'): World => ({
  models: [worldModel('alpha/one', '0.000001', '0.000004'), worldModel('alpha/moving', price, '0.000008'), worldModel('beta/two', '0.0000005', '0.000001')],
  services: [worldService('svc')],
});

const stateStore = (command: 'restore' | 'save', clone: string, env: Record<string, string> = {}) =>
  runScript(`bash '${STATE_SCRIPT}' ${command}`, clone, { STATE_DIR: '.state', STATE_DAY: '2026-09-01', ...env });

async function update(clone: string, now: string): Promise<UpdateOutcome> {
  const store = openStore(join(clone, 'data'), join(clone, '.state'));
  return runUpdate({ store, now, stages: UPDATE_STAGES, force: false, maxDelistShare: 0.2, maxNewShare: 0.5, maxPriceFactor: 5, endpointsPerRun: 20, log: () => undefined });
}

/** Main's data/ as a maintainer bootstraps it: one local update. */
async function bootstrapData(): Promise<string> {
  const dataDir = join(await tempDir('refresh-bootstrap'), 'data');
  server.setRoutes(worldRoutes(world()));
  await runUpdate({ store: openStore(dataDir), now: T('00:07'), stages: ['status'], force: false, maxDelistShare: 0.2, maxNewShare: 0.5, maxPriceFactor: 5, endpointsPerRun: 20, log: () => undefined });
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(worldServicesFile(server.url, world()), null, 2));
  const outcome = await runUpdate({ store: openStore(dataDir), now: T('00:22'), stages: UPDATE_STAGES, force: false, maxDelistShare: 0.2, maxNewShare: 0.5, maxPriceFactor: 5, endpointsPerRun: 20, log: () => undefined });
  expect(outcome.stopped).toEqual([]);
  return dataDir;
}

let bootstrapped: Promise<string> | undefined;

/**
 * Main's data/ committed with the curated files. Bootstrapped once for the file and copied into
 * each fixture: the same world and the same times make the same files, and no test writes it.
 */
async function seedMain(seed: string): Promise<void> {
  await writeFile(join(seed, '.gitignore'), await readFile('.gitignore', 'utf8'));
  bootstrapped ??= bootstrapData();
  await cp(await bootstrapped, join(seed, 'data'), { recursive: true });
}

interface Refresh {
  restore: StepResult;
  outcome: UpdateOutcome;
  snapshot: Awaited<ReturnType<typeof snapshotIfDue>>;
  save: StepResult;
  commit: StepResult | null;
  /** The built site, when the run was asked to build it. */
  site: string | null;
}

/**
 * One run of the refresh job in `clone`: restore, update, (build), snapshot decision, save, commit.
 * The build writes the whole site: only the runs whose output a test reads build it.
 */
async function refresh(clone: string, now: string, build = false): Promise<Refresh> {
  const restore = await stateStore('restore', clone);
  expect(restore.code, restore.out).toBe(0);
  const outcome = await update(clone, now);
  const store = openStore(join(clone, 'data'), join(clone, '.state'));
  const site = build ? await tempDir('refresh-site') : null;
  if (site !== null) await buildSite({ store, outDir: site, siteUrl: 'https://pulse.example.org', host: 'none' });
  const snapshot = await snapshotIfDue(store, { everyHours: 24, requested: false });
  const save = await stateStore('save', clone, { STATE_BASE: restore.outputs.base ?? '' });
  const commit = snapshot.due ? await runScript(commitStep, clone, { BRANCH: 'main', PUBLISH_MODE: 'cli', DEPLOY: 'false' }) : null;
  return { restore, outcome, snapshot, save, commit, site };
}

const stateCommits = (remote: string) => git(remote, 'rev-list', BRANCH).trim().split('\n');
const modelHistory = async (stateDir: string, id: string) =>
  (await loadModelRecords(stateDir)).models.get(id)!.price_history.map((p) => `${p.at} ${p.input}`);

describe('the refresh with its state store, through real git', () => {
  it('rebuilds a missing state from main, then changes no tracked file while upstream says the same, and publishes each run time', async () => {
    const { remote, work } = await gitFixture('refresh-quiet', ['--depth', '1'], seedMain);
    const mainBefore = git(remote, 'rev-parse', 'main');
    server.setRoutes(worldRoutes(world()));
    const runs: Refresh[] = [];
    for (const now of [T('01:07'), T('01:22'), T('01:37')]) {
      const run = await refresh(work, now, now === T('01:37'));
      runs.push(run);
      expect(run.save, run.save.out).toMatchObject({ code: 0, outputs: { saved: 'true' } });
      // Nothing tracked changed, and main received nothing.
      expect(git(work, 'status', '--porcelain')).toBe('');
      expect(git(remote, 'rev-parse', 'main')).toBe(mainBefore);
      // A day of history at the most: each save adds a commit on top of the day's.
      expect(stateCommits(remote)).toHaveLength(runs.length);
    }
    // The first save of a new day starts a new root: what the branch holds stays bounded.
    await writeFile(join(work, '.state', 'reports', 'disagreements.json'), '{}\n');
    const nextDay = await stateStore('save', work, { STATE_BASE: runs[2]!.save.outputs.commit!, STATE_DAY: '2026-09-02' });
    expect(nextDay.outputs.saved).toBe('true');
    expect(stateCommits(remote)).toHaveLength(1);
    // The third run changed no tracked file, and its build still says when it ran.
    const index = JSON.parse(await readFile(join(runs[2]!.site!, 'api/v1/index.json'), 'utf8')) as { data: { freshness: { run_at: string } } };
    expect(index.data.freshness.run_at).toBe(T('01:37'));
    // The first run found no branch and said so; the later ones restored the previous state.
    expect(runs[0]!.restore.out).toContain(`No state branch ${BRANCH} yet`);
    expect(runs[0]!.outcome.stateNotes![0]).toMatch(/holds no state\. Rebuilt it from main's snapshot .*\(run 2026-09-01T00:22:00Z\)/);
    expect(runs[2]!.restore.outputs.base).toBe(runs[1]!.save.outputs.commit);
    expect(runs[2]!.outcome.stateNotes).toEqual([]);
    expect(runs.map((r) => r.snapshot.message)).toEqual(Array(3).fill("no material catalog change since main's snapshot of 2026-09-01T00:22:00Z"));
    expect(runs.map((r) => r.outcome.stopped)).toEqual([[], [], []]);
  }, 120_000);

  it('merges a lost push race without losing a price observation, redeploys after a failed deploy, repairs a corrupt file, and keeps a twice-raced state aside', async () => {
    const { dir, remote, work } = await gitFixture('refresh-race', [], seedMain);
    server.setRoutes(worldRoutes(world()));
    expect((await refresh(work, T('01:07'))).save.outputs.saved).toBe('true');
    const a = work;
    const b = await cloneOf(dir, 'b');

    // Both runners restore the same state; A sees a price change and saves first.
    const [restoredA, restoredB] = [await stateStore('restore', a), await stateStore('restore', b)];
    expect(restoredA.outputs.base).toBe(restoredB.outputs.base);
    server.setRoutes(worldRoutes(world('0.000003')));
    await update(a, T('01:22'));
    // A decides a deploy and records it; the deploy itself fails: the live site keeps serving 01:07.
    const storeA = openStore(join(a, 'data'), join(a, '.state'));
    const policy = { ...PLAN_POLICIES['netlify-pro'], minIntervalMinutes: 0 };
    const decisionA = decidePublish({ content: await loadContentState(storeA), state: await loadPublishState(storeA), policy, liveRunAt: T('01:07'), requested: false });
    expect(decisionA).toMatchObject({ deploy: true, reason: 'material' });
    await savePublishState(storeA, recordDeploy(await loadPublishState(storeA), T('01:22')));
    expect((await stateStore('save', a, { STATE_BASE: restoredA.outputs.base! })).outputs.saved).toBe('true');

    // B saw another price a minute later, from the same base: its push loses the lease.
    server.setRoutes(worldRoutes(world('0.0000025')));
    await update(b, T('01:23'));
    const lost = await stateStore('save', b, { STATE_BASE: restoredB.outputs.base! });
    expect(lost, lost.out).toMatchObject({ code: 0, outputs: { raced: 'true', theirs: git(remote, 'rev-parse', BRANCH).trim() } });
    expect(lost.out).toContain('::warning title=State push raced::');
    const storeB = openStore(join(b, 'data'), join(b, '.state'));
    const merged = await mergeStateDirs(storeB, join(b, '.state.theirs'));
    await recordContent(storeB, merged.lastRunAt!);
    const saved = await stateStore('save', b, { STATE_BASE: lost.outputs.theirs!, KEEP_ASIDE: 'true' });
    expect(saved, saved.out).toMatchObject({ code: 0, outputs: { saved: 'true' } });
    // On top of the state that won: its history stays, nothing is forced over it.
    expect(git(remote, 'rev-parse', `${BRANCH}^`).trim()).toBe(lost.outputs.theirs);

    // Both observations survive, in time order; so does A's deploy record.
    const c = await cloneOf(dir, 'c');
    const restoredC = await stateStore('restore', c);
    expect(await modelHistory(join(c, '.state'), 'alpha/moving')).toEqual(['2026-09-01T00:22:00Z 2', '2026-09-01T01:22:00Z 3', '2026-09-01T01:23:00Z 2.5']);
    const storeC = openStore(join(c, 'data'), join(c, '.state'));
    expect((await loadPublishState(storeC)).last_deploy_at).toBe(T('01:22'));

    // A corrupt file on the branch: the next run replaces it by main's snapshot and says so.
    await writeFile(join(c, '.state', 'status', 'svc.json'), '{"id": "svc", "trunc');
    expect((await stateStore('save', c, { STATE_BASE: restoredC.outputs.base! })).outputs.saved).toBe('true');
    const next = await refresh(a, T('01:37'));
    expect(next.outcome.stateNotes).toEqual([expect.stringMatching(/svc\.json:1:\d+ is not valid JSON \(unterminated string\): replaced by main's snapshot of it/)]);
    expect(next.save.outputs.saved).toBe('true');
    // The failed deploy is still pending: the live site says 01:07, so the change since goes out now.
    const storeNext = openStore(join(a, 'data'), join(a, '.state'));
    expect(decidePublish({ content: await loadContentState(storeNext), state: await loadPublishState(storeNext), policy, liveRunAt: T('01:07'), requested: false })).toMatchObject({
      deploy: true,
      reason: 'material',
    });

    // Raced twice (another run saved again after the merge): the state is kept aside, never forced.
    const d = await cloneOf(dir, 'd');
    const restoredD = await stateStore('restore', d);
    await refresh(c, T('01:52'));
    await writeFile(join(d, '.state', 'sources.json'), '{}\n');
    const before = git(remote, 'rev-parse', BRANCH).trim();
    const aside = await stateStore('save', d, { STATE_BASE: restoredD.outputs.base!, KEEP_ASIDE: 'true', GITHUB_RUN_ID: '77' });
    expect(aside.code).toBe(1);
    expect(aside.out).toContain(`::error title=State kept aside::another run saved the state again meanwhile; this run's state is on the branch ${BRANCH}-aside/77`);
    expect(git(remote, 'rev-parse', BRANCH).trim()).toBe(before);
    expect(git(remote, 'rev-parse', '--verify', `${BRANCH}-aside/77`).trim()).toMatch(/^[0-9a-f]{40}$/);
  }, 180_000);

  it('fails the run when the remote refuses the save, and the next run starts from the last good state', async () => {
    const { dir, remote, work } = await gitFixture('refresh-refused', []);
    await mkdir(join(work, '.state'));
    await writeFile(join(work, '.state', 'sources.json'), '{"good":true}\n');
    const good = await stateStore('save', work);
    expect(good.outputs.saved).toBe('true');
    // The remote refuses the state branch from now on (a token without contents: write, a rule).
    await writeFile(join(remote, 'hooks', 'pre-receive'), '#!/bin/sh\necho "refused by a rule" >&2\nexit 1\n');
    await chmod(join(remote, 'hooks', 'pre-receive'), 0o755);
    await writeFile(join(work, '.state', 'sources.json'), '{"lost":true}\n');
    const refused = await stateStore('save', work, { STATE_BASE: good.outputs.commit! });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('::error title=State not saved::the push to modelpulse-state failed');
    expect(refused.outputs).toEqual({});
    expect(git(remote, 'rev-parse', BRANCH).trim()).toBe(good.outputs.commit);
    // The next run, anywhere, restores what was saved last.
    const next = await cloneOf(dir, 'next');
    const restored = await stateStore('restore', next);
    expect(restored.outputs.base).toBe(good.outputs.commit);
    expect(await readFile(join(next, '.state', 'sources.json'), 'utf8')).toBe('{"good":true}\n');
  });

  it('fails the run when the remote cannot be asked, rather than start from nothing', async () => {
    const { work } = await gitFixture('refresh-offline', []);
    git(work, 'remote', 'set-url', 'origin', join(await tempDir('gone'), 'nowhere.git'));
    const restore = await stateStore('restore', work);
    expect(restore.code).toBe(1);
    expect(restore.out).toContain('::error title=State store not reached::');
  });
});
