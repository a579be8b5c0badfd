import { describe, expect, it } from 'vitest';
import type { ModelFacts } from '../sources/facts.js';
import { normalizeSlug, suggest } from './suggest-identity.js';

const fact = (source: ModelFacts['source'], key: string, author: string | null, provider: string | null, name: string): ModelFacts => ({
  source,
  source_key: key,
  provider,
  author,
  model_name: name,
  price: null,
  price_tiers: [],
  context_length: null,
  max_output: null,
  retirement_date: null,
  deprecated: false,
  benchmarks: {},
});

describe('suggest (identity proposals)', () => {
  const ours = ['anthropic/claude-sonnet-4.5', 'openai/gpt-4o', 'mistralai/mistral-large', 'x-ai/grok-4', 'dup/a.b', 'dup/a-b'];

  it('proposes only exact matches by author and normalized slug', () => {
    expect(normalizeSlug('Claude-Sonnet-4.5')).toBe('claude-sonnet-4-5');
    expect(
      suggest(
        [
          fact('litellm', 'claude-sonnet-4-5', 'anthropic', 'anthropic', 'claude-sonnet-4-5'),
          fact('litellm', 'gpt-4o', 'openai', 'openai', 'gpt-4o'),
          fact('litellm', 'mistral/mistral-large', 'mistral', 'mistral', 'mistral-large'),
          fact('artificialanalysis', 'xai/grok-4', 'xai', null, 'Grok 4'),
        ],
        ours,
      ),
    ).toEqual({
      'claude-sonnet-4-5': 'anthropic/claude-sonnet-4.5',
      'gpt-4o': 'openai/gpt-4o',
      'mistral/mistral-large': 'mistralai/mistral-large',
      'xai/grok-4': 'x-ai/grok-4',
    });
  });

  it('never guesses: hosted copies, near misses and ambiguous slugs get no proposal', () => {
    expect(
      suggest(
        [
          fact('litellm', 'azure/gpt-4o', null, 'azure', 'gpt-4o'),
          fact('litellm', 'gpt-4o-2024-08-06', 'openai', 'openai', 'gpt-4o-2024-08-06'),
          fact('litellm', 'dup/a.b', 'dup', 'dup', 'a.b'),
          // A floating alias: DeepSeek's current model, not OpenRouter's fixed deepseek/deepseek-chat.
          fact('litellm', 'deepseek/deepseek-chat', 'deepseek', 'deepseek', 'deepseek-chat'),
          fact('litellm', 'claude-haiku-latest', 'anthropic', 'anthropic', 'claude-haiku-latest'),
        ],
        [...ours, 'deepseek/deepseek-chat', 'anthropic/claude-haiku-latest'],
      ),
    ).toEqual({});
  });
});
