/**
 * What the Worker costs in CPU per `fastest` query off the default, for `npm run bench`: the
 * bundled Worker answering from the fastest index (query/fastest-index.ts), in Node's V8, as
 * worker-cpu.ts measures `cheapest`. Every model gets a speed first (a made-up one where it has
 * none), so the index holds every candidate: the worst case of its size.
 */
import { FASTEST_INDEX_FILE, buildFastestIndex } from '../query/fastest-index.js';
import type { ModelListEntry } from '../types/api-types.js';
import { mulberry32 } from '../testing/random.js';
import { measureWorkerQueries, type WorkerCpu } from './worker-cpu.js';

/** models.json with a speed for every entry that has none (deterministic). */
export function withSpeeds(modelsJson: string): string {
  const body = JSON.parse(modelsJson) as { data: Array<Partial<ModelListEntry>>; meta: object };
  const random = mulberry32(11);
  const data = body.data.map((m) => ({
    ...m,
    status: m.status?.throughput_tps != null ? m.status : { state: 'operational', throughput_tps: Math.round(random() * 3000) / 10, latency_ms: Math.round(150 + random() * 4000), speed_source: 'openrouter' },
  }));
  return JSON.stringify({ ...body, data });
}

/** A query off the default: filters, a price cap and an order drawn at random. */
function queryUrl(random: () => number): URL {
  const parts: string[] = [];
  if (random() < 0.5) parts.push(`min_intel=${Math.round(random() * 60)}`);
  if (random() < 0.3) parts.push(`min_context=${[32000, 128000, 200000, 1000000][Math.floor(random() * 4)]}`);
  for (const flag of ['vision', 'reasoning', 'tools']) if (random() < 0.3) parts.push(`${flag}=1`);
  if (random() < 0.5) parts.push(`max_price=${(random() * 10).toFixed(2)}`);
  parts.push(`sort=${random() < 0.5 ? 'latency' : 'throughput'}`);
  if (random() < 0.4) parts.push(`limit=${1 + Math.floor(random() * 100)}`);
  return new URL(`https://bench.example/api/v1/fastest?${parts.join('&')}`);
}

export async function fastestCpu(modelsJson: string, isolates = 20, queries = 400): Promise<WorkerCpu> {
  const indexBytes = new TextEncoder().encode(buildFastestIndex(withSpeeds(modelsJson), ''));
  const random = mulberry32(5);
  const mix = Array.from({ length: queries }, () => queryUrl(random));
  const head = JSON.parse(new TextDecoder().decode(indexBytes).slice(0, Number(/"head_bytes":(\d+)/.exec(new TextDecoder().decode(indexBytes.subarray(0, 64)))![1])) + '}') as { columns: { ends: unknown[] } };
  return {
    models: (JSON.parse(modelsJson) as { data: unknown[] }).data.length,
    candidates: head.columns.ends.length,
    indexBytes: indexBytes.length,
    ...(await measureWorkerQueries(FASTEST_INDEX_FILE, indexBytes, mix, isolates)),
  };
}
