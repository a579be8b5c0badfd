/**
 * The Free-plan budgets of issue 34 as `npm run bench` prints them: each figure beside its
 * budget, and whether it is within. A budget the figure exceeds is printed as such, never hidden.
 */
import type { MonitorFigures, RunCpu } from './monitor-budget.js';
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
    const sw = m.sweep;
    const sweepLabel = sw === null ? '' : `, the sweep over ${n(sw.models)} models`;
    const label = `${m.services} services${m.groups > 1 ? ` (in ${m.groups} groups, each observed every ${m.groups} minutes)` : ''}`;
    const cpuLine = (what: string, f: RunCpu) => ({
      what,
      figure: `new isolate ${ms(f.coldCpuMs)}, warm median ${ms(f.warmCpuMedianMs)}, p95 ${ms(f.warmCpuP95Ms)}; the whole Node process, V8's helper threads too: ${ms(f.processCpu.coldMs)}, ${ms(f.processCpu.warmMedianMs)}, ${ms(f.processCpu.warmP95Ms)}; with Node's own Request and Response objects (an upper bound): ${ms(f.nodeObjects.coldMs)}, ${ms(f.nodeObjects.warmMedianMs)}, ${ms(f.nodeObjects.warmP95Ms)}`,
      budget: '10 ms',
      ok: Math.max(f.coldCpuMs, f.warmCpuP95Ms) <= 10,
    });
    lines.push(cpuLine(`status run CPU (the JavaScript thread), ${label}`, m));
    lines.push({ what: `status run subrequests, ${m.services} services`, figure: `at most ${m.subrequestsMax}`, budget: '50', ok: m.subrequestsMax <= 50 });
    lines.push({ what: `status run D1 queries, ${m.services} services`, figure: `at most ${m.queriesMax}`, budget: '50', ok: m.queriesMax <= 50 });
    if (sw !== null) {
      lines.push(cpuLine(`sweep run CPU (its own Cron Trigger), ${n(sw.models)} models`, sw));
      lines.push({ what: `sweep run subrequests, ${n(sw.models)} models`, figure: `at most ${sw.subrequestsMax} (${sw.perRun} requests a warm run, one a second)`, budget: '50', ok: sw.subrequestsMax <= 50 });
      lines.push({ what: `sweep run D1 queries, ${n(sw.models)} models`, figure: `at most ${sw.queriesMax}`, budget: '50', ok: sw.queriesMax <= 50 });
    }
    const sweepWritten = sw === null ? 0 : sw.rowsWrittenPerRun * 1440;
    const written = m.rowsWrittenPerDay + sweepWritten;
    lines.push({
      what: `D1 rows written a day, ${m.services} services${sweepLabel}`,
      figure: `${n(written)} (status ${n(m.rowsWrittenPerDay)}: ${m.rowsWrittenPerRun} a run, ${m.rowsWrittenDayClose} by the run that closes a day${sw === null ? '' : `; sweep ${n(sweepWritten)}: ${sw.rowsWrittenPerRun} a run, at most ${sw.rowsWrittenMax}`})`,
      budget: '50,000',
      ok: written <= 50_000,
    });
    const readRows = Math.max(live?.rowsRead ?? 0, sw?.live.rowsRead ?? 0);
    if (live !== null) {
      const sweepRead = sw === null ? 0 : sw.rowsReadPerRun * 1440;
      const readsADay = m.rowsReadPerDay + sweepRead + STATUS_REQUESTS_A_DAY * readRows;
      lines.push({
        what: `D1 rows read a day at ${n(STATUS_REQUESTS_A_DAY)} requests, ${m.services} services${sweepLabel}`,
        figure: `${n(readsADay)} (status runs ${n(m.rowsReadPerDay)}: ${m.rowsReadPerRun} a run, ${m.rowsReadDayClose} when a day closes${sw === null ? '' : `; sweep runs ${n(sweepRead)}: ${sw.rowsReadPerRun} a run`}; a live answer at most ${readRows} rows: status ${live.rowsRead} in ${live.queries} queries${sw === null ? '' : `, model status ${sw.live.rowsRead} in ${sw.live.queries}`})`,
        budget: '2,500,000',
        ok: readsADay <= 2_500_000,
      });
    }
    if (sw !== null) {
      const c = sw.cadence;
      const cls = (name: string, k: { models: number; medianMin: number; maxMin: number }) => `${name} ${k.models}: every ${k.medianMin} min (at most ${k.maxMin})`;
      lines.push({
        what: `sweep cadence, ${n(sw.models)} models (the rotation replayed, ${c.perRun} a run)`,
        figure: `${cls('in trouble', c.trouble)}; ${cls('most used', c.hot)}; ${cls('the others', c.others)}; the live list ${(sw.live.listBytes / 1024).toFixed(1)} KiB`,
        budget: "every on-sale model within 15 minutes at today's catalog",
        ok: sw.models > 500 || Math.max(c.trouble.maxMin, c.hot.maxMin, c.others.maxMin) <= 15,
      });
    }
    lines.push({ what: `D1 size after 90 days, ${m.services} services${sweepLabel}`, figure: `${mb(m.sizeBytes)} (${n(m.rowsHeld)} observation rows${sw === null ? '' : `, ${n(sw.rowsHeld)} figures rows`})`, budget: '250 MB', ok: m.sizeBytes <= 250e6 });
  }
  for (const [label, f] of [['today', worker.today], [`${worker.factor}× the catalog`, worker.scaled]] as const) {
    lines.push({ what: `Worker, a new isolate's first request, ${label}`, figure: `${ms(f.coldMs)} (${f.candidates} models in a ${(f.indexBytes / 1024).toFixed(0)} KiB index)`, budget: '10 ms', ok: f.coldMs <= 10 });
  }
  return lines;
}

export function formatBudgets(lines: readonly BudgetLine[]): string {
  return lines.map((l) => `  ${l.ok ? 'pass' : 'OVER'}  ${l.what}: ${l.figure} (budget ${l.budget})`).join('\n');
}
