import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '../types/api-types.js';
import { cheapest, cheapestPath, type CheapestQuery } from './cheapest.js';
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
    expect(Array.from({ length: index.size }, (_, row) => (JSON.parse(index.entryText(row)) as ModelEntry).id)).toEqual(['a/cheap', 'c/long', 'a/pricey']);
    // Every combination of the filters, each limit below, at and above the number that match.
    const queries: CheapestQuery[] = [null, 50].flatMap((min_intel) =>
      [null, 200_000].flatMap((min_context) =>
        [0, 1, 2, 3, 4, 5, 6, 7].flatMap((flags) =>
          [1, 2, 10].map((limit) => ({ min_intel, min_context, vision: (flags & 1) !== 0, reasoning: (flags & 2) !== 0, tools: (flags & 4) !== 0, limit })),
        ),
      ),
    );
    for (const query of queries) {
      const data = cheapest(models, query, meta.as_of);
      const { count: _count, ...template } = meta;
      const file = JSON.stringify({ data, meta: { ...template, count: data.length, query, canonical_path: `/repo/api/v1/${cheapestPath(query)}.json` } });
      expect(answerText(index, query)).toBe(file);
    }
  });

  it('refuses an index cut short, of another format or not an index at all', () => {
    const text = buildModelIndex(modelsJson, ['a'], '');
    const bytes = new TextEncoder().encode(text);
    expect(readModelIndex(bytes).size).toBe(readModelIndex(text).size);
    const head = readModelIndex(text).head.head_bytes;
    // Cut short, another format, the head's length wrong either way, not an index, nothing.
    const broken = [text.slice(0, -10), text.replace('"format":3', '"format":2'), text.replace(`"head_bytes":${head}`, `"head_bytes":${head - 1}`), text.replace(`"head_bytes":${head}`, `"head_bytes":${head + 1}`), '<!doctype html>', ''];
    for (const document of [...broken, bytes.subarray(0, bytes.length - 40)]) {
      expect(() => readModelIndex(document)).toThrow(ModelIndexError);
    }
  });
});
