/**
 * Netlify `_redirects` rules, generated from the data so that every documented URL reaches the
 * right file and everything else gets a JSON error, never an HTML page or another variant's data.
 *
 * Netlify facts these rules are built around (checked with Netlify's own engine in the tests):
 * - rules are tried top to bottom and the first match wins;
 * - a rule matches when the query parameters it lists are present; parameters it does not list
 *   are ignored, so a rule can never require a parameter to be absent;
 * - a 200 rewrite to a file that does not exist gives the site's /404.html with status 404
 *   (rewrites do not chain), so every literal target here is a file the build writes, a
 *   placeholder target exists for every precomputed variant (other values reach no file: the
 *   grid is not a product of its values), and /404.html is a JSON error;
 * - each request is matched against the rules in order, and the engine spends about as long on
 *   every rule it passes (up to a tenth of a millisecond in netlify-redirector), so the `cheapest`
 *   rules come before the one rule per model: a query's match does not grow with the catalog;
 * - placeholder values are percent-encoded when substituted, so no value can leave the path.
 */
import { CHEAPEST_FLAGS, CHEAPEST_PARAMS, DEFAULT_LIMIT, type CheapestFlag } from '../query/cheapest.js';
import { QUERY_ENDPOINTS, wrongNames, type QueryEndpoint } from '../query/params.js';
import { FASTEST_PARAMS } from '../query/fastest.js';
import { badQueryFile } from '../render/errors.js';
import { LIVE_DETAIL_PARAM } from '../client/live.js';
import { INTERNAL_PATHS } from './hosts.js';

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
}

const API = '/api/v1';
const NOT_FOUND = `${API}/errors/not-found.json`;
const UNKNOWN_AUTHOR = `${API}/errors/unknown-author.json`;
const NOT_PRECOMPUTED = `${API}/errors/not-precomputed.json`;
const FASTEST_NOT_PRECOMPUTED = `${API}/errors/fastest-not-precomputed.json`;
const badQueryPath = (endpoint: QueryEndpoint, key: string) => `${API}/errors/${badQueryFile(endpoint, key)}.json`;

const rewrite = (from: string, to: string, query: Array<[string, string]> = []): RedirectRule => ({ from, query, to, status: 200, force: true });
const error = (from: string, to: string, status: 400 | 404, query: Array<[string, string]> = [], force = true): RedirectRule => ({ from, query, to, status, force });

/** The names the shared policy answers with 400 on a query route (query/params.ts): one rule each, first. */
function wrongNameRules(endpoint: QueryEndpoint): RedirectRule[] {
  return wrongNames(endpoint).map((wrong) => error(`${API}/${endpoint}`, badQueryPath(endpoint, wrong.key), 400, [[wrong.name, ':value']]));
}

/** Every non-empty subset of `items`, largest first (order matters for first-match-wins). */
function subsetsBySizeDesc<T>(items: readonly T[]): T[][] {
  const subsets: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask += 1) subsets.push(items.filter((_, i) => (mask & (1 << i)) !== 0));
  return subsets.sort((a, b) => b.length - a.length);
}

/** Flag values Netlify matches literally (names and values are case-sensitive there). */
export const FLAG_SPELLINGS: ReadonlyArray<readonly [string, boolean]> = [['1', true], ['true', true], ['0', false], ['false', false]];

/** Placeholder names for the numeric parameters (Netlify substitutes them into the target). */
const PLACEHOLDER = { min_intel: ':i', min_context: ':c', limit: ':l' } as const;
type NumericParam = keyof typeof PLACEHOLDER;
const NUMERIC_PARAMS = Object.keys(PLACEHOLDER) as NumericParam[];

/** Every way to spell the given flags: each one of FLAG_SPELLINGS. */
function flagSpellings(flags: readonly CheapestFlag[]): Array<Array<[CheapestFlag, string, boolean]>> {
  let combos: Array<Array<[CheapestFlag, string, boolean]>> = [[]];
  for (const flag of flags) combos = combos.flatMap((combo) => FLAG_SPELLINGS.map(([value, on]) => [...combo, [flag, value, on] as [CheapestFlag, string, boolean]]));
  return combos;
}

/**
 * The canonical file of a variant (cheapestPath), with placeholders where the numbers go: the
 * target Netlify fills in. Its files exist exactly for the grid's values.
 */
function templatePath(numeric: readonly NumericParam[], required: readonly CheapestFlag[], limit: 'placeholder' | 'default'): string {
  const parts: string[] = [];
  if (numeric.includes('min_intel')) parts.push('min_intel', PLACEHOLDER.min_intel);
  if (numeric.includes('min_context')) parts.push('min_context', PLACEHOLDER.min_context);
  for (const flag of CHEAPEST_FLAGS) if (required.includes(flag)) parts.push(flag);
  if (numeric.includes('limit') && limit === 'placeholder') parts.push('limit', PLACEHOLDER.limit);
  return `${API}/${parts.length === 0 ? 'cheapest' : `cheapest/${parts.join('/')}`}.json`;
}

/**
 * Rules for `/api/v1/cheapest?…`, scaling with parameter names, not values. For each set of
 * parameter names (largest first, so a request only ever matches the rule listing exactly its
 * own known names: an extra parameter can never drop into another variant's answer), one rule per
 * spelling of its flags (`1`/`true` require, `0`/`false` do not), with placeholders for the
 * numbers that Netlify carries into the variant's canonical file, `limit=10` first going to the
 * file without a limit. Then a rule for the same names with placeholders everywhere: a flag value
 * we do not know answers the JSON 404 that names the client. A variant that is not precomputed
 * (a number without points, or too many points: query/variants.ts) reaches a file that does not
 * exist: Netlify serves /404.html, which the build writes as that same JSON
 * error (rewrites do not chain, so no later rule can catch it).
 */
export function cheapestRules(): RedirectRule[] {
  const from = `${API}/cheapest`;
  const rules: RedirectRule[] = [];
  // Wrong names first: a misspelled or upper-case parameter must not be ignored.
  rules.push(...wrongNameRules('cheapest'));
  for (const names of subsetsBySizeDesc(CHEAPEST_PARAMS)) {
    const numeric = NUMERIC_PARAMS.filter((n) => names.includes(n));
    const flags = CHEAPEST_FLAGS.filter((f) => names.includes(f));
    for (const spelled of flagSpellings(flags)) {
      const required = spelled.filter(([, , on]) => on).map(([flag]) => flag);
      const query = (limit: string): Array<[string, string]> =>
        CHEAPEST_PARAMS.filter((n) => names.includes(n)).map((n): [string, string] => {
          if (n === 'limit') return [n, limit];
          const flag = spelled.find(([f]) => f === n);
          return [n, flag === undefined ? PLACEHOLDER[n as NumericParam] : flag[1]];
        });
      if (numeric.includes('limit')) rules.push(rewrite(from, templatePath(numeric, required, 'default'), query(String(DEFAULT_LIMIT))));
      rules.push(rewrite(from, templatePath(numeric, required, 'placeholder'), query(PLACEHOLDER.limit)));
    }
    rules.push(error(from, NOT_PRECOMPUTED, 404, names.map((name) => [name, `:${name.replace('_', '')}`])));
  }
  rules.push(rewrite(from, `${API}/cheapest.json`));
  // The path form has files only for the grid; any other path (or one without .json) is a
  // variant the client computes. Not forced: existing .json files are served as they are.
  rules.push(error(`${from}/*`, NOT_PRECOMPUTED, 404, [], false));
  return rules;
}

/**
 * `/api/v1/fastest`: its wrong names first, then any of its own parameters (whatever its value:
 * these rules cannot read values) to the JSON 404 that names the client and the fastest index,
 * then the default answer. The path forms below it have no file.
 */
export function fastestRules(): RedirectRule[] {
  const from = `${API}/fastest`;
  return [
    ...wrongNameRules('fastest'),
    ...FASTEST_PARAMS.map((name) => error(from, FASTEST_NOT_PRECOMPUTED, 404, [[name, ':value']])),
    rewrite(from, `${API}/fastest.json`),
    error(`${from}/*`, NOT_FOUND, 404, [], false),
  ];
}

function modelRules(authors: readonly string[], modelIds: readonly string[], liveStatusUrl: string | null): RedirectRule[] {
  const rules: RedirectRule[] = wrongNameRules('models');
  for (const author of authors) rules.push(rewrite(`${API}/models`, `${API}/models/${author}.json`, [['author', author]]));
  rules.push(error(`${API}/models`, UNKNOWN_AUTHOR, 404, [['author', ':author']]));
  rules.push(rewrite(`${API}/models`, `${API}/models.json`));
  for (const author of authors) rules.push(rewrite(`${API}/models/${author}`, `${API}/models/${author}.json`));
  if (liveStatusUrl !== null) rules.push(liveDetailRule(liveStatusUrl));
  for (const id of modelIds) rules.push(rewrite(`${API}/models/${id}`, `${API}/models/${id}.json`));
  return rules;
}

/**
 * With a live status URL, a model's path form asked with `?live=1` (the client's live read:
 * client/live.ts LIVE_DETAIL_PARAM) is proxied to that origin, whose Worker answers it live; the
 * plain path form stays the file, so readers who do not fall back never depend on the Worker or
 * spend its daily requests. One placeholder rule, not one per model (each request passes every
 * rule above its match), and not forced: the file forms (`….json?live=1`) stay the files. An id
 * the build does not list is the Worker's 404, which the client answers with the file form's.
 */
function liveDetailRule(liveStatusUrl: string): RedirectRule {
  const [name, value] = LIVE_DETAIL_PARAM;
  return { from: `${API}/models/:author/:slug`, query: [[name, value]], to: `${liveStatusUrl}${API}/models/:author/:slug`, status: 200, force: false };
}

/**
 * The status path forms: rewrites to the files, or with a live status URL 200 rewrites that proxy
 * to that origin's same paths (its Worker answers them live: host/live-status.ts). The file forms
 * (`status.json`, `status/<id>.json`) are files either way, never proxied: they are the fallback
 * the client and the website read when the live answer fails. A service this build does not know
 * stays the JSON 404, as without the setting.
 */
function statusRules(serviceIds: readonly string[], liveStatusUrl: string | null): RedirectRule[] {
  const target = (path: string) => (liveStatusUrl === null ? `${API}/${path}.json` : `${liveStatusUrl}${API}/${path}`);
  return [rewrite(`${API}/status`, target('status')), ...serviceIds.map((id) => rewrite(`${API}/status/${id}`, target(`status/${id}`)))];
}

/** All rules, most specific first; unknown paths under /api/ end at the JSON 404. */
export function redirectRules(input: RoutingInput, liveStatusUrl: string | null = null): RedirectRule[] {
  const collections = ['price-changes', 'deprecations'].map((name) => rewrite(`${API}/${name}`, `${API}/${name}.json`));
  const status = statusRules(input.serviceIds, liveStatusUrl);
  // Fetched directly, the error files still answer with their own status.
  const badQueryFiles = QUERY_ENDPOINTS.flatMap((endpoint) => [...new Set(wrongNames(endpoint).map((w) => badQueryPath(endpoint, w.key)))]);
  const errorFiles = [
    error(NOT_FOUND, NOT_FOUND, 404),
    error(UNKNOWN_AUTHOR, UNKNOWN_AUTHOR, 404),
    error(NOT_PRECOMPUTED, NOT_PRECOMPUTED, 404),
    error(FASTEST_NOT_PRECOMPUTED, FASTEST_NOT_PRECOMPUTED, 404),
    ...badQueryFiles.map((path) => error(path, path, 400)),
  ];
  return [
    ...errorFiles,
    // The build's own files are never published: the JSON 404, not the page every other path gets.
    ...INTERNAL_PATHS.map((path) => error(path, NOT_FOUND, 404)),
    rewrite('/api', `${API}/index.json`),
    rewrite(API, `${API}/index.json`),
    ...collections,
    ...status,
    ...cheapestRules(),
    ...fastestRules(),
    ...modelRules(input.authors, input.modelIds, liveStatusUrl),
    // Not forced: existing files (every *.json path) are served as they are.
    error('/api/*', NOT_FOUND, 404, [], false),
    // Any other path no file has: `not_found`, not /404.html, which is the `not_precomputed`
    // answer of a rewrite to a variant without a file (a rewrite's miss never reaches this rule).
    error('/*', NOT_FOUND, 404, [], false),
  ];
}

/** The `_redirects` file: one rule per line, `from [params] to status[!]`. */
export function formatRedirects(rules: readonly RedirectRule[]): string {
  const header = '# Generated by `npm run build` from data/. Do not edit: edit generator/host/redirects.ts.\n';
  return header + rules.map((r) => [r.from, ...r.query.map(([k, v]) => `${k}=${v}`), r.to, `${r.status}${r.force ? '!' : ''}`].join(' ')).join('\n') + '\n';
}
