/**
 * The Free-plan budgets of issue 34 as `npm run bench` prints them: each figure beside its
 * budget, and whether it is within. A budget the figure exceeds is printed as such, never hidden.
 */
import type { MonitorFigures } from './monitor-budget.js';
import type { WorkerCpu } from './worker-cpu.js';

export interface BudgetLine {
  what: string;
  figure: string;
  budget: string;
  ok: boolean;
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => `${x.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The status requests a day the rows-read budget is stated for. */
export const STATUS_REQUESTS_A_DAY = 100_000;

export function budgetLines(monitors: readonly MonitorFigures[], worker: { today: WorkerCpu; scaled: WorkerCpu; factor: number }): BudgetLine[] {
  const lines: BudgetLine[] = [];
  // An answer reads the same rows whatever the number of services (one state row, one roll-up row).
  const live = monitors.find((m) => m.live !== null)?.live ?? null;
  for (const m of monitors) {
    const sweepLabel = m.sweep === null ? '' : `, the sweep over ${n(m.sweep.models)} models`;
    const label = `${m.services} services${m.groups > 1 ? ` (in ${m.groups} groups, each observed every ${m.groups} minutes)` : ''}${sweepLabel}`;
    const worst = Math.max(m.coldCpuMs, m.warmCpuP95Ms);
    const whole = m.processCpu;
    lines.push({
      what: `monitor CPU per run (the JavaScript thread), ${label}`,
      figure: `new isolate ${ms(m.coldCpuMs)}, warm median ${ms(m.warmCpuMedianMs)}, p95 ${ms(m.warmCpuP95Ms)}; the whole Node process, V8's helper threads too: ${ms(whole.coldMs)}, ${ms(whole.warmMedianMs)}, ${ms(whole.warmP95Ms)}`,
      budget: '10 ms',
      ok: worst <= 10,
    });
    lines.push({ what: `subrequests per run, ${m.services} services${sweepLabel}`, figure: `at most ${m.subrequestsMax}`, budget: '50', ok: m.subrequestsMax <= 50 });
    lines.push({ what: `D1 queries per run, ${m.services} services${sweepLabel}`, figure: `at most ${m.queriesMax}`, budget: '50', ok: m.queriesMax <= 50 });
    lines.push({
      what: `D1 rows written a day, ${m.services} services${sweepLabel}`,
      figure: `${n(m.rowsWrittenPerDay)} (${m.rowsWrittenPerRun} a run, ${m.rowsWrittenDayClose} by the run that closes a day)`,
      budget: '50,000',
      ok: m.rowsWrittenPerDay <= 50_000,
    });
    if (live !== null) {
      const readsADay = m.rowsReadPerDay + STATUS_REQUESTS_A_DAY * live.rowsRead;
      lines.push({
        what: `D1 rows read a day at ${n(STATUS_REQUESTS_A_DAY)} status requests, ${m.services} services${sweepLabel}`,
        figure: `${n(readsADay)} (the runs ${n(m.rowsReadPerDay)}: ${m.rowsReadPerRun} a run, ${m.rowsReadDayClose} when a day closes; a live answer at most ${live.rowsRead} in ${live.queries} queries)`,
        budget: '2,500,000',
        ok: readsADay <= 2_500_000,
      });
    }
    if (m.sweep !== null) {
      const every = Math.ceil(m.sweep.models / Math.max(1, m.sweep.perRun));
      lines.push({
        what: `sweep cadence, ${n(m.sweep.models)} models`,
        figure: `${m.sweep.perRun} models read a run (one a second); every model within about ${every} minutes; a live model answer reads at most ${m.sweep.live.rowsRead} rows in ${m.sweep.live.queries} queries; the live list ${(m.sweep.live.listBytes / 1024).toFixed(1)} KiB`,
        budget: 'every on-sale model within 15 minutes at today\'s catalog',
        ok: m.sweep.models > 500 || every <= 15,
      });
    }
    lines.push({ what: `D1 size after 90 days, ${m.services} services${sweepLabel}`, figure: `${mb(m.sizeBytes)} (${n(m.rowsHeld)} observation rows)`, budget: '250 MB', ok: m.sizeBytes <= 250e6 });
  }
  for (const [label, f] of [['today', worker.today], [`${worker.factor}× the catalog`, worker.scaled]] as const) {
    lines.push({ what: `Worker, a new isolate's first request, ${label}`, figure: `${ms(f.coldMs)} (${f.candidates} models in a ${(f.indexBytes / 1024).toFixed(0)} KiB index)`, budget: '10 ms', ok: f.coldMs <= 10 });
  }
  return lines;
}

export function formatBudgets(lines: readonly BudgetLine[]): string {
  return lines.map((l) => `  ${l.ok ? 'pass' : 'OVER'}  ${l.what}: ${l.figure} (budget ${l.budget})`).join('\n');
}
