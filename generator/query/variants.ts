import { CHEAPEST_FLAGS, DEFAULT_LIMIT, type CheapestQuery } from './cheapest.js';

/**
 * The precomputed `cheapest` variants: every combination of these values (6 × 7 × 8 × 5 = 1,680
 * files). Context sizes come in both spellings people use (128000 and 131072 = 2^17; 262144 =
 * 2^18) because they are different queries. Anything else is answered by the browser client
 * from the model index, with the same code.
 */
export const PRECOMPUTED_GRID = {
  min_intel: [null, 20, 30, 40, 50, 60],
  min_context: [null, 32000, 128000, 131072, 200000, 262144, 1000000],
  limit: [5, DEFAULT_LIMIT, 20, 50, 100],
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
