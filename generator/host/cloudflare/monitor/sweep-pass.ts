/**
 * One run of the sweep of OpenRouter's endpoint statistics: the Worker's `scheduled` handler on
 * its own Cron Trigger (SWEEP_CRON, every minute beside the status monitor's), so it has its own
 * invocation's budgets (50 subrequests, 10 ms of CPU on the Free plan) and the status keeps every
 * service each minute. It reads the models asset (once per isolate) and the `sweep` row, asks
 * OpenRouter for this run's models (sweep.ts), and writes one batch (sweep-store.ts). The first
 * run of an isolate asks a quarter as many (FIRST_RUN_SHARE: it runs code V8 has not optimised
 * yet, even after the warm-up at startup, sweep-warm-up.ts).
 * A run that fails marks the `sweep` row failed: the live model answers fall back to the files.
 * Exported for the bench and the simulation: give it bindings and a time.
 */
import { isoSecond } from '../../../models/dates.js';
import { FetchTransport } from '../../../http/fetch-transport.js';
import type { HttpTransport } from '../../../http/transport.js';
import { DEFAULT_BASE_URL } from '../../../sources/openrouter/endpoints-url.js';
import type { MonitorEnv } from './run.js';
import { runSweep, SWEEP_PER_RUN, type SweepReport } from './sweep.js';
import { loadSweepAsset } from './sweep-asset.js';
import { markSweepFailed, readRotation, sweepStoreReader, writeSweep } from './sweep-store.js';

export interface SweepPassOptions {
  /** Default: fetch with per-request timeouts (fetch-transport.ts). */
  transport?: HttpTransport;
  /** The run's deadline from its start (ms); default 40 s (it ends before the next minute's run starts asking). */
  budgetMs?: number;
  clock?: () => number;
  /** The wait between two requests (default a timer); the bench answers from memory and waits for nothing. */
  sleep?: (ms: number) => Promise<void>;
  /** Least time between two requests (default SWEEP_INTERVAL_MS, a second). */
  sweepIntervalMs?: number;
  /** The most the sweep asks a run (default SWEEP_PER_RUN). */
  sweepPerRun?: number;
  log?: (line: string) => void;
}

export interface SweepPassReport {
  minute: number;
  observedAt: string;
  ok: boolean;
  error: string | null;
  /** Outbound requests (the asset read included) and D1 queries this pass made. */
  subrequests: number;
  queries: number;
  /** Null: no models to sweep (a site built before the sweep), or the run failed. */
  sweep: (SweepReport & { budget: number; models: number; firstOfIsolate: boolean }) | null;
}

const DEFAULT_BUDGET_MS = 40_000;

/**
 * The sweep's Cron Trigger: every minute, like the status monitor's `* * * * *`, spelled otherwise
 * because the Worker tells its two runs apart by `controller.cron`, the trigger's own string.
 */
export const SWEEP_CRON = '*/1 * * * *';

/** The share of the requests a run may make that an isolate's first run asks. */
export const FIRST_RUN_SHARE = 0.25;

/** Whether a sweep run already started in this isolate: the first asks FIRST_RUN_SHARE as many. */
let sweptInIsolate = false;

export async function runSweepPass(env: MonitorEnv, nowMs: number, options: SweepPassOptions = {}): Promise<SweepPassReport> {
  const clock = options.clock ?? Date.now;
  const minute = Math.floor(nowMs / 60_000);
  const observedAt = isoSecond(new Date(nowMs));
  const report: SweepPassReport = { minute, observedAt, ok: false, error: null, subrequests: 0, queries: 0, sweep: null };
  const db = env.STATUS_DB;
  try {
    const { catalog, fresh } = await loadSweepAsset(env.ASSETS, env.BASE_PATH);
    if (fresh) report.subrequests += 1;
    if (catalog.ids.length === 0) {
      report.ok = true;
      return report;
    }
    report.queries += 1;
    const previous = await readRotation(db);
    if (previous !== null && minute <= previous.minute) {
      report.error = `the run's time ${observedAt} is not after the sweep's last run`;
      options.log?.(`sweep ${observedAt}: skipped, ${report.error}`);
      return report;
    }
    const firstOfIsolate = !sweptInIsolate;
    sweptInIsolate = true;
    const perRun = options.sweepPerRun ?? SWEEP_PER_RUN;
    const budget = Math.max(0, (firstOfIsolate ? Math.ceil(perRun * FIRST_RUN_SHARE) : perRun) - (fresh ? 1 : 0));
    const deadline = clock() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
    const agent = `ModelPulse-monitor (+${new URL(env.DOCUMENTATION).origin}; free public API on AI models and services)`;
    const inner = options.transport ?? new FetchTransport({ userAgent: agent, deadlineAt: deadline, maxBytes: 2 * 1024 * 1024 });
    const http: HttpTransport = {
      request: (url, o) => ((report.subrequests += 1), inner.request(url, o)),
      requestJson: (url, o) => ((report.subrequests += 1), inner.requestJson(url, o)),
    };
    const store = sweepStoreReader(db);
    const result = await runSweep({
      http,
      baseUrl: typeof env.OPENROUTER_URL === 'string' && env.OPENROUTER_URL !== '' ? env.OPENROUTER_URL : DEFAULT_BASE_URL,
      catalog,
      store,
      previous: previous?.rotation ?? null,
      budget,
      now: observedAt,
      clock,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      ...(options.sweepIntervalMs === undefined ? {} : { intervalMs: options.sweepIntervalMs }),
    });
    report.queries += store.queries;
    report.queries += await writeSweep(db, { minute, observedAt, result });
    report.ok = true;
    const r = result.report;
    report.sweep = { ...r, budget, models: catalog.ids.length, firstOfIsolate };
    const refused = r.issues.length > 0 ? ` (${r.issues.slice(0, 20).join('; ')}${r.issues.length > 20 ? '; …' : ''})` : '';
    const warned = r.warnings.length > 0 ? `; ${r.warnings.slice(0, 5).join('; ')}` : '';
    options.log?.(
      `sweep ${observedAt}: ${r.read} models read of ${r.requests} asked (${r.asked.trouble} in trouble, ${r.asked.hot} most used, ${r.asked.cursor} in turn)${firstOfIsolate ? ' (a quarter: the isolate\'s first run)' : ''}${r.limited ? ', 429: slowing down' : ''}, pace level ${r.paceLevel}, ${r.issues.length} figures refused${refused}${warned}; ${report.subrequests} subrequests, ${report.queries} queries`,
    );
    return report;
  } catch (error) {
    report.error = `the sweep failed: ${error instanceof Error ? error.message.slice(0, 300) : 'unknown error'}`;
    try {
      report.queries += 1;
      await markSweepFailed(db, report.error);
    } catch {
      // D1 itself is down: the answers see that too, and fall back.
    }
    options.log?.(`sweep ${observedAt}: ${report.error}`);
    return report;
  }
}
