/**
 * What the Worker costs in CPU per query, for `npm run bench`: the bundled Worker (the very
 * `_worker.js` a Cloudflare build publishes) answering a mix of off-grid queries, in Node's V8
 * (workerd's engine too), with its assets binding answering from memory. Cloudflare's Free plan
 * allows 10 ms of CPU per request, and counts CPU only, not time spent waiting on the assets.
 * - cold: the first request an isolate serves (reading the model index's bytes, parsing its head);
 * - warm: every later one (the parsed head is kept for the isolate's life).
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isPrecomputed } from '../query/variants.js';
import { INDEX_FILE, buildModelIndex, readModelIndex } from '../query/model-index.js';
import { parseCheapestQuery } from '../query/params.js';
import type { ModelEntry } from '../types/api-types.js';
import { anyQueryMix } from '../testing/query-mix.js';
import { tempDir } from '../testing/tree.js';
import { bundleWorker } from '../assemble/bundles.js';
import type { WorkerEnv } from '../host/cloudflare/worker.js';

export interface WorkerCpu {
  models: number;
  candidates: number;
  indexBytes: number;
  coldMs: number;
  warmMedianMs: number;
  warmP99Ms: number;
}

type Handler = { fetch(request: Request, env: WorkerEnv): Promise<Response> };

/** models.json with every entry copied `factor` times under new ids, prices nudged apart. */
export function scaledModels(modelsJson: string, factor: number): string {
  const body = JSON.parse(modelsJson) as { data: ModelEntry[]; meta: Record<string, unknown> };
  const data = body.data.flatMap((m) =>
    Array.from({ length: factor }, (_, i) => {
      if (i === 0) return m;
      const scale = (p: number | null) => (p === null ? null : Math.round(p * (1 + i / 100) * 1e6) / 1e6);
      const input = scale(m.price.input);
      const output = scale(m.price.output);
      const blended = input === null || output === null ? null : (3 * input + output) / 4;
      return { ...m, id: `${m.id}-copy${i}`, price: { ...m.price, input, output, blended } };
    }),
  );
  return JSON.stringify({ data, meta: { ...body.meta, count: data.length } });
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/** The Worker's CPU on `mix`: a new isolate's first request (median over `isolates`), then every later one. */
export type QueryCpu = Pick<WorkerCpu, 'coldMs' | 'warmMedianMs' | 'warmP99Ms'>;

/**
 * Measures the bundled Worker answering `mix`, its assets binding serving `indexBytes` at
 * `indexFile` (bytes as Cloudflare's asset server sends them: encoding them is not the Worker's
 * CPU) and `{}` elsewhere. Shared by the `cheapest` and `fastest` benches.
 */
export async function measureWorkerQueries(indexFile: string, indexBytes: Uint8Array<ArrayBuffer>, mix: readonly URL[], isolates: number): Promise<QueryCpu> {
  const dir = await tempDir('worker-cpu');
  try {
    // .mjs: an ES module to Node (and tsx) wherever it is
    return await measureBundled(join(dir, '_worker.mjs'), indexFile, indexBytes, mix, isolates);
  } finally {
    // The bundle is loaded by then; outside the test runner nothing else removes the directory.
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureBundled(workerPath: string, indexFile: string, indexBytes: Uint8Array<ArrayBuffer>, mix: readonly URL[], isolates: number): Promise<QueryCpu> {
  await writeFile(workerPath, await bundleWorker());
  const env: WorkerEnv = {
    DOCUMENTATION: 'https://bench.example/#/docs',
    BASE_PATH: '',
    ASSETS: { fetch: async (request) => (new URL(request.url).pathname.endsWith(indexFile) ? new Response(indexBytes) : new Response('{}', { status: 200 })) },
  };
  // Each import of the file under a new URL is a fresh module: a new isolate's first request.
  const cold: number[] = [];
  let handler: Handler | null = null;
  for (let i = 0; i < isolates; i += 1) {
    handler = ((await import(`${pathToFileURL(workerPath).href}?isolate=${i}`)) as { default: Handler }).default;
    const started = process.cpuUsage();
    const response = await handler.fetch(new Request(mix[i % mix.length]!), env);
    await response.text();
    cold.push(cpuMs(started));
    if (response.status !== 200) throw new Error(`the Worker answered ${response.status} to ${mix[i % mix.length]} in the bench`);
  }
  const warm: number[] = [];
  for (const url of mix) {
    const started = process.cpuUsage();
    await (await handler!.fetch(new Request(url), env)).text();
    warm.push(cpuMs(started));
  }
  const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
  return { coldMs: at(cold, 0.5), warmMedianMs: at(warm, 0.5), warmP99Ms: at(warm, 0.99) };
}

export async function workerCpu(modelsJson: string, authors: readonly string[], isolates = 20, queries = 400): Promise<WorkerCpu> {
  const index = buildModelIndex(modelsJson, authors, '');
  const mix = anyQueryMix(queries * 2)
    .filter((params) => {
      const parsed = parseCheapestQuery(params);
      return parsed.ok && !isPrecomputed(parsed.query);
    })
    .slice(0, queries)
    .map((params) => new URL(`https://bench.example/api/v1/cheapest?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`));
  const indexBytes = new TextEncoder().encode(index);
  return {
    models: (JSON.parse(modelsJson) as { data: unknown[] }).data.length,
    candidates: readModelIndex(index).size,
    indexBytes: indexBytes.length,
    ...(await measureWorkerQueries(INDEX_FILE, indexBytes, mix, isolates)),
  };
}

export function formatWorkerCpu(label: string, f: WorkerCpu, limitMs = 10): string {
  return `  ${label.padEnd(10)} ${String(f.models).padStart(6)} models (${f.candidates} in the index, ${(f.indexBytes / 1024).toFixed(0)} KiB): first request of an isolate ${f.coldMs.toFixed(2)} ms, then median ${f.warmMedianMs.toFixed(2)} ms, p99 ${f.warmP99Ms.toFixed(2)} ms (limit ${limitMs} ms)`;
}
