import { describe, expect, it } from 'vitest';
import type { ModelRecord } from '../models/types.js';
import { DuplicateModelsError, findDuplicateModels, makerEntries } from './duplicate-models.js';
import type { FactSource, ModelFacts } from './facts.js';

type Published = Pick<ModelRecord, 'id' | 'upstream_id' | 'canonical_slug' | 'origin' | 'part_of'>;
const catalog = (id: string, canonical?: string, upstream = id): Published => ({ id, upstream_id: upstream, ...(canonical === undefined ? {} : { canonical_slug: canonical }) });
const made = (id: string, from: string): Published => ({ id, upstream_id: from, origin: 'first-party' });
const row = (source: FactSource, name: string, display: string | null, aliases: string[] = []): Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'lifecycle'> => ({
  source, source_key: name, author: source.split('-')[0]!.replace('xai', 'x-ai'),
  lifecycle: { source_url: 'https://example.test', announced_at: null, deprecated_at: null, state: null, note: null, replacement: null, replacement_names: [], aliases, display_name: display },
});
const pairs = (models: Published[], rows: ReturnType<typeof row>[] = []) => findDuplicateModels(models, rows).map((p) => [...p.models, p.reason]);

describe('the duplicate check', () => {
  it('finds ids that differ only by punctuation, and a made model named like the one OpenRouter lists', () => {
    expect(pairs([catalog('anthropic/claude-opus-4.8'), made('anthropic/claude-opus-4-8', 'genai-prices/anthropic/claude-opus-4-8')])).toEqual([['anthropic/claude-opus-4-8', 'anthropic/claude-opus-4.8', 'punctuation']]);
    expect(pairs([catalog('openai/gpt-chat-latest'), made('openai/gpt-chat', 'genai-prices/openai/gpt-chat-latest')])).toEqual([['openai/gpt-chat', 'openai/gpt-chat-latest', 'same_name']]);
    // The maker's own model of a floating name is not the fixed model our id of that spelling is (DeepSeek V3).
    expect(pairs([catalog('deepseek/deepseek-chat'), made('deepseek/deepseek-chat-latest', 'genai-prices/deepseek/deepseek-chat')])).toEqual([]);
    // A model part of another is published once: no pair.
    expect(pairs([catalog('anthropic/claude-opus-4.8'), { ...made('anthropic/claude-opus-4-8', 'genai-prices/anthropic/claude-opus-4-8'), part_of: 'anthropic/claude-opus-4.8' }])).toEqual([]);
  });

  it("finds two models that carry one of a maker's names each: OpenAI's aliases, Mistral's apiNames and display names", () => {
    const openai = [row('openai-deprecations', 'gpt-4-0613', null, ['gpt-4', 'gpt-4-completions']), row('openai-deprecations', 'gpt-4', null)];
    expect(findDuplicateModels([catalog('openai/gpt-4'), made('openai/gpt-4-0613', 'litellm/gpt-4-0613'), catalog('openai/gpt-4-0314')], openai)).toEqual([
      { models: ['openai/gpt-4', 'openai/gpt-4-0613'], reason: 'maker_name', name: 'gpt-4', said_by: 'openai-deprecations gpt-4-0613' },
    ]);
    const mistral = [
      row('mistral-deprecations', 'mistral-medium-2505', 'Mistral Medium 3'),
      // Mistral's `mistral-medium-3` is also an alias of Medium 3.5: Medium 3's display name wins, the alias says nothing.
      row('mistral-deprecations', 'mistral-medium-3-5', 'Mistral Medium 3.5', ['mistral-medium-3', 'mistral-medium-latest']),
      row('mistral-deprecations', 'magistral-medium-2509', 'Magistral Medium 1.2', ['magistral-medium-latest']),
      row('mistral-deprecations', 'mistral-small-2506', 'Mistral Small 3.2'),
    ];
    expect(
      pairs(
        [
          catalog('mistralai/mistral-medium-3'),
          catalog('mistralai/mistral-medium-3-5'),
          made('mistralai/mistral-medium-2505', 'modelsdev/mistral/mistral-medium-2505'),
          made('mistralai/magistral-medium-2509', 'litellm/mistral/magistral-medium-2509'),
          made('mistralai/magistral-medium-1-2-2509', 'litellm/mistral/magistral-medium-1-2-2509'),
          catalog('mistralai/mistral-small-3.2-24b-instruct', 'mistralai/mistral-small-3.2-24b-instruct-2506'),
          made('mistralai/mistral-small-2506', 'modelsdev/mistral/mistral-small-2506'),
        ],
        mistral,
      ),
    ).toEqual([
      ['mistralai/magistral-medium-1-2-2509', 'mistralai/magistral-medium-2509', 'maker_name'],
      ['mistralai/mistral-medium-2505', 'mistralai/mistral-medium-3', 'maker_name'],
      ['mistralai/mistral-small-2506', 'mistralai/mistral-small-3.2-24b-instruct', 'maker_name'],
    ]);
    const entries = makerEntries(mistral).get('mistralai')!;
    expect(entries.find((e) => e.said_by.endsWith('mistral-medium-3-5'))!.names).toEqual(new Set(['mistral-medium-3-5', 'mistral-medium-latest']));
  });

  it("finds OpenRouter's canonical slug as the makers date it, reasoning pairs and Google's stable names", () => {
    const grok = catalog('x-ai/grok-4.20', 'x-ai/grok-4.20-20260309');
    expect(pairs([grok, made('x-ai/grok-4.20-0309-reasoning', 'litellm/xai/grok-4.20-0309-reasoning'), made('x-ai/grok-4.20-0309-non-reasoning', 'modelsdev/xai/grok-4.20-0309-non-reasoning')])).toEqual([
      ['x-ai/grok-4.20', 'x-ai/grok-4.20-0309-non-reasoning', 'dated_name'],
      ['x-ai/grok-4.20', 'x-ai/grok-4.20-0309-reasoning', 'dated_name'],
      ['x-ai/grok-4.20-0309-non-reasoning', 'x-ai/grok-4.20-0309-reasoning', 'dated_name'],
    ]);
    expect(pairs([catalog('mistralai/mistral-medium-3-5', 'mistralai/mistral-medium-3.5-20260430'), made('mistralai/mistral-medium-2604', 'litellm/mistral/mistral-medium-2604'), made('mistralai/mistral-medium-2505', 'litellm/mistral/mistral-medium-2505')])).toEqual([
      ['mistralai/mistral-medium-2604', 'mistralai/mistral-medium-3-5', 'dated_name'],
    ]);
    // xAI's page lists both settings of one name: one model.
    const xai = [row('xai-deprecations', 'grok-4-1-fast-reasoning', null), row('xai-deprecations', 'grok-4-1-fast-non-reasoning', null)];
    expect(pairs([catalog('x-ai/grok-4.1-fast'), made('x-ai/grok-4-1-fast-reasoning', 'litellm/xai/grok-4-1-fast-reasoning-latest')], xai)).toEqual([['x-ai/grok-4-1-fast-reasoning', 'x-ai/grok-4.1-fast', 'maker_name']]);
    // A lone `-reasoning` is a model of its own; OpenRouter's variant listing keeps its model's canonical slug apart.
    expect(pairs([catalog('microsoft/phi-4'), catalog('microsoft/phi-4-reasoning')])).toEqual([]);
    expect(pairs([catalog('anthropic/claude-3.7-sonnet', 'anthropic/claude-3-7-sonnet-20250219'), catalog('anthropic/claude-3.7-sonnet-thinking', 'anthropic/claude-3-7-sonnet-20250219', 'anthropic/claude-3.7-sonnet:thinking')])).toEqual([]);
    expect(pairs([catalog('google/gemini-2.0-flash-001'), made('google/gemini-2.0-flash', 'genai-prices/google/gemini-2.0-flash')])).toEqual([['google/gemini-2.0-flash', 'google/gemini-2.0-flash-001', 'stable_name']]);
    expect(pairs([made('google/imagen-3.0-generate-001', 'litellm/imagen-3.0-generate-001'), made('google/imagen-3.0-generate-002', 'litellm/imagen-3.0-generate-002')])).toEqual([]);
  });

  it('names both models in a typed error', () => {
    const [pair] = findDuplicateModels([catalog('openai/gpt-4'), made('openai/gpt-4-0613', 'litellm/gpt-4-0613')], [row('openai-deprecations', 'gpt-4-0613', null, ['gpt-4'])]);
    const error = new DuplicateModelsError(pair!);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DuplicateModelsError');
    expect(error.message).toBe('openai/gpt-4 and openai/gpt-4-0613 are one model (maker name gpt-4, openai-deprecations gpt-4-0613)');
  });
});
