import { describe, expect, it } from 'vitest';
import { refusal } from './test-entries.js';
import { ResolveError, type ApiNamesIndex } from './api-name-index.js';
import { lookupAnywhere } from './name-anywhere.js';

// Sonnet 4.5 at Anthropic and Bedrock; OpenRouter's ids; a name two models claim at Mistral; one
// name (`shared-4`) that Mistral and DeepSeek list for different models; an alias that moved.
const index: ApiNamesIndex = {
  providers: {
    anthropic: { 'claude-sonnet-4-5': 'anthropic/claude-sonnet-4.5', 'claude-sonnet-4-5-20250929': 'anthropic/claude-sonnet-4.5' },
    'amazon-bedrock': { 'anthropic.claude-sonnet-4-5-20250929-v1:0': 'anthropic/claude-sonnet-4.5' },
    openrouter: { 'anthropic/claude-sonnet-4.5': 'anthropic/claude-sonnet-4.5', 'google/gemini-2.5-pro': 'google/gemini-2.5-pro' },
    'google-ai-studio': { 'gemini-2.5-pro': 'google/gemini-2.5-pro' },
    mistral: { 'shared-4': 'mistralai/shared-4' },
    deepseek: { 'shared-4': 'deepseek/shared-4' },
    xai: { 'grok-3': 'x-ai/grok-3' },
  },
  ambiguous: { mistral: { 'mistral-large': ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411'] } },
  aliases: { xai: { 'grok-3': [{ from: '2026-05-15', model: 'x-ai/grok-4.3' }] } },
};

describe('a model named without its provider', () => {
  it('is found at every provider that lists it, by the best kind of match', () => {
    expect(lookupAnywhere(index, ' claude-sonnet-4-5-20250929 ', null)).toEqual({ model: 'anthropic/claude-sonnet-4.5', name: 'claude-sonnet-4-5-20250929', providers: ['anthropic'], match: { kind: 'exact', pattern: null } });
    // A form at two providers (the Gemini API's models/ prefix; OpenRouter's :free variant).
    expect(lookupAnywhere(index, 'models/gemini-2.5-pro', null)).toMatchObject({ model: 'google/gemini-2.5-pro', match: { kind: 'form' } });
    expect(lookupAnywhere(index, 'anthropic/claude-sonnet-4.5:free', null)).toMatchObject({ model: 'anthropic/claude-sonnet-4.5', providers: ['openrouter'] });
    // An exact listing beats a form elsewhere.
    expect(lookupAnywhere(index, 'anthropic/claude-sonnet-4.5', null).match.kind).toBe('exact');
  });

  it('follows an alias that moved, on the day asked', () => {
    expect(lookupAnywhere(index, 'grok-3', '2026-05-14').model).toBe('x-ai/grok-3');
    expect(lookupAnywhere(index, 'grok-3', '2026-05-15').model).toBe('x-ai/grok-4.3');
  });

  it('never guesses: a name two models claim, or that providers place on two models, is ambiguous with both', () => {
    const claimed = refusal(() => lookupAnywhere(index, 'mistral-large', null));
    expect([claimed.code, claimed.candidates]).toEqual(['ambiguous_model', ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411']]);
    const split = refusal(() => lookupAnywhere(index, 'shared-4', null));
    expect(split.code).toBe('ambiguous_model');
    expect(split.candidates).toEqual(['deepseek/shared-4', 'mistralai/shared-4']);
    expect(split.message).toBe('"shared-4" names deepseek/shared-4 and mistralai/shared-4 (deepseek: deepseek/shared-4; mistral: mistralai/shared-4): give the provider, or the model id');
  });

  it('refuses an unknown or empty name with the closest names of every provider', () => {
    const unknown = refusal(() => lookupAnywhere(index, 'claude-sonet-4-5', null));
    expect(unknown.code).toBe('unknown_model');
    expect(unknown.suggestions[0]).toBe('claude-sonnet-4-5');
    expect(unknown.message).toMatch(/^no model id or API name "claude-sonet-4-5" we know at any provider; closest: claude-sonnet-4-5/);
    expect(refusal(() => lookupAnywhere(index, '  ', null)).code).toBe('bad_request');
  });
});
