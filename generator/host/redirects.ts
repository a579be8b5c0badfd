/**
 * Netlify `_redirects` rules, generated from the data so that every documented URL reaches the
 * right file and everything else gets a JSON error, never an HTML page or another variant's data.
 *
 * Netlify facts these rules are built around (checked with Netlify's own engine in the tests):
 * - rules are tried top to bottom and the first match wins;
 * - a rule matches when the query parameters it lists are present; parameters it does not list
 *   are ignored, so a rule can never require a parameter to be absent;
 * - a 200 rewrite to a file that does not exist gives Netlify's HTML 404 (rewrites do not chain),
 *   so every rewrite target here is a file the build writes, and open-ended placeholders only
 *   ever lead to JSON errors.
 */
import { CHEAPEST_PARAMS, cheapestPath, DEFAULT_LIMIT, type CheapestQuery } from '../query/cheapest.js';

export interface RedirectRule {
  from: string;
  /** Query parameters the rule requires: exact values, or `:name` placeholders (any value). */
  query: Array<[string, string]>;
  to: string;
  status: 200 | 400 | 404;
  /** Applies even when a file exists at `from` (`!`). */
  force: boolean;
}

export interface RoutingInput {
  authors: readonly string[];
  modelIds: readonly string[];
  serviceIds: readonly string[];
  precomputed: readonly CheapestQuery[];
}

const API = '/api/v1';
const NOT_FOUND = `${API}/errors/not-found.json`;
const NOT_PRECOMPUTED = `${API}/errors/not-precomputed.json`;
const INVALID_QUERY = `${API}/errors/invalid-query.json`;

/** Parameter names people get wrong; each is answered with the 400 instead of being ignored. */
export const MISSPELLED_CHEAPEST_PARAMS = [
  'intel', 'intelligence', 'min_intelligence', 'minintel', 'min-intel', 'context', 'ctx', 'min_ctx', 'min-context',
  'context_length', 'min_context_length', 'max', 'n', 'top', 'count', 'size', 'per_page', 'tool', 'function_calling',
  'image', 'images', 'multimodal', 'thinking', 'sort', 'order', 'author',
] as const;

/** The case spellings people type by mistake: UPPER, Capitalized and Title_Case per part. */
export function caseVariants(name: string): string[] {
  const capitalize = (part: string) => part.charAt(0).toUpperCase() + part.slice(1);
  return [...new Set([name.toUpperCase(), capitalize(name), name.split('_').map(capitalize).join('_')])].filter((v) => v !== name);
}

const rewrite = (from: string, to: string, query: Array<[string, string]> = []): RedirectRule => ({ from, query, to, status: 200, force: true });
const error = (from: string, to: string, status: 400 | 404, query: Array<[string, string]> = [], force = true): RedirectRule => ({ from, query, to, status, force });

/** Every non-empty subset of `items`, largest first (order matters for first-match-wins). */
function subsetsBySizeDesc<T>(items: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask += 1) subsets.push(items.filter((_, i) => (mask & (1 << i)) !== 0));
  return subsets.sort((a, b) => b.length - a.length);
}

/**
 * The query-string spellings served straight from a precomputed file: numbers as written in the
 * grid, flags as `1`, and `limit` either absent or explicit (`limit=10` is the default).
 */
function spellings(query: CheapestQuery): Array<Array<[string, string]>> {
  const base: Array<[string, string]> = [];
  if (query.min_intel !== null) base.push(['min_intel', String(query.min_intel)]);
  if (query.min_context !== null) base.push(['min_context', String(query.min_context)]);
  for (const flag of ['vision', 'reasoning', 'tools'] as const) if (query[flag]) base.push([flag, '1']);
  const withLimit: Array<[string, string]> = [...base, ['limit', String(query.limit)]];
  return query.limit === DEFAULT_LIMIT ? [withLimit, base] : [withLimit];
}

/**
 * Query-string forms with more parameters than this are not routed to their file (the canonical
 * `.json` path and the client still reach it). Every rule costs time on every request Netlify
 * serves, and few people combine four or more filters: this keeps the file near 1,000 rules.
 */
export const MAX_ROUTED_PARAMS = 3;

/**
 * Rules for `/api/v1/cheapest?…`. For each set of parameter names, exact rules for the
 * precomputed values come first, then one rule with placeholders for that same set answering the
 * JSON 404 that names the client fallback. Sets go from most parameters to fewest, so a request
 * only ever matches a rule listing exactly its own (known) parameters: an extra parameter can
 * never be silently dropped into another variant's answer.
 */
export function cheapestRules(precomputed: readonly CheapestQuery[]): RedirectRule[] {
  const from = `${API}/cheapest`;
  const exactByNames = new Map<string, RedirectRule[]>();
  for (const query of precomputed) {
    for (const spelled of spellings(query)) {
      if (spelled.length === 0 || spelled.length > MAX_ROUTED_PARAMS) continue;
      const key = spelled.map(([name]) => name).join('&');
      exactByNames.set(key, [...(exactByNames.get(key) ?? []), rewrite(from, `${API}/${cheapestPath(query)}.json`, spelled)]);
    }
  }
  const rules: RedirectRule[] = [];
  // Wrong names first: a misspelled or upper-case parameter must not be ignored.
  const wrongNames = [...MISSPELLED_CHEAPEST_PARAMS, ...CHEAPEST_PARAMS.flatMap(caseVariants)];
  for (const name of wrongNames) rules.push(error(from, INVALID_QUERY, 400, [[name, ':value']]));
  for (const names of subsetsBySizeDesc(CHEAPEST_PARAMS)) {
    rules.push(...(exactByNames.get(names.join('&')) ?? []));
    rules.push(error(from, NOT_PRECOMPUTED, 404, names.map((name) => [name, `:${name}`])));
  }
  rules.push(rewrite(from, `${API}/cheapest.json`));
  // The path form has files only for the grid; any other path (or one without .json) is a
  // variant the client computes. Not forced: existing .json files are served as they are.
  rules.push(error(`${from}/*`, NOT_PRECOMPUTED, 404, [], false));
  // Parameters on the file path itself would otherwise be ignored by the static file server.
  for (const name of CHEAPEST_PARAMS) rules.push(error(`${API}/cheapest.json`, INVALID_QUERY, 400, [[name, ':value']]));
  return rules;
}

function modelRules(authors: readonly string[], modelIds: readonly string[]): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const name of caseVariants('author')) rules.push(error(`${API}/models`, INVALID_QUERY, 400, [[name, ':value']]));
  for (const author of authors) rules.push(rewrite(`${API}/models`, `${API}/models/${author}.json`, [['author', author]]));
  rules.push(error(`${API}/models`, NOT_FOUND, 404, [['author', ':author']]));
  rules.push(error(`${API}/models.json`, INVALID_QUERY, 400, [['author', ':author']]));
  rules.push(rewrite(`${API}/models`, `${API}/models.json`));
  for (const author of authors) rules.push(rewrite(`${API}/models/${author}`, `${API}/models/${author}.json`));
  for (const id of modelIds) rules.push(rewrite(`${API}/models/${id}`, `${API}/models/${id}.json`));
  return rules;
}

/** All rules, most specific first; unknown paths under /api/ end at the JSON 404. */
export function redirectRules(input: RoutingInput): RedirectRule[] {
  const collections = ['price-changes', 'deprecations'].map((name) => rewrite(`${API}/${name}`, `${API}/${name}.json`));
  const status = [rewrite(`${API}/status`, `${API}/status.json`), ...input.serviceIds.map((id) => rewrite(`${API}/status/${id}`, `${API}/status/${id}.json`))];
  // Fetched directly, the error files still answer with their own status.
  const errorFiles = [error(NOT_FOUND, NOT_FOUND, 404), error(NOT_PRECOMPUTED, NOT_PRECOMPUTED, 404), error(INVALID_QUERY, INVALID_QUERY, 400)];
  return [
    ...errorFiles,
    rewrite('/api', `${API}/index.json`),
    rewrite(API, `${API}/index.json`),
    ...collections,
    ...status,
    ...modelRules(input.authors, input.modelIds),
    ...cheapestRules(input.precomputed),
    // Not forced: existing files (every *.json path) are served as they are.
    error('/api/*', NOT_FOUND, 404, [], false),
  ];
}

/** The `_redirects` file: one rule per line, `from [params] to status[!]`. */
export function formatRedirects(rules: readonly RedirectRule[]): string {
  const header = '# Generated by `npm run build` from data/. Do not edit: edit generator/host/redirects.ts.\n';
  return header + rules.map((r) => [r.from, ...r.query.map(([k, v]) => `${k}=${v}`), r.to, `${r.status}${r.force ? '!' : ''}`].join(' ')).join('\n') + '\n';
}
