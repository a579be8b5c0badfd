import { cloudflareWorkers, githubPages, netlifyFree, netlifyPro, type Traffic } from '../bench/costs.js';
import { boundedGrowth } from '../bench/growth.js';
import { RUN_MINUTES, RUNS_PER_YEAR, simulate } from '../bench/simulate.js';
import { PLAN_POLICIES, PUBLISH_PLANS } from '../publish/decide.js';
import { lastRecordedRun } from '../update/content.js';
import { numberOption, parseCli, runMain } from './args.js';

const HELP = `npm run simulate -- [options]
Drives the real update through consecutive ${RUN_MINUTES}-minute runs against a local upstream world
that changes at the recorded rates, commits data/ in a real git repository as the refresh job
does, decides every plan's deploys, and extrapolates a year.
  --data-dir DIR            the data/ to start from (copied; default: data)
  --days N                  simulated days after the warm-up (default 2)
  --warmup N                unmeasured first runs (default 17: the endpoints rotation's first pass)
  --seed N                  the world's random seed (default 20261122)
  --requests-per-month N    assumed traffic for the host bills (default 300000)
  --gb-per-month N          assumed bandwidth (default 1)`;

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

/** The most deploys a month a plan's caps allow (30-day month). */
function planCeiling(plan: (typeof PUBLISH_PLANS)[number]): number {
  const policy = PLAN_POLICIES[plan];
  const byInterval = policy.minIntervalMinutes > 0 ? (30 * 24 * 60) / policy.minIntervalMinutes : Infinity;
  return Math.min(policy.maxPerMonth, policy.maxPerDay * 30, byInterval);
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    days: { type: 'string' },
    warmup: { type: 'string' },
    seed: { type: 'string' },
    'requests-per-month': { type: 'string' },
    'gb-per-month': { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const days = numberOption(args.days, 'days', 2, (n) => n > 0);
  const warmupRuns = numberOption(args.warmup, 'warmup', 17, (n) => Number.isInteger(n) && n >= 1);
  const traffic: Traffic = {
    requestsPerMonth: numberOption(args['requests-per-month'], 'requests-per-month', 300_000, (n) => n >= 0),
    gbPerMonth: numberOption(args['gb-per-month'], 'gb-per-month', 1, (n) => n >= 0),
  };
  const runs = Math.max(2, Math.round((days * 24 * 60) / RUN_MINUTES));
  // The first simulated run comes a quarter hour after the last run data/ records (update refuses earlier ones).
  const last = await lastRecordedRun(args['data-dir']);
  const start = last === null ? '2026-09-01T00:07:00Z' : new Date(Date.parse(last) + RUN_MINUTES * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const started = Date.now();
  const result = await simulate({
    dataDir: args['data-dir'],
    runs,
    warmupRuns,
    start,
    seed: numberOption(args.seed, 'seed', 20261122, Number.isInteger),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const perYear = RUNS_PER_YEAR / result.runs;
  const perMonth = perYear / 12;
  console.log(`\nsimulated: ${result.runs} runs (${days} days) after ${warmupRuns} warm-up runs, in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
  const e = result.events;
  console.log(`world: ${e.priceChanges} price changes, ${e.added} models added, ${e.delisted} delisted, ${e.incidentsOpened} incidents opened (${e.incidentsResolved} resolved); update exit codes ${JSON.stringify(result.exitCodes)}`);
  console.log(`\nper year (×${perYear.toFixed(1)}):`);
  console.log(`  commits: ${result.commits} in the simulation → ${Math.round(result.commits * perYear)} a year`);
  const growth = result.packBytes.end - result.packBytes.start;
  console.log(`  repository (packed, after git gc): ${mib(result.packBytes.start)} at the start, +${mib(growth)} in the simulation → +${mib(growth * perYear)} a year`);
  console.log(`  data/: ${mib(result.dataBytes.start)} → ${mib(result.dataBytes.end)} (data/state/content.json ${mib(result.contentStateBytes)})`);
  console.log(`  site: ${result.site.files} API files, ${mib(result.site.bytes)} (gzip about ${(result.site.gzipRatio * 100).toFixed(0)}%); ${result.changedFilesPerRun.toFixed(1)} files change per run on average`);
  console.log(`\ndeploys by plan (per month; uploads are content-addressed: only files the live deploy lacks):`);
  for (const plan of PUBLISH_PLANS) {
    const p = result.plans[plan];
    const perDeploy = p.deploys === 0 ? '—' : `${(p.uploadedFiles / p.deploys).toFixed(1)} files, ${(p.uploadedBytes / p.deploys / 1024).toFixed(1)} KiB per deploy`;
    const capped = p.held > 0 ? ` (held by its caps in ${p.held} runs: it runs at its ceiling of ${Math.round(planCeiling(plan))} a month)` : '';
    console.log(`  ${plan.padEnd(19)} ${String(Math.round(p.deploys * perMonth)).padStart(5)} a month simulated${capped}; ${perDeploy}; reasons ${JSON.stringify(p.reasons)}`);
  }
  // A plan whose caps held deploys back runs at its ceiling: the simulated days may be shorter
  // than its interval (Netlify Free: 60 hours), so the ceiling, not the days, says the month.
  const deploys = (plan: (typeof PUBLISH_PLANS)[number]) => (result.plans[plan].held > 0 ? planCeiling(plan) : result.plans[plan].deploys * perMonth);
  const artifact = result.site.bytes * result.site.gzipRatio;
  console.log(`\nmonthly cost (traffic assumed: ${traffic.requestsPerMonth} requests, ${traffic.gbPerMonth} GB):`);
  const bills = [
    githubPages(deploys('github-pages'), result.site.bytes, traffic),
    cloudflareWorkers(deploys('cloudflare-workers'), result.site.files),
    netlifyFree(deploys('netlify-free'), traffic),
    netlifyPro(deploys('netlify-pro'), traffic),
    { ...netlifyPro(deploys('github-pages'), traffic), host: 'Netlify Pro, deploying every run' },
  ];
  for (const bill of bills) console.log(`  ${bill.host.padEnd(34)} ${String(Math.round(bill.deploysPerMonth)).padStart(5)} deploys  ${bill.usdPerMonth === null ? 'not possible' : `$${bill.usdPerMonth}`}  (${bill.note})`);
  console.log(`  GitHub Pages uploads the whole site each deploy: about ${mib(artifact)} compressed, ${mib(artifact * deploys('github-pages'))} a month`);
  console.log('\nbounded growth (the real merge of status runs, one a quarter hour, incidents at the recorded rate):');
  for (const line of boundedGrowth(450)) console.log(`  ${line}`);
  return 0;
}

runMain(main);
