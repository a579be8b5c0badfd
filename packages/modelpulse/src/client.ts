/**
 * The typed client of the `modelpulse` package: the very client the site publishes as
 * /api/v1/client.js (generator/client/client.ts, bundled, not copied) with a default base URL,
 * response types generated from the API's JSON Schemas, clear errors and an optional cache.
 */
import { createClient as createSharedClient, ModelPulseError, type LiveFallback } from '../../../generator/client/client.js';
import { DEFAULT_SITE_URL } from '../../../generator/config.js';
import type { CostEstimate, CostOptions, TokenUsage } from '../../../generator/query/cost.js';
import type { NameQuery, ResolvedModel } from '../../../generator/query/resolve.js';
import type {
  CheapestResponse,
  CostIndexResponse,
  DeprecationsResponse,
  FastestResponse,
  IndexResponse,
  ModelResponse,
  ModelsResponse,
  ModelStatusListResponse,
  PriceChangesResponse,
  ServiceResponse,
  StatusResponse,
} from './generated/api.js';
import { DEFAULT_TIMEOUT_MS, packageFetch, type FetchLike, type ResponseCache } from './http.js';
import { modelStatusByName, type ModelStatusResponse } from './model-status.js';
import { checked } from './shape.js';

/** The public ModelPulse site, used when no `baseUrl` is given. */
export const DEFAULT_BASE_URL = DEFAULT_SITE_URL;

type Flag = boolean | 0 | 1 | '0' | '1' | 'true' | 'false' | null;

/** A `cheapest` query in the API's own names; values as in a URL or as JSON values. */
export interface CheapestQuery {
  /** Only models whose intelligence index is at least this (0 to 100). */
  min_intel?: number | string | null;
  /** Only models with at least this many tokens of context. */
  min_context?: number | string | null;
  vision?: Flag;
  reasoning?: Flag;
  tools?: Flag;
  /** How many models at most: 1 to 100, default 10. */
  limit?: number | string | null;
}

/**
 * A `fastest` query: `cheapest`'s filters plus a price cap and the order; values as in a URL or
 * as JSON values.
 */
export interface FastestQuery extends CheapestQuery {
  /** Only models whose blended price (USD per 1M tokens) is at most this. */
  max_price?: number | string | null;
  /** `throughput` (most output tokens a second first, the default) or `latency` (least time to the first token first). */
  sort?: 'throughput' | 'latency' | null;
}

/** What a token mix costs on one model, with the model detail's meta (attribution included). */
export interface CostResponse {
  data: CostEstimate;
  meta: ModelResponse['meta'];
}

/** An API name resolved (`resolveModel`), with the model detail's meta. */
export interface ResolveResponse {
  data: ResolvedModel;
  meta: ModelResponse['meta'];
}

/** The models cheapest for a token mix: each with its cheapest estimate; `meta` says for which query and mix. */
export interface CostRankingResponse {
  data: Array<{ model_id: string } & CostEstimate>;
  meta: Omit<CostIndexResponse['meta'], 'author'> & { query: CheapestResponse['meta']['query']; usage: TokenUsage };
}

export interface ClientOptions {
  /** The site (without `/api/v1`): `DEFAULT_BASE_URL` when left out. */
  baseUrl?: string;
  /** The standard `fetch` by default. */
  fetch?: FetchLike;
  /** Where to keep answers while they are fresh (`memoryCache()`, or your own); none by default. */
  cache?: ResponseCache;
  /** The clock the cache reads (epoch milliseconds); `Date.now` by default. */
  now?: () => number;
  /** How long a request may take, answer included, before it fails with `timeout` (default 30 s). */
  timeoutMs?: number;
  /**
   * Whether the site answers any `cheapest` query itself (a Cloudflare deployment's Worker): then
   * queries off the precomputed grid are asked for, else computed here from the model index.
   * Default false; either way the answer is the same.
   */
  queryForm?: boolean;
  /**
   * Where status is live (a Cloudflare deployment's Worker, or a Netlify site that proxies to
   * one): `status()` and `service(id)` read its path forms (`/api/v1/status`, `/api/v1/status/<id>`)
   * first and the base URL's static files (`status.json`) when that fails. Default: the base URL
   * itself; null: the static files only.
   */
  liveStatusUrl?: string | null;
  /** How long that live read may take before the static file is read instead (default 5 s). */
  liveTimeoutMs?: number;
}

/** A status answer, and why it is the static file although a live one was read first (null: it is not). */
export type WithFallback<T> = T & { fallback: LiveFallback | null };

export interface ModelPulseClient {
  /** The site this client reads. */
  readonly baseUrl: string;
  /** The endpoints, and `data.freshness`: when the data was last refreshed, per source. */
  index(): Promise<IndexResponse>;
  /** Every monitored service with its combined status: live first (`meta.live` says), else the static file. */
  status(): Promise<WithFallback<StatusResponse>>;
  /** One service (`openai`) with 90 days of uptime and recent incidents: live first, else the static file. */
  service(id: string): Promise<WithFallback<ServiceResponse>>;
  /** Models currently offered; one author's (`anthropic`) when `author` is given. */
  models(author?: string): Promise<ModelsResponse>;
  /** One model (`<author>/<slug>`) with its price history and every offer. */
  model(id: string): Promise<ModelResponse>;
  /**
   * The cheapest models for a query: the precomputed answer when there is one, else computed
   * from the model index with the API's own code (`computed: true`). Same answer either way.
   */
  cheapest(query?: CheapestQuery): Promise<CheapestResponse & { computed: boolean }>;
  /**
   * What a token mix costs on one model (`estimateCost` on its detail): at its headline price,
   * or at `options.provider`'s standard offer; given `{ provider, model, at? }` with an API name,
   * at the price that name's offer had that day. Throws CostInputError for bad counts (naming the
   * field) and ProviderNotOfferedError for a provider that does not offer the model.
   */
  cost(id: string | NameQuery, usage: TokenUsage, options?: CostOptions): Promise<CostResponse>;
  /**
   * An API name as logs have it (`{ provider: 'openai', model: 'gpt-4o-2024-08-06', at?: 'YYYY-MM-DD' }`)
   * to our model, the offer it names and that offer's price on the day (default: the data's as-of).
   * Throws ResolveError: `unknown_model` (with the closest names), `ambiguous_model`, `unknown_provider`.
   */
  resolveModel(query: NameQuery): Promise<ResolveResponse>;
  /** The models cheapest for a token mix (`rankByCost`), with `cheapest`'s filters and limit, from one file. */
  cheapestForUsage(usage: TokenUsage, query?: CheapestQuery): Promise<CostRankingResponse>;
  /**
   * The fastest models for a query (`cheapest`'s filters, `max_price`, `sort`): the precomputed
   * answer for the default query, the Worker's where the site computes queries (`queryForm`), else
   * computed from the fastest index with the API's own code (`computed: true`). Same answer either way.
   */
  fastest(query?: FastestQuery): Promise<FastestResponse & { computed: boolean }>;
  /**
   * Without a name: every model that is not operational now (/api/v1/status/models), live first
   * as `status()` reads it, else the static file. With a name: that model's state, the open and
   * recent incidents naming it, its speed and its OpenRouter endpoints' figures side by side (from
   * its detail). The name is our id, else an API name at any provider (`claude-sonnet-4-5-20250929`,
   * `models/gemini-2.5-pro`, an OpenRouter id) or, given `{ provider, model }`, at that provider.
   * Throws ResolveError `unknown_model` (with the closest names) or `ambiguous_model` (with both
   * models): never a guess.
   */
  modelStatus(): Promise<WithFallback<ModelStatusListResponse>>;
  modelStatus(name: string | NameQuery): Promise<ModelStatusResponse>;
  /** Price changes, newest first. */
  priceChanges(): Promise<PriceChangesResponse>;
  /** Models with a retirement date, upcoming first. */
  deprecations(): Promise<DeprecationsResponse>;
}

/** An absolute http(s) URL without a trailing slash or `/api/v1`; a clear error otherwise. */
export function normalizeBaseUrl(raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ModelPulseError(0, 'invalid_base_url', `The base URL must be an absolute http(s) URL such as ${DEFAULT_BASE_URL}, not ${JSON.stringify(raw)}`);
  }
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export function createClient(options: ClientOptions = {}): ModelPulseClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const standardFetch: FetchLike = (url, init) => fetch(url, init);
  const shared = createSharedClient({
    baseUrl,
    queryForm: options.queryForm ?? false,
    liveStatusUrl: options.liveStatusUrl === null ? null : normalizeBaseUrl(options.liveStatusUrl ?? baseUrl),
    ...(options.liveTimeoutMs === undefined ? {} : { liveTimeoutMs: options.liveTimeoutMs }),
    fetch: packageFetch({
      baseUrl,
      fetch: options.fetch ?? standardFetch,
      cache: options.cache ?? null,
      now: options.now ?? Date.now,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    }),
  });
  function modelStatus(): Promise<WithFallback<ModelStatusListResponse>>;
  function modelStatus(name: string | NameQuery): Promise<ModelStatusResponse>;
  async function modelStatus(name?: string | NameQuery): Promise<WithFallback<ModelStatusListResponse> | ModelStatusResponse> {
    if (name === undefined) return withFallback(await shared.modelStatus(), (body) => checked<ModelStatusListResponse>('status-models', body, baseUrl));
    return modelStatusByName(shared, baseUrl, name);
  }
  return {
    baseUrl,
    index: async () => checked('index', await shared.index(), baseUrl),
    status: async () => withFallback(await shared.status(), (body) => checked<StatusResponse>('status', body, baseUrl)),
    service: async (id) => withFallback(await shared.service(id), (body) => checked<ServiceResponse>('service', body, baseUrl, id)),
    models: async (author) => checked('models', await shared.models(author), baseUrl),
    model: async (id) => checked('model', await shared.model(id), baseUrl, id),
    cheapest: async (query = {}) => {
      const { computed, ...response } = await shared.cheapest({ ...query });
      return { ...checked<CheapestResponse>('cheapest', response, baseUrl), computed };
    },
    cost: async (id, usage, options) => (await shared.cost(id, usage, options)) as CostResponse,
    resolveModel: async (query) => (await shared.resolve(query)) as ResolveResponse,
    cheapestForUsage: async (usage, query = {}) => (await shared.cheapestForUsage(usage, { ...query })) as unknown as CostRankingResponse,
    fastest: async (query = {}) => {
      const { computed, ...response } = await shared.fastest({ ...query });
      return { ...checked<FastestResponse>('fastest', response, baseUrl), computed };
    },
    modelStatus,
    priceChanges: async () => checked('price-changes', await shared.priceChanges(), baseUrl),
    deprecations: async () => checked('deprecations', await shared.deprecations(), baseUrl),
  };
}

/** The response checked as the API's, with `fallback` kept beside it. */
function withFallback<T>({ fallback, ...body }: { fallback: LiveFallback | null }, check: (body: unknown) => T): WithFallback<T> {
  return { ...check(body), fallback };
}

export { ModelPulseError, type LiveFallback };
