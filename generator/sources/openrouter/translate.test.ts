import { describe, expect, it } from 'vitest';
import { orEndpoints, orModel, orModelsPage } from './fixtures.js';
import { translateEndpoints } from './endpoints.js';
import { parseCatalog, parseEndpoints, parseModelsPage } from './parse.js';
import { translateCatalog } from './translate.js';

function observe(models: object[]) {
  const page = parseModelsPage(orModelsPage(models), 'http://127.0.0.1/models');
  return translateCatalog(parseCatalog([page], 'http://127.0.0.1/models'));
}

describe('translateCatalog', () => {
  it('strips bidirectional controls from upstream names, descriptions and provider names', () => {
    const controls = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    const { models } = observe([orModel({ id: 'evil/rlo', name: `Evil: Safe ${controls}model` })]);
    expect(models[0]?.name).toBe('Safe model');
    const withDescription = observe([{ ...orModel({ id: 'evil/rlo' }), description: `a\u202eb` }]);
    expect(withDescription.models[0]?.description).toBe('ab');
    const endpoints = translateEndpoints(parseEndpoints(orEndpoints('evil/rlo', [{ provider: 'Prov\u202eider', tag: 'p', prompt: '0.000001', completion: '0.000002' }]), 'http://127.0.0.1/e', 'evil/rlo'));
    expect(endpoints.items[0]?.provider).toBe('Provider');
  });

  it('converts per-token price strings to exact USD per 1M tokens', () => {
    const { models, issues } = observe([
      orModel({ id: 'deepseek/v4', pricing: { prompt: '0.00000014', completion: '0.00000028', input_cache_read: '0.0000000028' } }),
      orModel({ id: 'google/flash', pricing: { prompt: '0.0000015', completion: '0.0000075', input_cache_write: '0.00000008333333333333334' } }),
    ]);
    expect(issues).toEqual([]);
    expect(models.find((m) => m.id === 'deepseek/v4')?.price).toEqual({ input: 0.14, output: 0.28, cache_read: 0.0028, cache_write: null });
    expect(models.find((m) => m.id === 'google/flash')?.price).toEqual({ input: 1.5, output: 7.5, cache_read: null, cache_write: 0.0833333333333 });
  });

  it('reads long-context price tiers, sorted, and holds back a bad tier', () => {
    const { models, issues } = observe([
      orModel({
        id: 'qwen/flash',
        pricing: {
          prompt: '0.00000003',
          completion: '0.00000013',
          overrides: [
            { min_prompt_tokens: 256000, prompt: '0.0000002', completion: '0.0000008' },
            { min_prompt_tokens: 32000, prompt: '0.0000001', completion: '0.0000004', input_cache_read: '0.00000002' },
            { min_prompt_tokens: 500000, prompt: 'lots' },
          ],
        },
      }),
    ]);
    expect(models[0]?.price_tiers).toEqual([
      { min_prompt_tokens: 32000, input: 0.1, output: 0.4, cache_read: 0.02, cache_write: null },
      { min_prompt_tokens: 256000, input: 0.2, output: 0.8, cache_read: null, cache_write: null },
    ]);
    expect(models[0]?.price).toEqual({ input: 0.03, output: 0.13, cache_read: null, cache_write: null });
    expect(issues.map((i) => i.reason)).toEqual([expect.stringMatching(/tier from 500000 tokens held back: prompt is not a number/)]);
  });

  it('reads zero prompt and completion prices as unknown unless the id says free, and keeps the identity keys', () => {
    const { models, issues } = observe([
      { ...orModel({ id: 'google/lyria-x', pricing: { prompt: '0', completion: '0' } }), hugging_face_id: '', canonical_slug: 'google/lyria-x-20260330' },
      { ...orModel({ id: 'qwen/q3', prompt: '0.0000001', completion: '0.0000004' }), hugging_face_id: 'Qwen/Qwen3-235B-A22B-Instruct-2507' },
      orModel({ id: 'meta/llama-x:free', pricing: { prompt: '0', completion: '0' } }),
    ]);
    expect(models.find((m) => m.id === 'google/lyria-x')).toMatchObject({ price: null, price_held_back: false, canonical_slug: 'google/lyria-x-20260330' });
    expect(models.find((m) => m.id === 'google/lyria-x')?.hugging_face_id).toBeUndefined();
    expect(models.find((m) => m.id === 'qwen/q3')?.hugging_face_id).toBe('Qwen/Qwen3-235B-A22B-Instruct-2507');
    expect(models.find((m) => m.id === 'meta/llama-x')).toMatchObject({ price: null, free_variant: { upstream_id: 'meta/llama-x:free' } });
    expect(issues).toEqual([expect.objectContaining({ id: 'google/lyria-x', reason: expect.stringMatching(/0 without a free flag/) })]);
  });

  it('treats a missing prompt/completion as zero but a missing cache price as unknown', () => {
    const { models } = observe([orModel({ id: 'a/free-output', pricing: { prompt: '0.000001' } })]);
    expect(models[0]?.price).toEqual({ input: 1, output: 0, cache_read: null, cache_write: null });
  });

  it('accepts exactly 10,000 USD per 1M tokens', () => {
    const { models, issues } = observe([orModel({ id: 'a/costly', prompt: '0.01', completion: '0.01' })]);
    expect(issues).toEqual([]);
    expect(models[0]?.price).toMatchObject({ input: 10000, output: 10000 });
  });

  it('gives routers with -1 prices an unknown price without flagging them', () => {
    const { models, issues } = observe([orModel({ id: 'openrouter/auto', prompt: '-1', completion: '-1' })]);
    expect(models[0]?.price).toBeNull();
    expect(models[0]?.price_held_back).toBe(false);
    expect(issues).toEqual([]);
  });

  it.each([
    ['negative', { prompt: '-0.000002', completion: '0.000001' }, /negative/],
    ['non-numeric', { prompt: 'free', completion: '0.000001' }, /not a number/],
    ['absurd', { prompt: '0.5', completion: '0.000001' }, /implausible/],
    ['just over the 10,000 per 1M limit', { prompt: '0.0100001', completion: '0.000001' }, /implausible/],
    ['mixed garbage', { prompt: '1e', completion: '0.000001' }, /not a number/],
  ])('holds back a %s price instead of publishing it', (_label, pricing, reason) => {
    const { models, issues } = observe([orModel({ id: 'bad/price', pricing })]);
    expect(models[0]?.price).toBeNull();
    expect(models[0]?.price_held_back).toBe(true);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.id).toBe('bad/price');
    expect(issues[0]?.reason).toMatch(reason);
  });

  it('makes :free a variant of its base model that never sets the price', () => {
    const { models } = observe([
      orModel({ id: 'google/gemma-4', name: 'Google: Gemma 4', prompt: '0.0000001', completion: '0.0000003' }),
      orModel({ id: 'google/gemma-4:free', name: 'Google: Gemma 4 (free)', prompt: '0', completion: '0', context_length: 32768 }),
      orModel({ id: 'nvidia/only-free:free', name: 'NVIDIA: Only Free (free)', prompt: '0', completion: '0' }),
    ]);
    expect(models.map((m) => m.id)).toEqual(['google/gemma-4', 'nvidia/only-free']);
    const gemma = models[0]!;
    expect(gemma.name).toBe('Gemma 4');
    expect(gemma.price).toEqual({ input: 0.1, output: 0.3, cache_read: null, cache_write: null });
    expect(gemma.free_variant).toEqual({ upstream_id: 'google/gemma-4:free', context_length: 32768, max_output: 8192 });
    const onlyFree = models[1]!;
    expect(onlyFree.price).toBeNull();
    expect(onlyFree.name).toBe('Only Free');
    expect(onlyFree.upstream_id).toBe('nvidia/only-free:free');
  });

  it('keeps other variants as distinct models and skips ~aliases', () => {
    const alias = { ...orModel({ id: '~openai/gpt-latest' }), alias_target: { name: 'OpenAI: GPT-5', slug: 'openai/gpt-5' } };
    const { models, aliases_skipped } = observe([orModel({ id: 'qwen/qwen-plus:thinking' }), alias]);
    expect(models.map((m) => m.id)).toEqual(['qwen/qwen-plus-thinking']);
    expect(aliases_skipped).toBe(1);
  });

  it('derives capabilities from input modalities and supported parameters', () => {
    const { models } = observe([
      orModel({ id: 'a/vision', input_modalities: ['text', 'image'], supported_parameters: ['tools'] }),
      orModel({ id: 'a/thinker', supported_parameters: ['include_reasoning', 'reasoning'] }),
      orModel({ id: 'a/plain', supported_parameters: ['temperature'] }),
    ]);
    const caps = Object.fromEntries(models.map((m) => [m.id, m.capabilities]));
    expect(caps['a/vision']).toEqual({ vision: true, reasoning: false, tools: true });
    expect(caps['a/thinker']).toEqual({ vision: false, reasoning: true, tools: false });
    expect(caps['a/plain']).toEqual({ vision: false, reasoning: false, tools: false });
  });

  it('does not take a bare { mandatory: false } reasoning block as reasoning support', () => {
    const { models } = observe([
      orModel({ id: 'rekaai/edge', supported_parameters: ['tools'], reasoning: { mandatory: false } }),
      orModel({ id: 'a/efforts', supported_parameters: [], reasoning: { mandatory: false, supported_efforts: ['high', 'low'] } }),
      orModel({ id: 'a/always', supported_parameters: [], reasoning: { mandatory: true } }),
    ]);
    expect(Object.fromEntries(models.map((m) => [m.id, m.capabilities.reasoning]))).toEqual({ 'a/always': true, 'a/efforts': true, 'rekaai/edge': false });
  });

  it('survives a blank name and an absurd creation time', () => {
    const { models } = observe([{ ...orModel({ id: 'a/blank' }), name: '   ', created: 1e15 }]);
    expect(models[0]).toMatchObject({ id: 'a/blank', name: 'a/blank', created_at: null });
  });

  it('reads Artificial Analysis indices, treating 0 as "not measured"', () => {
    const { models } = observe([
      orModel({ id: 'a/smart', intelligence_index: 49.9, coding_index: 69.1 }),
      orModel({ id: 'a/unmeasured', intelligence_index: 0, coding_index: null }),
    ]);
    expect(models[0]?.benchmarks).toEqual({ intelligence_index: 49.9, coding_index: 69.1, math_index: null });
    expect(models[1]?.benchmarks).toEqual({ intelligence_index: null, coding_index: null, math_index: null });
  });

  it('keeps real retirement dates, drops 2098 placeholders and flags malformed ones', () => {
    const { models, issues } = observe([
      orModel({ id: 'openai/gpt-5.2-chat', expiration_date: '2026-08-10' }),
      orModel({ id: 'z-ai/glm-5-turbo', expiration_date: '2098-12-31' }),
      orModel({ id: 'a/month-only', expiration_date: '2026-09' }),
    ]);
    expect(Object.fromEntries(models.map((m) => [m.id, m.retirement_date]))).toEqual({
      'a/month-only': null,
      'openai/gpt-5.2-chat': '2026-08-10',
      'z-ai/glm-5-turbo': null,
    });
    expect(issues.map((i) => i.id)).toEqual(['a/month-only']);
  });

  it.each(['../../etc/passwd', 'a/b/c', 'a/..', 'a/b%2Fc', 'a/b c', 'ünï/côde', 'a/.hidden', '/a', 'a/', 'a/b:../x'])(
    'rejects the unsafe id %j without creating a model',
    (id) => {
      const { models, issues } = observe([orModel({ id }), orModel({ id: 'good/model' })]);
      expect(models.map((m) => m.id)).toEqual(['good/model']);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.upstream_id).toBe(id);
    },
  );

  it('lowercases ids and holds back conflicting duplicates, collapsing identical ones', () => {
    const same = orModel({ id: 'dup/same' });
    const { models, held, issues } = observe([
      same,
      same,
      orModel({ id: 'dup/conflict', prompt: '0.000001' }),
      orModel({ id: 'Dup/Conflict', prompt: '0.000009' }),
      orModel({ id: 'Upper/Case' }),
    ]);
    expect(models.map((m) => m.id)).toEqual(['dup/same', 'upper/case']);
    expect(held).toEqual(['dup/conflict']);
    expect(issues.map((i) => i.reason)).toEqual([expect.stringMatching(/2 identical/), expect.stringMatching(/2 conflicting/)]);
  });
});

describe('parseCatalog', () => {
  const url = 'http://127.0.0.1/models';

  it('rejects a response of the wrong shape', () => {
    expect(() => parseModelsPage({ models: [] }, url)).toThrow(/not a models list/);
    expect(() => parseModelsPage({ data: 'nope' }, url)).toThrow(/not a models list/);
    expect(() => parseCatalog([{ data: [] }], url)).toThrow(/empty/);
  });

  it('isolates a few malformed records but fails when most are malformed', () => {
    const good = Array.from({ length: 9 }, (_, i) => orModel({ id: `a/m${i}` }));
    const parsed = parseCatalog([{ data: [...good, { id: 'a/broken', name: 7 }] }], url);
    expect(parsed.models).toHaveLength(9);
    expect(parsed.invalid).toEqual([{ upstream_id: 'a/broken', reason: expect.stringContaining('/name') }]);
    const observation = translateCatalog(parsed);
    expect(observation.held).toEqual(['a/broken']);

    const bad = Array.from({ length: 5 }, (_, i) => ({ id: `a/b${i}`, pricing: 'x' }));
    expect(() => parseCatalog([{ data: [...good.slice(0, 5), ...bad] }], url)).toThrow(/5 of 10 records/);
  });
});

describe('translateEndpoints', () => {
  it('lists provider offers cheapest first with per-1M prices, quantization and uptime', () => {
    const response = parseEndpoints(
      orEndpoints('moonshotai/kimi-k3', [
        { provider: 'Morph', tag: 'morph/fast', prompt: '0.000006', completion: '0.0000225', quantization: 'fp4', uptime: null },
        { provider: 'Fireworks', prompt: '0.000003', completion: '0.000015' },
        { provider: 'Broken', prompt: '-5', completion: '0.000001' },
      ]),
      'http://127.0.0.1/e',
      'moonshotai/kimi-k3',
    );
    const { items, issues } = translateEndpoints(response);
    expect(items.map((e) => e.tag)).toEqual(['fireworks', 'morph/fast']);
    expect(items[0]).toMatchObject({ provider: 'Fireworks', price: { input: 3, output: 15 }, quantization: null, uptime_1d: 0.9925, free: false });
    expect(items[0]?.capabilities).toEqual({ vision: true, reasoning: true, tools: true });
    expect(items[1]).toMatchObject({ quantization: 'fp4', uptime_1d: null });
    expect(issues).toEqual([expect.stringMatching(/^broken: prompt is negative/)]);
  });

  it('marks an endpoint free only where its tag says so; an unflagged 0/0 is unknown', () => {
    const response = parseEndpoints(
      orEndpoints('a/b', [
        { provider: 'Chutes', tag: 'chutes/free', prompt: '0', completion: '0' },
        { provider: 'Odd', tag: 'odd', prompt: '0', completion: '0' },
      ]),
      'http://127.0.0.1/e',
      'a/b',
    );
    const { items, issues } = translateEndpoints(response);
    expect(items.find((e) => e.tag === 'chutes/free')).toMatchObject({ free: true, price: { input: 0, output: 0 } });
    expect(items.find((e) => e.tag === 'odd')).toMatchObject({ free: false, price: { input: null, output: null } });
    expect(issues).toEqual([expect.stringMatching(/^odd: prompt and completion prices are 0 without a free flag/)]);
  });

  it('rejects an endpoints response of the wrong shape', () => {
    expect(() => parseEndpoints({ data: { id: 'a/b' } }, 'http://127.0.0.1/e', 'a/b')).toThrow(/not an endpoints list/);
  });
});
