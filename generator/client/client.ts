/**
 * The ModelPulse browser client, published as /api/v1/client.js (an ES module, no dependencies):
 *
 *   import { cheapest, model } from 'https://modelpulse.netlify.app/api/v1/client.js';
 *   const { data } = await cheapest({ min_intel: 45, vision: true, limit: 3 });
 *
 * `cheapest` asks the host for the precomputed file when the query is in the grid and, on a host
 * whose Worker answers any query (Cloudflare: `queryForm`), the query form otherwise. It takes an
 * answer only when it is one for the query asked (`meta.query`): a host without the file, one that
 * ignored the query string (GitHub Pages), a Worker past its daily quota (a 429) or an HTML page all
 * end in the same place, the answer computed here from the model index with the code the generator
 * and the Worker use (query/cheapest.ts through query/model-index.ts): the same bytes.
 *
 * `status` and `service` read where status is live first (a Cloudflare Worker's monitor, directly
 * or through Netlify's proxy: `liveStatusUrl`) and the site's own static file on any failure of
 * that read (network, timeout, non-2xx, not JSON, not a status response): `fallback` says why.
 *
 * `cost` and `cheapestForUsage` price a token mix with the cost module (query/cost.ts) from a
 * model detail and from /api/v1/cost-index.json: computed here, on every host.
 */
import { cheapestPath, CHEAPEST_FLAGS, CHEAPEST_PARAMS, DEFAULT_LIMIT, type CheapestQuery } from '../query/cheapest.js';
import { answerText, INDEX_FILE, readModelIndex } from '../query/model-index.js';
import { CostError, estimateCost, rankByCost, type CostEstimate, type CostModel, type CostOptions, type TokenUsage } from '../query/cost.js';
import { checkUsage } from '../query/cost-usage.js';
import { COST_INDEX_FILE, CostIndexError, readCostIndex } from '../query/cost-index.js';
import { parseCheapestQuery, parseFastestQuery } from '../query/params.js';
import { FASTEST_PARAMS, fastestQueryPath, isFastestPrecomputed, type FastestQuery } from '../query/fastest.js';
import { FASTEST_INDEX_FILE, fastestAnswerText, readFastestIndex } from '../query/fastest-index.js';
import { isPrecomputed } from '../query/variants.js';
import { HOST_ANSWERS_QUERIES, LIVE_STATUS } from './host.js';
import { isModelAnswer, isStatusAnswer, LIVE_DETAIL_PARAM, LIVE_STATUS_TIMEOUT_MS, readLive, type Fetch, type StatusAnswer } from './live.js';
export { isModelAnswer, isStatusAnswer, LIVE_DETAIL_PARAM, LIVE_STATUS_TIMEOUT_MS, type LiveFallback, type StatusAnswer } from './live.js';
import { API_NAMES_FILE, dayOf, lookupApiName, readApiNamesIndex, resolveInDetail, ResolveError, type NamedModel, type NameQuery, type ResolvedModel } from '../query/resolve.js';
// `retired` in the API is as of the data's `meta.as_of`; a reader judges it for their own day with these.
export { orderDeprecations, utcDay } from '../query/deprecations.js';

/** A failed request or an invalid argument, with the API's error code (docs/api.md, "Errors"). */
export class ModelPulseError extends Error {
  override readonly name = 'ModelPulseError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly url: string | null = null,
    /** bad_query: the parameter at fault. */
    readonly parameter: string | null = null,
    /** not_found: what was probably meant. */
    readonly hint: string | null = null,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type CheapestInput = Partial<Record<string, QueryValue>>;

export interface ApiResponse<T = unknown> {
  data: T;
  meta: Record<string, unknown>;
}

/** One model's place in a ranking by cost: its id and its cheapest estimate for the mix. */
export type RankedCostRow = { model_id: string } & CostEstimate;

/** The day whose retirements count, from a response's meta: its `as_of` (docs/api.md, "One as-of"). */
export function asOfDay(meta: Record<string, unknown>): string | null {
  return typeof meta.as_of === 'string' ? meta.as_of.slice(0, 10) : null;
}

export interface CheapestResponse extends ApiResponse<unknown[]> {
  /** true when no host answer fit the query and the client computed it from the model index. */
  computed: boolean;
}

const ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

/** Query values as URL parameters: booleans become 1/0; null and undefined are left out. */
export function toQueryParams(input: CheapestInput): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.push([name, typeof value === 'boolean' ? (value ? '1' : '0') : String(value)]);
  }
  return params;
}

/**
 * Validates a query as every host does (query/params.ts): a malformed value or a wrong name throws
 * ModelPulseError 400 `bad_query` naming the parameter; other names are ignored, as hosts do.
 */
export function normalizeQuery(input: CheapestInput): CheapestQuery {
  const parsed = parseCheapestQuery(toQueryParams(input));
  if (!parsed.ok) throw new ModelPulseError(400, 'bad_query', `${parsed.param}: ${parsed.message}`, null, parsed.param);
  return parsed.query;
}

/** The query string of the query form: the non-default parameters in their fixed order. */
export function queryString(query: CheapestQuery): string {
  const parts: string[] = [];
  if (query.min_intel !== null) parts.push(`min_intel=${query.min_intel}`);
  if (query.min_context !== null) parts.push(`min_context=${query.min_context}`);
  for (const flag of CHEAPEST_FLAGS) if (query[flag]) parts.push(`${flag}=1`);
  if (query.limit !== DEFAULT_LIMIT) parts.push(`limit=${query.limit}`);
  return parts.join('&');
}

/** A `fastest` query checked as every host checks it (a ModelPulseError 400 `bad_query` otherwise). */
export function normalizeFastestQuery(input: CheapestInput): FastestQuery {
  const parsed = parseFastestQuery(toQueryParams(input));
  if (!parsed.ok) throw new ModelPulseError(400, 'bad_query', `${parsed.param}: ${parsed.message}`, null, parsed.param);
  return parsed.query;
}

/** Whether an answer is one for the `fastest` query asked. */
function answersFastest(body: unknown, query: FastestQuery): body is ApiResponse<unknown[]> {
  const meta = (body as { meta?: { query?: Record<string, unknown> } } | null)?.meta;
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || meta?.query === undefined) return false;
  return FASTEST_PARAMS.every((param) => meta.query![param] === query[param]);
}

/** Whether an answer is one for `query`: what a host that ignored the query string gets wrong. */
function answers(body: unknown, query: CheapestQuery): body is ApiResponse<unknown[]> {
  const meta = (body as { meta?: { query?: Record<string, unknown> } } | null)?.meta;
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || meta?.query === undefined) return false;
  return CHEAPEST_PARAMS.every((param) => meta.query![param] === query[param]);
}

function defaultBaseUrl(): string {
  // Served from <site>/api/v1/client.js: the site is everything before /api/v1/.
  const here = new URL(import.meta.url);
  const at = here.pathname.lastIndexOf('/api/v1/');
  return `${here.origin}${at === -1 ? '' : here.pathname.slice(0, at)}`;
}

/** An id that cannot exist: the 404 every host gives, with the id meant when only the case is wrong. */
function unknownId(id: string, pattern: RegExp, what: string): ModelPulseError {
  const lower = id.toLowerCase();
  const hint = lower !== id && pattern.test(lower) ? `ids are lower case: ${lower}` : null;
  return new ModelPulseError(404, 'not_found', `No ${what} ${JSON.stringify(id)}${hint === null ? '' : ` (${hint})`}.`, null, null, hint);
}

export interface ClientOptions {
  /** The site (default: where this module was loaded from). */
  baseUrl?: string;
  fetch?: Fetch;
  /**
   * Whether the host answers `cheapest` queries off the grid (Cloudflare's Worker): then they are
   * asked for, else computed here without a request that would fail. Default: true in the client
   * a Cloudflare build publishes, false elsewhere.
   */
  queryForm?: boolean;
  /**
   * Where status is live (docs/hosting.md, "Live status on every host"): a site or origin whose
   * status path forms (`/api/v1/status`, `/api/v1/status/<id>`, `/api/v1/status/models`) and model
   * details (`/api/v1/models/<author>/<slug>?live=1`) `status()`, `service()`, `modelStatus()` and
   * `liveModel()` read first, the base URL's file forms being the fallback; null: the files only. Default: what the build
   * published (the site itself on Cloudflare and on Netlify with LIVE_STATUS_URL, that URL on
   * GitHub Pages with it, else null).
   */
  liveStatusUrl?: string | null;
  /** How long a live status read may take before the file is read instead (default LIVE_STATUS_TIMEOUT_MS). */
  liveTimeoutMs?: number;
}

export function createClient(options: ClientOptions = {}) {
  const base = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
  const doFetch: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const live = options.liveStatusUrl !== undefined ? options.liveStatusUrl?.replace(/\/+$/, '') ?? null : LIVE_STATUS === 'self' ? base : LIVE_STATUS;
  const liveTimeoutMs = options.liveTimeoutMs ?? LIVE_STATUS_TIMEOUT_MS;
  // Off after the first query-form answer that does not fit (a Worker past its quota stays so all day).
  let askQueryForm = options.queryForm ?? HOST_ANSWERS_QUERIES;

  async function request(path: string): Promise<{ status: number; body: unknown; text: string; url: string }> {
    const url = `${base}/api/v1/${path}`;
    const response = await doFetch(url);
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Hosts without our rules answer unknown paths with an HTML page; the status says enough.
    }
    return { status: response.status, body, text, url };
  }

  async function get<T>(path: string): Promise<ApiResponse<T>> {
    const { status, body, url } = await request(path);
    if (status >= 200 && status < 300 && body !== null) return body as ApiResponse<T>;
    const error = (body as { error?: { code?: string; message?: string; parameter?: string; hint?: string } } | null)?.error;
    throw new ModelPulseError(status, error?.code ?? (status === 404 ? 'not_found' : 'http_error'), error?.message ?? `HTTP ${status} for ${url}`, url, error?.parameter ?? null, error?.hint ?? null);
  }

  /** `livePath` where status is live, else the static file `filePath` (`fallback` says why). */
  async function readLiveFirst(livePath: string, filePath: string, accepts: (body: unknown) => boolean): Promise<StatusAnswer> {
    const failed = live === null ? null : await readLive(doFetch, `${live}/api/v1/${livePath}`, accepts, liveTimeoutMs);
    if (failed !== null && 'body' in failed) return { ...failed.body, fallback: null };
    return { ...(await get(filePath)), fallback: failed };
  }
  /** A status path form where status is live, else its file form. */
  const readStatus = (path: string, id: string | null) => readLiveFirst(path, `${path}.json`, (body) => isStatusAnswer(body, id));

  async function model(id: string): Promise<ApiResponse<unknown>> {
    if (!ID.test(id)) throw unknownId(id, ID, 'model');
    return get(`models/${id}.json`);
  }

  /** Data that is not what the cost module reads (another API at the base URL): `bad_response`. */
  function notForeign<T>(what: string, run: () => T): T {
    try {
      return run();
    } catch (error) {
      if (error instanceof CostIndexError || (error instanceof CostError && error.code === 'bad_model') || (error instanceof ResolveError && error.code === 'bad_index')) {
        throw new ModelPulseError(200, 'bad_response', `${base} answered JSON that is not a ModelPulse ${what}: ${error.message}`, base);
      }
      throw error;
    }
  }

  async function resolveWithDetail(query: NameQuery): Promise<ApiResponse<ResolvedModel> & { detail: unknown }> {
    const { data: raw, meta } = await get<unknown>(API_NAMES_FILE);
    const index = notForeign(API_NAMES_FILE, () => readApiNamesIndex(raw));
    const asOf = typeof meta.as_of === 'string' ? meta.as_of : null;
    const day = dayOf(query, asOf);
    const lookup = lookupApiName(index, query, day);
    const { data: detail, meta: detailMeta } = await model(lookup.model);
    return { data: resolveInDetail(detail as NamedModel, lookup, day, asOf), detail, meta: detailMeta };
  }
  async function resolve(query: NameQuery): Promise<ApiResponse<ResolvedModel>> {
    const { data, meta } = await resolveWithDetail(query);
    return { data, meta };
  }
  async function compute(query: CheapestQuery): Promise<CheapestResponse> {
    const { status, text, url } = await request(INDEX_FILE);
    if (status !== 200) throw new ModelPulseError(status, 'index_unavailable', `HTTP ${status} for ${url}: the model index is needed to compute this query`, url);
    const answer = JSON.parse(answerText(readModelIndex(text), query)) as ApiResponse<unknown[]>;
    return { ...answer, computed: true };
  }

  async function computeFastest(query: FastestQuery): Promise<CheapestResponse> {
    const { status, text, url } = await request(FASTEST_INDEX_FILE);
    if (status !== 200) throw new ModelPulseError(status, 'index_unavailable', `HTTP ${status} for ${url}: the fastest index is needed to compute this query`, url);
    return { ...(JSON.parse(fastestAnswerText(notForeign(FASTEST_INDEX_FILE, () => readFastestIndex(text)), query)) as ApiResponse<unknown[]>), computed: true };
  }

  return {
    /** The endpoints, and `data.freshness`: when the data was last refreshed, per source. */
    index: () => get('index.json'),
    /** Models currently offered; one author's when `author` is given. */
    models: async (author?: string) => {
      if (author === undefined) return get('models.json');
      if (!SEGMENT.test(author)) throw unknownId(author, SEGMENT, 'author');
      return get(`models/${author}.json`);
    },
    /** One model (`<author>/<slug>`) with its price history and endpoints. */
    model,
    /** Every service's status: live where the host or `liveStatusUrl` has it, else the static file. */
    status: () => readStatus('status', null),
    service: async (id: string) => {
      if (!SEGMENT.test(id)) throw unknownId(id, SEGMENT, 'service');
      return readStatus(`status/${id}`, id);
    },
    priceChanges: () => get('price-changes.json'),
    deprecations: () => get('deprecations.json'),
    /**
     * The models not operational now (/api/v1/status/models): live where status is live, else the
     * static file. (Until the edge monitor sweeps the endpoint statistics, the live answer is that file.)
     */
    modelStatus: () => readStatus('status/models', null),
    /**
     * One model's detail read as status is: the path form where status is live first, asked with
     * `?live=1` (LIVE_DETAIL_PARAM: on Cloudflare the Worker lays the monitor's newest figures over
     * `status` and each offer's `stats`, `meta.live` saying so; Netlify with LIVE_STATUS_URL proxies
     * it there), the static file on any failure of that read (`fallback`). Where status is not live,
     * the file, as `model(id)`.
     */
    liveModel: async (id: string): Promise<StatusAnswer> => {
      if (!ID.test(id)) throw unknownId(id, ID, 'model');
      return readLiveFirst(`models/${id}?${LIVE_DETAIL_PARAM.join('=')}`, `models/${id}.json`, (body) => isModelAnswer(body, id));
    },

    /**
     * The fastest models for a query (query/fastest.ts): the host's file for the default query, the
     * Worker's answer where the host computes queries, else computed here from the fastest index.
     */
    async fastest(input: CheapestInput = {}): Promise<CheapestResponse> {
      const query = normalizeFastestQuery(input);
      const precomputed = isFastestPrecomputed(query);
      if (precomputed || askQueryForm) {
        const answer = await request(precomputed ? 'fastest.json' : fastestQueryPath(query)).catch(() => null);
        if (answer !== null && answer.status === 200 && answersFastest(answer.body, query)) return { ...(answer.body as ApiResponse<unknown[]>), computed: false };
        if (!precomputed) askQueryForm = false;
      }
      return computeFastest(query);
    },

    /**
     * An API name at a provider (`{ provider: 'openai', model: 'gpt-4o-2024-08-06', at? }`) to our
     * model, the offer and its price on the day (query/resolve.ts): from /api/v1/api-names.json and
     * the model's detail. An unknown or ambiguous name throws ResolveError, never a guess.
     */
    resolve,
    /**
     * What `usage` costs on one model (query/cost.ts): at its headline price, or at
     * `options.provider`'s standard offer; or, given `{ provider, model, at? }` with an API name,
     * at the price that name's offer had that day. Bad counts throw CostInputError, a provider that
     * does not offer the model ProviderNotOfferedError, a name we cannot resolve ResolveError;
     * `meta` is the model detail's.
     */
    async cost(id: string | NameQuery, usage: TokenUsage, options: CostOptions = {}): Promise<ApiResponse<CostEstimate>> {
      checkUsage(usage);
      if (typeof id !== 'string') {
        const { data: resolved, detail, meta } = await resolveWithDetail(id);
        const named = { provider: resolved.provider, model: resolved.offer.api_name, at: resolved.at };
        return { data: notForeign(resolved.model, () => estimateCost(detail as CostModel, usage, named)), meta };
      }
      const { data, meta } = await model(id);
      return { data: notForeign(id, () => estimateCost(data as CostModel, usage, options)), meta };
    },

    /** The names each provider's API accepts, each with the model it names (what `resolve` reads). */
    apiNames: () => get(API_NAMES_FILE),
    /** What ranking by cost reads: every `cheapest` candidate's prices (query/cost-index.ts). */
    costIndex: () => get(COST_INDEX_FILE),

    /** The models cheapest for a token mix, with `cheapest`'s filters and limit, from the cost index. */
    async cheapestForUsage(usage: TokenUsage, input: CheapestInput = {}): Promise<ApiResponse<RankedCostRow[]>> {
      const query = normalizeQuery(input);
      checkUsage(usage);
      const { data, meta } = await get<unknown>(COST_INDEX_FILE);
      const { count: _count, ...rest } = meta;
      const models = notForeign(COST_INDEX_FILE, () => readCostIndex(data));
      const rows = rankByCost(models, usage, query, asOfDay(meta)).map(({ model, estimate }) => ({ model_id: model.id, ...estimate }));
      return { data: rows, meta: { ...rest, count: rows.length, query, usage } };
    },

    /** The cheapest models for a query: from the host when its answer fits the query, else computed here. */
    async cheapest(input: CheapestInput = {}): Promise<CheapestResponse> {
      const query = normalizeQuery(input);
      const precomputed = isPrecomputed(query);
      // The file form works on every host; the query form only where a host computes queries.
      if (precomputed || askQueryForm) {
        const asked = precomputed ? `${cheapestPath(query)}.json` : `cheapest?${queryString(query)}`;
        const answer = await request(asked).catch(() => null);
        const fits = answer !== null && answer.status === 200 && answers(answer.body, query);
        if (fits) return { ...(answer.body as ApiResponse<unknown[]>), computed: false };
        if (!precomputed) askQueryForm = false;
      }
      return compute(query);
    },
  };
}

export type ModelPulseClient = ReturnType<typeof createClient>;

// Ready-made functions bound to the site this module was loaded from. Created lazily so that
// importing the module never touches `import.meta.url` in environments that lack it.
let shared: ModelPulseClient | null = null;
const client = (): ModelPulseClient => (shared ??= createClient());

export const index = () => client().index();
export const models = (author?: string) => client().models(author);
export const model = (id: string) => client().model(id);
export const status = () => client().status();
export const service = (id: string) => client().service(id);
export const priceChanges = () => client().priceChanges();
export const deprecations = () => client().deprecations();
export const cheapest = (input: CheapestInput = {}) => client().cheapest(input);
export const fastest = (input: CheapestInput = {}) => client().fastest(input);
export const modelStatus = () => client().modelStatus();
export const cost = (id: string | NameQuery, usage: TokenUsage, options: CostOptions = {}) => client().cost(id, usage, options);
export const resolveModel = (query: NameQuery) => client().resolve(query);
export const cheapestForUsage = (usage: TokenUsage, input: CheapestInput = {}) => client().cheapestForUsage(usage, input);
// The cost module itself, for pages that price a model detail they already hold.
export { cheapestEstimate, estimateCost, estimateEveryOffer, rankByCost, CostError, CostInputError, ProviderNotOfferedError } from '../query/cost.js';
export { readCostIndex } from '../query/cost-index.js';
export { usageFromText } from '../query/cost-usage.js';
// Resolution itself, for pages that hold the index and a detail already.
export { canonicalProvider, closestNames, lookupApiName, readApiNamesIndex, resolveInDetail, ResolveError, type NameQuery, type ResolvedModel } from '../query/resolve.js';
