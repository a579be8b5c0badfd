/** The `npm run update` command: its options, its run, its report and its exit code (update.ts runs it). */
import { appendFile } from 'node:fs/promises';
import { isoSecond, parseIsoTime } from '../models/dates.js';
import { DEFAULT_MAX_DELIST_SHARE, DEFAULT_MAX_NEW_SHARE, DEFAULT_MAX_PRICE_FACTOR } from '../models/merge.js';
import { FACT_SOURCES, type FactSource } from '../sources/facts.js';
import { ClockWentBackError } from '../update/content.js';
import { openStore } from '../store/store.js';
import { parseStageDeadlines, STAGE_DEADLINE_SECONDS, type StageDeadlines } from '../update/deadlines.js';
import { numberOption, parseCli, UsageError, type RunOptions } from './args.js';
import { runUpdate, timedLog, UPDATE_STAGES, type UpdateStage } from '../update/run-update.js';
import { DEFAULT_TRAFFIC_PER_RUN } from '../update/traffic.js';
import { describeError, detailLines, githubAnnotations, printable, summaryMarkdown, summaryTableLines, UPDATE_EXIT, updateExitCode, type UpdateOutcome } from '../update/update-report.js';

const HELP = `npm run update -- [options]
  --data-dir DIR            data directory (default: data): the curated files, and every other
                            file when there is no --state-dir
  --state-dir DIR           the state store's directory: the catalog and the volatile state live
                            there (a missing or broken one is rebuilt from DATA_DIR's snapshot,
                            and the run says so); see docs/operation.md
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
  --traffic-per-run N       models whose endpoint statistics are read per run, one a second
                            (default ${DEFAULT_TRAFFIC_PER_RUN}; halved after a 429, see docs/operation.md)
  --sources A,B             facts stage: read only these of ${FACT_SOURCES.join(', ')}
  --stage-deadlines S=N,…   seconds each stage may spend reading (default ${Object.entries(STAGE_DEADLINE_SECONDS).map(([s, n]) => `${s}=${n}`).join(',')});
                            what is not read by then keeps its last good data, marked stale
Environment: MODELPULSE_OPENROUTER_URL, MODELPULSE_GENAI_PRICES_URL, MODELPULSE_LITELLM_URL,
MODELPULSE_MODELSDEV_URL and MODELPULSE_ARTIFICIAL_ANALYSIS_URL override the sources' URLs; ARTIFICIAL_ANALYSIS_API_KEY turns
on Artificial Analysis. Status pages and probes come from DATA_DIR/services.json. With
GITHUB_STEP_SUMMARY set, the summary table is appended to that file as Markdown.
Exit status: ${UPDATE_EXIT.ok} all read; ${UPDATE_EXIT.partial} some source or service failed (its last good data is kept,
marked stale; data/ is consistent); ${UPDATE_EXIT.usage} usage error; ${UPDATE_EXIT.stopped} a stage stopped (publish nothing).`;

/** Usage errors keep exit 2; anything else unexpected is a stop, never "partial". */
export const UPDATE_FAILURE: RunOptions = { crashExitCode: UPDATE_EXIT.stopped, describe: describeError };

/**
 * The command's run for `argv` (its options, without `node` and the script): the same run, output
 * and exit code in this process as in its own, so a tool that runs update again and again (the
 * replay of dated snapshots) loads the generator once. A usage error is thrown (UsageError).
 */
export async function updateCommand(argv: readonly string[]): Promise<number> {
  const args = parseCli([...argv], {
    'data-dir': { type: 'string', default: 'data' },
    'state-dir': { type: 'string' },
    only: { type: 'string' },
    now: { type: 'string' },
    force: { type: 'boolean', default: false },
    'max-delist-share': { type: 'string' },
    'max-new-share': { type: 'string' },
    'max-price-factor': { type: 'string' },
    'endpoints-per-run': { type: 'string' },
    'traffic-per-run': { type: 'string' },
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
  const maxDelistShare = numberOption(args['max-delist-share'], 'max-delist-share', DEFAULT_MAX_DELIST_SHARE, (n) => n >= 0 && n <= 1);
  const maxNewShare = numberOption(args['max-new-share'], 'max-new-share', DEFAULT_MAX_NEW_SHARE, (n) => n >= 0);
  const maxPriceFactor = numberOption(args['max-price-factor'], 'max-price-factor', DEFAULT_MAX_PRICE_FACTOR, (n) => n > 1);
  const endpointsPerRun = numberOption(args['endpoints-per-run'], 'endpoints-per-run', 20, (n) => Number.isInteger(n) && n >= 0);
  const trafficPerRun = numberOption(args['traffic-per-run'], 'traffic-per-run', DEFAULT_TRAFFIC_PER_RUN, (n) => Number.isInteger(n) && n >= 0 && n <= 1000);

  let deadlines: StageDeadlines;
  try {
    deadlines = parseStageDeadlines(args['stage-deadlines']);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }

  const factSources = args.sources?.split(',').map((s) => s.trim());
  for (const source of factSources ?? []) {
    if (!(FACT_SOURCES as readonly string[]).includes(source)) throw new UsageError(`--sources takes ${FACT_SOURCES.join(', ')}, not ${JSON.stringify(source)}`);
  }
  const store = openStore(args['data-dir'], args['state-dir']);
  const stages: readonly UpdateStage[] = args.only === undefined ? UPDATE_STAGES : [...new Set([args.only as UpdateStage, 'content' as const])];
  let outcome;
  try {
    outcome = await runUpdate({
      store,
      now,
      stages,
      force: args.force,
      maxDelistShare,
      maxNewShare,
      maxPriceFactor,
      endpointsPerRun,
      trafficPerRun,
      factSources: factSources as FactSource[] | undefined,
      deadlines,
      log: timedLog(),
      onStop: (stage, message) => console.error(printable(`${stage}: STOPPED — ${message}`)),
    });
  } catch (error) {
    if (error instanceof ClockWentBackError) throw new UsageError(error.message, { cause: error });
    throw error;
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
