/**
 * The API's errors, one definition for every host and the client (docs/api.md, "Errors"):
 * - 400 `bad_query`: a malformed value, or a parameter name the API lists as wrong; `parameter`
 *   names it;
 * - 404 `not_found`: an unknown path, model, author or service; `hint` where case is the problem;
 * - 404 `not_precomputed`: a `cheapest` or `fastest` query a host without the Worker has no file for.
 * The files under /api/v1/errors/ and the 404 pages are made from these, and the Cloudflare Worker
 * builds the same bodies at the edge. Pure, and no Node.js imports (the Worker bundles it).
 */
import { INDEX_FILE } from '../query/model-index.js';
import { FASTEST_INDEX_FILE } from '../query/fastest-index.js';
import { QUERY_ENDPOINTS, wrongNames, type QueryEndpoint } from '../query/params.js';
import { GRID_POINTS, MAX_POINTS } from '../query/variants.js';

const API = 'api/v1';

export interface ApiError {
  status: number;
  code: string;
  message: string;
  /** bad_query: the parameter at fault, in lower case. */
  parameter?: string;
  /** not_found: what was probably meant (ids are lower case). */
  hint?: string;
  fallback?: { client: string; index: string };
  precomputed?: ReturnType<typeof precomputedGrid>;
  documentation: string;
}

/**
 * Which variants have a file, for scripts that aim at precomputed files (docs/api.md, "The
 * precomputed grid"): the points of each value and the most a variant may add up to.
 */
export function precomputedGrid(basePath = '') {
  return {
    points: { ...GRID_POINTS },
    max_points: MAX_POINTS,
    path_template: `${basePath}/${API}/cheapest/min_intel/{min_intel}/min_context/{min_context}/vision/reasoning/tools/limit/{limit}.json (leave out what is not asked for and limit 10)`,
  };
}

const fallback = (basePath: string) => ({ client: `${basePath}/${API}/client.js`, index: `${basePath}/${API}/${INDEX_FILE}` });

export function badQuery(parameter: string, message: string, documentation: string): ApiError {
  return { status: 400, code: 'bad_query', message, parameter, documentation };
}

const NOT_FOUND_MESSAGE = 'No such endpoint, model, author or service under /api/v1/. Ids are lower case, as published (openai/gpt-4o, anthropic). See the documentation for the endpoints.';

export function notFound(documentation: string, message = NOT_FOUND_MESSAGE, hint?: string): ApiError {
  return { status: 404, code: 'not_found', message, ...(hint === undefined ? {} : { hint }), documentation };
}

/** `models?author=` naming no author: with the author meant when only the case is wrong. */
export function unknownAuthor(author: string | null, authors: readonly string[], documentation: string): ApiError {
  const lower = author?.toLowerCase() ?? '';
  const meant = author !== null && lower !== author && authors.includes(lower) ? lower : undefined;
  const message = author === null
    ? 'No author with this id. Author ids are lower case, as in the model ids (openai, meta-llama): every model entry names its author.'
    : `No author ${JSON.stringify(author)}. Author ids are lower case, as in the model ids (openai, meta-llama): every model entry names its author.`;
  return notFound(documentation, message, meant === undefined ? undefined : `author ids are lower case: author=${meant}`);
}

/** Where the client and the model index are: the way to an exact answer on any host. */
export function notPrecomputed(documentation: string, basePath: string, message: string): ApiError {
  return { status: 404, code: 'not_precomputed', message, fallback: fallback(basePath), precomputed: precomputedGrid(basePath), documentation };
}

/** A `fastest` query a host without code has no file for: every one but the default. */
export function fastestNotPrecomputed(documentation: string, basePath: string): ApiError {
  return {
    status: 404,
    code: 'not_precomputed',
    message:
      'Only the default fastest query has a file on this host (/api/v1/fastest.json), which cannot compute queries or check their values. The client (fallback.client) checks any query (a bad value is a 400 bad_query there) and computes the answer from the fastest index (fallback.index) with the same code; on Cloudflare the query form is answered exactly at the edge.',
    fallback: { client: `${basePath}/${API}/client.js`, index: `${basePath}/${API}/${FASTEST_INDEX_FILE}` },
    documentation,
  };
}

const STATIC_MISS = 'This cheapest query has no precomputed file on this host, which cannot compute queries or check their values: a value off the precomputed grid (error.precomputed), or one that is not valid. The client (fallback.client) checks any query (a bad value is a 400 bad_query there) and computes the answer from the model index (fallback.index) with the same code; on Cloudflare the query form is answered exactly at the edge.';

/**
 * The files under /api/v1/errors/, by path below it: the ones Netlify's rules point at (the
 * Worker answers a wrong name with the very same file).
 */
export function errorFiles(documentation: string, basePath: string): Map<string, ApiError> {
  const files = new Map<string, ApiError>([
    ['not-found', notFound(documentation)],
    ['unknown-author', unknownAuthor(null, [], documentation)],
    ['not-precomputed', notPrecomputed(documentation, basePath, STATIC_MISS)],
    ['fastest-not-precomputed', fastestNotPrecomputed(documentation, basePath)],
  ]);
  for (const endpoint of QUERY_ENDPOINTS) {
    for (const wrong of wrongNames(endpoint)) files.set(badQueryFile(endpoint, wrong.key), badQuery(wrong.key, wrong.message, documentation));
  }
  return files;
}

/** The error file for a wrong name on an endpoint, below /api/v1/errors/ (lower case: one per name on any file system). */
export const badQueryFile = (endpoint: QueryEndpoint, key: string): string => `bad-query/${endpoint}/${key}`;

/** A JSON body for an error. */
export const errorJson = (error: ApiError): string => JSON.stringify({ error });

/**
 * Netlify's /404.html: JSON, because the API requests that end there are rewrites to a variant
 * file that does not exist (a value off the grid, or not valid), and Netlify labels it by the
 * request's path (`/api/*`: application/json).
 */
export function jsonNotFoundPage(documentation: string, basePath: string): string {
  return `${errorJson(notPrecomputed(documentation, basePath, STATIC_MISS))}\n`;
}

/** The error bodies the Cloudflare build serves for misses under /api/ (nearest 404.html, labelled JSON). */
export function cloudflareMissPages(documentation: string, basePath: string): Map<string, string> {
  const pathMiss = 'No precomputed file for this path form of a cheapest query. Ask the query form instead (/api/v1/cheapest?min_intel=…&limit=…): on this host it answers any valid query exactly. Or use the client (fallback.client).';
  return new Map([
    ['api/404.html', `${errorJson(notFound(documentation))}\n`],
    ['api/v1/cheapest/404.html', `${errorJson(notPrecomputed(documentation, basePath, pathMiss))}\n`],
  ]);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The 404 page of hosts that answer every miss with it and label it HTML whatever the path
 * (GitHub Pages; Cloudflare for pages outside /api/): an honest HTML page that says so, and
 * carries the API's JSON error for scripts that look.
 */
export function htmlNotFoundPage(documentation: string, basePath: string): string {
  const body = errorJson(notFound(documentation));
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found · ModelPulse</title></head>',
    '<body>',
    '<h1>404: nothing at this address</h1>',
    '<p>This host answers every address it has no file for with this HTML page, API addresses included, so an API error here is HTML, not JSON. The JSON error it stands for is below.</p>',
    `<p>The API's file forms (<code>${escapeHtml(basePath)}/api/v1/models.json</code>) work on every host; the client (<a href="${escapeHtml(basePath)}/api/v1/client.js">client.js</a>) computes any <code>cheapest</code> query. <a href="${escapeHtml(basePath)}/">The website</a> · <a href="${escapeHtml(documentation)}">the documentation</a>.</p>`,
    `<pre id="error">${escapeHtml(body)}</pre>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
