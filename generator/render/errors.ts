/**
 * The API's error bodies: the files under /api/v1/errors/ and the site's /404.html, which Netlify
 * (and `npm run serve`) answer when a rewrite reaches a file that does not exist, such as a
 * `cheapest` query with a number outside the grid. Pure.
 */
import { CHEAPEST_FLAGS } from '../query/cheapest.js';
import { PRECOMPUTED_GRID } from '../query/variants.js';

const API = 'api/v1';

export interface ApiError {
  status: number;
  code: string;
  message: string;
  fallback?: { client: string; index: string };
  precomputed?: ReturnType<typeof precomputedGrid>;
  documentation: string;
}

/** The grid, for scripts that aim at precomputed files (README: "The precomputed grid"). */
export function precomputedGrid() {
  return {
    min_intel: PRECOMPUTED_GRID.min_intel.filter((v) => v !== null),
    min_context: PRECOMPUTED_GRID.min_context.filter((v) => v !== null),
    limit: [...PRECOMPUTED_GRID.limit],
    flags: [...CHEAPEST_FLAGS],
    path_template: `/${API}/cheapest/min_intel/{min_intel}/min_context/{min_context}/vision/reasoning/tools/limit/{limit}.json (leave out what is not asked for and limit 10)`,
  };
}

const FALLBACK = { client: `/${API}/client.js`, index: `/${API}/models.json` };

/** The error files under /api/v1/errors/, by file name. */
export function errorFiles(documentation: string): Record<'not-found' | 'not-precomputed' | 'invalid-query', ApiError> {
  return {
    'not-found': { status: 404, code: 'not_found', message: 'No such endpoint, model, author or service under /api/v1/. See the documentation for the endpoints.', documentation },
    'not-precomputed': {
      status: 404,
      code: 'not_precomputed',
      message: 'This cheapest query is not precomputed (or a value is not valid). The nearest precomputed variants use the values in error.precomputed; the client (fallback.client) validates any query and computes the answer from the model index (fallback.index) with the same code.',
      fallback: FALLBACK,
      precomputed: precomputedGrid(),
      documentation,
    },
    'invalid-query': {
      status: 400,
      code: 'invalid_query',
      message: 'A query parameter name is not one of min_intel, min_context, vision, reasoning, tools, limit (names are lower case), or parameters were put on a .json file path. See the documentation.',
      documentation,
    },
  };
}

/**
 * /404.html: JSON, because the requests that end there are API requests (a rewrite to a missing
 * variant file); the header rules for /api/* label it application/json. A person who mistypes a
 * page address sees the same text, which says where to go.
 */
export function notFoundPage(documentation: string): string {
  const body: { error: ApiError } = {
    error: {
      status: 404,
      // Every API request that ends here is a cheapest query outside the grid: other unknown API
      // paths have their own rule (not-found.json).
      code: 'not_precomputed',
      message: 'Nothing at this address: a cheapest query with a value outside the precomputed grid (error.precomputed has the values that have files). The client (fallback.client) answers any valid cheapest query from the model index with the same code.',
      fallback: FALLBACK,
      precomputed: precomputedGrid(),
      documentation,
    },
  };
  return `${JSON.stringify(body)}\n`;
}
