/**
 * How every host and the client read query strings: one policy, so the same URL gets the same
 * answer (or the same error) on Cloudflare's Worker, through Netlify's rules and in the client.
 * It is what the weakest query-reading host, Netlify, can do, made the rule everywhere:
 * - a name is matched exactly as sent (case-sensitive, never percent-decoded); values are
 *   percent-decoded (`+` stays `+`);
 * - a name given without `=` is ignored; one of the endpoint's own parameters given twice is a
 *   400 `bad_query` naming it (no value is silently preferred). Netlify's rules cannot see a
 *   repeat: they answer with the value their engine picks, and `meta.query` shows which;
 * - the names this module lists as wrong for an endpoint (another endpoint's parameter, a case
 *   variant, a common misspelling) are a 400 `bad_query` naming the parameter;
 * - any other name (tracking tags, cache busters) is ignored, and the answer echoes what it
 *   answered (`meta.query`, `meta.author`).
 * Only the extensionless query routes read query strings: `/api/v1/cheapest`, `/api/v1/fastest`
 * and `/api/v1/models`.
 * No Node.js imports: the Worker and the browser client bundle this file.
 */
import { CHEAPEST_PARAMS, parseCheapestValues, type CheapestQuery } from './cheapest.js';
import { FASTEST_PARAMS, parseFastestValues, type FastestQuery } from './fastest.js';

export const QUERY_ENDPOINTS = ['cheapest', 'fastest', 'models'] as const;
export type QueryEndpoint = (typeof QUERY_ENDPOINTS)[number];

/** The parameters each query route defines. */
export const ENDPOINT_PARAMS: Record<QueryEndpoint, readonly string[]> = { cheapest: CHEAPEST_PARAMS, fastest: FASTEST_PARAMS, models: ['author'] };

/** Names people type for `cheapest`'s parameters, and what they meant (null: nothing like it). */
export const CHEAPEST_MISSPELLINGS: Readonly<Record<string, string | null>> = {
  intel: 'min_intel', intelligence: 'min_intel', min_intelligence: 'min_intel', minintel: 'min_intel', 'min-intel': 'min_intel',
  context: 'min_context', ctx: 'min_context', min_ctx: 'min_context', 'min-context': 'min_context', context_length: 'min_context', min_context_length: 'min_context',
  max: 'limit', n: 'limit', top: 'limit', count: 'limit', size: 'limit', per_page: 'limit',
  tool: 'tools', function_calling: 'tools',
  image: 'vision', images: 'vision', multimodal: 'vision',
  thinking: 'reasoning',
  sort: null, order: null,
};

/** `fastest`'s: `cheapest`'s filters, and its own price cap and order. */
export const FASTEST_MISSPELLINGS: Readonly<Record<string, string | null>> = {
  ...Object.fromEntries(Object.entries(CHEAPEST_MISSPELLINGS).filter(([name]) => name !== 'sort' && name !== 'order')),
  order: 'sort', order_by: 'sort', sort_by: 'sort', orderby: 'sort', sortby: 'sort',
  price: 'max_price', max_blended: 'max_price', maxprice: 'max_price', 'max-price': 'max_price', budget: 'max_price', price_max: 'max_price',
};

const MISSPELLINGS: Partial<Record<QueryEndpoint, Readonly<Record<string, string | null>>>> = { cheapest: CHEAPEST_MISSPELLINGS, fastest: FASTEST_MISSPELLINGS };

/** The case spellings people type by mistake: UPPER, Capitalized and Title_Case per part. */
export function caseVariants(name: string): string[] {
  const capitalize = (part: string) => part.charAt(0).toUpperCase() + part.slice(1);
  return [...new Set([name.toUpperCase(), capitalize(name), name.split('_').map(capitalize).join('_')])].filter((v) => v !== name);
}

export interface WrongName {
  /** The name as listed (and as sent). */
  name: string;
  /** The error's `parameter`: the name in lower case (one error file per key). */
  key: string;
  message: string;
}

const ALL_PARAMS = [...new Set(Object.values(ENDPOINT_PARAMS).flat())];

function explain(endpoint: QueryEndpoint, name: string, key: string): string {
  const own = ENDPOINT_PARAMS[endpoint];
  const route = `/api/v1/${endpoint}`;
  if (own.includes(key)) return `Parameter names are lower case: ${JSON.stringify(name)} is not a parameter of ${route}; use ${key}.`;
  const other = QUERY_ENDPOINTS.find((e) => e !== endpoint && ENDPOINT_PARAMS[e].includes(key));
  if (other !== undefined) return `${key} is a parameter of /api/v1/${other}, not of ${route} (its parameters: ${own.join(', ')}).`;
  const meant = MISSPELLINGS[endpoint]?.[key];
  const hint = meant === null || meant === undefined ? `the order is fixed (price.blended, then intelligence_index, then id; the fastest first: /api/v1/fastest)` : `did you mean ${meant}?`;
  return `${JSON.stringify(name)} is not a parameter of ${route} (its parameters: ${own.join(', ')}); ${hint}.`;
}

/** Every name answered with 400 `bad_query` on an endpoint, in a fixed order. */
export function wrongNames(endpoint: QueryEndpoint): WrongName[] {
  const own = ENDPOINT_PARAMS[endpoint];
  const names = [...Object.keys(MISSPELLINGS[endpoint] ?? {}), ...ALL_PARAMS.filter((p) => !own.includes(p)), ...ALL_PARAMS.flatMap(caseVariants)].filter((n) => !own.includes(n));
  return [...new Set(names)].map((name) => {
    const key = name.toLowerCase();
    return { name, key, message: explain(endpoint, name, key) };
  });
}

const WRONG = Object.fromEntries(QUERY_ENDPOINTS.map((e) => [e, new Map(wrongNames(e).map((w) => [w.name, w]))])) as Record<QueryEndpoint, Map<string, WrongName>>;

export function wrongName(endpoint: QueryEndpoint, name: string): WrongName | null {
  return WRONG[endpoint].get(name) ?? null;
}

function decodeValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The name/value pairs of a raw query string (with or without its `?`), in order: names as sent,
 * values percent-decoded, names without `=` left out.
 */
export function queryPairs(search: string): Array<[string, string]> {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const pairs: Array<[string, string]> = [];
  for (const part of raw.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    pairs.push([part.slice(0, eq), decodeValue(part.slice(eq + 1))]);
  }
  return pairs;
}

export type ReadParams =
  | { ok: true; values: Map<string, string>; ignored: string[] }
  /** A listed wrong name: its error file is published (the same bytes on every host). */
  | { ok: false; wrong: WrongName }
  /** One of the endpoint's own parameters given more than once. */
  | { ok: false; repeated: string; message: string };

const repeatedMessage = (name: string) => `${name} is given more than once; give it at most once`;

/** The endpoint's own parameters, the names ignored, or the first wrong or repeated name. */
export function readParams(endpoint: QueryEndpoint, pairs: Iterable<readonly [string, string]>): ReadParams {
  const values = new Map<string, string>();
  const ignored: string[] = [];
  for (const [name, value] of pairs) {
    const wrong = wrongName(endpoint, name);
    if (wrong !== null) return { ok: false, wrong };
    if (!ENDPOINT_PARAMS[endpoint].includes(name)) {
      if (!ignored.includes(name)) ignored.push(name);
    } else if (values.has(name)) return { ok: false, repeated: name, message: repeatedMessage(name) };
    else values.set(name, value);
  }
  return { ok: true, values, ignored };
}

/** A failed read as the error names it: the parameter (lower case) and what is wrong. */
export function readError(read: Extract<ReadParams, { ok: false }>): { param: string; message: string } {
  return 'wrong' in read ? { param: read.wrong.key, message: read.wrong.message } : { param: read.repeated, message: read.message };
}

export type QueryResult =
  | { ok: true; query: CheapestQuery; ignored: string[] }
  | { ok: false; param: string; message: string };

export type FastestQueryResult = { ok: true; query: FastestQuery; ignored: string[] } | { ok: false; param: string; message: string };

/** A `fastest` query from its name/value pairs, by the same policy. */
export function parseFastestQuery(pairs: Iterable<readonly [string, string]>): FastestQueryResult {
  const read = readParams('fastest', pairs);
  if (!read.ok) return { ok: false, ...readError(read) };
  const parsed = parseFastestValues(read.values);
  return parsed.ok ? { ok: true, query: parsed.query, ignored: read.ignored } : parsed;
}

/** A `cheapest` query from its name/value pairs: the names read by the policy above, then the values checked. */
export function parseCheapestQuery(pairs: Iterable<readonly [string, string]>): QueryResult {
  const read = readParams('cheapest', pairs);
  if (!read.ok) return { ok: false, ...readError(read) };
  const parsed = parseCheapestValues(read.values);
  return parsed.ok ? { ok: true, query: parsed.query, ignored: read.ignored } : parsed;
}
