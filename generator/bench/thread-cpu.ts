/**
 * CPU time of the main thread alone, exact where the thread CPU clock can be read (thread-clock.ts),
 * else where Linux tells it (`/proc/self/task/<pid>/schedstat`, in nanoseconds but moving only at
 * the scheduler's ticks), beside the whole process's (`process.cpuUsage`). Node's process figure also
 * counts V8's helper threads (concurrent marking, background compilation), which run beside the
 * JavaScript thread; what a Worker is billed and limited on is the time its request or event runs
 * JavaScript on its thread. Elsewhere the main thread's figure is the process's (an upper bound).
 */
import { readFileSync } from 'node:fs';
import { threadCpuNs } from './thread-clock.js';

export interface CpuMark {
  process: NodeJS.CpuUsage;
  threadNs: number | null;
}

export interface CpuSpent {
  processMs: number;
  /** The main thread's time, or the process's where the system does not say. */
  threadMs: number;
}

function mainThreadNs(): number | null {
  const exact = threadCpuNs();
  if (exact !== null) return exact;
  try {
    const first = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0];
    const ns = Number(first);
    return Number.isFinite(ns) ? ns : null;
  } catch {
    return null;
  }
}

export const cpuMark = (): CpuMark => ({ threadNs: mainThreadNs(), process: process.cpuUsage() });

export function cpuSince(mark: CpuMark): CpuSpent {
  const threadNs = mainThreadNs();
  const used = process.cpuUsage(mark.process);
  const processMs = (used.user + used.system) / 1000;
  return { processMs, threadMs: threadNs !== null && mark.threadNs !== null ? (threadNs - mark.threadNs) / 1e6 : processMs };
}
