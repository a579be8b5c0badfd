/**
 * The simulated year: consecutive 15-minute runs of the real `update` (a child process, as the
 * refresh job runs it) against a local upstream world that changes at the recorded rates, inside
 * a real git repository that commits data/ the way the refresh job does; after each run, the
 * site the build would publish and the deploy decision of every plan. Extrapolated to a year.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { serializeSite } from '../build/write-site.js';
import { decidePublish, EMPTY_PUBLISH_STATE, PLAN_POLICIES, PUBLISH_PLANS, recordDeploy, type PublishPlan, type PublishState } from '../publish/decide.js';
import { renderApi } from '../render/site.js';
import { loadContentState } from '../store/content-store.js';
import { loadDataset } from '../store/data-store.js';
import { runCli } from '../testing/cli.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer } from '../testing/upstream-server.js';
import { worldEnv, worldRoutes, worldServicesFile, type World, type WorldModel } from '../testing/world.js';
import { evolveWorld, seededRandom, type WorldEvents } from './world-evolution.js';

export const RUN_MINUTES = 15;
export const RUNS_PER_YEAR = (365 * 24 * 60) / RUN_MINUTES;
const SITE = 'https://modelpulse.example';

export interface SimulationOptions {
  /** The data/ to start from (copied; never written). */
  dataDir: string;
  /** Measured runs, after the warm-up. */
  runs: number;
  /** Unmeasured runs first: the first reads of a world that differs in detail from data/. */
  warmupRuns: number;
  start: string;
  seed: number;
  /** The services to monitor (default: those of data/services.json, same ids). */
  serviceIds?: string[];
  log?: (line: string) => void;
}

export interface PlanFigures {
  deploys: number;
  held: number;
  /** Content-addressed uploads (Netlify, Cloudflare): files whose bytes the last deploy lacked. */
  uploadedFiles: number;
  uploadedBytes: number;
  reasons: Record<string, number>;
  /** Every path any deploy uploaded (the first 100, sorted): what changes from deploy to deploy. */
  uploadedPaths: string[];
}

export interface SimulationResult {
  runs: number;
  commits: number;
  events: WorldEvents;
  exitCodes: Record<number, number>;
  /** After `git gc`: the repository at the end of the warm-up and at the end. */
  packBytes: { start: number; end: number };
  dataBytes: { start: number; end: number };
  contentStateBytes: number;
  site: { files: number; bytes: number; gzipRatio: number };
  /** Files whose bytes changed from one run's site to the next (mean over measured runs). */
  changedFilesPerRun: number;
  plans: Record<PublishPlan, PlanFigures>;
}

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

const addMinutes = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=sim', '-c', 'user.email=sim@example.com', ...args], { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
}

/** The packed size of the repository after `git gc` (what a clone downloads). */
function packedBytes(repo: string): number {
  git(repo, 'gc', '--quiet');
  const sizePack = /size-pack: (\d+)/.exec(git(repo, 'count-objects', '-v'))?.[1];
  return Number(sizePack ?? 0) * 1024;
}

function dirBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
}

/** The files the build would publish (the API: everything that changes with data), path → sha. */
async function publishedSite(dataDir: string): Promise<Map<string, { sha: string; bytes: number }>> {
  const dataset = await loadDataset(dataDir);
  const files = serializeSite(renderApi(dataset, { siteUrl: SITE, contentTimes: await loadContentState(dataDir) }), SITE);
  return new Map([...files].map(([path, text]) => [path, { sha: sha(text), bytes: Buffer.byteLength(text) }]));
}

export async function simulate(options: SimulationOptions): Promise<SimulationResult> {
  const log = options.log ?? (() => undefined);
  const repo = await tempDir('simulated-year');
  const dataDir = join(repo, 'data');
  await cp(options.dataDir, dataDir, { recursive: true });
  // The world's secondary sources are its own (one record per model): the recorded facts would
  // look like a source that lost most of its records, which the shrink guard refuses.
  await rm(join(dataDir, 'facts'), { recursive: true, force: true });
  await rm(join(dataDir, 'state', 'publish.json'), { force: true });
  const serviceIds = options.serviceIds ?? (await loadDataset(dataDir)).services.map((s) => s.id);
  const random = seededRandom(options.seed);
  const serial = { next: 0 };
  let world = await worldFromData(dataDir, serviceIds);
  const server = await startUpstreamServer(worldRoutes(world));
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(worldServicesFile(server.url, world), null, 2));
  git(repo, 'init', '--quiet', '--initial-branch=main');
  git(repo, 'add', '.');
  git(repo, 'commit', '--quiet', '-m', 'start');

  const events: WorldEvents = { priceChanges: 0, added: 0, delisted: 0, incidentsOpened: 0, incidentsResolved: 0 };
  const exitCodes: Record<number, number> = {};
  const plans = Object.fromEntries(PUBLISH_PLANS.map((p): [PublishPlan, PlanFigures] => [p, { deploys: 0, held: 0, uploadedFiles: 0, uploadedBytes: 0, reasons: {}, uploadedPaths: [] }])) as Record<PublishPlan, PlanFigures>;
  const uploadedPaths = Object.fromEntries(PUBLISH_PLANS.map((p) => [p, new Set<string>()])) as Record<PublishPlan, Set<string>>;
  const states = Object.fromEntries(PUBLISH_PLANS.map((p) => [p, EMPTY_PUBLISH_STATE])) as Record<PublishPlan, PublishState>;
  const deployed = Object.fromEntries(PUBLISH_PLANS.map((p) => [p, new Map<string, string>()])) as Record<PublishPlan, Map<string, string>>;
  let commits = 0;
  let changedFiles = 0;
  let previousSite: Map<string, { sha: string; bytes: number }> | null = null;
  let packStart = 0;
  let dataStart = 0;
  let now = options.start;
  try {
    for (let run = 0; run < options.warmupRuns + options.runs; run += 1) {
      const measured = run >= options.warmupRuns;
      if (run > 0) {
        const evolved = evolveWorld(world, random, RUN_MINUTES, serial);
        world = evolved.world;
        if (measured) for (const key of Object.keys(events) as Array<keyof WorldEvents>) events[key] += evolved.events[key];
        server.setRoutes(worldRoutes(world));
      }
      const update = await runCli('generator/cli/update.ts', ['--data-dir', dataDir, '--now', now], worldEnv(server.url));
      if (update.code > 1) throw new Error(`update exited ${update.code} at ${now}:\n${update.out.slice(-2000)}`);
      if (update.code === 1) log(update.out.split('\n').filter((l) => /FAILED|stale|failed/.test(l)).join('\n'));
      exitCodes[update.code] = (exitCodes[update.code] ?? 0) + 1;
      const site = await publishedSite(dataDir);
      if (measured) {
        if (previousSite !== null) changedFiles += [...site].filter(([path, f]) => previousSite!.get(path)?.sha !== f.sha).length;
        const content = await loadContentState(dataDir);
        for (const plan of PUBLISH_PLANS) {
          const decision = decidePublish({ content, state: states[plan], policy: PLAN_POLICIES[plan], liveRunAt: states[plan].last_deploy_at, requested: false });
          if (decision.capped) plans[plan].held += 1;
          if (!decision.deploy) continue;
          states[plan] = recordDeploy(states[plan], now);
          plans[plan].deploys += 1;
          plans[plan].reasons[decision.reason!] = (plans[plan].reasons[decision.reason!] ?? 0) + 1;
          for (const [path, file] of site) {
            if (deployed[plan].get(path) === file.sha) continue;
            plans[plan].uploadedFiles += 1;
            plans[plan].uploadedBytes += file.bytes;
            uploadedPaths[plan].add(path);
          }
          deployed[plan] = new Map([...site].map(([path, f]) => [path, f.sha]));
        }
      } else {
        // The end of the warm-up is published everywhere: the measured runs start from a live site.
        for (const plan of PUBLISH_PLANS) {
          states[plan] = { last_deploy_at: now, deploys: [] };
          deployed[plan] = new Map([...site].map(([path, f]) => [path, f.sha]));
        }
      }
      previousSite = site;
      if (git(repo, 'status', '--porcelain', 'data/').trim() !== '') {
        git(repo, 'add', 'data/');
        git(repo, 'commit', '--quiet', '-m', `data: refresh ${now}`);
        if (measured) commits += 1;
      }
      if (run === options.warmupRuns - 1 || (options.warmupRuns === 0 && run === 0)) {
        packStart = packedBytes(repo);
        dataStart = dirBytes(dataDir);
      }
      log(`run ${run + 1}/${options.warmupRuns + options.runs} at ${now}: update exit ${update.code}${measured ? '' : ' (warm-up)'}`);
      now = addMinutes(now, RUN_MINUTES);
    }
    const siteBytes = [...previousSite!.values()].reduce((sum, f) => sum + f.bytes, 0);
    for (const plan of PUBLISH_PLANS) plans[plan].uploadedPaths = [...uploadedPaths[plan]].sort().slice(0, 100);
    return {
      runs: options.runs,
      commits,
      events,
      exitCodes,
      packBytes: { start: packStart, end: packedBytes(repo) },
      dataBytes: { start: dataStart, end: dirBytes(dataDir) },
      contentStateBytes: dirBytes(join(dataDir, 'state', 'content.json')),
      site: { files: previousSite!.size, bytes: siteBytes, gzipRatio: await gzipRatio(dataDir) },
      changedFilesPerRun: options.runs > 1 ? changedFiles / (options.runs - 1) : 0,
      plans,
    };
  } finally {
    await server.close();
    await rm(repo, { recursive: true, force: true });
  }
}

/** How much a Pages artifact (a tar the upload compresses) shrinks: gzip of a sample of the site. */
async function gzipRatio(dataDir: string): Promise<number> {
  const files = serializeSite(renderApi(await loadDataset(dataDir), { siteUrl: SITE }), SITE);
  const sample = [...files.values()].filter((_, i) => i % 20 === 0).join('');
  return gzipSync(sample).length / Math.max(1, Buffer.byteLength(sample));
}
