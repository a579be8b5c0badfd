import { describe, expect, it } from 'vitest';
import type { EntryStatus, ModelListEntry } from '../types/api-types.js';
import { DEFAULT_FASTEST_QUERY, fastest, fastestQueryPath, isFastestPrecomputed, parseFastestValues, type FastestQuery } from './fastest.js';
import { buildFastestIndex, fastestAnswerText, readFastestIndex } from './fastest-index.js';
import { ModelIndexError } from './model-index.js';
import { parseFastestQuery } from './params.js';
import { testEntry } from './test-entries.js';

const status = (throughput: number | null, latency: number | null, extra: Partial<EntryStatus> = {}): EntryStatus => ({ state: 'operational', throughput_tps: throughput, latency_ms: latency, speed_source: 'openrouter', ...extra });
const entry = (id: string, price: number, s: EntryStatus, extra: Partial<ModelListEntry> = {}, intel: number | null = null): ModelListEntry => ({ ...testEntry(id, price, price, extra, intel), status: s });

const models: ModelListEntry[] = [
  entry('a/fast-dear', 10, status(200, 900)),
  entry('a/fast-cheap', 1, status(200, 400), { capabilities: { vision: true, reasoning: false, tools: true } }, 50),
  entry('a/slow', 0.5, status(20, 300), {}, 60),
  entry('a/only-latency', 0.2, status(null, 250, { speed_source: 'artificialanalysis' })),
  entry('a/no-figures', 0.1, status(null, null, { speed_source: null })),
  entry('a/retired', 0.1, status(900, 10), { retirement_date: '2026-01-01' }),
  entry('a/unpriced', 0, status(500, 100)),
  entry('a/embedding', 0.1, status(800, 50), { type: 'embedding' }),
];
const AS_OF = '2026-08-25T10:00:00Z';
const q = (extra: Partial<FastestQuery>): FastestQuery => ({ ...DEFAULT_FASTEST_QUERY, ...extra });
const ids = (list: readonly { id: string }[]) => list.map((m) => m.id);

describe('fastest', () => {
  it("ranks cheapest's candidates with a figure by throughput, then price, then id", () => {
    expect(ids(fastest(models, DEFAULT_FASTEST_QUERY, AS_OF))).toEqual(['a/fast-cheap', 'a/fast-dear', 'a/slow']);
  });

  it('ranks by latency when asked, with the models that have that figure', () => {
    expect(ids(fastest(models, q({ sort: 'latency' }), AS_OF))).toEqual(['a/only-latency', 'a/slow', 'a/fast-cheap', 'a/fast-dear']);
  });

  it("applies cheapest's filters and the price cap", () => {
    expect(ids(fastest(models, q({ max_price: 1 }), AS_OF))).toEqual(['a/fast-cheap', 'a/slow']);
    expect(ids(fastest(models, q({ max_price: 0.5, sort: 'latency' }), AS_OF))).toEqual(['a/only-latency', 'a/slow']);
    expect(ids(fastest(models, q({ tools: true, vision: true }), AS_OF))).toEqual(['a/fast-cheap']);
    expect(ids(fastest(models, q({ min_intel: 55 }), AS_OF))).toEqual(['a/slow']);
    expect(ids(fastest(models, q({ limit: 1 }), AS_OF))).toEqual(['a/fast-cheap']);
  });

  it('reads its values strictly and names its canonical query form', () => {
    const parse = (pairs: Array<[string, string]>) => parseFastestQuery(pairs);
    expect(parse([['max_price', '2.5'], ['sort', 'latency'], ['vision', 'true'], ['utm_source', 'x']])).toEqual({ ok: true, query: q({ max_price: 2.5, sort: 'latency', vision: true }), ignored: ['utm_source'] });
    expect(parse([['sort', 'speed']])).toEqual({ ok: false, param: 'sort', message: 'sort must be throughput or latency' });
    expect(parse([['max_price', '-1']])).toMatchObject({ ok: false, param: 'max_price' });
    expect(parse([['max_price', '']])).toMatchObject({ ok: false, param: 'max_price', message: 'max_price is empty' });
    expect(parse([['limit', '0']])).toMatchObject({ ok: false, param: 'limit' });
    expect(parse([['sort', 'latency'], ['sort', 'latency']])).toMatchObject({ ok: false, param: 'sort' });
    expect(parse([['price', '2']])).toMatchObject({ ok: false, param: 'price' });
    expect(parseFastestValues(new Map())).toEqual({ ok: true, query: DEFAULT_FASTEST_QUERY });
    expect(fastestQueryPath(DEFAULT_FASTEST_QUERY)).toBe('fastest');
    expect(fastestQueryPath(q({ min_intel: 40, tools: true, max_price: 2, sort: 'latency', limit: 5 }))).toBe('fastest?min_intel=40&tools=1&max_price=2&sort=latency&limit=5');
    expect([isFastestPrecomputed(DEFAULT_FASTEST_QUERY), isFastestPrecomputed(q({ sort: 'latency' }))]).toEqual([true, false]);
  });
});

describe('the fastest index', () => {
  const modelsJson = JSON.stringify({ data: models, meta: { api_version: 'v1', count: models.length, as_of: AS_OF } });
  const index = readFastestIndex(buildFastestIndex(modelsJson, '/repo'));

  it('answers every query in the bytes JSON.stringify of the same answer gives', () => {
    for (const query of [DEFAULT_FASTEST_QUERY, q({ sort: 'latency' }), q({ max_price: 1 }), q({ tools: true, vision: true, limit: 1 }), q({ min_intel: 99 })]) {
      const data = fastest(models, query, AS_OF);
      const path = fastestQueryPath(query);
      const meta = { api_version: 'v1', as_of: AS_OF, count: data.length, query, canonical_path: `/repo/api/v1/${path === 'fastest' ? 'fastest.json' : path}` };
      expect(fastestAnswerText(index, query)).toBe(JSON.stringify({ data, meta }));
    }
  });

  it('refuses a document that is cut short or of another format', () => {
    const text = buildFastestIndex(modelsJson, '');
    expect(() => readFastestIndex(text.slice(0, -10))).toThrow(ModelIndexError);
    expect(() => readFastestIndex(text.replace('"format":2', '"format":7'))).toThrow(/another format/);
  });
});
