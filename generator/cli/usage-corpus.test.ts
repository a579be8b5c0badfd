import { describe, expect, it } from 'vitest';
import { detail, offer, price } from '../query/cost-fixtures.js';
import type { ApiNamesIndex } from '../query/resolve.js';
import { corpusFigures, corpusLines, corpusUsage, loadCorpus, readCorpus, type Corpus } from './usage-corpus.js';

// Gemini 2.5 Flash Image as Google bills it ($0.30 in, $2.50 text out, $30 per 1M image tokens),
// and two responses genai-prices priced: text only (48 tokens) and an image (1,290 of 1,304).
const image = detail('google/gemini-2.5-flash-image', price(0.3, 2.5), {
  unit_prices: [{ unit: '1m_tokens', kind: 'output_image', usd: 30, source: 'litellm' }],
  endpoints: [offer('google-ai-studio', 'litellm', price(0.3, 2.5), { api_names: ['gemini-2.5-flash-image'], first_party: true })],
});
const index: ApiNamesIndex = { providers: { 'google-ai-studio': { 'gemini-2.5-flash-image': image.id } }, ambiguous: {}, aliases: {} };
const data = { index, detail: (id: string) => (id === image.id ? image : undefined), asOf: '2026-10-06T00:00:00Z' };
const corpus: Corpus = {
  commit: '47df840a5ab10bbcffb8e5ac01b9899032245d1b',
  commit_date: '2026-08-21',
  rows: [
    ['google', 'gemini-2.5-flash-image', { input_tokens: 18, output_tokens: 48 }, '0.0000054', '0.00012', 1],
    ['google', 'gemini-2.5-flash-image', { input_tokens: 10, output_image_tokens: 1290, output_tokens: 1304 }, '0.000003', '0.038735', 2],
    ['google', 'gemini-9', { input_tokens: 1, output_tokens: 1 }, '0.1', '0.1', 1],
  ],
};

describe("the names bench's real-log corpus", () => {
  it('prices each response by its name, image output apart from text, and counts what agrees with genai-prices', () => {
    const f = corpusFigures(corpus, data);
    expect(f.kinds).toEqual({ same: 3, differs: 0, unpriced: 0, unresolved: 1 });
    expect(f.names.map((n) => [n.name, n.responses, n.kinds])).toEqual([['gemini-2.5-flash-image', 3, { same: 3 }], ['gemini-9', 1, { unresolved: 1 }]]);
    expect(corpusLines(f)[1]).toBe('  real logs: google gemini-9 (1 responses; 1 unresolved): unknown_model');
  });

  it("reads genai-prices' usage in our fields, and refuses a file that is not a cut", () => {
    expect(corpusUsage({ input_tokens: 10, cache_read_tokens: 2, output_tokens: 5, output_image_tokens: 3 })).toEqual({ input_tokens: 10, output_tokens: 5, cache_read_tokens: 2, output_image_tokens: 3 });
    expect(() => readCorpus({ rows: [] })).toThrow(/not a cut/);
  });

  it('holds the committed cut: pinned to a commit, every row a priced response', async () => {
    const committed = await loadCorpus();
    expect(committed.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(committed.rows.length).toBeGreaterThan(100);
    for (const [provider, model, usage, input, output, responses] of committed.rows) {
      expect(typeof provider === 'string' && typeof model === 'string' && responses >= 1).toBe(true);
      expect(Number(input) + Number(output)).toBeGreaterThanOrEqual(0);
      expect(Object.keys(usage).every((k) => k.endsWith('_tokens'))).toBe(true);
    }
  });
});
