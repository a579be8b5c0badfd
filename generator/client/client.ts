/**
 * The ModelPulse browser client, published as /api/v1/client.js (an ES module, no dependencies):
 *
 *   import { cheapest, model } from 'https://modelpulse.netlify.app/api/v1/client.js';
 *   const { data } = await cheapest({ min_intel: 45, vision: true, limit: 3 });
 *
 * `cheapest` asks the CDN for the precomputed variant when the query is in the precomputed grid
 * and, otherwise or on a 404 (a host without the file), computes the answer from the model index
 * with the very same code the generator used (generator/query/cheapest.ts), so both answers are
 * identical.
 */
import { cheapest as computeCheapest, cheapestPath, decodeParamName, parseCheapestQuery, type CheapestQuery } from '../query/cheapest.js';
import { isPrecomputed } from '../query/variants.js';

/** A failed request or an invalid argument, with the API's error code. */
export class ModelPulseError extends Error {
  override readonly name = 'ModelPulseError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly url: string | null = null,
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

export interface CheapestResponse extends ApiResponse<unknown[]> {
  /** true when the CDN had no precomputed file and the client computed the answer. */
  computed: boolean;
}

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

const ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;
const SEGMENT = /^[a-z0-9][a-z0-9._-]*$/;

/**
 * Query values as URL parameters: booleans become 1/0; null and undefined are left out; names
 * copied from a URL with percent-encoding (`%6din_intel`) are decoded first.
 */
export function toQueryParams(input: CheapestInput): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    params.push([decodeParamName(name), typeof value === 'boolean' ? (value ? '1' : '0') : String(value)]);
  }
  return params;
}

/** Validates a query the way the API does; throws ModelPulseError (400) naming the parameter. */
export function normalizeQuery(input: CheapestInput): CheapestQuery {
  const parsed = parseCheapestQuery(toQueryParams(input));
  if (!parsed.ok) throw new ModelPulseError(400, 'invalid_query', `${parsed.param}: ${parsed.message}`);
  return parsed.query;
}

function defaultBaseUrl(): string {
  // Served from <site>/api/v1/client.js: the site is everything before /api/v1/.
  const here = new URL(import.meta.url);
  const at = here.pathname.lastIndexOf('/api/v1/');
  return `${here.origin}${at === -1 ? '' : here.pathname.slice(0, at)}`;
}

export function createClient(options: { baseUrl?: string; fetch?: Fetch } = {}) {
  const base = (options.baseUrl ?? defaultBaseUrl()).replace(/\/+$/, '');
  const doFetch: Fetch = options.fetch ?? ((url) => fetch(url));

  async function request(path: string): Promise<{ status: number; body: unknown; url: string }> {
    const url = `${base}/api/v1/${path}`;
    const response = await doFetch(url);
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Hosts without our rules answer unknown paths with an HTML page; the status says enough.
      body = null;
    }
    return { status: response.status, body, url };
  }

  async function get<T>(path: string): Promise<ApiResponse<T>> {
    const { status, body, url } = await request(path);
    if (status >= 200 && status < 300 && body !== null) return body as ApiResponse<T>;
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ModelPulseError(status, error?.code ?? 'http_error', error?.message ?? `HTTP ${status} for ${url}`, url);
  }

  function checkId(id: string, pattern: RegExp, what: string): void {
    if (!pattern.test(id)) throw new ModelPulseError(400, 'invalid_id', `${JSON.stringify(id)} is not a valid ${what}`);
  }

  return {
    /** The endpoints, and `data.freshness`: when the data was last refreshed, per source. */
    index: () => get('index.json'),
    /** Models currently offered; one author's when `author` is given. */
    models: async (author?: string) => {
      if (author === undefined) return get('models.json');
      checkId(author, SEGMENT, 'author id');
      return get(`models/${author}.json`);
    },
    /** One model (`<author>/<slug>`) with its price history and endpoints. */
    model: async (id: string) => {
      checkId(id, ID, 'model id (<author>/<slug>)');
      return get(`models/${id}.json`);
    },
    status: () => get('status.json'),
    service: async (id: string) => {
      checkId(id, SEGMENT, 'service id');
      return get(`status/${id}.json`);
    },
    priceChanges: () => get('price-changes.json'),
    deprecations: () => get('deprecations.json'),

    /** The cheapest models for a query: precomputed when available, else computed here. */
    async cheapest(input: CheapestInput = {}): Promise<CheapestResponse> {
      const query = normalizeQuery(input);
      const path = `${cheapestPath(query)}.json`;
      // Only ask for files the build wrote: a query outside the grid costs no failed request.
      if (isPrecomputed(query)) {
        const precomputed = await request(path);
        if (precomputed.status === 200 && precomputed.body !== null) return { ...(precomputed.body as ApiResponse<unknown[]>), computed: false };
        if (precomputed.status !== 404) {
          throw new ModelPulseError(precomputed.status, 'http_error', `HTTP ${precomputed.status} for ${precomputed.url}`, precomputed.url);
        }
      }
      const index = await get<Parameters<typeof computeCheapest>[0]>('models.json');
      // The index names the latest retirement that has passed: the same cut the build made.
      const { retired_through: retiredThrough, ...meta } = index.meta;
      const data = computeCheapest(index.data, query, typeof retiredThrough === 'string' ? retiredThrough : null);
      return { data, meta: { ...meta, count: data.length, query, canonical_path: `/api/v1/${path}` }, computed: true };
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
