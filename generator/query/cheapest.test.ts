import { describe, expect, it } from 'vitest';
import { cheapest, cheapestPath, cheapestRanker, DEFAULT_QUERY, type CheapestQuery } from './cheapest.js';
import { parseCheapestQuery } from './params.js';
import { precomputedQueries } from './variants.js';
import { testEntry } from './test-entries.js';

const entry = testEntry;

const q = (params: Record<string, string>): CheapestQuery => {
  const result = parseCheapestQuery(Object.entries(params));
  if (!result.ok) throw new Error(result.message);
  return result.query;
};

describe('parseCheapestQuery', () => {
  it('normalizes flags, numbers and the default limit', () => {
    expect(q({})).toEqual(DEFAULT_QUERY);
    expect(q({ min_intel: '40', min_context: '128000', vision: 'true', reasoning: '1', tools: 'FALSE', limit: '5' })).toEqual({
      min_intel: 40,
      min_context: 128000,
      vision: true,
      reasoning: true,
      tools: false,
      limit: 5,
    });
  });

  it.each([
    [[['limit', '0']], 'limit'],
    [[['limit', '100000']], 'limit'],
    [[['limit', '5.5']], 'limit'],
    [[['min_intel', '-1']], 'min_intel'],
    [[['min_intel', '101']], 'min_intel'],
    [[['min_intel', 'abc']], 'min_intel'],
    [[['min_context', '128k']], 'min_context'],
    [[['min_context', '']], 'min_context'],
    [[['vision', 'yes']], 'vision'],
    [[['Vision', '1']], 'vision'],
    [[['limit', '10'], ['limit', '0']], 'limit'],
  ] as Array<[Array<[string, string]>, string]>)('rejects %j naming the parameter', (params, param) => {
    const result = parseCheapestQuery(params);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.param).toBe(param);
  });
});

describe('cheapest', () => {
  const models = [
    entry('a/pricey', 10, 30, {}, 70),
    entry('a/cheap', 0.1, 0.3, { capabilities: { vision: true, reasoning: false, tools: true } }, 30),
    entry('b/cheap-twin', 0.1, 0.3, {}, 45),
    entry('b/same-no-index', 0.1, 0.3),
    entry('c/free', 0, 0, {}, 80),
    entry('c/unknown', null, null, {}, 90),
    entry('c/retired', 0.01, 0.01, { retirement_date: '2026-07-01' }, 90),
    entry('c/retiring', 0.02, 0.02, { retirement_date: '2026-09-01' }),
    entry('d/long', 1, 2, { context_length: 1_000_000, capabilities: { vision: true, reasoning: true, tools: true } }, 55),
    entry('d/no-context', 0.5, 0.5, { context_length: null }, 50),
  ];
  const ids = (query: CheapestQuery) => cheapest(models, query, '2026-08-01').map((m) => m.id);

  it('orders by blended price, then intelligence descending (unknown last), then id', () => {
    expect(ids(DEFAULT_QUERY)).toEqual(['c/retiring', 'b/cheap-twin', 'a/cheap', 'b/same-no-index', 'd/no-context', 'd/long', 'a/pricey']);
  });

  it('leaves out free, unknown-price and retired models', () => {
    const all = ids({ ...DEFAULT_QUERY, limit: 100 });
    expect(all).not.toContain('c/free');
    expect(all).not.toContain('c/unknown');
    expect(all).not.toContain('c/retired');
  });

  it('ranks text-generation models only: an embedding, image or audio model with a token price takes no part', () => {
    const models = [entry('a/chat', 1, 2), entry('a/complete', 1, 1, { type: 'completion' }), entry('a/embed', 0.02, 0.01, { type: 'embedding' }), entry('a/image', 0.5, 0.5, { type: 'image' }), entry('a/odd', 0.1, 0.1, { type: 'other' })];
    expect(cheapest(models, { ...DEFAULT_QUERY, limit: 100 }, null).map((m) => m.id)).toEqual(['a/complete', 'a/chat']);
  });

  it('ranks models on sale only: a price list entry alone (on_sale false) takes no part; rows without the field (the indexes) do', () => {
    const models = [entry('a/listed', 1, 2), entry('a/price-list-only', 0.01, 0.02, { on_sale: false }), entry('a/maker-active', 0.5, 0.5, { on_sale: true })];
    const { on_sale: _onSale, ...row } = entry('a/index-row', 0.1, 0.1);
    expect(cheapest([...models, row], { ...DEFAULT_QUERY, limit: 100 }, null).map((m) => m.id)).toEqual(['a/index-row', 'a/maker-active', 'a/listed']);
  });

  it('judges retirement on the as-of day, from a date or an ISO time: a model retiring that day is out', () => {
    const retiring = (asOf: string | null) => cheapest(models, { ...DEFAULT_QUERY, limit: 100 }, asOf).some((m) => m.id === 'c/retiring');
    expect(retiring('2026-08-31T23:59:59Z')).toBe(true);
    expect(retiring('2026-09-01T00:00:00Z')).toBe(false);
    expect(retiring('2026-09-01')).toBe(false);
    // No as-of at all (data without any time): nothing is judged retired.
    expect(retiring(null)).toBe(true);
  });

  it('applies min_intel (no index never matches), min_context and capability flags', () => {
    expect(ids(q({ min_intel: '50' }))).toEqual(['d/no-context', 'd/long', 'a/pricey']);
    expect(ids(q({ min_context: '200000' }))).toEqual(['d/long']);
    expect(ids(q({ vision: '1' }))).toEqual(['a/cheap', 'd/long']);
    expect(ids(q({ vision: '1', reasoning: 'true', tools: '1' }))).toEqual(['d/long']);
    expect(ids(q({ limit: '2' }))).toEqual(['c/retiring', 'b/cheap-twin']);
  });

  it('answers every precomputed query the same when ranking once for many queries', () => {
    const rank = cheapestRanker([...models].reverse(), '2026-08-01');
    const queries = precomputedQueries();
    expect(queries.map((query) => rank(query).map((m) => m.id))).toEqual(queries.map((query) => ids(query)));
  });
});

describe('cheapestPath and the precomputed grid', () => {
  it('gives each variant one canonical path', () => {
    expect(cheapestPath(DEFAULT_QUERY)).toBe('cheapest');
    expect(cheapestPath(q({ limit: '5', vision: '1', min_intel: '40', min_context: '128000' }))).toBe('cheapest/min_intel/40/min_context/128000/vision/limit/5');
    const paths = precomputedQueries().map(cheapestPath);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('cheapest');
  });
});
