import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '../types/api-types.js';
import { cheapest, cheapestPath, DEFAULT_QUERY, type CheapestQuery } from './cheapest.js';
import { answerText, buildModelIndex, ModelIndexError, readModelIndex } from './model-index.js';
import { testEntry } from './test-entries.js';

// Text that must survive as published: quotes, a marker look-alike, non-ASCII.
const entry = (id: string, input: number | null, output: number | null, extra: Partial<ModelEntry> = {}, intel: number | null = null): ModelEntry =>
  testEntry(id, input, output, { name: `${id} "quoted" ,"entries":[ é ☃`, ...extra }, intel);

const models = [
  entry('a/cheap', 0.1, 0.3, { capabilities: { vision: true, reasoning: false, tools: true } }, 30),
  entry('a/pricey', 10, 30, {}, 70),
  entry('b/free', 0, 0, {}, 80),
  entry('b/unit', null, null),
  entry('c/retired', 0.01, 0.01, { retirement_date: '2026-07-01' }, 90),
  entry('c/long', 1, 2, { context_length: 1_000_000, capabilities: { vision: true, reasoning: true, tools: true } }, 55),
];
const meta = { api_version: 'v1', cache_seconds: 60, updated_at: '2026-09-01T00:00:00Z', as_of: '2026-07-01T06:00:00Z', price_unit: 'USD per 1M tokens', count: models.length };
const modelsJson = JSON.stringify({ data: models, meta });

describe('the model index', () => {
  const index = readModelIndex(buildModelIndex(modelsJson, ['a', 'b', 'c'], '/repo'));

  it('holds the candidates only, and answers with the bytes a precomputed file would have', () => {
    expect(index.head.rows.map((r) => r[0])).toEqual(['a/cheap', 'c/long', 'a/pricey']);
    const queries: CheapestQuery[] = [DEFAULT_QUERY, { ...DEFAULT_QUERY, vision: true, limit: 1 }, { ...DEFAULT_QUERY, min_intel: 50 }, { ...DEFAULT_QUERY, min_context: 200_000, tools: true }];
    for (const query of queries) {
      const data = cheapest(models, query, meta.as_of);
      const { count: _count, ...template } = meta;
      const file = JSON.stringify({ data, meta: { ...template, count: data.length, query, canonical_path: `/repo/api/v1/${cheapestPath(query)}.json` } });
      expect(answerText(index, query)).toBe(file);
    }
  });

  it('refuses an index cut short, of another format or not an index at all', () => {
    const text = buildModelIndex(modelsJson, ['a'], '');
    for (const broken of [text.slice(0, -10), text.replace('"format":2', '"format":1'), '<!doctype html>', '']) {
      expect(() => readModelIndex(broken)).toThrow(ModelIndexError);
    }
  });
});
