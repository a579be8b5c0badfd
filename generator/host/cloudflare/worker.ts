/**
 * The Cloudflare Worker: it runs first only on the query routes (`/api/v1/cheapest`,
 * `/api/v1/fastest`, `/api/v1/models`; see site-files.ts), on odd paths (plain-path.ts: a JSON 404 unless an
 * escape only spells a plain character) and on the remote MCP endpoint (`/mcp`, mcp-endpoint.ts),
 * and answers every valid query exactly:
 * - a query with a precomputed file gets that file, through the assets (the same bytes, ETag and
 *   304s as its path form);
 * - any other valid `cheapest` query is computed from the model index with the shared code
 *   (query/cheapest.ts through query/model-index.ts), in the bytes a precomputed file would have;
 * - query names are read by the policy every host shares (query/params.ts): a wrong name gets the
 *   very error file Netlify's rules answer with; a repeated parameter or a malformed value a 400
 *   `bad_query`; an unknown author a 404 `not_found` with a hint where case is the problem; an
 *   index that cannot be read a 503, never an empty list.
 * Bundled by the build into `_worker.js` (no Node.js imports anywhere below this file).
 */
import { cheapestPath, parseCheapestValues, type CheapestQuery } from '../../query/cheapest.js';
import { answerText, INDEX_FILE, readModelIndex, type ModelIndex } from '../../query/model-index.js';
import { isFastestPrecomputed, parseFastestValues } from '../../query/fastest.js';
import { FASTEST_INDEX_FILE, fastestAnswerText, readFastestIndex, type FastestIndex } from '../../query/fastest-index.js';
import { queryPairs, readParams, type QueryEndpoint, type ReadParams } from '../../query/params.js';
import { isPrecomputed } from '../../query/variants.js';
import { badQuery, badQueryFile, errorJson, unknownAuthor, type ApiError } from '../../render/errors.js';
import { API_CACHE_CONTROL, CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, ERROR_CACHE_CONTROL, isInternalPath } from '../hosts.js';
import { plainPath } from './plain-path.js';
import { answerMcp, MCP_PATH, warmUpMcp } from './mcp-endpoint.js';
import { MONITOR_ASSET, type AssetsBinding } from './monitor/asset.js';
import { answerLive, liveRoute } from './monitor/live.js';
import { runMonitorPass, type MonitorEnv } from './monitor/run.js';
import { runSweepPass, SWEEP_CRON } from './monitor/sweep-pass.js';
import { warmUpSweep } from './monitor/sweep-warm-up.js';
import { warmUpMonitor } from './monitor/warm-up.js';
import type { D1Like } from './monitor/store.js';

export type { AssetsBinding } from './monitor/asset.js';

export interface WorkerEnv {
  ASSETS: AssetsBinding;
  DOCUMENTATION: string;
  BASE_PATH: string;
  /** The status monitor's database (absent in a hand-made site: the status answers are then the static files). */
  STATUS_DB?: D1Like;
  /** PROBE_KEY_<ID> secrets of the deep probes (monitor/run.ts). */
  [name: string]: unknown;
}

const API = '/api/v1';
const AUTHOR_ID = /^[a-z0-9][a-z0-9._-]*$/;

const corsHeaders = { 'access-control-allow-origin': '*', 'access-control-allow-methods': CORS_ALLOW_METHODS, 'access-control-allow-headers': CORS_ALLOW_HEADERS };

function json(request: Request, status: number, body: string, cacheControl: string, extra: Record<string, string> = {}): Response {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': cacheControl, ...corsHeaders, ...extra };
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

const errorResponse = (request: Request, error: ApiError, extra: Record<string, string> = {}) =>
  json(request, error.status, errorJson(error), error.status >= 500 ? 'no-store' : ERROR_CACHE_CONTROL, extra);

/** A published file, with the request's method and conditional headers. */
async function asset(request: Request, env: WorkerEnv, path: string): Promise<Response> {
  const url = new URL(`${env.BASE_PATH}${path}`, request.url);
  return env.ASSETS.fetch(new Request(url, { method: request.method, headers: request.headers }));
}

/** A published error file under its own status (an asset is served as 200), cached as errors are. */
async function errorAsset(request: Request, env: WorkerEnv, path: string, status: number): Promise<Response> {
  const response = await env.ASSETS.fetch(new Request(new URL(`${env.BASE_PATH}${path}`, request.url), { method: request.method }));
  if (response.status !== 200) return response;
  const headers = new Headers(response.headers);
  headers.set('cache-control', ERROR_CACHE_CONTROL);
  headers.delete('etag');
  return new Response(response.body, { status, headers });
}

/**
 * A name the policy refuses: a wrong name gets the error file Netlify's rules point at (the same
 * bytes on both hosts); a repeated one, which Netlify's rules cannot see, its own 400.
 */
const refusedQuery = (request: Request, env: WorkerEnv, endpoint: QueryEndpoint, read: Extract<ReadParams, { ok: false }>) =>
  'wrong' in read
    ? errorAsset(request, env, `${API}/errors/${badQueryFile(endpoint, read.wrong.key)}.json`, 400)
    : Promise.resolve(errorResponse(request, badQuery(read.repeated, read.message, env.DOCUMENTATION)));

/**
 * The time live answers judge the monitor's age at: the clock, or under the local dev server only
 * the time its wrapper gives (dev-trigger.ts), as a symbol-keyed env property no binding can be.
 */
const LOCAL_CLOCK = Symbol.for('modelpulse.localClock');
function answerTime(env: WorkerEnv): number {
  const local = (env as unknown as Record<symbol, unknown>)[LOCAL_CLOCK];
  return typeof local === 'number' && Number.isFinite(local) ? local : Date.now();
}

/**
 * An index the Worker computes answers from, read once per isolate (immutable for a deployed
 * version); a failed read is not remembered: the next request tries again.
 */
function indexLoader<T>(file: string, read: (bytes: Uint8Array) => T): (request: Request, env: WorkerEnv) => Promise<T> {
  let cached: Promise<T> | null = null;
  return (request, env) => {
    cached ??= (async () => {
      const response = await env.ASSETS.fetch(new Request(new URL(`${env.BASE_PATH}${API}/${file}`, request.url)));
      if (response.status !== 200) throw new Error(`the ${file === INDEX_FILE ? 'model' : 'fastest'} index answered ${response.status}`);
      // Bytes, not text: only the head and the answered entries are ever decoded (query/model-index.ts).
      return read(new Uint8Array(await response.arrayBuffer()));
    })();
    cached.catch(() => (cached = null));
    return cached;
  };
}

const loadIndex = indexLoader<ModelIndex>(INDEX_FILE, readModelIndex);
const loadFastestIndex = indexLoader<FastestIndex>(FASTEST_INDEX_FILE, readFastestIndex);

const indexUnavailable = (env: WorkerEnv, cause: unknown, file = INDEX_FILE, precomputed = `${API}/cheapest/….json`): ApiError => ({
  status: 503,
  code: 'index_unavailable',
  message: `The ${file === INDEX_FILE ? 'model' : 'fastest'} index (${API}/${file}) cannot be read here (${cause instanceof Error ? cause.message : String(cause)}), so no query can be answered exactly now. The precomputed files (${precomputed}) still are.`,
  documentation: env.DOCUMENTATION,
});

/** `/api/v1/fastest?…`: the default is the build's file; any other valid query is computed with the shared code (query/fastest.ts). */
async function fastestRoute(request: Request, env: WorkerEnv, pairs: Array<[string, string]>): Promise<Response> {
  const read = readParams('fastest', pairs);
  if (!read.ok) return refusedQuery(request, env, 'fastest', read);
  const parsed = parseFastestValues(read.values);
  if (!parsed.ok) return errorResponse(request, badQuery(parsed.param, parsed.message, env.DOCUMENTATION));
  if (isFastestPrecomputed(parsed.query)) return asset(request, env, `${API}/fastest.json`);
  let loaded: FastestIndex;
  try {
    loaded = await loadFastestIndex(request, env);
  } catch (cause) {
    return errorResponse(request, indexUnavailable(env, cause, FASTEST_INDEX_FILE, `${API}/fastest.json`));
  }
  return json(request, 200, fastestAnswerText(loaded, parsed.query), API_CACHE_CONTROL);
}

async function cheapestRoute(request: Request, env: WorkerEnv, pairs: Array<[string, string]>): Promise<Response> {
  const read = readParams('cheapest', pairs);
  if (!read.ok) return refusedQuery(request, env, 'cheapest', read);
  const parsed = parseCheapestValues(read.values);
  if (!parsed.ok) return errorResponse(request, badQuery(parsed.param, parsed.message, env.DOCUMENTATION));
  const query: CheapestQuery = parsed.query;
  if (isPrecomputed(query)) return asset(request, env, `${API}/${cheapestPath(query)}.json`);
  let loaded: ModelIndex;
  try {
    loaded = await loadIndex(request, env);
  } catch (cause) {
    return errorResponse(request, indexUnavailable(env, cause));
  }
  return json(request, 200, answerText(loaded, query), API_CACHE_CONTROL);
}

async function modelsRoute(request: Request, env: WorkerEnv, pairs: Array<[string, string]>): Promise<Response> {
  const read = readParams('models', pairs);
  if (!read.ok) return refusedQuery(request, env, 'models', read);
  const author = read.values.get('author');
  if (author === undefined) return asset(request, env, `${API}/models.json`);
  if (AUTHOR_ID.test(author)) {
    const own = await asset(request, env, `${API}/models/${author}.json`);
    if (own.status !== 404) return own;
  }
  // Unknown: the index's author list says whether only the case is wrong.
  let authors: readonly string[] = [];
  try {
    authors = (await loadIndex(request, env)).head.authors;
  } catch {
    // Without the list the answer is still right, only without the hint.
  }
  return errorResponse(request, unknownAuthor(author, authors, env.DOCUMENTATION));
}

export async function handle(request: Request, env: WorkerEnv): Promise<Response> {
  const url = new URL(request.url);
  const route = url.pathname.slice(env.BASE_PATH.length).replace(/\/$/, '');
  // The remote MCP endpoint: its tools read the site through this very handler (files and queries).
  if (route === MCP_PATH) return answerMcp(request, { baseUrl: `${url.origin}${env.BASE_PATH}`, fetch: (target) => handle(new Request(target), env), documentation: env.DOCUMENTATION });
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...corsHeaders, 'access-control-max-age': '86400' } });
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse(request, { status: 405, code: 'method_not_allowed', message: 'The API is read-only: use GET or HEAD.', documentation: env.DOCUMENTATION }, { allow: 'GET, HEAD, OPTIONS' });
  }
  // An odd path (only such paths reach here besides the query routes: see plain-path.ts).
  const path = plainPath(url.pathname.slice(env.BASE_PATH.length));
  if (path === null || isInternalPath(path) || path.startsWith(`/${MONITOR_ASSET.split('/')[0]}/`)) return errorAsset(request, env, `${API}/errors/not-found.json`, 404);
  const plainRoute = path.replace(/\/$/, '');
  const live = liveRoute(plainRoute);
  if (live !== null) return answerLive(request, env, live, (file) => asset(request, env, file), answerTime(env));
  const pairs = queryPairs(url.search);
  if (plainRoute === `${API}/cheapest`) return cheapestRoute(request, env, pairs);
  if (plainRoute === `${API}/fastest`) return fastestRoute(request, env, pairs);
  if (plainRoute === `${API}/models`) return modelsRoute(request, env, pairs);
  // Any other path gets what its plain spelling gets from the assets, never their redirect.
  return asset(request, env, path);
}

// At startup, not in a request (mcp-endpoint.ts); a failure here only leaves the compiling to the first request.
await warmUpMcp().catch(() => undefined);
// Likewise the monitor's pure code (monitor/warm-up.ts), for the first scheduled run of an isolate.
await warmUpMonitor().catch(() => undefined);
// And the sweep's (monitor/sweep-warm-up.ts), for the first run of its own trigger.
await warmUpSweep().catch(() => undefined);

/**
 * The edge monitor's runs, on two one-minute Cron Triggers (wrangler.json `triggers.crons`): the
 * status (MONITOR_CRON) and the sweep of OpenRouter's endpoint statistics (SWEEP_CRON), each its
 * own invocation; locally the dev server's `/__monitor/run` runs both (dev-trigger.ts). No route
 * of `handle` can start a run or write the database.
 */
/**
 * The bench's pace of the sweep (generator/bench/monitor-budget.ts answers from memory and
 * measures CPU, not a second's wait per request): a symbol-keyed env property, which no binding
 * can be, so a deployed Worker always waits SWEEP_INTERVAL_MS.
 */
const BENCH_SWEEP_INTERVAL = Symbol.for('modelpulse.benchSweepIntervalMs');

async function scheduled(controller: { scheduledTime: number; cron?: string }, env: WorkerEnv): Promise<void> {
  if (env.STATUS_DB === undefined) return;
  const log = (line: string) => console.log(line);
  if (controller.cron === SWEEP_CRON) {
    const interval = (env as unknown as Record<symbol, unknown>)[BENCH_SWEEP_INTERVAL];
    await runSweepPass(env as MonitorEnv, controller.scheduledTime, { log, ...(typeof interval === 'number' ? { sweepIntervalMs: interval } : {}) });
    return;
  }
  await runMonitorPass(env as MonitorEnv, controller.scheduledTime, { log });
}

export default { fetch: handle, scheduled };
