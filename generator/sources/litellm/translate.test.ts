import { describe, expect, it } from 'vitest';
import { factOf, parseFailure } from '../../testing/json-source.js';
import { llmCatalog, llmFile, llmRecord } from './fixtures.js';
import { parseLiteLlm } from './parse.js';
import { translateLiteLlm } from './translate.js';

const url = 'http://127.0.0.1/model_prices_and_context_window.json';

/** Through JSON text, as the file arrives: `undefined` fields disappear, 2000000.0 reads as 2000000. */
function observe(records: Record<string, unknown>) {
  return translateLiteLlm(parseLiteLlm(JSON.parse(JSON.stringify(llmFile(records))), url));
}

const schemaFailure = (json: unknown) => parseFailure(() => parseLiteLlm(json, url));

describe('translateLiteLlm', () => {
  it('converts per-token prices to USD per 1M tokens, keeping cache prices, limits and provider', () => {
    const observation = translateLiteLlm(parseLiteLlm(llmCatalog(), url));
    expect(observation.issues).toEqual([]);
    expect(observation.facts.map((f) => f.source_key)).toEqual([
      'azure/gpt-4o',
      'claude-sonnet-4-5',
      'gemini/gemini-2.5-pro',
      'gpt-4o',
      'groq/llama-3.3-70b-versatile',
      'text-embedding-3-small',
      'xai/grok-4-1-fast',
    ]);
    expect(factOf(observation, 'gpt-4o')).toEqual({
      source: 'litellm',
      source_key: 'gpt-4o',
      provider: 'openai',
      author: 'openai',
      model_name: 'gpt-4o',
      price: { input: 2.5, output: 10, cache_read: 1.25, cache_write: null },
      price_tiers: [],
      context_length: 128000,
      max_output: 16384,
      retirement_date: null,
      deprecated: false,
      benchmarks: {},
      type: 'chat',
      modalities: { input: ['image', 'text'], output: ['text'] },
    });
    expect(factOf(observation, 'claude-sonnet-4-5').price).toEqual({ input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 });
    // 2000000.0 in the file is a whole number of tokens.
    expect(factOf(observation, 'xai/grok-4-1-fast')).toMatchObject({ context_length: 2000000, max_output: 2000000, price: { input: 0.2, output: 0.5 } });
  });

  it('names the author only where the provider is the author, and strips only the provider prefix', () => {
    const observation = observe({
      'gemini/gemini-2.5-flash': llmRecord({ provider: 'gemini' }),
      'azure/gpt-4o': llmRecord({ provider: 'azure' }),
      'groq/llama-3.3-70b-versatile': llmRecord({ provider: 'groq' }),
      'vertex_ai/claude-opus-4-1': llmRecord({ provider: 'vertex_ai-anthropic_models' }),
      'command-r': llmRecord({ provider: 'cohere_chat' }),
      'mistral/mistral-large-latest': llmRecord({ provider: 'mistral' }),
      'toString/x': llmRecord({ provider: 'toString' }),
    });
    const summary = Object.fromEntries(observation.facts.map((f) => [f.source_key, [f.provider, f.author, f.model_name]]));
    expect(summary).toEqual({
      'azure/gpt-4o': ['azure', null, 'gpt-4o'],
      'command-r': ['cohere_chat', 'cohere', 'command-r'],
      'gemini/gemini-2.5-flash': ['gemini', 'google', 'gemini-2.5-flash'],
      'groq/llama-3.3-70b-versatile': ['groq', null, 'llama-3.3-70b-versatile'],
      'mistral/mistral-large-latest': ['mistral', 'mistral', 'mistral-large-latest'],
      'toString/x': ['toString', null, 'x'],
      'vertex_ai/claude-opus-4-1': ['vertex_ai-anthropic_models', null, 'vertex_ai/claude-opus-4-1'],
    });
  });

  it("reads the makers' own non-chat records, and skips the documentation entry, resellers' non-chat records and sizes without counting them as bad", () => {
    const parsed = parseLiteLlm(llmCatalog(), url);
    expect(parsed.skipped).toBe(2); // sample_spec, a pricing bucket without a mode
    expect(parsed.invalid).toEqual([]);
    expect(parsed.records.map((r) => r.key)).toContain('text-embedding-3-small');
    const more = parseLiteLlm(llmFile({ 'azure/text-embedding-3-small': llmRecord({ provider: 'azure', mode: 'embedding' }), '1024-x-1024/dall-e-3': llmRecord({ provider: 'openai', mode: 'image_generation' }), 'dall-e-3': llmRecord({ provider: 'openai', mode: 'image_generation' }), chat: llmRecord({ provider: 'openai' }) }), url);
    expect(more.records.map((r) => r.key)).toEqual(['1024-x-1024/dall-e-3', 'dall-e-3', 'chat']);
  });

  it("prices an image model per image by size and quality, its generation price as an output image, and a transcription per minute", () => {
    const image = (fields: Record<string, unknown>) => llmRecord({ provider: 'openai', mode: 'image_generation', input: null, output: null, fields });
    const observation = observe({
      'dall-e-3': image({ input_cost_per_image: 0.04 }),
      'standard/1024-x-1024/dall-e-3': image({ input_cost_per_pixel: 3.81469e-8, output_cost_per_pixel: 0 }),
      'standard/1024-x-1792/dall-e-3': image({ input_cost_per_pixel: 4.359e-8, output_cost_per_pixel: 0 }),
      'hd/1024-x-1024/dall-e-3': image({ input_cost_per_pixel: 7.629e-8, output_cost_per_pixel: 0 }),
      'hd/1792-x-1024/dall-e-3': image({ input_cost_per_pixel: 6.539e-8, output_cost_per_pixel: 0 }),
      'low/1024-x-1536/gpt-image-1.5': image({ input_cost_per_image: 0.013 }),
      // A size whose model LiteLLM does not list stays a record of its own, as before.
      '256-x-256/dall-e-9': image({ input_cost_per_pixel: 2.4414e-7 }),
      'whisper-1': llmRecord({ provider: 'openai', mode: 'audio_transcription', input: 0, output: 0, fields: { input_cost_per_second: 0.0001, output_cost_per_second: 0.0001 } }),
    });
    expect(observation.facts.map((f) => f.source_key)).toEqual(['256-x-256/dall-e-9', 'dall-e-3', 'low/1024-x-1536/gpt-image-1.5', 'whisper-1']);
    expect(factOf(observation, 'dall-e-3').unit_prices).toEqual([
      { unit: 'image', kind: 'output_image', usd: 0.04 },
      { unit: 'image', kind: 'output_image', usd: 0.08, size: '1024x1024', quality: 'hd' },
      { unit: 'image', kind: 'output_image', usd: 0.12, size: '1792x1024', quality: 'hd' },
      { unit: 'image', kind: 'output_image', usd: 0.04, size: '1024x1024', quality: 'standard' },
      { unit: 'image', kind: 'output_image', usd: 0.08, size: '1024x1792', quality: 'standard' },
    ]);
    expect(factOf(observation, 'whisper-1').unit_prices).toEqual([{ unit: 'minute', kind: 'input_audio', usd: 0.006 }]);
  });

  it("states each record's type from its mode (an unknown mode is other) and reads non-text prices as unit prices, never as input/output", () => {
    const observation = observe({
      'text-embedding-3-small': llmRecord({ provider: 'openai', mode: 'embedding', input: 2e-8, output: 0 }),
      'gpt-image-1': llmRecord({ provider: 'openai', mode: 'image_generation', input: 5e-6, output: null, fields: { input_cost_per_image_token: 1e-5, output_cost_per_image_token: 4e-5 } }),
      'gemini/gemini-3-pro-image-preview': llmRecord({ provider: 'gemini', mode: 'image_generation', input: 2e-6, output: 1.2e-5, fields: { output_cost_per_image_token: 1.2e-4, output_cost_per_image: 0.134 } }),
      'gpt-4o-mini-tts': llmRecord({ provider: 'openai', mode: 'audio_speech', input: 6e-7, output: 1.2e-5, fields: { output_cost_per_audio_token: 1.2e-5 } }),
      'gpt-realtime': llmRecord({ provider: 'openai', mode: 'realtime', input: 4e-6, output: 1.6e-5, fields: { input_cost_per_audio_token: 3.2e-5, output_cost_per_audio_token: 6.4e-5 } }),
      'whisper-1': llmRecord({ provider: 'openai', mode: 'audio_transcription', input: 0, output: 0, fields: { input_cost_per_second: 0.0001 } }),
      'mistral-ocr-latest': llmRecord({ provider: 'mistral', mode: 'ocr', input: 0, output: 0, fields: { ocr_cost_per_page: 0.001 } }),
      'gemini/veo-3': llmRecord({ provider: 'gemini', mode: 'video_generation', input: 0, output: 0, fields: { output_cost_per_second: 0.75 } }),
    });
    const summary = Object.fromEntries(observation.facts.map((f) => [f.source_key, [f.type, f.price, f.input_only_price ?? null, f.unit_prices ?? []]]));
    expect(summary).toEqual({
      'text-embedding-3-small': ['embedding', null, 0.02, []],
      'gpt-image-1': ['image', null, 5, [{ unit: '1m_tokens', kind: 'input_image', usd: 10 }, { unit: '1m_tokens', kind: 'output_image', usd: 40 }]],
      // Text output $12 per 1M tokens; image output tokens $120 per 1M, never the text output price.
      'gemini/gemini-3-pro-image-preview': ['image', { input: 2, output: 12, cache_read: null, cache_write: null }, null, [{ unit: '1m_tokens', kind: 'output_image', usd: 120 }, { unit: 'image', kind: 'output_image', usd: 0.134 }]],
      'gpt-4o-mini-tts': ['audio', { input: 0.6, output: 12, cache_read: null, cache_write: null }, null, [{ unit: '1m_tokens', kind: 'output_audio', usd: 12 }]],
      'gpt-realtime': ['realtime', { input: 4, output: 16, cache_read: null, cache_write: null }, null, [{ unit: '1m_tokens', kind: 'input_audio', usd: 32 }, { unit: '1m_tokens', kind: 'output_audio', usd: 64 }]],
      'whisper-1': ['audio', null, null, [{ unit: 'minute', kind: 'input_audio', usd: 0.006 }]],
      'mistral-ocr-latest': ['other', null, null, []],
      'gemini/veo-3': ['video', null, null, [{ unit: 'second', kind: 'output_video', usd: 0.75 }]],
    });
    expect(factOf(observation, 'gpt-realtime').modalities).toEqual({ input: ['audio', 'text'], output: ['audio', 'text'] });
    expect(factOf(observation, 'whisper-1').modalities).toEqual({ input: ['audio'], output: ['text'] });
  });

  it('refuses a negative or non-number unit price with an issue, keeping the record', () => {
    const observation = observe({ 'tts-1': llmRecord({ provider: 'openai', mode: 'audio_speech', input: 0, output: 0, fields: { input_cost_per_character: -0.000015, output_cost_per_audio_token: 'NaN' } }) });
    expect(factOf(observation, 'tts-1')).toMatchObject({ type: 'audio', price: null });
    expect(factOf(observation, 'tts-1').unit_prices).toBeUndefined();
    expect(observation.issues.map((i) => i.reason)).toEqual(['output_cost_per_audio_token is not a number: "NaN"', 'input_cost_per_character is negative: -0.000015']);
  });

  it('reads long-context tiers at their threshold, a missing tier field costing the base price', () => {
    const observation = translateLiteLlm(parseLiteLlm(llmCatalog(), url));
    expect(factOf(observation, 'claude-sonnet-4-5').price_tiers).toEqual([
      { min_prompt_tokens: 200000, input: 6, output: 22.5, cache_read: 0.6, cache_write: 7.5 },
    ]);
    // No cache-write price in the tier (nor in the base) and `_priority` variants are not tiers.
    expect(factOf(observation, 'gemini/gemini-2.5-pro').price_tiers).toEqual([
      { min_prompt_tokens: 200000, input: 2.5, output: 15, cache_read: 0.25, cache_write: null },
    ]);
    const multi = observe({
      'gpt-5.9': llmRecord({
        provider: 'openai',
        input: 1e-6,
        output: 8e-6,
        fields: { output_cost_per_token_above_512k_tokens: 2e-5, input_cost_per_token_above_272k_tokens: 2e-6, input_cost_per_token_above_272k_tokens_flex: 1e-6 },
      }),
    });
    expect(factOf(multi, 'gpt-5.9').price_tiers).toEqual([
      { min_prompt_tokens: 272000, input: 2, output: 8, cache_read: null, cache_write: null },
      { min_prompt_tokens: 512000, input: 1, output: 20, cache_read: null, cache_write: null },
    ]);
  });

  it('keeps real deprecation dates, flags YYYY-MM ones and treats absent ones as none', () => {
    const observation = observe({
      dated: llmRecord({ provider: 'openai', fields: { deprecation_date: '2026-09-30' } }),
      'month-only': llmRecord({ provider: 'openai', fields: { deprecation_date: '2026-09' } }),
      impossible: llmRecord({ provider: 'openai', fields: { deprecation_date: '2026-02-30' } }),
      placeholder: llmRecord({ provider: 'openai', fields: { deprecation_date: '2099-12-31' } }),
      undated: llmRecord({ provider: 'openai' }),
    });
    const dates = Object.fromEntries(observation.facts.map((f) => [f.source_key, [f.retirement_date, f.deprecated]]));
    expect(dates).toEqual({
      dated: ['2026-09-30', true],
      impossible: [null, true],
      'month-only': [null, true],
      placeholder: [null, false],
      undated: [null, false],
    });
    expect(observation.issues).toEqual([
      { source: 'litellm', source_key: 'month-only', reason: expect.stringMatching(/^deprecation_date: .*YYYY-MM-DD.*"2026-09"/) },
      { source: 'litellm', source_key: 'impossible', reason: expect.stringMatching(/"2026-02-30"/) },
    ]);
    // A bad date never holds back the price.
    expect(factOf(observation, 'month-only').price).not.toBeNull();
  });

  it('holds back per-1M values written in per-token fields as a unit error', () => {
    const observation = observe({
      'wandb/model': llmRecord({ provider: 'wandb', input: 2.5, output: 10 }),
      'tier-only': llmRecord({ provider: 'openai', input: 1e-6, output: 2e-6, fields: { output_cost_per_token_above_200k_tokens: 15 } }),
      'cache-only': llmRecord({ provider: 'openai', fields: { cache_read_input_token_cost: 0.5 } }),
      'at-limit': llmRecord({ provider: 'openai', input: 0.01, output: 0.01 }),
      fine: llmRecord({ provider: 'openai' }),
    });
    for (const key of ['wandb/model', 'tier-only', 'cache-only']) {
      expect(factOf(observation, key)).toMatchObject({ price: null, price_tiers: [] });
    }
    expect(observation.issues.map((i) => i.source_key)).toEqual(['wandb/model', 'wandb/model', 'tier-only', 'cache-only']);
    for (const issue of observation.issues) expect(issue.reason).toMatch(/^unit error: .* per token = .* USD per 1M tokens, over the plausible 10000/);
    expect(observation.issues[0]?.reason).toContain('input_cost_per_token is 2.5 USD per token = 2500000 USD per 1M tokens');
    // Exactly the plausible maximum is still a price (the shared MAX_PLAUSIBLE_PRICE_PER_M is inclusive).
    expect(factOf(observation, 'at-limit').price).toMatchObject({ input: 10000, output: 10000 });
    expect(factOf(observation, 'fine').price).toMatchObject({ input: 1, output: 2 });
  });

  it('treats -1 and missing prices as unknown without an issue', () => {
    const observation = observe({
      variable: llmRecord({ provider: 'openrouter', input: -1, output: -1 }),
      'no-output': llmRecord({ provider: 'openai', fields: { output_cost_per_token: undefined } }),
      'cache-unknown': llmRecord({ provider: 'openai', fields: { cache_read_input_token_cost: -1 } }),
    });
    expect(observation.issues).toEqual([]);
    expect(factOf(observation, 'variable').price).toBeNull();
    expect(factOf(observation, 'no-output').price).toBeNull();
    expect(factOf(observation, 'cache-unknown').price).toEqual({ input: 1, output: 2, cache_read: null, cache_write: null });
  });

  it.each([
    ['negative', { input_cost_per_token: -2e-6 }, /input_cost_per_token is negative/],
    ['non-numeric', { output_cost_per_token: 'free' }, /output_cost_per_token is not a number/],
    ['negative cache', { cache_creation_input_token_cost: -0.5 }, /cache_creation_input_token_cost is negative/],
  ])('holds back a %s price with an issue', (_label, fields, reason) => {
    const observation = observe({ bad: llmRecord({ provider: 'openai', fields }), good: llmRecord({ provider: 'openai' }) });
    expect(factOf(observation, 'bad').price).toBeNull();
    expect(factOf(observation, 'good').price).not.toBeNull();
    expect(observation.issues).toEqual([{ source: 'litellm', source_key: 'bad', reason: expect.stringMatching(reason) }]);
  });

  it('treats 0/0 as an unknown price, but keeps a single free side', () => {
    const observation = observe({
      'gemini/gemini-exp-1206': llmRecord({ provider: 'gemini', input: 0, output: 0, fields: { input_cost_per_token_above_128k_tokens: 0 } }),
      'free-input': llmRecord({ provider: 'openai', input: 0, output: 4e-7 }),
    });
    expect(observation.issues).toEqual([]);
    expect(factOf(observation, 'gemini/gemini-exp-1206')).toMatchObject({ price: null, price_tiers: [] });
    expect(factOf(observation, 'free-input').price).toEqual({ input: 0, output: 0.4, cache_read: null, cache_write: null });
  });

  it('isolates a malformed record as an issue and keeps the rest', () => {
    const good = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`good-${i}`, llmRecord({ provider: 'openai' })]));
    const observation = observe({ ...good, broken: llmRecord({ provider: 'openai', max_input_tokens: 'lots' as unknown as number }) });
    expect(observation.facts).toHaveLength(9);
    expect(observation.issues).toEqual([
      { source: 'litellm', source_key: 'broken', reason: expect.stringMatching(/^record does not match the schema: \/max_input_tokens/) },
    ]);
  });
});

describe('parseLiteLlm', () => {
  it('rejects a response of the wrong shape as invalid_schema', () => {
    for (const json of [[], 'model_prices', null, { sample_spec: {} }, { data: [llmRecord({ provider: 'openai' })] }]) {
      const error = schemaFailure(json);
      expect(error.kind).toBe('invalid_schema');
      expect(error.source).toBe('litellm');
    }
    expect(schemaFailure([]).message).toMatch(/not a LiteLLM price map/);
    expect(schemaFailure({ sample_spec: {} }).message).toMatch(/no chat or completion records/);
  });

  it('fails the whole file when more than 20% of the chat records are malformed', () => {
    const good = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`good-${i}`, llmRecord({ provider: 'openai' })]));
    // 2 of 10 (20%) is tolerated; 3 of 11 is not. A reseller's non-chat records (out of scope) do not dilute the share.
    const two = { ...good, bad1: llmRecord({ provider: '' }), bad2: 'not a record' };
    expect(parseLiteLlm(llmFile(two), url).invalid.map((r) => r.key)).toEqual(['bad1', 'bad2']);
    const three = { ...two, bad3: llmRecord({ provider: 'openai', mode: 7 as unknown as string }), embed: llmRecord({ provider: 'azure', mode: 'embedding' }) };
    expect(schemaFailure(llmFile(three)).message).toMatch(/3 of 11 chat records do not match/);
  });
});
