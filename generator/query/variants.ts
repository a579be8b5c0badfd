import { CHEAPEST_FLAGS, DEFAULT_LIMIT, type CheapestQuery } from './cheapest.js';

/**
 * The precomputed `cheapest` variants: every combination of these values, chosen from what
 * people type (13 × 20 × 8 flag sets × 8 = 16,640 files, within the 20,000-file budget of the
 * hosts that count files, with room for the catalog to grow):
 * - min_intel: round steps across the range the indices have (5.5 to 60.7 in the committed data),
 *   every 5 in the middle of the range where choices are finest, and the round tens above it;
 * - min_context: 8k to 2M, each size in the decimal spelling and in the binary one where models
 *   really have that size (131072 = 2^17, 1048576 = 2^20), plus 100000, 200000 and 400000;
 * - limit: the counts people ask for (10 is the default, also reached without `limit`).
 * Anything else is a JSON 404 naming the grid, and the browser client computes it from the model
 * index with the same code.
 */
export const PRECOMPUTED_GRID = {
  min_intel: [null, 10, 20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80],
  min_context: [null, 8000, 8192, 16000, 16384, 32000, 32768, 64000, 65536, 100000, 128000, 131072, 200000, 256000, 262144, 400000, 512000, 1000000, 1048576, 2000000],
  limit: [1, 3, 5, DEFAULT_LIMIT, 20, 25, 50, 100],
} as const;

export function precomputedQueries(): CheapestQuery[] {
  const queries: CheapestQuery[] = [];
  const flagSets = Array.from({ length: 2 ** CHEAPEST_FLAGS.length }, (_, bits) =>
    Object.fromEntries(CHEAPEST_FLAGS.map((flag, i) => [flag, (bits & (1 << i)) !== 0])) as Pick<CheapestQuery, (typeof CHEAPEST_FLAGS)[number]>,
  );
  for (const min_intel of PRECOMPUTED_GRID.min_intel) {
    for (const min_context of PRECOMPUTED_GRID.min_context) {
      for (const flags of flagSets) {
        for (const limit of PRECOMPUTED_GRID.limit) queries.push({ min_intel, min_context, ...flags, limit });
      }
    }
  }
  return queries;
}

/** Whether the build wrote this query's file (so asking the CDN for it can succeed). */
export function isPrecomputed(query: CheapestQuery): boolean {
  const has = (values: readonly (number | null)[], value: number | null) => values.includes(value);
  return has(PRECOMPUTED_GRID.min_intel, query.min_intel) && has(PRECOMPUTED_GRID.min_context, query.min_context) && has(PRECOMPUTED_GRID.limit, query.limit);
}
