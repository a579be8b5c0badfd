import { CHEAPEST_FLAGS, cheapestPath, DEFAULT_LIMIT, type CheapestFlag, type CheapestQuery } from './cheapest.js';

/**
 * The precomputed `cheapest` variants: the ones people ask most, by our model of what they ask
 * (query/demand.ts), within a file budget that leaves room for a catalog ten times today's.
 * Each value a query names costs points, about ten for every halving of how often it is asked
 * (the model's figures, rounded: variants.test.ts derives them again); leaving a parameter out,
 * `limit` 10 and a flag not required cost nothing. A variant has a file when its points add up
 * to at most MAX_POINTS: 11,547 files, which the model rates 96.7% of what is asked (the old
 * full grid of the common values, 16,640 files, 95.1%). A value without points here
 * (`min_intel=42`, `limit=7`) is never precomputed. The rule reads no data: the file set is the
 * same for every catalog. Anything else is a JSON 404 naming the client, which computes it from
 * the model index with the same code; the Cloudflare Worker computes it at the edge.
 * No Node.js imports: the client and the Worker bundle this file.
 */
export const GRID_POINTS = {
  min_intel: { 10: 36, 20: 36, 25: 36, 30: 36, 35: 36, 40: 36, 45: 36, 50: 36, 55: 36, 60: 36, 70: 36, 80: 36, 15: 69, 65: 69, 75: 69, 90: 69 },
  min_context: {
    8000: 46, 8192: 46, 16000: 46, 16384: 46, 32000: 46, 32768: 46, 64000: 46, 65536: 46, 100000: 46, 128000: 46, 131072: 46,
    200000: 46, 256000: 46, 262144: 46, 400000: 46, 512000: 46, 1000000: 46, 1048576: 46, 2000000: 46, 4000: 68, 500000: 68, 524288: 68,
  },
  limit: { 1: 35, 3: 35, 5: 35, 20: 35, 25: 35, 50: 35, 100: 35, 15: 63, 30: 63 },
  vision: 13,
  reasoning: 13,
  tools: 10,
} as const satisfies { min_intel: Record<number, number>; min_context: Record<number, number>; limit: Record<number, number> } & Record<CheapestFlag, number>;

export const MAX_POINTS = 130;

type NumericParam = 'min_intel' | 'min_context' | 'limit';

/** A numeric value's points: 0 for the default, null for a value the grid never has. */
function valuePoints(param: NumericParam, value: number | null): number | null {
  if (value === null || (param === 'limit' && value === DEFAULT_LIMIT)) return 0;
  const table: Readonly<Record<number, number>> = GRID_POINTS[param];
  // Numeric keys only: nothing on Object's prototype can match.
  return value in table ? table[value]! : null;
}

/** A query's points, or null when one of its values has none. */
export function variantPoints(query: CheapestQuery): number | null {
  let points = 0;
  for (const param of ['min_intel', 'min_context', 'limit'] as const) {
    const own = valuePoints(param, query[param]);
    if (own === null) return null;
    points += own;
  }
  for (const flag of CHEAPEST_FLAGS) if (query[flag]) points += GRID_POINTS[flag];
  return points;
}

/** Whether the build wrote this query's file (so asking the CDN for it can succeed). */
export function isPrecomputed(query: CheapestQuery): boolean {
  const points = variantPoints(query);
  return points !== null && points <= MAX_POINTS;
}

/** The values of a numeric parameter that have points, ascending, after the default. */
export function gridValues(param: NumericParam): Array<number | null> {
  const values = Object.keys(GRID_POINTS[param]).map(Number).sort((a, b) => a - b);
  return param === 'limit' ? [DEFAULT_LIMIT, ...values] : [null, ...values];
}

/** Every precomputed query, in a fixed order. */
export function precomputedQueries(): CheapestQuery[] {
  const queries: CheapestQuery[] = [];
  const flagSets = Array.from({ length: 2 ** CHEAPEST_FLAGS.length }, (_, bits) =>
    Object.fromEntries(CHEAPEST_FLAGS.map((flag, i) => [flag, (bits & (1 << i)) !== 0])) as Pick<CheapestQuery, CheapestFlag>,
  );
  for (const min_intel of gridValues('min_intel')) {
    for (const min_context of gridValues('min_context')) {
      for (const flags of flagSets) {
        for (const limit of gridValues('limit')) {
          const query = { min_intel, min_context, ...flags, limit: limit ?? DEFAULT_LIMIT };
          if (isPrecomputed(query)) queries.push(query);
        }
      }
    }
  }
  return queries;
}

/** One precomputed variant: its query and the path of its file below api/v1 (cheapestPath). */
export interface PrecomputedVariant {
  readonly query: Readonly<CheapestQuery>;
  readonly path: string;
}

let variants: readonly PrecomputedVariant[] | undefined;

/**
 * Every precomputed variant with its path, in precomputedQueries' order. The grid reads no data,
 * so a process works it out once: every render (each `update` and each build) lists its 11,547
 * files, and the routing and the OpenAPI document read them again. Frozen: no caller may change
 * what the next one reads.
 */
export function precomputedVariants(): readonly PrecomputedVariant[] {
  variants ??= Object.freeze(precomputedQueries().map((query) => Object.freeze({ query: Object.freeze(query), path: cheapestPath(query) })));
  return variants;
}

/** The rule in one sentence, for the OpenAPI document and the docs. */
export function describeGrid(): string {
  const listed = (param: NumericParam) => {
    const byPoints = new Map<number, number[]>();
    for (const [value, points] of Object.entries(GRID_POINTS[param])) byPoints.set(points, [...(byPoints.get(points) ?? []), Number(value)]);
    return [...byPoints].sort(([a], [b]) => a - b).map(([points, values]) => `${values.sort((a, b) => a - b).join(', ')} (${points} each)`).join('; ');
  };
  const flags = CHEAPEST_FLAGS.map((flag) => `${flag} ${GRID_POINTS[flag]}`).join(', ');
  return `A variant is precomputed when the points of the values it names add up to at most ${MAX_POINTS} (a parameter left out, limit ${DEFAULT_LIMIT} and a flag not required cost nothing; a value not listed is never precomputed): min_intel ${listed('min_intel')}; min_context ${listed('min_context')}; limit ${listed('limit')}; flags required: ${flags}.`;
}
