import { describe, expect, it } from 'vitest';
import { CHEAPEST_FLAGS, CHEAPEST_PARAMS, DEFAULT_QUERY, type CheapestQuery } from './cheapest.js';
import { demandPoints, valueShares } from './demand.js';
import { GRID_POINTS, isPrecomputed, MAX_POINTS, precomputedQueries, variantPoints } from './variants.js';

const SHARES = new Map(CHEAPEST_PARAMS.map((param) => [param, valueShares(param)]));

/** How often the demand model asks exactly this normalized query. */
function share(query: CheapestQuery): number {
  return CHEAPEST_PARAMS.reduce((product, param) => product * (SHARES.get(param)!.get(String(query[param])) ?? 0), 1);
}

describe('the precomputed grid', () => {
  it('gives each value the points of the demand model, rounded', () => {
    const derived = demandPoints();
    for (const param of ['min_intel', 'min_context', 'limit'] as const) {
      const own = Object.fromEntries(Object.entries(GRID_POINTS[param]).map(([value, points]) => [value, points]));
      const modelled = Object.fromEntries([...derived[param]].filter(([, points]) => points > 0));
      expect(own, param).toEqual(modelled);
    }
    for (const flag of CHEAPEST_FLAGS) expect(GRID_POINTS[flag], flag).toBe(derived[flag].get('true'));
  });

  it('keeps at least 95% of the modelled demand in at most 12,000 files, leaving 8,000 of the hosts\' 20,000 for the catalog', () => {
    const queries = precomputedQueries();
    expect(queries.length).toBe(11_547);
    expect(queries.length).toBeLessThanOrEqual(12_000);
    const covered = queries.reduce((sum, query) => sum + share(query), 0);
    expect(covered).toBeGreaterThanOrEqual(0.95);
    // The full grid of the common values it replaces: more files for less of the demand.
    const common = (param: 'min_intel' | 'min_context' | 'limit'): Array<number | null> => {
      const table: Readonly<Record<number, number>> = GRID_POINTS[param];
      const least = Math.min(...Object.values(table));
      return [param === 'limit' ? 10 : null, ...Object.keys(table).map(Number).filter((value) => table[value] === least)];
    };
    let old = 0;
    let oldFiles = 0;
    for (const min_intel of common('min_intel')) for (const min_context of common('min_context')) for (let bits = 0; bits < 8; bits += 1) for (const limit of common('limit')) {
      old += share({ min_intel, min_context, vision: (bits & 1) !== 0, reasoning: (bits & 2) !== 0, tools: (bits & 4) !== 0, limit: limit ?? 10 });
      oldFiles += 1;
    }
    expect(oldFiles).toBe(16_640);
    expect(covered).toBeGreaterThan(old + 0.01);
  });

  it('precomputes exactly the queries within the points, and no value it has no points for', () => {
    const queries = precomputedQueries();
    expect(queries.every(isPrecomputed)).toBe(true);
    expect(new Set(queries.map((query) => JSON.stringify(query))).size).toBe(queries.length);
    expect(queries[0]).toEqual(DEFAULT_QUERY);
    expect(variantPoints(DEFAULT_QUERY)).toBe(0);
    expect(isPrecomputed({ ...DEFAULT_QUERY, min_intel: 42 })).toBe(false);
    expect(isPrecomputed({ ...DEFAULT_QUERY, min_intel: 40.5 })).toBe(false);
    expect(isPrecomputed({ ...DEFAULT_QUERY, limit: 7 })).toBe(false);
    expect(isPrecomputed({ ...DEFAULT_QUERY, min_context: 131_073 })).toBe(false);
    // All three numbers and one flag: within; a second flag: over.
    const three = { ...DEFAULT_QUERY, min_intel: 40, min_context: 128_000, limit: 5 };
    expect(isPrecomputed({ ...three, vision: true })).toBe(true);
    expect(variantPoints({ ...three, vision: true, tools: true })).toBeGreaterThan(MAX_POINTS);
    expect(isPrecomputed({ ...three, vision: true, tools: true })).toBe(false);
    // A rarer value with the simpler combinations; two rarer values: over.
    expect(isPrecomputed({ ...DEFAULT_QUERY, min_intel: 15, limit: 5, vision: true })).toBe(true);
    expect(isPrecomputed({ ...DEFAULT_QUERY, min_intel: 15, limit: 30 })).toBe(false);
  });
});
