import { userAgent } from '../config.js';
import { HttpClient } from '../http/client.js';
import { isoSecond, parseIsoTime } from '../models/dates.js';
import { DEFAULT_MAX_DELIST_SHARE, DEFAULT_MAX_PRICE_FACTOR } from '../models/merge.js';
import { openRouterBaseUrl } from '../sources/openrouter/fetch.js';
import { loadServices, DEFAULT_PROBE_TIMEOUT_MS } from '../status/registry.js';
import { updateModels, type SourceRunReport } from '../update/models.js';
import { FACT_SOURCES, type FactSource } from '../sources/facts.js';
import { updateFacts, type FactsRunReport } from '../update/facts.js';
import { updateStatus, type StatusRunReport } from '../update/status.js';
import { numberOption, parseCli, runMain, UsageError } from './args.js';

/** The update stages, in run order; `--only` picks one. */
export const UPDATE_STAGES = ['models', 'facts', 'status'] as const;
export type UpdateStage = (typeof UPDATE_STAGES)[number];

const HELP = `npm run update -- [options]
  --data-dir DIR            data directory (default: data)
  --only STAGE              run one stage: ${UPDATE_STAGES.join(', ')}
  --now ISO_TIME            observation time to record instead of the clock
  --force                   accept a sync that delists more than --max-delist-share, or a
                            secondary source that shrank by more than half
  --max-delist-share X      largest share of listed models one sync may delist (default ${DEFAULT_MAX_DELIST_SHARE})
  --max-price-factor X      a price moving more than this factor at once waits for confirmation (default ${DEFAULT_MAX_PRICE_FACTOR})
  --endpoints-per-run N     models whose provider endpoints are refreshed per run (default 20)
  --sources A,B             facts stage: read only these of ${FACT_SOURCES.join(', ')}
Environment: MODELPULSE_OPENROUTER_URL, MODELPULSE_LITELLM_URL, MODELPULSE_MODELSDEV_URL and
MODELPULSE_ARTIFICIAL_ANALYSIS_URL override the sources' URLs; ARTIFICIAL_ANALYSIS_API_KEY turns
on Artificial Analysis. Status pages and probes come from DATA_DIR/services.json.`;

/** The status run may take this multiple of the longest probe timeout (one retry fits in it). */
const STATUS_BUDGET_FACTOR = 1.4;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    only: { type: 'string' },
    now: { type: 'string' },
    force: { type: 'boolean', default: false },
    'max-delist-share': { type: 'string' },
    'max-price-factor': { type: 'string' },
    'endpoints-per-run': { type: 'string' },
    sources: { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  if (args.only !== undefined && !(UPDATE_STAGES as readonly string[]).includes(args.only)) {
    throw new UsageError(`--only must be one of ${UPDATE_STAGES.join(', ')}, not ${JSON.stringify(args.only)}`);
  }
  const nowDate = args.now === undefined ? new Date() : parseIsoTime(args.now);
  if (nowDate === null) throw new UsageError(`--now must be an ISO 8601 time such as 2026-08-01T00:00:00Z, not ${JSON.stringify(args.now)}`);
  const now = isoSecond(nowDate);
  const maxDelistShare = numberOption(args['max-delist-share'], 'max-delist-share', DEFAULT_MAX_DELIST_SHARE, (n) => n >= 0 && n <= 1);
  const maxPriceFactor = numberOption(args['max-price-factor'], 'max-price-factor', DEFAULT_MAX_PRICE_FACTOR, (n) => n > 1);
  const endpointsPerRun = numberOption(args['endpoints-per-run'], 'endpoints-per-run', 20, (n) => Number.isInteger(n) && n >= 0);

  const factSources = args.sources?.split(',').map((s) => s.trim());
  for (const source of factSources ?? []) {
    if (!(FACT_SOURCES as readonly string[]).includes(source)) throw new UsageError(`--sources takes ${FACT_SOURCES.join(', ')}, not ${JSON.stringify(source)}`);
  }
  const stages = args.only === undefined ? UPDATE_STAGES : [args.only as UpdateStage];
  const reports: SourceRunReport[] = [];
  const statusReports: StatusRunReport[] = [];
  const log = (line: string) => console.log(line);
  // A stage that stops with an error (a broken data file) is reported; the others still run.
  const stageErrors: string[] = [];
  const guarded = async (stage: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof UsageError) throw error;
      stageErrors.push(`${stage}: ${(error as Error).message}`);
      console.error(`${stage}: STOPPED — ${(error as Error).message}`);
    }
  };
  if (stages.includes('models')) {
    await guarded('models', async () => {
      const http = new HttpClient({ userAgent: userAgent() });
      try {
        reports.push(
          await updateModels({ dataDir: args['data-dir'], now, http, baseUrl: openRouterBaseUrl(), maxDelistShare, maxPriceFactor, force: args.force, endpointsPerRun, log }),
        );
      } finally {
        await http.close();
      }
    });
  }
  const factsReports: FactsRunReport[] = [];
  if (stages.includes('facts')) {
    await guarded('facts', async () => {
      const http = new HttpClient({ userAgent: userAgent(), maxBytes: 50 * 1024 * 1024 });
      try {
        factsReports.push(await updateFacts({ dataDir: args['data-dir'], now, http, force: args.force, only: factSources as FactSource[] | undefined, maxPriceFactor, log }));
      } finally {
        await http.close();
      }
    });
  }
  if (stages.includes('status')) await guarded('status', async () => void statusReports.push(await runStatus(args['data-dir'], now, log)));
  printSummary(reports, now, maxPriceFactor);
  printFactsSummary(factsReports);
  printStatusSummary(statusReports);
  for (const error of stageErrors) console.log(`\nSTOPPED ${error}`);
  return stageErrors.length === 0 && [...reports, ...factsReports, ...statusReports].every((r) => r.ok) ? 0 : 1;
}

async function runStatus(dataDir: string, now: string, log: (line: string) => void): Promise<StatusRunReport> {
  const services = await loadServices(dataDir);
  const longest = Math.max(DEFAULT_PROBE_TIMEOUT_MS, ...services.map((s) => s.probe?.timeout_ms ?? 0));
  const budgetMs = Math.round(longest * STATUS_BUDGET_FACTOR);
  const pageHttp = new HttpClient({
    userAgent: userAgent(),
    timeouts: { connectMs: 5_000, headersMs: longest, bodyMs: longest, totalMs: longest },
    retry: { retries: 0 },
    maxBytes: 5 * 1024 * 1024,
  });
  const probeHttp = new HttpClient({ userAgent: userAgent(), timeouts: { connectMs: longest }, retry: { retries: 0 } });
  try {
    return await updateStatus({ dataDir, now, pageHttp, probeHttp, budgetMs, log });
  } finally {
    await Promise.all([pageHttp.close(), probeHttp.close()]);
  }
}

function printFactsSummary(reports: FactsRunReport[]): void {
  for (const r of reports) {
    console.log('\nsecondary sources');
    for (const s of r.sources) {
      console.log(`  ${s.source}: ${s.ok ? `ok — ${s.facts} records, ${s.mapped} of our models matched, ${s.issues.length} values held back` : `FAILED — ${s.error}; the last good facts are kept and marked stale`}`);
      for (const issue of s.issues.slice(0, 10)) console.log(`    held back: ${issue}`);
      if (s.issues.length > 10) console.log(`    … and ${s.issues.length - 10} more`);
    }
    console.log(`  price disagreements beyond the tolerance: ${r.disagreements.length} (data/reports/disagreements.json)`);
    for (const d of r.disagreements.slice(0, 10)) {
      console.log(`    ${d.model_id} ${d.field}: ${d.values.map((v) => `${v.source}${v.provider ? `/${v.provider}` : ''} ${v.value}`).join(' vs ')} (${d.ratio}×)`);
    }
  }
}

function printStatusSummary(reports: StatusRunReport[]): void {
  for (const r of reports) {
    console.log(`\nstatus summary (${r.services.length} services in ${(r.elapsedMs / 1000).toFixed(1)} s)`);
    if (r.error !== null) console.log(`  status: ${r.ok ? 'warning' : 'FAILED'} — ${r.error}`);
    for (const line of r.services) console.log(`  ${line.id.padEnd(16)} ${line.status.padEnd(15)} ${line.official}; probe ${line.probe}`);
    for (const warning of r.warnings) console.log(`  warning: ${warning}`);
  }
}

function printSummary(reports: SourceRunReport[], now: string, maxPriceFactorText: number): void {
  if (reports.length === 0) return;
  console.log(`\nupdate summary (observed at ${now})`);
  for (const r of reports) {
    if (!r.ok) {
      console.log(`  ${r.source}: FAILED — ${r.error}; the last good data is kept and marked stale`);
      continue;
    }
    const s = r.summary!;
    console.log(
      `  ${r.source}: ok — ${s.added.length} added, ${s.updated.length} updated, ${s.price_changed.length} price changes, ` +
        `${s.delisted.length} delisted, ${s.relisted.length} relisted, ${s.held.length} held, ${r.endpointsRefreshed} endpoint lists refreshed`,
    );
    for (const id of s.price_pending) console.log(`    price pending confirmation (jumped more than ${maxPriceFactorText}×): ${id}`);
    for (const issue of r.issues.slice(0, 20)) console.log(`    held back: ${issue.upstream_id ?? '(no id)'}: ${issue.reason}`);
    if (r.issues.length > 20) console.log(`    … and ${r.issues.length - 20} more held-back values`);
    for (const warning of r.warnings.slice(0, 20)) console.log(`    warning: ${warning}`);
    if (r.warnings.length > 20) console.log(`    … and ${r.warnings.length - 20} more warnings`);
  }
}

runMain(main);
