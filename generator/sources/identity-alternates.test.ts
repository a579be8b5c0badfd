import { describe, expect, it } from 'vitest';
import type { ModelFacts } from './facts.js';
import { matchWithNames } from './identity-alternates.js';
import { readKey } from './identity-match.js';

/** A genai-prices record as translate makes it: keyed `provider/model`, read by the model's own name. */
function gp(key: string, author: string | null, extra: Partial<ModelFacts> = {}): ModelFacts {
  const [provider = '', ...rest] = key.split('/');
  return {
    source: 'genai-prices', source_key: key, provider, author, model_name: rest.join('/'),
    price: { input: 3, output: 15, cache_read: null, cache_write: null }, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra,
  };
}

const IDS = ['x-ai/grok-4', 'mistralai/mistral-large-2407', 'mistralai/mistral-large-2411', 'anthropic/claude-sonnet-5', 'openai/gpt-5.3-chat', 'deepseek/deepseek-chat-v3-0324', 'mistralai/codestral-2508'];
const shapes = new Map(IDS.map((id) => [id, { context_length: 1000000, input: 3, output: 15 }]));
const keys = (facts: ModelFacts[]) => {
  const result = matchWithNames(facts, IDS, { models: shapes });
  return { matched: Object.fromEntries(result.matches.map((m) => [m.source_key, m.model_id])), ambiguous: Object.fromEntries(result.ambiguous.map((a) => [a.source_key, a.candidates])) };
};

describe('identity with the names a match rule spells out', () => {
  it('reads a genai-prices key by its model name: the provider is no author hint', () => {
    expect(readKey(gp('google/claude-sonnet-4-5', null))).toMatchObject({ author: null, name: 'claude-sonnet-4-5' });
    expect(readKey(gp('aws/regional.anthropic.claude-sonnet-5-v1:0', null))).toMatchObject({ author: 'anthropic', name: 'claude-sonnet-5' });
    expect(readKey(gp('fireworks/glm-5p1', null))?.name).toBe('glm-5-1');
  });

  it('tries the other names only where the id names none of ours, and only when they agree on one model', () => {
    const result = keys([
      // `grok-4-0709` names ours through its snapshot already; `grok-4-latest` is never needed.
      gp('x-ai/grok-4-0709', 'xai', { names: ['grok-4', 'grok-4-latest'] }),
      gp('openai/gpt-5.3', 'openai', { names: ['gpt-5-3', 'gpt-5.3-chat', 'gpt-5.3-chat-latest'] }),
      // Two of its names are two of our models: listed, never guessed.
      gp('mistral/mistral-large', 'mistral', { names: ['mistral-large-latest', 'mistral-large-2407', 'mistral-large-2411'] }),
      // An alias among the other names floats: the record prices codestral-2501, which we do not list.
      gp('mistral/codestral', 'mistral', { names: ['codestral-latest', 'codestral-2501'] }),
      // A floating id tries nothing else, whatever its rule says.
      gp('deepseek/deepseek-chat', 'deepseek', { names: ['deepseek-chat-v3-0324'] }),
    ]);
    expect(result.matched).toEqual({ 'openai/gpt-5.3': 'openai/gpt-5.3-chat', 'x-ai/grok-4-0709': 'x-ai/grok-4' });
    expect(result.ambiguous).toEqual({ 'mistral/mistral-large': ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411'] });
  });

  it('lets a record that dates its prices agree where any of them does (an aggregator may still show the ended one)', () => {
    // Our Sonnet 5 floats (OpenRouter pins it to a dated snapshot) and shows the ended $2/$10.
    const context = { models: new Map([['anthropic/claude-sonnet-5', { context_length: 1000000, input: 2, output: 10, canonical_slug: 'anthropic/claude-sonnet-5-20260630' }]]) };
    const dated = gp('anthropic/claude-sonnet-5', 'anthropic', {
      context_length: 1000000,
      dated_prices: [
        { start_date: null, price: { input: 2, output: 10, cache_read: null, cache_write: null }, price_tiers: [], time_windows: [] },
        { start_date: '2026-09-01', price: { input: 3, output: 15, cache_read: null, cache_write: null }, price_tiers: [], time_windows: [] },
      ],
    });
    expect(matchWithNames([dated], ['anthropic/claude-sonnet-5'], context).matches.map((m) => m.model_id)).toEqual(['anthropic/claude-sonnet-5']);
    const { dated_prices: _schedule, ...undated } = dated;
    expect(matchWithNames([undated], ['anthropic/claude-sonnet-5'], context).matches).toEqual([]);
  });
});
