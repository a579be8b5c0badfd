/**
 * One `update` run, as `npm run update` and the simulated year make it: the state store checked
 * (and rebuilt where it cannot be used), the clock checked, then the stages in order. The CLI
 * parses options and prints; the simulation calls this in-process, run after run.
 */
import { userAgent } from '../config.js';
import { HttpClient } from '../http/client.js';
import type { RenderedFile } from '../render/rendered.js';
import { FACT_SOURCES, type FactSource } from '../sources/facts.js';
import { openRouterBaseUrl } from '../sources/openrouter/fetch.js';
import { DEFAULT_PROBE_TIMEOUT_MS } from '../status/registry.js';
import { loadServices } from '../store/services-store.js';
import { removeStaleTempFiles } from '../store/files.js';
import { prepareStateDir } from '../store/state-dir.js';
import type { DataStore } from '../store/store.js';
import { assertClockForward, recordContent } from './content.js';
import { updateFacts } from './facts.js';
import { updateModels } from './models.js';
import { updateStatus, type StatusRunReport } from './status.js';
import { updateTraffic } from './traffic.js';
import { STAGE_DEADLINE_SECONDS, type DeadlineStage, type StageDeadlines } from './deadlines.js';
import { formatDuration, printable, type UpdateOutcome } from './update-report.js';

/**
 * The update stages, in run order; `--only` picks one. `traffic` reads OpenRouter's endpoint
 * statistics (update/traffic.ts). `content` (when each response last changed,
 * state/content.json) always runs last, after whichever stage ran; alone it reads no upstream.
 */
export const UPDATE_STAGES = ['models', 'facts', 'status', 'traffic', 'content'] as const;
export type UpdateStage = (typeof UPDATE_STAGES)[number];

/** The status run may take this multiple of the longest probe timeout (one retry fits in it). */
const STATUS_BUDGET_FACTOR = 1.4;

export interface UpdateRunOptions {
  store: DataStore;
  now: string;
  stages: readonly UpdateStage[];
  force: boolean;
  maxDelistShare: number;
  maxNewShare: number;
  maxPriceFactor: number;
  endpointsPerRun: number;
  /** Endpoint statistics read per run at full pace (default 0: none; the CLI's default is DEFAULT_TRAFFIC_PER_RUN). */
  trafficPerRun?: number;
  /** Least milliseconds between two statistics requests (default one second). */
  trafficIntervalMs?: number;
  factSources?: readonly FactSource[];
  /** Seconds each stage may spend reading (default STAGE_DEADLINE_SECONDS). */
  deadlines?: StageDeadlines;
  log: (line: string) => void;
  /** A stage stopped (its message); the others still run. */
  onStop?: (stage: UpdateStage, message: string) => void;
  /** Hands the content stage's rendered API (what build would publish) to the caller. */
  onRendered?: (files: readonly RenderedFile[]) => void;
}

/** A log that prefixes each line with the time since it was made (a slow source shows in CI logs). */
export function timedLog(write: (line: string) => void = (line) => console.log(line)): (line: string) => void {
  const started = Date.now();
  // The lines carry upstream ids and errors: printable() keeps each on one line and never a
  // GitHub workflow command.
  return (line) => write(printable(`[${formatDuration(Date.now() - started).padStart(7)}] ${line}`));
}

/**
 * Prepares the state, refuses a clock that went back (ClockWentBackError: nothing changes), then
 * runs the stages. A stage that stops (a broken data file) is in the outcome; the others still run.
 */
export async function runUpdate(options: UpdateRunOptions): Promise<UpdateOutcome> {
  const { store, now, log } = options;
  const deadlines = options.deadlines ?? STAGE_DEADLINE_SECONDS;
  /** A stage's deadline, counted from when it starts. */
  const deadlineAt = (stage: DeadlineStage) => Date.now() + deadlines[stage] * 1000;
  // A run killed between a temporary file's write and its rename (SIGKILL, a cancelled job) left it behind.
  for (const root of [store.dataDir, ...(store.stateDir === null ? [] : [store.stateDir])]) {
    for (const path of await removeStaleTempFiles(root)) log(`removed a temporary file a killed run left behind: ${path}`);
  }
  // A missing or broken state is rebuilt from main's snapshot, and said so: it never stops a run.
  const preparation = await prepareStateDir(store, now);
  // Observations out of order would rewrite history backwards (and confuse every change time).
  await assertClockForward(store, now);
  const outcome: UpdateOutcome = { now, models: [], facts: [], status: [], traffic: [], stopped: [], durations: {}, maxPriceFactor: options.maxPriceFactor, stateNotes: preparation.notes };
  // Endpoint lists the models stage reads for their offers also carry the statistics: the sweep
  // uses them rather than asking OpenRouter for the same URL twice in a run.
  const endpointAnswers = new Map<string, unknown>();
  const runStage = async (stage: UpdateStage, what: string, run: () => Promise<void>) => {
    if (!options.stages.includes(stage)) return;
    const stageStart = Date.now();
    log(`${stage}: ${what}`);
    try {
      await run();
      log(`${stage}: done in ${formatDuration(Date.now() - stageStart)}`);
    } catch (error) {
      outcome.stopped.push({ stage, message: (error as Error).message });
      options.onStop?.(stage, (error as Error).message);
    } finally {
      outcome.durations[stage] = Date.now() - stageStart;
    }
  };
  await runStage('models', 'reading the OpenRouter catalog and a few endpoint lists', async () => {
    const http = new HttpClient({ userAgent: userAgent(), deadlineAt: deadlineAt('models') });
    try {
      const { maxDelistShare, maxNewShare, maxPriceFactor, force, endpointsPerRun } = options;
      outcome.models.push(
        await updateModels({ store, now, http, baseUrl: openRouterBaseUrl(), maxDelistShare, maxNewShare, maxPriceFactor, force, endpointsPerRun, log, onEndpoints: (id, json) => endpointAnswers.set(id, json) }),
      );
    } finally {
      await http.close();
    }
  });
  await runStage('facts', `reading ${(options.factSources ?? FACT_SOURCES).join(', ')} (Artificial Analysis only with its key)`, async () => {
    const http = new HttpClient({ userAgent: userAgent(), maxBytes: 50 * 1024 * 1024, deadlineAt: deadlineAt('facts') });
    try {
      outcome.facts.push(await updateFacts({ store, now, http, force: options.force, only: options.factSources, maxPriceFactor: options.maxPriceFactor, log }));
    } finally {
      await http.close();
    }
  });
  await runStage('status', 'reading status pages and probing every service in services.json', async () => void outcome.status.push(await runStatus(store, now, log, deadlineAt('status'))));
  const trafficPerRun = options.trafficPerRun ?? 0;
  if (trafficPerRun > 0 || endpointAnswers.size > 0) {
    await runStage('traffic', `reading OpenRouter's endpoint statistics (up to ${trafficPerRun} models, one a second)`, async () => {
      // No retry: a failure waits for the rotation (status/sweep-rotation.ts), never a retry storm.
      const http = new HttpClient({ userAgent: userAgent(), retry: { retries: 0 }, deadlineAt: deadlineAt('traffic') });
      try {
        outcome.traffic!.push(await updateTraffic({ store, now, http, baseUrl: openRouterBaseUrl(), perRun: trafficPerRun, intervalMs: options.trafficIntervalMs, alreadyRead: endpointAnswers, log }));
      } finally {
        await http.close();
      }
    });
  }
  // Last: when each response's content changed, for the build's updated_at and the deploy decision.
  // Skipped when a stage stopped: that state is neither saved nor published.
  if (outcome.stopped.length === 0) {
    await runStage('content', 'recording which responses changed', async () => {
      const content = await recordContent(store, now, options.onRendered);
      for (const warning of content.warnings) log(`content: warning — ${warning}`);
      log(`content: ${content.changed} of ${content.files} responses changed (${content.material} materially)`);
    });
  }
  return outcome;
}

async function runStatus(store: DataStore, now: string, log: (line: string) => void, deadlineAt: number): Promise<StatusRunReport> {
  const services = await loadServices(store);
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
    return await updateStatus({ store, now, pageHttp, probeHttp, budgetMs, log });
  } finally {
    await Promise.all([pageHttp.close(), probeHttp.close()]);
  }
}
