/**
 * One measurement of the edge monitor's Free-plan budgets (monitor-budget.ts `monitorBudget`) in a
 * Node process of its own, its figures printed as JSON after a marker. A Worker's isolate has a
 * heap of its own; measured in the process that had built and served the committed site and
 * measured the sizes before it, a run's CPU also paid that process's garbage collection: the same
 * sweep code read a warm p95 of 9.2 ms in a bench run's first measurement and 12.4 ms in its third.
 * Run directly: `tsx generator/bench/monitor-apart.ts <data dir> <factor> <options as JSON>`.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadServices } from '../store/services-store.js';
import { monitorBudget, type MonitorBenchOptions, type MonitorFigures } from './monitor-budget.js';
import { runsDirectly } from '../direct-run.js';

const MARKER = '@@monitor-figures ';
const SCRIPT = fileURLToPath(import.meta.url);

/** `monitorBudget(services of dataDir, factor, options)` in a child process, one at a time (the caller awaits each). */
export async function monitorBudgetApart(dataDir: string, factor: number, options: MonitorBenchOptions): Promise<MonitorFigures> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', SCRIPT, dataDir, String(factor), JSON.stringify(options)], { maxBuffer: 64 * 1024 * 1024 });
  const line = stdout.split('\n').find((l) => l.startsWith(MARKER));
  if (line === undefined) throw new Error(`the monitor's measurement printed no figures:\n${stdout.slice(-2000)}`);
  return JSON.parse(line.slice(MARKER.length)) as MonitorFigures;
}

if (runsDirectly(import.meta.url)) {
  const [dataDir, factor, options] = process.argv.slice(2);
  const figures = await monitorBudget(await loadServices(dataDir!), Number(factor), JSON.parse(options!) as MonitorBenchOptions);
  process.stdout.write(`\n${MARKER}${JSON.stringify(figures)}\n`);
}
