import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from './cheapest.js';
import { CostError, CostInputError, estimateCost, estimateEveryOffer, ProviderNotOfferedError, rankByCost, type TokenUsage } from './cost.js';
import { usageFromText } from './cost-usage.js';
import { decimalOf, microToUsd } from './exact-usd.js';
import { deepseek, detail, gpt4o, offer, price, SONNET_TIER, sonnet } from './cost-fixtures.js';

const usage = (input_tokens: number, output_tokens: number, cache_read_tokens?: number, cache_write_tokens?: number): TokenUsage => ({
  input_tokens,
  output_tokens,
  ...(cache_read_tokens === undefined ? {} : { cache_read_tokens }),
  ...(cache_write_tokens === undefined ? {} : { cache_write_tokens }),
});

const costs = (estimate: ReturnType<typeof estimateCost>) => Object.fromEntries(estimate.lines.map((l) => [l.part, [l.tokens, l.usd_per_million, l.cost_usd]]));

describe('estimateCost at the headline price', () => {
  it('prices fresh input, cache reads, cache writes and output, input_tokens counting the whole prompt', () => {
    const estimate = estimateCost(sonnet(), usage(100_000, 5_000, 20_000, 10_000));
    // 70,000 fresh × $3 + 20,000 × $0.30 + 10,000 × $3.75 + 5,000 × $15, per 1M tokens.
    expect(costs(estimate)).toEqual({ input: [70_000, 3, 0.21], cache_read: [20_000, 0.3, 0.006], cache_write: [10_000, 3.75, 0.0375], output: [5_000, 15, 0.075] });
    expect(estimate).toMatchObject({ total_usd: 0.3285, tier: null, provider: null, source: null, missing: [] });
  });

  it('pays the base rate at exactly a tier start and the tier rates, for every part, one token past it', () => {
    const at = estimateCost(sonnet(), usage(200_000, 1_000));
    expect([at.total_usd, at.tier]).toEqual([0.615, null]);
    const past = estimateCost(sonnet(), usage(200_001, 1_000, 1, 0));
    expect(costs(past)).toEqual({ input: [200_000, 6, 1.2], cache_read: [1, 0.6, 0.000001], cache_write: [0, 7.5, 0], output: [1_000, 22.5, 0.0225] });
    expect([past.total_usd, past.tier]).toEqual([1.222501, { min_prompt_tokens: 200_000 }]);
  });

  it('chooses the tier by the whole prompt, cache reads included, not by the fresh input', () => {
    // 50,000 fresh tokens alone would pay the base rates ($0.21 in all).
    const estimate = estimateCost(sonnet(), usage(250_000, 0, 200_000));
    expect([estimate.total_usd, estimate.tier]).toEqual([0.42, { min_prompt_tokens: 200_000 }]);
  });

  it('says which rate is unknown instead of guessing: an unknown cache-write price', () => {
    const writes = estimateCost(gpt4o(), usage(10_000, 100, 0, 1_000));
    expect(writes).toMatchObject({ total_usd: null, missing: ['cache_write'] });
    expect(costs(writes).cache_write).toEqual([1_000, null, null]);
    expect(costs(writes).input).toEqual([9_000, 2.5, 0.0225]);
    // Without cache writes the unknown rate is not needed.
    expect(estimateCost(gpt4o(), usage(10_000, 100, 4_000)).total_usd).toBe(0.021);
    const unpriced = detail('acme/songs', price(null, null));
    expect(estimateCost(unpriced, usage(10, 10))).toMatchObject({ total_usd: null, missing: ['input', 'output'] });
    expect(estimateCost(unpriced, usage(0, 0)).total_usd).toBe(0);
  });

  it('sums exactly to the micro-dollar, rounding half up once', () => {
    const model = detail('acme/exact', price(1.1, 2.2));
    expect(1.1 + 2.2).not.toBe(3.3);
    expect(estimateCost(model, usage(1_000_000, 1_000_000)).total_usd).toBe(3.3);
    // 123,456,789 × $2.99999 = 370,369,132.43211 micro-dollars.
    expect(estimateCost(detail('acme/odd', price(2.99999, 0)), usage(123_456_789, 0)).total_usd).toBe(370.369132);
    // Half a micro-dollar per line: each line rounds up, the exact total is one micro-dollar.
    const halves = estimateCost(detail('acme/tiny', price(0.1, 0.1)), usage(5, 5));
    expect(halves.lines.map((l) => l.cost_usd)).toEqual([0.000001, 0, 0, 0.000001]);
    expect(halves.total_usd).toBe(0.000001);
    // Rates in exponent form (as String() prints tiny numbers) are exact too.
    expect(estimateCost(detail('acme/small', price(5e-7, 0)), usage(4_000_000, 0)).total_usd).toBe(0.000002);
  });
});

describe('estimateCost of image and audio parts', () => {
  // Gemini 2.5 Flash Image as Google bills it: text output $2.50, image output tokens $30 per 1M
  // (1,290 an image); and an audio model's audio in and out per 1M tokens.
  const image = detail('google/gemini-2.5-flash-image', price(0.3, 2.5), {
    unit_prices: [
      { unit: '1m_tokens', kind: 'output_image', usd: 30, source: 'litellm' },
      { unit: 'image', kind: 'output_image', usd: 0.039, source: 'litellm' },
    ],
  });
  const audio = detail('openai/gpt-audio', price(2.5, 10), { unit_prices: [{ unit: '1m_tokens', kind: 'input_audio', usd: 32, source: 'litellm' }, { unit: '1m_tokens', kind: 'output_audio', usd: 64, source: 'litellm' }] });

  it('prices text output at the text rate and the image tokens of the output at the image rate, each a line of its own', () => {
    // 48 text output tokens: $2.50 a million, never the image rate.
    const text = estimateCost(image, usage(18, 48));
    expect(text).toMatchObject({ total_usd: 0.000125, missing: [] });
    // 1,304 output tokens of which 1,290 are an image: 14 text tokens at $2.50, 1,290 at $30.
    const picture = estimateCost(image, { input_tokens: 10, output_tokens: 1_304, output_image_tokens: 1_290 });
    expect(costs(picture)).toEqual({ input: [10, 0.3, 0.000003], cache_read: [0, null, 0], cache_write: [0, null, 0], output: [14, 2.5, 0.000035], output_image: [1_290, 30, 0.0387] });
    expect(picture.total_usd).toBe(0.038738);
  });

  it('prices audio in and out at the audio rates, and says which media rate is unknown', () => {
    const estimate = estimateCost(audio, { input_tokens: 1_000, input_audio_tokens: 600, output_tokens: 500, output_audio_tokens: 400 });
    expect(costs(estimate)).toMatchObject({ input: [400, 2.5, 0.001], input_audio: [600, 32, 0.0192], output: [100, 10, 0.001], output_audio: [400, 64, 0.0256] });
    expect(estimate.total_usd).toBe(0.0468);
    // Audio read from the cache, as genai-prices counts it: part of the cache reads and of the audio input.
    const cached = estimateCost(audio, { input_tokens: 1_000, cache_read_tokens: 500, input_audio_tokens: 600, cache_audio_read_tokens: 300, output_tokens: 0 });
    expect(costs(cached)).toMatchObject({ input: [200, 2.5, 0.0005], cache_read: [200, null, null], input_audio: [300, 32, 0.0096], cache_read_audio: [300, null, null] });
    expect(cached.missing).toEqual(['cache_read', 'cache_read_audio']);
    const unknown = estimateCost(audio, { input_tokens: 10, output_tokens: 10, output_image_tokens: 5 });
    expect(unknown).toMatchObject({ total_usd: null, missing: ['output_image'] });
    // A part given as 0 is listed and costs nothing.
    expect(estimateCost(image, { input_tokens: 10, output_tokens: 10, output_audio_tokens: 0 })).toMatchObject({ missing: [], lines: expect.arrayContaining([{ part: 'output_audio', tokens: 0, usd_per_million: null, cost_usd: 0 }]) });
  });

  it('refuses parts larger than what they are part of, and ranking with media parts', () => {
    expect(() => estimateCost(image, { input_tokens: 10, output_tokens: 100, output_image_tokens: 90, output_audio_tokens: 20 })).toThrow(/output_audio_tokens: image and audio output \(90 \+ 20\) are more than output_tokens \(100\)/);
    expect(() => estimateCost(audio, { input_tokens: 100, cache_read_tokens: 50, input_audio_tokens: 60, output_tokens: 1 })).toThrow(/input_audio_tokens: 60 audio tokens not read from the cache are more than the fresh input \(50\)/);
    expect(() => estimateCost(audio, { input_tokens: 100, cache_read_tokens: 50, input_audio_tokens: 10, cache_audio_read_tokens: 20, output_tokens: 1 })).toThrow(/cache_audio_read_tokens: 20 is more than/);
    expect(() => rankByCost([], { input_tokens: 10, output_tokens: 10, output_image_tokens: 1 }, DEFAULT_QUERY, null)).toThrow(CostInputError);
  });
});

describe('estimateCost for a provider', () => {
  it("reads the provider's standard offer, the curated first-party price first, with its tiers", () => {
    const estimate = estimateCost(sonnet(), usage(300_000, 0), { provider: 'anthropic' });
    expect(estimate).toMatchObject({ total_usd: 1.8, tier: { min_prompt_tokens: 200_000 }, provider: 'anthropic', source: 'genai-prices' });
    const withoutCurated = sonnet();
    withoutCurated.endpoints = withoutCurated.endpoints.filter((o) => (o.source as string) !== 'genai-prices');
    // Then the provider's own list through LiteLLM (before OpenRouter's endpoint), tiers from its direct price list.
    expect(estimateCost(withoutCurated, usage(1_000, 0), { provider: 'anthropic' })).toMatchObject({ provider: 'anthropic', source: 'litellm', total_usd: 0.003 });
  });

  it('never prices a batch, regional, data-zone or time-window variant', () => {
    // Bedrock's standard offer ($3), not its EU data zone ($3.30); tiers from the direct price list.
    expect(estimateCost(sonnet(), usage(300_000, 0), { provider: 'amazon-bedrock' })).toMatchObject({ total_usd: 1.8, source: 'litellm' });
    // DeepSeek's standard rate, not the off-peak discount.
    expect(estimateCost(deepseek(), usage(1_000_000, 0), { provider: 'deepseek' }).total_usd).toBe(0.27);
    expect(() => estimateCost(sonnet(), usage(1, 1), { provider: 'google-vertex' })).toThrow(/google-vertex offers anthropic\/claude-sonnet-4 only as regional \(us-east5\), never at a standard price/);
  });

  it('refuses a provider the model is not offered by, naming those it is', () => {
    let error: unknown;
    try {
      estimateCost(sonnet(), usage(1, 1), { provider: 'mistral' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ProviderNotOfferedError);
    expect(error).toMatchObject({ code: 'not_offered', provider: 'mistral', offered: ['amazon-bedrock', 'anthropic', 'databricks'] });
    expect((error as Error).message).toBe('anthropic/claude-sonnet-4 is not offered by "mistral" (offered by amazon-bedrock, anthropic, databricks)');
    expect(() => estimateCost(sonnet(), usage(1, 1), { provider: '' })).toThrow(CostInputError);
  });

  it('misses price_tiers for an offer without known tiers past a start the model has, and only there', () => {
    expect(estimateCost(sonnet(), usage(300_000, 10), { provider: 'databricks' })).toMatchObject({ total_usd: null, tier: null, missing: ['price_tiers'] });
    expect(estimateCost(sonnet(), usage(1_000, 0), { provider: 'databricks' }).total_usd).toBe(0.003);
  });

  it('prices the headline and each provider once, for a cost box', () => {
    const all = estimateEveryOffer(sonnet(), usage(1_000_000, 0));
    expect(all.map((e) => [e.provider, e.source, e.total_usd])).toEqual([
      [null, null, 6],
      ['amazon-bedrock', 'litellm', 6],
      ['anthropic', 'genai-prices', 6],
      ['databricks', 'litellm', null],
    ]);
  });
});

describe('bad input', () => {
  const cases: Array<[unknown, string]> = [
    [{ input_tokens: -1, output_tokens: 0 }, 'input_tokens'],
    [{ input_tokens: 1.5, output_tokens: 0 }, 'input_tokens'],
    [{ input_tokens: '100', output_tokens: 0 }, 'input_tokens'],
    [{ input_tokens: Number.NaN, output_tokens: 0 }, 'input_tokens'],
    [{ input_tokens: Number.POSITIVE_INFINITY, output_tokens: 0 }, 'input_tokens'],
    [{ input_tokens: 2 ** 60, output_tokens: 0 }, 'input_tokens'],
    [{ output_tokens: 0 }, 'input_tokens'],
    [{ input_tokens: 10, output_tokens: -3 }, 'output_tokens'],
    [{ input_tokens: 10 }, 'output_tokens'],
    [{ input_tokens: 10, output_tokens: 1, cache_read_tokens: 11 }, 'cache_read_tokens'],
    [{ input_tokens: 10, output_tokens: 1, cache_read_tokens: 6, cache_write_tokens: 5 }, 'cache_write_tokens'],
    [{ input_tokens: 10, output_tokens: 1, cache_write_tokens: 0.5 }, 'cache_write_tokens'],
    [{ input_tokens: 10, output_tokens: 1, cache_reads_tokens: 5 }, 'cache_reads_tokens'],
    [null, 'usage'],
  ];
  it.each(cases)('refuses %j naming %s', (bad, field) => {
    expect(() => estimateCost(sonnet(), bad as TokenUsage)).toThrow(expect.objectContaining({ name: 'CostInputError', code: 'bad_usage', field, message: expect.stringMatching(new RegExp(`^${field}: `)) }));
    expect(() => rankByCost([], bad as TokenUsage, DEFAULT_QUERY, null)).toThrow(CostInputError);
  });

  it('reads counts from text as digits only', () => {
    expect(usageFromText({ input_tokens: '1000', output_tokens: ' 20 ', cache_read_tokens: '0' })).toEqual({ input_tokens: 1000, output_tokens: 20, cache_read_tokens: 0 });
    for (const bad of ['1e3', '-5', '1.0', '', '12k', '0x10']) expect(() => usageFromText({ input_tokens: bad, output_tokens: '1' })).toThrow(expect.objectContaining({ field: 'input_tokens' }));
    expect(() => usageFromText({ input_tokens: '5', output_tokens: '1', cache_read_tokens: '6' })).toThrow(expect.objectContaining({ field: 'cache_read_tokens' }));
  });

  it('takes the whole response as well as its data, and refuses a list entry (no tiers) for a model detail', () => {
    expect(estimateCost({ data: sonnet(), meta: {} } as never, usage(1_000, 0)).total_usd).toBe(0.003);
    const { price_tiers: _tiers, ...entry } = sonnet();
    expect(() => estimateCost(entry as never, usage(1, 1))).toThrow(expect.objectContaining({ code: 'bad_model' }));
    expect(() => estimateCost(null as never, usage(1, 1))).toThrow(CostError);
  });
});

describe('rankByCost', () => {
  // Contexts large enough for the million-token mixes below.
  const intel = (index: number) => ({ benchmarks: { intelligence_index: index, coding_index: null, math_index: null }, context_length: 2_000_000 });
  const models = () => [
    // Cheap to read, dear to write: first for a prompt-heavy mix, last by blended price.
    detail('acme/reader', price(0.5, 10), intel(40)),
    detail('acme/writer', price(2, 2, 0.2, 2.5), intel(50)),
    // A dear headline, and an offer that undercuts it.
    detail('acme/resold', price(3, 15), { ...intel(60), endpoints: [offer('cheapco', 'openrouter', price(1, 5))] }),
    detail('acme/retired', price(0.1, 0.1), { ...intel(70), retirement_date: '2026-07-01' }),
    detail('acme/no-cache', price(0.2, 0.2, null, null), intel(45)),
    detail('acme/long', price(1.5, 1.5), { ...intel(55), price_tiers: [{ ...SONNET_TIER, min_prompt_tokens: 100_000 }] }),
  ];

  it('ranks by the cost of the mix, each model at its cheapest offer, with cheapest’s own candidates and filters', () => {
    const ranked = rankByCost(models(), usage(1_000_000, 10_000), DEFAULT_QUERY, '2026-08-01');
    expect(ranked.map((r) => [r.model.id, r.estimate.provider, r.estimate.total_usd])).toEqual([
      ['acme/no-cache', null, 0.202],
      ['acme/reader', null, 0.6],
      ['acme/resold', 'cheapco', 1.05],
      ['acme/writer', null, 2.02],
      ['acme/long', null, 6.225],
    ]);
    // The retired model takes part before its day, as in cheapest.
    expect(rankByCost(models(), usage(1_000_000, 10_000), DEFAULT_QUERY, '2026-06-30')[0]!.model.id).toBe('acme/retired');
    expect(rankByCost(models(), usage(1_000_000, 10_000), { ...DEFAULT_QUERY, min_intel: 50, limit: 2 }, '2026-08-01').map((r) => r.model.id)).toEqual(['acme/resold', 'acme/writer']);
  });

  it('leaves out a model whose known context cannot hold the prompt and the output, never one whose context is unknown', () => {
    const sized = [
      detail('acme/small', price(0.1, 0.1), { context_length: 128_000 }),
      detail('acme/exact', price(0.2, 0.2), { context_length: 130_000 }),
      detail('acme/unknown', price(0.3, 0.3), { context_length: null }),
    ];
    expect(rankByCost(sized, usage(128_000, 2_000), DEFAULT_QUERY, '2026-08-01').map((r) => r.model.id)).toEqual(['acme/exact', 'acme/unknown']);
    expect(rankByCost(sized, usage(100_000, 2_000), DEFAULT_QUERY, '2026-08-01').map((r) => r.model.id)).toEqual(['acme/small', 'acme/exact', 'acme/unknown']);
  });

  it('leaves out a model whose cost for the mix is unknown', () => {
    const ids = rankByCost(models(), usage(1_000, 10, 0, 100), DEFAULT_QUERY, '2026-08-01').map((r) => r.model.id);
    // Only one model has a cache-write rate.
    expect(ids).toEqual(['acme/writer']);
  });
});

describe('exact money', () => {
  it('gives the double JSON would read for the rounded decimal, for small and huge totals', () => {
    for (const micro of [0n, 1n, 5n, 123_456_789n, 9_007_199_254_740_991n, 123_456_789_012_345_678_901n]) {
      const text = micro.toString().padStart(7, '0');
      expect(microToUsd({ units: micro, scale: 0 }), String(micro)).toBe(Number(`${text.slice(0, -6)}.${text.slice(-6)}`));
    }
    // 2.5 micro-dollars rounds half up; 2.4999 down.
    expect([microToUsd({ units: 25n, scale: 1 }), microToUsd({ units: 24999n, scale: 4 })]).toEqual([0.000003, 0.000002]);
    expect(decimalOf(1.5e-7)).toEqual({ units: 15n, scale: 8 });
    expect(decimalOf(1e21)).toEqual({ units: 10n ** 21n, scale: 0 });
    expect(() => decimalOf(-1)).toThrow(RangeError);
  });
});
