import { appendFile } from 'node:fs/promises';
import { userAgent } from '../config.js';
import { HttpClient } from '../http/client.js';
import { isoSecond, parseIsoTime } from '../models/dates.js';
import { DEFAULT_MAX_DELIST_SHARE, DEFAULT_MAX_NEW_SHARE, DEFAULT_MAX_PRICE_FACTOR } from '../models/merge.js';
import { openRouterBaseUrl } from '../sources/openrouter/fetch.js';
import { loadServices, DEFAULT_PROBE_TIMEOUT_MS } from '../status/registry.js';
import { updateModels } from '../update/models.js';
import { FACT_SOURCES, type FactSource } from '../sources/facts.js';
import { updateFacts } from '../update/facts.js';
import { updateStatus, type StatusRunReport } from '../update/status.js';
import { assertClockForward, ClockWentBackError, recordContent } from '../update/content.js';
import { removeStaleTempFiles } from '../store/files.js';
import { parseStageDeadlines, STAGE_DEADLINE_SECONDS, type DeadlineStage, type StageDeadlines } from '../update/deadlines.js';
import { numberOption, parseCli, runMain, UsageError } from './args.js';
import { describeError, detailLines, formatDuration, githubAnnotations, printable, summaryMarkdown, summaryTableLines, UPDATE_EXIT, updateExitCode, type UpdateOutcome } from './update-report.js';

/**
 * The update stages, in run order; `--only` picks one. `content` (when each response last
 * changed, data/state/content.json) always runs last, after whichever stage ran; alone it reads
 * no upstream.
 */
export const UPDATE_STAGES = ['models', 'facts', 'status', 'content'] as const;
export type UpdateStage = (typeof UPDATE_STAGES)[number];

const HELP = `npm run update -- [options]
  --data-dir DIR            data directory (default: data)
  --only STAGE              run one stage: ${UPDATE_STAGES.join(', ')}
  --now ISO_TIME            observation time to record instead of the clock
  --force                   accept a sync that delists more than --max-delist-share or adds
                            more than --max-new-share, or a secondary source that shrank by
                            more than half
  --max-delist-share X      largest share of listed models one sync may delist (default ${DEFAULT_MAX_DELIST_SHARE})
  --max-new-share X         a sync adding more new models than this share of the listed ones
                            holds them (unpublished) until a later run lists them again (default ${DEFAULT_MAX_NEW_SHARE})
  --max-price-factor X      a price moving more than this factor at once waits for confirmation (default ${DEFAULT_MAX_PRICE_FACTOR})
  --endpoints-per-run N     models whose provider endpoints are refreshed per run (default 20)
  --sources A,B             facts stage: read only these of ${FACT_SOURCES.join(', ')}
  --stage-deadlines S=N,…   seconds each stage may spend reading (default ${Object.entries(STAGE_DEADLINE_SECONDS).map(([s, n]) => `${s}=${n}`).join(',')});
                            what is not read by then keeps its last good data, marked stale
Environment: MODELPULSE_OPENROUTER_URL, MODELPULSE_LITELLM_URL, MODELPULSE_MODELSDEV_URL and
MODELPULSE_ARTIFICIAL_ANALYSIS_URL override the sources' URLs; ARTIFICIAL_ANALYSIS_API_KEY turns
on Artificial Analysis. Status pages and probes come from DATA_DIR/services.json. With
GITHUB_STEP_SUMMARY set, the summary table is appended to that file as Markdown.
Exit status: ${UPDATE_EXIT.ok} all read; ${UPDATE_EXIT.partial} some source or service failed (its last good data is kept,
marked stale; data/ is consistent); ${UPDATE_EXIT.usage} usage error; ${UPDATE_EXIT.stopped} a stage stopped (publish nothing).`;

/** The status run may take this multiple of the longest probe timeout (one retry fits in it). */
const STATUS_BUDGET_FACTOR = 1.4;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    only: { type: 'string' },
    now: { type: 'string' },
    force: { type: 'boolean', default: false },
    'max-delist-share': { type: 'string' },
    'max-new-share': { type: 'string' },
    'max-price-factor': { type: 'string' },
    'endpoints-per-run': { type: 'string' },
    sources: { type: 'string' },
    'stage-deadlines': { type: 'string' },
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
  // Observations out of order would rewrite history backwards (and confuse every change time).
  try {
    await assertClockForward(args['data-dir'], now);
  } catch (error) {
    if (error instanceof ClockWentBackError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
  const maxDelistShare = numberOption(args['max-delist-share'], 'max-delist-share', DEFAULT_MAX_DELIST_SHARE, (n) => n >= 0 && n <= 1);
  const maxNewShare = numberOption(args['max-new-share'], 'max-new-share', DEFAULT_MAX_NEW_SHARE, (n) => n >= 0);
  const maxPriceFactor = numberOption(args['max-price-factor'], 'max-price-factor', DEFAULT_MAX_PRICE_FACTOR, (n) => n > 1);
  const endpointsPerRun = numberOption(args['endpoints-per-run'], 'endpoints-per-run', 20, (n) => Number.isInteger(n) && n >= 0);

  let deadlines: StageDeadlines;
  try {
    deadlines = parseStageDeadlines(args['stage-deadlines']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  /** A stage's deadline, counted from when it starts. */
  const deadlineAt = (stage: DeadlineStage) => Date.now() + deadlines[stage] * 1000;

  const factSources = args.sources?.split(',').map((s) => s.trim());
  for (const source of factSources ?? []) {
    if (!(FACT_SOURCES as readonly string[]).includes(source)) throw new UsageError(`--sources takes ${FACT_SOURCES.join(', ')}, not ${JSON.stringify(source)}`);
  }
  const stages: readonly UpdateStage[] = args.only === undefined ? UPDATE_STAGES : [...new Set([args.only as UpdateStage, 'content' as const])];
  const outcome: UpdateOutcome = { now, models: [], facts: [], status: [], stopped: [], durations: {}, maxPriceFactor };
  const started = Date.now();
  // Progress as it happens, with the time since the start, so a slow source shows in CI logs.
  // The lines carry upstream ids and errors: printable() keeps each on one line and never a
  // GitHub workflow command.
  const log = (line: string) => console.log(printable(`[${formatDuration(Date.now() - started).padStart(7)}] ${line}`));
  // A run killed between a temporary file's write and its rename (SIGKILL, a cancelled job) left it behind.
  for (const path of await removeStaleTempFiles(args['data-dir'])) log(`removed a temporary file a killed run left behind: ${path}`);
  // A stage that stops with an error (a broken data file) is reported; the others still run.
  const runStage = async (stage: UpdateStage, what: string, run: () => Promise<void>) => {
    if (!stages.includes(stage)) return;
    const stageStart = Date.now();
    log(`${stage}: ${what}`);
    try {
      await run();
      log(`${stage}: done in ${formatDuration(Date.now() - stageStart)}`);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      outcome.stopped.push({ stage, message: (error as Error).message });
      console.error(printable(`${stage}: STOPPED — ${(error as Error).message}`));
    } finally {
      outcome.durations[stage] = Date.now() - stageStart;
    }
  };
  await runStage('models', 'reading the OpenRouter catalog and a few endpoint lists', async () => {
    const http = new HttpClient({ userAgent: userAgent(), deadlineAt: deadlineAt('models') });
    try {
      outcome.models.push(
        await updateModels({ dataDir: args['data-dir'], now, http, baseUrl: openRouterBaseUrl(), maxDelistShare, maxNewShare, maxPriceFactor, force: args.force, endpointsPerRun, log }),
      );
    } finally {
      await http.close();
    }
  });
  await runStage('facts', `reading ${(factSources ?? FACT_SOURCES).join(', ')} (Artificial Analysis only with its key)`, async () => {
    const http = new HttpClient({ userAgent: userAgent(), maxBytes: 50 * 1024 * 1024, deadlineAt: deadlineAt('facts') });
    try {
      outcome.facts.push(await updateFacts({ dataDir: args['data-dir'], now, http, force: args.force, only: factSources as FactSource[] | undefined, maxPriceFactor, log }));
    } finally {
      await http.close();
    }
  });
  await runStage('status', 'reading status pages and probing every service in data/services.json', async () => void outcome.status.push(await runStatus(args['data-dir'], now, log, deadlineAt('status'))));
  // Last: when each response's content changed, for the build's updated_at and the deploy decision.
  // Skipped when a stage stopped: that data/ is neither committed nor published.
  if (outcome.stopped.length === 0) {
    await runStage('content', 'recording which responses changed', async () => {
      const content = await recordContent(args['data-dir'], now);
      for (const warning of content.warnings) log(`content: warning — ${warning}`);
      log(`content: ${content.changed} of ${content.files} responses changed (${content.material} materially)`);
    });
  }
  await report(outcome);
  return updateExitCode(outcome);
}

/**
 * Prints the details and the summary table (printable lines: upstream text cannot start a workflow
 * command); in GitHub Actions also our annotations (escaped) and the job summary.
 */
async function report(outcome: UpdateOutcome): Promise<void> {
  for (const line of [...detailLines(outcome), ...summaryTableLines(outcome)]) console.log(line);
  if (process.env.GITHUB_ACTIONS === 'true') for (const line of githubAnnotations(outcome)) console.log(line);
  const stepSummary = process.env.GITHUB_STEP_SUMMARY;
  if (stepSummary) {
    try {
      await appendFile(stepSummary, summaryMarkdown(outcome));
    } catch (error) {
      // The data is written and the console has the table: a missing job summary must not fail the run.
      console.error(printable(`warning: could not append the summary to GITHUB_STEP_SUMMARY (${stepSummary}): ${(error as Error).message}`));
    }
  }
}

async function runStatus(dataDir: string, now: string, log: (line: string) => void, deadlineAt: number): Promise<StatusRunReport> {
  const services = await loadServices(dataDir);
  const longest = Math.max(DEFAULT_PROBE_TIMEOUT_MS, ...services.map((s) => s.probe?.timeout_ms ?? 0));
  const budgetMs = Math.min(Math.round(longest * STATUS_BUDGET_FACTOR), Math.max(0, deadlineAt - Date.now()));
  const pageHttp = new HttpClient({
    userAgent: userAgent(),
    timeouts: { connectMs: 5_000, headersMs: longest, bodyMs: longest, totalMs: longest },
    retry: { retries: 0 },
    maxBytes: 5 * 1024 * 1024,
    deadlineAt,
  });
  const probeHttp = new HttpClient({ userAgent: userAgent(), timeouts: { connectMs: longest }, retry: { retries: 0 }, deadlineAt });
  try {
    return await updateStatus({ dataDir, now, pageHttp, probeHttp, budgetMs, log });
  } finally {
    await Promise.all([pageHttp.close(), probeHttp.close()]);
  }
}

// Usage errors keep exit 2; anything else unexpected is a stop, never "partial".
runMain(main, { crashExitCode: UPDATE_EXIT.stopped, describe: describeError });
