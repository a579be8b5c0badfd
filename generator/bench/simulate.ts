/**
 * The simulated month (or more): every 15-minute run of the refresh job, replayed in order with
 * the real code and the real decision sequence: the real update (in-process, the state store in
 * `.state`) against a local upstream world that changes at the recorded rates and answers with the
 * real site's catalog and facts; the site that run would publish; every plan's deploy decision
 * and what each host's upload model would send; the state saved through the workflow's own
 * state-store.sh to a bare remote on disk; main's snapshot when due, committed by the workflow's
 * own commit step. Measured daily: main's packed size, the state store's, what the remote holds.
 *
 * A run whose update does not exit 0 is listed with its reasons (the rows of its summary that
 * are not ok) and whether a fault was injected into it (world-faults.ts): in a world without
 * faults, failures are the simulation's own finding.
 *
 * Not replayed, so said where it is used: the restore step (the state directory of the previous
 * run is kept: a restore would extract the same bytes) and the build's writing of files (the
 * site is kept in memory; its bytes are the build's: the same render, serialized the same way).
 */
import { join } from 'node:path';
import { runUpdate, UPDATE_STAGES } from '../update/run-update.js';
import { summaryRows, updateExitCode } from '../update/update-report.js';
import { decidePublish, EMPTY_PUBLISH_STATE, PLAN_POLICIES, PUBLISH_PLANS, recordDeploy, type PublishPlan, type PublishState } from '../publish/decide.js';
import type { RenderedFile } from '../render/rendered.js';
import { loadContentState } from '../store/content-store.js';
import { loadDataset } from '../store/data-store.js';
import { savePublishState } from '../store/publish-store.js';
import { DEFAULT_SNAPSHOT_HOURS, snapshotIfDue } from '../store/snapshot.js';
import { openStore } from '../store/store.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { worldEnv, worldServicesFile, type World, type WorldModel } from '../testing/world.js';
import { bundleClient, bundleWebApp, readWebStatic } from '../assemble/bundles.js';
import { cp, rm, writeFile } from 'node:fs/promises';
import { SimulatedRepo, STATE_BRANCH } from './sim-repo.js';
import { ContentAddressedHost, SimulatedSite } from './sim-site.js';
import { recordedWorld, recordedWorldRoutes } from './world-catalog.js';
import { evolveWorld, seededRandom, type WorldEvents } from './world-evolution.js';
import type { InjectedFault } from './world-faults.js';

export const RUN_MINUTES = 15;
export const RUNS_PER_DAY = (24 * 60) / RUN_MINUTES;

export interface SimulationOptions {
  /** The data/ to start from (copied as main's data/; never written). */
  dataDir: string;
  /** Measured runs, after the warm-up. */
  runs: number;
  /** Unmeasured runs first: the first reads of a world that differs in detail from data/. */
  warmupRuns: number;
  start: string;
  seed: number;
  /** The services to monitor (default: those of data/services.json, same ids). */
  serviceIds?: string[];
  snapshotHours?: number;
  /** Measured runs between two measurements of the repository (default: a day). */
  checkpointRuns?: number;
  log?: (line: string) => void;
  /** Faults to inject, by run index (counted from the first warm-up run): see world-faults.ts. */
  faults?: ReadonlyMap<number, (world: World) => InjectedFault>;
  /** The figures so far, after each measurement (a long replay can be read before it ends). */
  onCheckpoint?: (partial: SimulationResult) => void;
}

export interface PlanFigures {
  deploys: number;
  held: number;
  reasons: Record<string, number>;
  /** What the plan's host upload model sent over all deploys: files and bytes. */
  uploadedFiles: number;
  uploadedBytes: number;
  /** The host model: content-addressed (Netlify, Cloudflare) or the whole artifact (Pages). */
  uploadModel: 'netlify' | 'cloudflare' | 'pages-artifact' | 'none';
  /** Runs where main would get a commit in Netlify's Git-deploy mode (a snapshot or a deploy). */
  gitModeCommits: number;
}

export interface Checkpoint {
  day: number;
  mainCommits: number;
  mainPackedBytes: number;
  /** The state branch's history (a day of commits at the most) and its packed size. */
  stateCommits: number;
  statePackedBytes: number;
  /** What the remote held on disk before its garbage collection, and after. */
  remoteBytes: { before: number; after: number };
}

/** A run whose update did not exit 0: when, why, and whether the world was asked to break it. */
export interface RunFailure {
  /** 1-based, counting the warm-up runs (as the log counts them). */
  run: number;
  at: string;
  exitCode: number;
  measured: boolean;
  /** The fault injected into this run, or null: a failure nobody asked for. */
  injected: string | null;
  /** Each row of the run's summary that is not ok, as `name: error`. */
  reasons: string[];
  /** API files the run's site no longer has (a failed read must remove none). */
  removed: number;
}

export interface SimulationResult {
  runs: number;
  events: WorldEvents;
  /** Exit codes of every run, the warm-up's included. */
  exitCodes: Record<number, number>;
  failures: RunFailure[];
  /** Snapshot commits to main during the measured runs. */
  snapshotCommits: number;
  stateSaves: number;
  checkpoints: Checkpoint[];
  site: { files: number; bytes: number; artifactBytes: number };
  changedFilesPerRun: number;
  plans: Record<PublishPlan, PlanFigures>;
  /** Milliseconds spent per phase over all runs (what dominates). */
  timings: Record<string, number>;
  /** Files serialized per run on average: only those whose content time entry changed (and the few outside content.json). */
  serializedPerRun: number;
}

const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The world as data/ describes it: the listed models with their current prices. */
export async function worldFromData(dataDir: string, serviceIds: readonly string[]): Promise<World> {
  const dataset = await loadDataset(dataDir);
  const models: WorldModel[] = [];
  for (const record of [...dataset.models.values()].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const price = record.price_history.at(-1);
    if (record.delisted_at !== null || price?.input == null || price.output == null) continue;
    models.push({ id: record.id, prompt: String(price.input / 1e6), completion: String(price.output / 1e6), intelligence: record.benchmarks.intelligence_index, context: record.context_length ?? 131072 });
  }
  return { models, services: serviceIds.map((id) => ({ id, indicator: 'none', incidents: [], probe: 401 })) };
}

function uploadModel(plan: PublishPlan): PlanFigures['uploadModel'] {
  if (plan === 'github-pages') return 'pages-artifact';
  if (plan === 'cloudflare-workers') return 'cloudflare';
  return plan.startsWith('netlify-') ? 'netlify' : 'none';
}

let fixedFiles: Promise<ReadonlyMap<string, string | Buffer>> | undefined;

/** The files outside the API (the client, the website): the same in every run, bundled once a process. */
function fixedSiteFiles(): Promise<ReadonlyMap<string, string | Buffer>> {
  fixedFiles ??= (async () => {
    const files = new Map<string, string | Buffer>([['api/v1/client.js', await bundleClient()], ['app.js', await bundleWebApp()]]);
    for (const [name, content] of await readWebStatic()) files.set(name, content);
    return files;
  })();
  return fixedFiles;
}

export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const log = options.log ?? (() => undefined);
  const timings: Record<string, number> = {};
  const timed = async <T>(phase: string, work: () => Promise<T> | T): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[phase] = (timings[phase] ?? 0) + performance.now() - started;
    }
  };
  const dataset = await loadDataset(options.dataDir);
  const serviceIds = options.serviceIds ?? dataset.services.map((s) => s.id);
  const random = seededRandom(options.seed);
  const serial = { next: 0 };
  let world = await worldFromData(options.dataDir, serviceIds);
  const recorded = recordedWorld(dataset.models, dataset.facts);
  const server = await startUpstreamServer(recordedWorldRoutes(world, recorded));
  const savedEnv = { ...process.env };
  Object.assign(process.env, worldEnv(server.url));
  const repo = new SimulatedRepo(await tempDir('simulated-repo'));
  const site = new SimulatedSite(await fixedSiteFiles());
  try {
    // Main's data/ as committed, monitoring the world's services instead of the real ones, with
    // the real probes' timeout (the registry's default): the world answers in the replay's own
    // process, and on a loaded machine its answer can take longer than a test world's second
    // (every probe late at once reads as our own network failing, and fails the run).
    const seed = join(repo.dir, 'seed-data');
    await cp(options.dataDir, seed, { recursive: true });
    await writeFile(join(seed, 'services.json'), `${JSON.stringify(worldServicesFile(server.url, world, null), null, 2)}\n`);
    await rm(join(seed, 'state', 'publish.json'), { force: true });
    await repo.init(seed);
    const store = openStore(repo.dataDir, repo.stateDir);

    const events: WorldEvents = { priceChanges: 0, added: 0, delisted: 0, incidentsOpened: 0, incidentsResolved: 0 };
    const exitCodes: Record<number, number> = {};
    const failures: RunFailure[] = [];
    const plans = Object.fromEntries(
      PUBLISH_PLANS.map((p): [PublishPlan, PlanFigures] => [p, { deploys: 0, held: 0, reasons: {}, uploadedFiles: 0, uploadedBytes: 0, uploadModel: uploadModel(p), gitModeCommits: 0 }]),
    ) as Record<PublishPlan, PlanFigures>;
    const states = Object.fromEntries(PUBLISH_PLANS.map((p) => [p, EMPTY_PUBLISH_STATE])) as Record<PublishPlan, PublishState>;
    const hosts = Object.fromEntries(PUBLISH_PLANS.map((p) => [p, new ContentAddressedHost(p === 'cloudflare-workers')])) as Record<PublishPlan, ContentAddressedHost>;
    const checkpoints: Checkpoint[] = [];
    let measuredRuns = 0;
    const result = (): SimulationResult => ({
      runs: measuredRuns,
      events,
      exitCodes,
      failures,
      snapshotCommits,
      stateSaves,
      checkpoints,
      site: { files: site.files.size, bytes: site.bytes, artifactBytes },
      changedFilesPerRun: changedFiles / Math.max(1, measuredRuns),
      plans,
      timings,
      serializedPerRun: site.serialized / Math.max(1, options.warmupRuns + measuredRuns),
    });
    const measure = async (day: number) => {
      await timed('measure', () => {
        checkpoints.push({
          day,
          mainCommits: repo.commits('main'),
          mainPackedBytes: repo.packedBytes('main'),
          stateCommits: repo.commits(STATE_BRANCH),
          statePackedBytes: repo.packedBytes(STATE_BRANCH),
          remoteBytes: repo.collectGarbage(),
        });
        artifactBytes = site.artifactBytes();
      });
      if (day > 0) options.onCheckpoint?.(result());
    };
    let artifactBytes = 0;
    let snapshotCommits = 0;
    let stateSaves = 0;
    let changedFiles = 0;
    const checkpointRuns = options.checkpointRuns ?? RUNS_PER_DAY;
    let now = options.start;
    for (let run = 0; run < options.warmupRuns + options.runs; run += 1) {
      const measured = run >= options.warmupRuns;
      if (run > 0) {
        const evolved = evolveWorld(world, random, RUN_MINUTES, serial);
        world = evolved.world;
        if (measured) for (const key of Object.keys(events) as Array<keyof WorldEvents>) events[key] += evolved.events[key];
      }
      const fault = options.faults?.get(run)?.(world) ?? null;
      server.setRoutes({ ...recordedWorldRoutes(world, recorded, run), ...fault?.routes });
      let rendered: readonly RenderedFile[] = [];
      const outcome = await timed('update', () =>
        runUpdate({ store, now, stages: UPDATE_STAGES, force: false, maxDelistShare: 0.2, maxNewShare: 0.5, maxPriceFactor: 5, endpointsPerRun: 20, log: () => undefined, onRendered: (files) => (rendered = files) }),
      );
      for (const [stage, ms] of Object.entries(outcome.durations)) timings[`update: ${stage}`] = (timings[`update: ${stage}`] ?? 0) + ms;
      const code = updateExitCode(outcome);
      if (code > 1) throw new Error(`update at ${now} exited ${code}: ${JSON.stringify(outcome.stopped)}`);
      exitCodes[code] = (exitCodes[code] ?? 0) + 1;
      const content = await loadContentState(store);
      const changed = await timed('site', () => site.update(rendered, content));
      if (code !== 0) {
        const reasons = summaryRows(outcome).filter((row) => row.result !== 'ok').map((row) => `${row.name}: ${row.error ?? row.details}`);
        failures.push({ run: run + 1, at: now, exitCode: code, measured, injected: fault?.what ?? null, reasons, removed: changed.filter((path) => !site.files.has(path)).length });
      }
      if (measured) {
        changedFiles += changed.length;
        measuredRuns += 1;
      }

      let snapshotDue = false;
      await timed('decide', async () => {
        for (const plan of PUBLISH_PLANS) {
          if (!measured) {
            // The end of the warm-up is live everywhere: the measured runs start from a published site.
            if (run === options.warmupRuns - 1) {
              states[plan] = recordDeploy(EMPTY_PUBLISH_STATE, now);
              hosts[plan].deploy(site);
            }
            continue;
          }
          const decision = decidePublish({ content, state: states[plan], policy: PLAN_POLICIES[plan], liveRunAt: states[plan].last_deploy_at, requested: false });
          if (decision.capped) plans[plan].held += 1;
          if (!decision.deploy) continue;
          states[plan] = recordDeploy(states[plan], now);
          const figures = plans[plan];
          figures.deploys += 1;
          figures.reasons[decision.reason!] = (figures.reasons[decision.reason!] ?? 0) + 1;
          const sent = figures.uploadModel === 'pages-artifact' ? { files: site.files.size, bytes: artifactBytes } : hosts[plan].deploy(site);
          figures.uploadedFiles += sent.files;
          figures.uploadedBytes += sent.bytes;
        }
        // The state holds the deploy records of the plan this repository runs (every run deploys).
        await savePublishState(store, states['github-pages']);
      });
      if (await timed('git: save state', () => repo.saveState(now))) stateSaves += measured ? 1 : 0;
      await timed('git: snapshot', async () => {
        const snapshot = await snapshotIfDue(store, { everyHours: options.snapshotHours ?? DEFAULT_SNAPSHOT_HOURS, requested: false });
        snapshotDue = snapshot.due;
        if (snapshot.due && (await repo.commitSnapshot()) && measured) snapshotCommits += 1;
      });
      if (measured) {
        for (const plan of PUBLISH_PLANS) if (snapshotDue || states[plan].last_deploy_at === now) plans[plan].gitModeCommits += 1;
      }
      const measuredRun = run - options.warmupRuns + 1;
      if (run === options.warmupRuns - 1) await measure(0);
      else if (measured && (measuredRun % checkpointRuns === 0 || measuredRun === options.runs)) await measure(measuredRun / RUNS_PER_DAY);
      log(`run ${run + 1}/${options.warmupRuns + options.runs} at ${now}: exit ${code}, ${changed.length} files changed${measured ? '' : ' (warm-up)'}`);
      now = addMinutes(now, RUN_MINUTES);
    }
    return result();
  } finally {
    process.env = savedEnv;
    await server.close();
    await rm(repo.dir, { recursive: true, force: true });
  }
}
