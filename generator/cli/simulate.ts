import { writeFileSync } from 'node:fs';
import { cloudflareWorkers, costSources, githubPages, netlifyFree, netlifyPersonal, netlifyPro, type Traffic } from '../bench/costs.js';
import { boundedGrowth } from '../bench/growth.js';
import { formatMonitorSimulation, simulateMonitor } from '../bench/monitor-sim.js';
import { RUN_MINUTES, RUNS_PER_DAY, simulate, type SimulationResult } from '../bench/simulate.js';
import { seededRandom } from '../bench/world-evolution.js';
import { planFaults } from '../bench/world-faults.js';
import { PLAN_POLICIES, PUBLISH_PLANS, type PublishPlan } from '../publish/decide.js';
import { lastRecordedRun } from '../update/content.js';
import { numberOption, parseCli, runMain } from './args.js';

const HELP = `npm run simulate -- [options]
Replays every ${RUN_MINUTES}-minute run of the refresh job for the given days: the real update against a
local upstream world that changes at the recorded rates (the real site's catalog and facts), the
state saved to a bare git remote with the workflow's own script, main's snapshots committed with
its own step, every plan's deploy decisions and each host's uploads; then a year's figures and the
monthly bills with the source of every figure.
  --data-dir DIR            the data/ to start from (copied; default: data)
  --days N                  simulated days after the warm-up (default 30)
  --warmup N                unmeasured first runs (default 22: the endpoints rotation's first pass)
  --seed N                  the world's random seed (default 20261122)
  --faults N                inject a fault into N measured runs (an upstream answering garbage
                            for that run: world-faults.ts); each must fail and be listed (default 0)
  --snapshot-hours N        at most one snapshot of main per N hours (default 24)
  --requests-per-month N    assumed traffic for the host bills (default 300000)
  --gb-per-month N          assumed bandwidth (default 1)
  --progress FILE           after each simulated day, write the report so far to FILE
  --monitor                 instead: the Cloudflare Worker's edge monitor in workerd (wrangler dev), a
                            run a simulated minute apart against a scripted world of status pages
                            and probes on 127.0.0.1 that changes (outages, pages saying "major", a
                            probe hanging, recoveries, a failing run, a D1 outage): how long each
                            change takes to show in the live answer, and that failures fall back
                            to the static files and recover by themselves; then providers failing
                            one model each (OpenRouter's endpoint statistics on 127.0.0.1): how
                            long each model takes to read degraded and operational again, live
  --services-factor N       with --monitor: the registry N times over (default 1)
  --models N                with --monitor: models OpenRouter lists in the world (default: the
                            committed catalog's, today's size)`;

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

type Out = (line: string) => void;

/** The most deploys a month a plan's caps allow (30-day month). */
function planCeiling(plan: PublishPlan): number {
  const policy = PLAN_POLICIES[plan];
  const byInterval = policy.minIntervalMinutes > 0 ? (30 * 24 * 60) / policy.minIntervalMinutes : Infinity;
  return Math.min(policy.maxPerMonth, policy.maxPerDay * 30, byInterval);
}

/** Every run that did not exit 0, and why; those nobody injected a fault into are the finding. */
function printFailures(out: Out, result: SimulationResult, replayed: number): void {
  const unasked = result.failures.filter((f) => f.injected === null).length;
  const share = ((100 * unasked) / Math.max(1, replayed)).toFixed(1);
  out(`failed runs: ${result.failures.length} of ${replayed} replayed; ${unasked} without an injected fault (${share}%)`);
  const shown = result.failures.slice(0, 30);
  for (const f of shown) {
    const cause = f.injected === null ? 'no fault injected' : `injected: ${f.injected}`;
    out(`  run ${f.run} at ${f.at}${f.measured ? '' : ' (warm-up)'}: exit ${f.exitCode} (${cause}); ${f.removed} API files removed; ${f.reasons.join('; ') || 'no row failed'}`);
  }
  if (result.failures.length > shown.length) out(`  … and ${result.failures.length - shown.length} more`);
}

function printTimings(out: Out, result: SimulationResult, runs: number): void {
  const t = result.timings;
  const per = (name: string) => seconds((t[name] ?? 0) / runs);
  const stages = ['models', 'facts', 'status', 'content'].map((s) => `${s} ${per(`update: ${s}`)}`).join(', ');
  out(`\ntime per run (what dominates): update ${per('update')} (${stages}); site ${per('site')}; decisions ${per('decide')}; git: save ${per('git: save state')}, snapshot ${per('git: snapshot')}; measurements ${per('measure')}`);
  out(
    `  the site: ${result.serializedPerRun.toFixed(0)} of ${result.site.files} files serialized per run on average: a response whose content time entry is unchanged is byte-identical, so only changed responses (and the few files outside content.json) are serialized again; the render itself is update's own (its content stage renders the API to record the content times)`,
  );
}

function printRepository(out: Out, result: SimulationResult, days: number): void {
  const perYear = 365 / days;
  const [first, last] = [result.checkpoints[0]!, result.checkpoints.at(-1)!];
  const growth = last.mainPackedBytes - first.mainPackedBytes;
  out(`\nmain (a snapshot commit only on a material catalog change, at most one every snapshot interval):`);
  out(`  commits: ${result.snapshotCommits} in ${days} days → about ${Math.round(result.snapshotCommits * perYear)} a year`);
  const signed = (bytes: number) => `${bytes < 0 ? '−' : '+'}${mib(Math.abs(bytes))}`;
  out(`  packed (as git gc packs it): ${mib(first.mainPackedBytes)} → ${mib(last.mainPackedBytes)}: ${signed(growth)} in ${days} days → about ${signed(growth * perYear)} a year`);
  const gitMode = PUBLISH_PLANS.filter((p) => p.startsWith('netlify-')).map((p) => `${p} ${Math.round(result.plans[p].gitModeCommits * perYear)}`);
  out(`  with Netlify's Git deploy (each deploy is a snapshot commit too), commits a year: ${gitMode.join(', ')}`);
  out(`state store (branch modelpulse-state: a commit a save on top of the day's, a new root commit each UTC day):`);
  out(`  saves: ${result.stateSaves} of ${result.runs} runs`);
  out(`  packed size of the branch (its history included), at each daily measurement: ${result.checkpoints.map((c) => `day ${c.day.toFixed(0)} ${mib(c.statePackedBytes)} (${c.stateCommits} commits)`).join(', ')}`);
  const held = result.checkpoints.slice(1).map((c) => c.remoteBytes.before - c.remoteBytes.after);
  out(
    `  the remote held up to ${mib(Math.max(0, ...held))} more than after its daily garbage collection (${mib(last.remoteBytes.after)}): the previous days' state commits, and loose objects a host packs on its own schedule`,
  );
}

function printDeploys(out: Out, result: SimulationResult, days: number): (plan: PublishPlan) => number {
  const perMonth = 30 / days;
  // A plan whose caps held deploys back in fewer than 30 days runs at its ceiling.
  const deploys = (plan: PublishPlan) => (result.plans[plan].held > 0 && days < 30 ? planCeiling(plan) : result.plans[plan].deploys * perMonth);
  out(`\nsite: ${result.site.files} files, ${mib(result.site.bytes)}; as a GitHub Pages artifact (tar.gz): ${mib(result.site.artifactBytes)}; ${result.changedFilesPerRun.toFixed(1)} files change per run on average`);
  out(`deploys a month by plan, and what each deploy uploads under the host's model:`);
  for (const plan of PUBLISH_PLANS) {
    const p = result.plans[plan];
    const model = { netlify: 'Netlify, content-addressed', cloudflare: 'Cloudflare asset hashes', 'pages-artifact': 'the whole Pages artifact', none: 'your own host' }[p.uploadModel];
    const perDeploy = p.deploys === 0 || p.uploadModel === 'none' ? '' : `; ${(p.uploadedFiles / p.deploys).toFixed(1)} files, ${kib(p.uploadedBytes / p.deploys)} per deploy (${model})`;
    const capped = p.held > 0 ? `, held by its caps in ${p.held} runs` : '';
    out(`  ${plan.padEnd(19)} ${String(Math.round(deploys(plan))).padStart(5)} a month${capped}; reasons ${JSON.stringify(p.reasons)}${perDeploy}`);
  }
  return deploys;
}


interface ReportOptions {
  warmupRuns: number;
  traffic: Traffic;
  minutes: number;
}

/** Everything the replay measured, and what it means for a year and a month. */
function printReport(out: Out, result: SimulationResult, { warmupRuns, traffic, minutes }: ReportOptions): void {
  const runs = result.runs;
  const simulatedDays = runs / RUNS_PER_DAY;
  out(`\nsimulated: ${runs} runs (${simulatedDays} days) after ${warmupRuns} warm-up runs, every one replayed, in ${minutes.toFixed(1)} min on this machine`);
  const e = result.events;
  out(`world: ${e.priceChanges} price changes, ${e.added} models added, ${e.delisted} delisted, ${e.incidentsOpened} incidents opened (${e.incidentsResolved} resolved); update exit codes ${JSON.stringify(result.exitCodes)}`);
  printFailures(out, result, runs + warmupRuns);
  printTimings(out, result, runs + warmupRuns);
  printRepository(out, result, simulatedDays);
  const deploys = printDeploys(out, result, simulatedDays);
  out(`\nmonthly bill (traffic assumed: ${traffic.requestsPerMonth} requests, ${traffic.gbPerMonth} GB):`);
  const bills = [
    githubPages(deploys('github-pages'), result.site.bytes, traffic),
    cloudflareWorkers(deploys('cloudflare-workers'), result.site.files),
    netlifyFree(deploys('netlify-free'), traffic),
    netlifyPersonal(deploys('netlify-personal'), traffic),
    netlifyPro(deploys('netlify-pro'), traffic),
    { ...netlifyPro(deploys('github-pages'), traffic), host: 'Netlify Pro, deploying every run' },
  ];
  for (const bill of bills) out(`  ${bill.host.padEnd(40)} ${String(Math.round(bill.deploysPerMonth)).padStart(5)} deploys  ${bill.usdPerMonth === null ? 'not possible' : `$${bill.usdPerMonth}`}  (${bill.note})`);
  out(`  GitHub Pages uploads the whole artifact each deploy: ${mib(result.site.artifactBytes * deploys('github-pages'))} a month`);
  out('sources of the figures:');
  for (const [name, figure] of costSources()) out(`  ${name} = ${figure.value}: ${figure.source}`);
  out('\nbounded growth (the real merge of status runs, one a quarter hour, incidents at the recorded rate):');
  for (const line of boundedGrowth(450)) out(`  ${line}`);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    days: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    faults: { type: 'string' },
    'snapshot-hours': { type: 'string' },
    'requests-per-month': { type: 'string' },
    'gb-per-month': { type: 'string' },
    progress: { type: 'string' },
    monitor: { type: 'boolean', default: false },
    'services-factor': { type: 'string' },
    models: { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  if (args.monitor) {
    const factor = numberOption(args['services-factor'], 'services-factor', 1, (n) => Number.isInteger(n) && n >= 1);
    const models = args.models === undefined ? undefined : numberOption(args.models, 'models', 0, (n) => Number.isInteger(n) && n >= 40);
    const simulation = await simulateMonitor({ dataDir: args['data-dir'], factor, ...(models === undefined ? {} : { models }), log: (line) => process.stderr.write(`${line}\n`) });
    console.log(formatMonitorSimulation(simulation));
    return simulation.checks.every((c) => c.ok) ? 0 : 1;
  }
  const days = numberOption(args.days, 'days', 30, (n) => n > 0);
  const warmupRuns = numberOption(args.warmup, 'warmup', 22, (n) => Number.isInteger(n) && n >= 1);
  const traffic: Traffic = {
    requestsPerMonth: numberOption(args['requests-per-month'], 'requests-per-month', 300_000, (n) => n >= 0),
    gbPerMonth: numberOption(args['gb-per-month'], 'gb-per-month', 1, (n) => n >= 0),
  };
  const runs = Math.max(2, Math.round(days * RUNS_PER_DAY));
  const seed = numberOption(args.seed, 'seed', 20261122, Number.isInteger);
  const faults = numberOption(args.faults, 'faults', 0, (n) => Number.isInteger(n) && n >= 0);
  // The first simulated run comes a quarter hour after the last run data/ records (update refuses earlier ones).
  const last = await lastRecordedRun(args['data-dir']);
  const start = last === null ? '2026-09-01T00:07:00Z' : new Date(Date.parse(last) + RUN_MINUTES * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const started = Date.now();
  const result = await simulate({
    dataDir: args['data-dir'],
    runs,
    warmupRuns,
    start,
    seed,
    faults: planFaults(faults, warmupRuns, runs, seededRandom(seed + 1)),
    snapshotHours: numberOption(args['snapshot-hours'], 'snapshot-hours', 24, (n) => n >= 0),
    log: (line) => process.stderr.write(`${line}\n`),
    onCheckpoint: (partial) => {
      if (args.progress === undefined) return;
      const lines: string[] = [];
      printReport((line) => lines.push(line), partial, { warmupRuns, traffic, minutes: (Date.now() - started) / 60_000 });
      writeFileSync(args.progress, `${lines.join('\n')}\n`);
    },
  });
  printReport((line) => console.log(line), result, { warmupRuns, traffic, minutes: (Date.now() - started) / 60_000 });
  return 0;
}

runMain(main);
