/**
 * What the remote MCP endpoint (`/mcp`) costs the Worker in CPU, for `npm run bench`: the bundled
 * Worker (the very `_worker.js` a Cloudflare build publishes) in Node's V8 (workerd's engine
 * too), its assets binding answering from a built site's files in memory. Cloudflare's Free plan
 * allows 10 ms of CPU per request; waiting on the assets is not CPU.
 * - first: the first initialize, tools/list and tools/call of a new isolate, each isolate a new
 *   Node.js process (V8 compiles the SDK's code as it first runs; in one process it would reuse
 *   what it compiled for the previous module);
 * - then: every later request, by kind, median and 99th percentile.
 * Node's process CPU counts its helper threads (compiler, garbage collector) too: an upper bound.
 */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { tempDir } from '../testing/tree.js';
import { bundleWorker } from '../assemble/bundles.js';
import type { WorkerEnv } from '../host/cloudflare/worker.js';

type Handler = { fetch(request: Request, env: WorkerEnv): Promise<Response> };

/** The calls an assistant makes: the session's start, then the tools (off-grid cheapest computed by the Worker). */
const CALLS = {
  initialize: { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1.0.0' } } },
  'tools/list': { method: 'tools/list' },
  'cheapest (off the grid)': { method: 'tools/call', params: { name: 'cheapest', arguments: { min_intel: 42, tools: true, limit: 7 } } },
  'cheapest (on the grid)': { method: 'tools/call', params: { name: 'cheapest', arguments: { min_intel: 40, vision: true, limit: 5 } } },
  model: { method: 'tools/call', params: { name: 'model', arguments: { id: 'openai/gpt-4o' } } },
  service_status: { method: 'tools/call', params: { name: 'service_status', arguments: {} } },
} as const;
type Call = keyof typeof CALLS;

export interface McpCpu {
  /** Median over isolates of each of the first three requests of an isolate. */
  first: { initialize: number; list: number; call: number };
  warm: Record<Call, { median: number; p99: number }>;
  workerKiB: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

const post = (call: Call) =>
  new Request('https://bench.example/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...CALLS[call] }),
  });

/**
 * A new isolate: a Node.js process that imports the Worker and times its first three requests
 * (the assets read from the site's files; Node's own Request and Response warmed up first).
 */
const FIRST_REQUESTS = `
import { readFileSync } from 'node:fs';
const [workerPath, dir, calls] = process.argv.slice(1);
const env = { DOCUMENTATION: 'https://bench.example/#/docs', BASE_PATH: '', ASSETS: { fetch: async (request) => {
  const path = new URL(request.url).pathname;
  try { return new Response(readFileSync(dir + path, 'utf8')); } catch { return new Response(readFileSync(dir + '/api/v1/errors/not-found.json', 'utf8'), { status: 404 }); }
} } };
await (await new Response(new Request('https://warm.example/', { method: 'POST', body: '{}' }).body).text());
const { default: worker } = await import(workerPath);
const times = [];
for (const body of JSON.parse(calls)) {
  const request = new Request('https://bench.example/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify(body) });
  const started = process.cpuUsage();
  await (await worker.fetch(request, env)).text();
  const used = process.cpuUsage(started);
  times.push((used.user + used.system) / 1000);
}
console.log(JSON.stringify(times));
`;

async function timed(handler: Handler, env: WorkerEnv, call: Call): Promise<number> {
  const started = process.cpuUsage();
  const response = await handler.fetch(post(call), env);
  const text = await response.text();
  const ms = cpuMs(started);
  if (response.status !== 200 || text.includes('"isError":true')) throw new Error(`/mcp answered ${call} with ${response.status} in the bench: ${text.slice(0, 200)}`);
  return ms;
}

/** `publishDir`: a built site (any host: the Worker reads only files under api/). */
export async function mcpCpu(publishDir: string, isolates = 8, rounds = 100): Promise<McpCpu> {
  const files = new Map<string, string>();
  for (const path of await fg('api/**/*.json', { cwd: publishDir })) files.set(`/${path}`, await readFile(join(publishDir, path), 'utf8'));
  const notFound = files.get('/api/v1/errors/not-found.json')!;
  const env: WorkerEnv = {
    DOCUMENTATION: 'https://bench.example/#/docs',
    BASE_PATH: '',
    ASSETS: { fetch: async (request) => new Response(files.get(new URL(request.url).pathname) ?? notFound, { status: files.has(new URL(request.url).pathname) ? 200 : 404 }) },
  };
  const worker = await bundleWorker();
  const dir = await tempDir('mcp-cpu');
  try {
    return await measureBundled(join(dir, '_worker.mjs'), worker, publishDir, env, isolates, rounds);
  } finally {
    // The bundle is loaded by then; outside the test runner nothing else removes the directory.
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureBundled(workerPath: string, worker: string, publishDir: string, env: WorkerEnv, isolates: number, rounds: number): Promise<McpCpu> {
  await writeFile(workerPath, worker);
  // Node builds its own Request and Response on first use: not the Worker's cost.
  await (await new Response(new Request('https://warm.example/', { method: 'POST', body: '{}' }).body).text());
  const first = { initialize: [] as number[], list: [] as number[], call: [] as number[] };
  const calls = JSON.stringify((['initialize', 'tools/list', 'cheapest (off the grid)'] as const).map((call) => ({ jsonrpc: '2.0', id: 1, ...CALLS[call] })));
  for (let i = 0; i < isolates; i += 1) {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', FIRST_REQUESTS, pathToFileURL(workerPath).href, publishDir, calls]);
    const [initialize, list, call] = JSON.parse(stdout) as [number, number, number];
    first.initialize.push(initialize);
    first.list.push(list);
    first.call.push(call);
  }
  const handler = ((await import(pathToFileURL(workerPath).href)) as { default: Handler }).default;
  const warm = {} as McpCpu['warm'];
  for (const call of Object.keys(CALLS) as Call[]) {
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) times.push(await timed(handler, env, call));
    warm[call] = { median: quantile(times, 0.5), p99: quantile(times, 0.99) };
  }
  return { first: { initialize: quantile(first.initialize, 0.5), list: quantile(first.list, 0.5), call: quantile(first.call, 0.5) }, warm, workerKiB: Buffer.byteLength(worker) / 1024 };
}

export function formatMcpCpu(f: McpCpu, limitMs = 10): string {
  const warm = Object.entries(f.warm).map(([call, t]) => `${call} ${t.median.toFixed(2)} (p99 ${t.p99.toFixed(1)})`).join(', ');
  return [
    `  Cloudflare Worker, CPU per /mcp request (the bundled _worker.js, ${f.workerKiB.toFixed(0)} KiB, in Node's V8; limit ${limitMs} ms):`,
    `    first requests of an isolate: initialize ${f.first.initialize.toFixed(1)} ms, tools/list ${f.first.list.toFixed(1)} ms, tools/call ${f.first.call.toFixed(1)} ms`,
    `    then, median (p99) in ms: ${warm}`,
  ].join('\n');
}
