/**
 * Faults the simulated world can inject into a run (`npm run simulate -- --faults N`): an
 * upstream that answers garbage for that run only. A run with a fault must fail loudly (exit 1,
 * the failure named in its report) and lose nothing (the source keeps its last good data, marked
 * stale, and the next run reads it again). Answers that fail at once (no retries to wait out),
 * so a replay with faults takes as long as one without. Pure.
 */
import type { Routes } from '../testing/upstream-server.js';
import type { World } from '../testing/world.js';
import type { Random } from './world-evolution.js';

export interface InjectedFault {
  /** What the fault breaks, for the report. */
  what: string;
  /** Routes that replace the world's for that run. */
  routes: Routes;
}

/** The kinds of fault, in the order `--faults` cycles through them. */
export const FAULT_KINDS: ReadonlyArray<(world: World) => InjectedFault> = [
  () => ({ what: "the OpenRouter catalog answers in the wrong schema (no data list)", routes: { '/api/v1/models': { kind: 'json', body: { models: [] } } } }),
  () => ({ what: "LiteLLM's price file is an HTML page", routes: { '/litellm.json': { kind: 'text', body: '<!doctype html><title>Down for maintenance</title>' } } }),
  () => ({ what: "models.dev's api.json is cut off mid-body", routes: { '/modelsdev.json': { kind: 'text', body: '{"world": {"id": "wor', headers: { 'content-type': 'application/json' } } } }),
  (world) => {
    const id = world.services[0]?.id ?? 'none';
    return { what: `the status page of ${id} answers HTTP 503`, routes: { [`/pages/${id}/api/v2/summary.json`]: { kind: 'json', status: 503, body: {} } } };
  },
];

/**
 * `count` faults spread over the measured runs (indexes counted from the first warm-up run), one
 * run each, cycling through the kinds. Their own generator: the world evolves the same with or
 * without faults.
 */
export function planFaults(count: number, warmupRuns: number, runs: number, random: Random): Map<number, (world: World) => InjectedFault> {
  const planned = new Map<number, (world: World) => InjectedFault>();
  const slots = Math.min(count, runs);
  while (planned.size < slots) {
    const run = warmupRuns + Math.floor(random() * runs);
    if (!planned.has(run)) planned.set(run, FAULT_KINDS[planned.size % FAULT_KINDS.length]!);
  }
  return planned;
}
