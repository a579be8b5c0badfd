import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from './cheapest.js';
import { estimateEveryOffer, rankByCost, type TokenUsage } from './cost.js';
import { deepseek, detail, gpt4o, price, sonnet } from './cost-fixtures.js';
import { buildCostIndex, CostIndexError, readCostIndex } from './cost-index.js';

const MIXES: TokenUsage[] = [
  { input_tokens: 1_000, output_tokens: 200 },
  { input_tokens: 120_000, cache_read_tokens: 100_000, output_tokens: 2_000 },
  { input_tokens: 300_000, cache_read_tokens: 50_000, cache_write_tokens: 20_000, output_tokens: 8_000 },
];

const details = () => [
  sonnet(),
  gpt4o(),
  deepseek(),
  detail('acme/delisted', price(0.1, 0.1), { delisted_at: '2026-07-01T00:00:00Z' }),
  detail('acme/retired', price(0.1, 0.1), { retirement_date: '2026-07-01' }),
  detail('acme/free', price(0, 0)),
];

describe('the cost index', () => {
  it('holds the cheapest candidates in id order, and prices every offer exactly as the model details do', () => {
    const data = JSON.parse(JSON.stringify(buildCostIndex(details(), '2026-08-01'))) as unknown;
    const models = readCostIndex(data);
    expect(models.map((m) => m.id)).toEqual(['anthropic/claude-sonnet-4', 'deepseek/deepseek-chat', 'openai/gpt-4o']);
    const byId = new Map(details().map((d) => [d.id, d]));
    for (const usage of MIXES) {
      for (const model of models) expect(estimateEveryOffer(model, usage), `${model.id} ${JSON.stringify(usage)}`).toEqual(estimateEveryOffer(byId.get(model.id)!, usage));
      const fromIndex = rankByCost(models, usage, DEFAULT_QUERY, '2026-08-01');
      // Listed models, as models.json lists them (cheapest's own input).
      const fromDetails = rankByCost(details().filter((d) => d.delisted_at === null), usage, DEFAULT_QUERY, '2026-08-01');
      expect(fromIndex.map((r) => [r.model.id, r.estimate])).toEqual(fromDetails.map((r) => [r.model.id, r.estimate]));
      expect(fromIndex.length).toBeGreaterThan(0);
    }
  });

  it('keeps one offer per provider with its tiers resolved, and unknown tiers unknown', () => {
    const [row] = buildCostIndex([sonnet()], null).models;
    expect(row![7]).toEqual([
      ['amazon-bedrock', 'litellm', [3, 15, 0.3, 3.75], [[200000, 6, 22.5, 0.6, 7.5]]],
      ['anthropic', 'genai-prices', [3, 15, 0.3, 3.75], [[200000, 6, 22.5, 0.6, 7.5]]],
      ['databricks', 'litellm', [2.99999, 15.00002, null, null], null],
    ]);
  });

  it('refuses another format or a broken row', () => {
    expect(() => readCostIndex({ format: 2, models: [] })).toThrow(CostIndexError);
    expect(() => readCostIndex(null)).toThrow(CostIndexError);
    expect(() => readCostIndex({ format: 1, models: [['x']] })).toThrow(/broken row \(0\)/);
  });
});
