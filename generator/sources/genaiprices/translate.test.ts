import { describe, expect, it } from 'vitest';
import { factOf, parseFailure } from '../../testing/json-source.js';
import { gpCatalog, gpModel, gpProvider, tiered } from './fixtures.js';
import { parseGenaiPrices } from './parse.js';
import { translateGenaiPrices } from './translate.js';

const url = 'http://127.0.0.1:9/data.json';
const AUG = '2026-08-01T00:00:00Z';
const observe = (file: unknown[], now = AUG) => translateGenaiPrices(parseGenaiPrices(file, url), now);
const one = (prices: unknown, extra: Partial<Parameters<typeof gpModel>[0]> = {}) => observe([gpProvider('anthropic', [gpModel({ id: 'claude-x', prices, ...extra })], { model_match: { contains: 'claude' } })]);

describe('translateGenaiPrices', () => {
  it('names each offer by provider and model, first party where the provider is the maker, resold where genai-prices says another maker owns the name', () => {
    const observation = observe(gpCatalog());
    expect(observation.issues).toEqual([]);
    const who = Object.fromEntries(observation.facts.map((f) => [f.source_key, [f.provider, f.author, f.model_name]]));
    expect(who).toEqual({
      'anthropic/claude-sonnet-4-5': ['anthropic', 'anthropic', 'claude-sonnet-4-5'],
      'anthropic/claude-sonnet-5': ['anthropic', 'anthropic', 'claude-sonnet-5'],
      'aws/amazon.nova-pro-v1:0': ['aws', 'amazon', 'amazon.nova-pro-v1:0'],
      'aws/global.anthropic.claude-sonnet-4-5-20250929-v1:0': ['aws', null, 'global.anthropic.claude-sonnet-4-5-20250929-v1:0'],
      'deepseek/deepseek-v9': ['deepseek', 'deepseek', 'deepseek-v9'],
      'google/claude-sonnet-4-5': ['google-vertex', null, 'claude-sonnet-4-5'],
      'google/gemini-2.5-pro': ['google', 'google', 'gemini-2.5-pro'],
    });
    // The match rule's full names, for identity; prefixes are families, never names.
    expect(factOf(observation, 'anthropic/claude-sonnet-5').names).toEqual(['claude-5-sonnet']);
    expect(factOf(observation, 'anthropic/claude-sonnet-4-5').names).toBeUndefined();
    expect(factOf(observation, 'anthropic/claude-sonnet-5').context_length).toBe(1000000);
    // The family the rule describes besides its names: published as a pattern, never a name.
    expect(factOf(observation, 'anthropic/claude-sonnet-5').patterns).toEqual({ starts_with: 'claude-sonnet-5' });
    expect(factOf(observation, 'google/claude-sonnet-4-5').patterns).toEqual({ contains: 'claude-sonnet-4-5' });
  });

  it('keeps the family of a match rule without its spelled-out names, fine-tune prefixes or oversized clauses', () => {
    const family = (match: unknown) => factOf(one({ input_mtok: 1, output_mtok: 2 }, { match }), 'anthropic/claude-x').patterns;
    expect(family({ equals: 'claude-x' })).toBeUndefined();
    expect(family({ or: [{ equals: 'gpt-4' }, { equals: 'gpt-4-0613' }, { starts_with: 'ft:gpt-4-0' }] })).toBeUndefined();
    expect(family({ or: [{ equals: 'grok-4.3' }, { regex: '^grok-4\\.3-\\d{8}$' }] })).toEqual({ regex: '^grok-4\\.3-\\d{8}$' });
    expect(family({ or: [{ starts_with: 'a' }, { contains: 'b' }, { equals: 'c' }] })).toEqual({ or: [{ starts_with: 'a' }, { contains: 'b' }] });
    expect(family({ and: [{ contains: 'nova' }, { equals: 'x' }] })).toEqual({ and: [{ contains: 'nova' }, { equals: 'x' }] });
    expect(family({ or: Array.from({ length: 200 }, (_, i) => ({ starts_with: `claude-${i}-and-a-long-name` })) })).toBeUndefined();
  });

  it('reads audio and request prices as unit prices, an input-only price as an embedding\'s, and refuses a negative one', () => {
    const realtime = one({ input_mtok: 4, output_mtok: 16, input_audio_mtok: 32, output_audio_mtok: 64, cache_audio_read_mtok: 0.4, requests_kcount: 10 });
    expect(factOf(realtime, 'anthropic/claude-x')).toMatchObject({
      price: { input: 4, output: 16 },
      unit_prices: [
        { unit: '1m_tokens', kind: 'input_audio', usd: 32 },
        { unit: '1m_tokens', kind: 'output_audio', usd: 64 },
        { unit: '1m_tokens', kind: 'cache_read_audio', usd: 0.4 },
        { unit: '1k_requests', kind: 'request', usd: 10 },
      ],
    });
    const embedding = factOf(one({ input_mtok: 0.02 }), 'anthropic/claude-x');
    expect([embedding.price, embedding.input_only_price, embedding.unit_prices]).toEqual([null, 0.02, undefined]);
    const bad = one({ input_mtok: 1, output_mtok: 2, output_audio_mtok: -3 });
    expect(factOf(bad, 'anthropic/claude-x').unit_prices).toBeUndefined();
    expect(bad.issues.map((i) => i.reason)).toContain('prices.output_audio_mtok is negative: -3');
  });

  it('gives the price in force when read, and the whole dated schedule', () => {
    const before = factOf(observe(gpCatalog(), AUG), 'anthropic/claude-sonnet-5');
    expect(before.price).toEqual({ input: 2, output: 10, cache_read: 0.2, cache_write: 2.5 });
    expect(before.dated_prices?.map((d) => [d.start_date, d.price.input, d.price.output])).toEqual([
      [null, 2, 10],
      ['2026-09-01', 3, 15],
    ]);
    // On its day the dated price is the price; the day before it is not yet.
    expect(factOf(observe(gpCatalog(), '2026-08-31T23:59:59Z'), 'anthropic/claude-sonnet-5').price?.input).toBe(2);
    expect(factOf(observe(gpCatalog(), '2026-09-01T00:00:00Z'), 'anthropic/claude-sonnet-5').price).toEqual({ input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 });
    // An undated price without windows is no schedule.
    expect(factOf(observe(gpCatalog()), 'google/gemini-2.5-pro').dated_prices).toBeUndefined();
  });

  it('reads context tiers as min_prompt_tokens at the start genai-prices states, each field at its own highest tier', () => {
    const observation = observe(gpCatalog());
    expect(factOf(observation, 'anthropic/claude-sonnet-4-5')).toMatchObject({
      price: { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
      price_tiers: [{ min_prompt_tokens: 200000, input: 6, output: 22.5, cache_read: 0.6, cache_write: 7.5 }],
    });
    const mixed = one({ input_mtok: tiered(1, [128000, 2], [512000, 4]), output_mtok: tiered(5, [256000, 8]), cache_read_mtok: 0.1 });
    expect(factOf(mixed, 'anthropic/claude-x').price_tiers).toEqual([
      { min_prompt_tokens: 128000, input: 2, output: 5, cache_read: 0.1, cache_write: null },
      { min_prompt_tokens: 256000, input: 2, output: 8, cache_read: 0.1, cache_write: null },
      { min_prompt_tokens: 512000, input: 4, output: 8, cache_read: 0.1, cache_write: null },
    ]);
  });

  it('makes the price in force most of the day the standard one, and the others time windows', () => {
    const deepseek = factOf(observe(gpCatalog()), 'deepseek/deepseek-v9');
    expect(deepseek.price).toEqual({ input: 0.27, output: 1.1, cache_read: 0.07, cache_write: null });
    expect(deepseek.dated_prices).toEqual([
      {
        start_date: null,
        price: { input: 0.27, output: 1.1, cache_read: 0.07, cache_write: null },
        price_tiers: [],
        time_windows: [{ start: '16:30', end: '00:30', price: { input: 0.135, output: 0.55, cache_read: 0.035, cache_write: null }, price_tiers: [] }],
      },
    ]);
    // A short discount window (four hours, written with an offset) stays a window; the fallback is the standard.
    const night = one([
      { prices: { input_mtok: 1, output_mtok: 4 } },
      { constraint: { start_time: '03:00:00+02:00', end_time: '05:00:00+02:00' }, prices: { input_mtok: 0.5, output_mtok: 2 } },
      { constraint: { start_time: '03:00:00Z', end_time: '05:00:00Z' }, prices: { input_mtok: 0.5, output_mtok: 2 } },
    ]);
    const fact = factOf(night, 'anthropic/claude-x');
    expect(fact.price).toEqual({ input: 1, output: 4, cache_read: null, cache_write: null });
    expect(fact.dated_prices?.[0]?.time_windows.map((w) => [w.start, w.end, w.price.input])).toEqual([['01:00', '05:00', 0.5]]);
  });

  it('keeps time windows per dated period', () => {
    const fact = factOf(
      one([
        { prices: { input_mtok: 1, output_mtok: 4 } },
        { constraint: { start_time: '22:00:00Z', end_time: '02:00:00Z' }, prices: { input_mtok: 0.5, output_mtok: 2 } },
        { constraint: { start_date: '2026-10-01' }, prices: { input_mtok: 2, output_mtok: 8 } },
      ]),
      'anthropic/claude-x',
    );
    // genai-prices tries the last first: from 2026-10-01 the new price holds all day, windows included.
    expect(fact.dated_prices?.map((d) => [d.start_date, d.price.input, d.time_windows.map((w) => `${w.start}-${w.end}@${w.price.input}`)])).toEqual([
      [null, 1, ['22:00-02:00@0.5']],
      ['2026-10-01', 2, []],
    ]);
  });

  it.each([
    ['a tier without a start', { input_mtok: { base: 1, tiers: [{ price: 2 }] }, output_mtok: 4 }, 'prices.input_mtok.tiers[0] has no start'],
    ['a negative price', { input_mtok: 1, output_mtok: -2 }, 'prices.output_mtok is negative: -2'],
    ['a non-number', { input_mtok: 'free', output_mtok: 4 }, 'prices.input_mtok is not a number: "free"'],
    ['a negative tier price', { input_mtok: tiered(1, [200000, -3]), output_mtok: 4 }, 'prices.input_mtok.tiers[0].price is negative: -3'],
    ['a price in the wrong unit', { input_mtok: 3e-6, output_mtok: 4 }, 'unit error: prices.input_mtok is 0.000003 USD per 1M tokens'],
  ])('refuses %s with the key named, holding back that record alone', (_label, prices, reason) => {
    const observation = observe([gpProvider('anthropic', [gpModel({ id: 'claude-bad', prices }), gpModel({ id: 'claude-good', prices: { input_mtok: 1, output_mtok: 5 } })])]);
    expect(observation.issues).toEqual([{ source: 'genai-prices', source_key: 'anthropic/claude-bad', reason: expect.stringContaining(reason) }]);
    expect(factOf(observation, 'anthropic/claude-bad')).toMatchObject({ price: null, price_tiers: [] });
    expect(factOf(observation, 'anthropic/claude-bad').dated_prices).toBeUndefined();
    expect(factOf(observation, 'anthropic/claude-good').price).toEqual({ input: 1, output: 5, cache_read: null, cache_write: null });
  });

  it('names a bad price inside a dated one by its place in the list', () => {
    const observation = one([{ prices: { input_mtok: 1, output_mtok: 4 } }, { constraint: { start_date: '2026-10-01' }, prices: { input_mtok: 2, output_mtok: 'eight' } }]);
    expect(observation.issues.map((i) => i.reason)).toEqual(['prices[1].prices.output_mtok is not a number: "eight"']);
  });

  it('leaves unknown what genai-prices does not price in tokens (embeddings, per request, 0/0)', () => {
    const observation = observe([
      gpProvider('openai', [
        gpModel({ id: 'text-embedding-3-small', prices: { input_mtok: 0.02 } }),
        gpModel({ id: 'gpt-image', prices: { requests_kcount: 40 } }),
        gpModel({ id: 'gpt-free:free', prices: { input_mtok: 0, output_mtok: 0 } }),
        gpModel({ id: 'gpt-one-free-side', prices: { input_mtok: 0, output_mtok: 0.4 } }),
      ]),
    ]);
    expect(observation.issues).toEqual([]);
    expect(observation.facts.map((f) => [f.source_key, f.price?.input ?? null])).toEqual([
      ['openai/gpt-free:free', null],
      ['openai/gpt-image', null],
      ['openai/gpt-one-free-side', 0],
      ['openai/text-embedding-3-small', null],
    ]);
  });

  it('reads the older copies: the context as max_tokens, the pricing page as pricing_url, a prices_checked date where given', () => {
    const older = [{ name: 'Anthropic', id: 'anthropic', pricing_url: 'https://www.anthropic.com/pricing#api', api_pattern: 'x', models: [{ id: 'claude-2', match: { starts_with: 'claude-2' }, max_tokens: 200000, prices: { input_mtok: 8, output_mtok: 24 }, prices_checked: '2025-06-01' }] }];
    const fact = factOf(observe(older), 'anthropic/claude-2');
    expect(fact).toMatchObject({ context_length: 200000, price: { input: 8, output: 24 }, prices_checked: '2025-06-01' });
  });
});

describe('parseGenaiPrices', () => {
  it('rejects a file of the wrong shape as invalid_schema', () => {
    for (const json of [{}, 'prices', null, [], [{ id: 'x' }]]) {
      const error = parseFailure(() => parseGenaiPrices(json, url));
      expect(error).toMatchObject({ kind: 'invalid_schema', source: 'genai-prices' });
    }
  });

  it('isolates a few malformed records, and fails the file when more than 20% are', () => {
    const good = Array.from({ length: 8 }, (_, i) => gpModel({ id: `m-${i}`, prices: { input_mtok: 1, output_mtok: 2 } }));
    const twoBad = [...good, { id: 'no-match', prices: {} }, { id: 'has space', match: { equals: 'x' }, prices: { input_mtok: 1 } }];
    const parsed = parseGenaiPrices([gpProvider('mistral', twoBad)], url);
    expect(parsed.invalid.map((r) => r.key)).toEqual(['mistral/no-match', 'mistral/has space']);
    const threeBad = [...twoBad, { id: 'bad-constraint', match: { equals: 'x' }, prices: [{ constraint: { start_date: 'soon' }, prices: { input_mtok: 1 } }] }];
    expect(parseFailure(() => parseGenaiPrices([gpProvider('mistral', threeBad)], url)).message).toMatch(/3 of 11 records do not match/);
  });
});
