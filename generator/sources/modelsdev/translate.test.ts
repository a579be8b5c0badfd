import { describe, expect, it } from 'vitest';
import { factOf, parseFailure } from '../../testing/json-source.js';
import { mdApi, mdCatalog, mdModel, mdProvider } from './fixtures.js';
import { parseModelsDev } from './parse.js';
import { translateModelsDev } from './translate.js';

const url = 'http://127.0.0.1/api.json';

/** Through JSON text, as the catalog arrives. */
function observeJson(json: unknown) {
  return translateModelsDev(parseModelsDev(JSON.parse(JSON.stringify(json)), url));
}

/** One provider `lab` (not an author) holding the given models. */
function observe(models: Record<string, unknown>[]) {
  return observeJson(mdApi([mdProvider('lab', models)]));
}

const schemaFailure = (json: unknown) => parseFailure(() => parseModelsDev(json, url));

describe('translateModelsDev', () => {
  it('keeps per-1M prices as they are, with cache prices, limits, provider and author', () => {
    const observation = observeJson(mdCatalog());
    expect(observation.issues).toEqual([]);
    expect(observation.facts.map((f) => f.source_key)).toEqual([
      'anthropic/claude-3-5-haiku-20241022',
      'anthropic/claude-sonnet-4-5',
      'groq/llama-3.3-70b-versatile',
      'groq/moonshotai/kimi-k2-instruct',
      'openai/gpt-5.4',
    ]);
    expect(factOf(observation, 'anthropic/claude-3-5-haiku-20241022')).toEqual({
      source: 'modelsdev',
      source_key: 'anthropic/claude-3-5-haiku-20241022',
      provider: 'anthropic',
      author: 'anthropic',
      model_name: 'claude-3-5-haiku-20241022',
      price: { input: 0.8, output: 4, cache_read: 0.08, cache_write: 1 },
      price_tiers: [],
      context_length: 200000,
      max_output: 8192,
      retirement_date: null,
      deprecated: true,
      benchmarks: {},
      modalities: { input: ['text'], output: ['text'] },
      release_date: '2026-01-15',
    });
    expect(factOf(observation, 'groq/moonshotai/kimi-k2-instruct')).toMatchObject({
      provider: 'groq',
      author: null,
      model_name: 'moonshotai/kimi-k2-instruct',
      price: { input: 1, output: 3, cache_read: 0.5, cache_write: null },
      deprecated: false,
    });
  });

  it('skips models that output no text (image, audio, video) without counting them as bad', () => {
    const parsed = parseModelsDev(mdCatalog(), url);
    expect(parsed.skipped).toBe(2);
    expect(parsed.invalid).toEqual([]);
  });

  it('reads context tiers from `tiers` by size, and `context_over_200k` only when there are none', () => {
    const observation = observeJson(mdCatalog());
    expect(factOf(observation, 'anthropic/claude-sonnet-4-5').price_tiers).toEqual([
      { min_prompt_tokens: 200000, input: 6, output: 22.5, cache_read: 0.6, cache_write: 7.5 },
    ]);
    // `context_over_200k` mirrors the 272k tier here: one tier, at 272,000 tokens, cache write unknown.
    expect(factOf(observation, 'openai/gpt-5.4').price_tiers).toEqual([
      { min_prompt_tokens: 272000, input: 5, output: 22.5, cache_read: 0.5, cache_write: null },
    ]);
    const multi = observe([
      mdModel({
        id: 'doubao-seed',
        cost: {
          input: 0.48,
          output: 2.41,
          tiers: [
            { input: 1.45, output: 7.23, tier: { size: 128000, type: 'context' } },
            { input: 0.72, output: 3.62, tier: { size: 32000, type: 'context' } },
            { input: 0.1, output: 0.2, tier: { size: 5, type: 'requests_per_day' } },
          ],
        },
      }),
    ]);
    expect(multi.issues).toEqual([]);
    expect(factOf(multi, 'lab/doubao-seed').price_tiers.map((t) => [t.min_prompt_tokens, t.input, t.output])).toEqual([
      [32000, 0.72, 3.62],
      [128000, 1.45, 7.23],
    ]);
  });

  it('marks deprecation from the status (models.dev states no retirement date); a YYYY-MM release date rejects nothing', () => {
    const observation = observe([
      mdModel({ id: 'old', status: 'deprecated' }),
      mdModel({ id: 'new', status: 'beta' }),
      mdModel({ id: 'plain' }),
      mdModel({ id: 'month-dated', release_date: '2026-01' }),
    ]);
    expect(observation.issues).toEqual([]);
    const states = Object.fromEntries(observation.facts.map((f) => [f.model_name, [f.deprecated, f.retirement_date]]));
    expect(states).toEqual({ 'month-dated': [false, null], new: [false, null], old: [true, null], plain: [false, null] });
  });

  it('holds back per-token values written in per-1M fields as a unit error', () => {
    const observation = observe([
      mdModel({ id: 'per-token', cost: { input: 2.5e-6, output: 1e-5 } }),
      mdModel({ id: 'cache-per-token', cost: { input: 2.5, output: 10, cache_read: 1.25e-6 } }),
      mdModel({ id: 'tier-per-token', cost: { input: 2.5, output: 10, context_over_200k: { input: 5e-6, output: 20 } } }),
      mdModel({ id: 'huge', cost: { input: 2_500_000, output: 10 } }),
      mdModel({ id: 'cheapest-real', cost: { input: 0.02, output: 0.05, cache_read: 0.002 } }),
    ]);
    for (const id of ['per-token', 'cache-per-token', 'tier-per-token', 'huge']) {
      expect(factOf(observation, `lab/${id}`)).toMatchObject({ price: null, price_tiers: [] });
    }
    expect(observation.issues.map((i) => [i.source_key, i.reason])).toEqual([
      ['lab/per-token', expect.stringMatching(/^unit error: cost\.input is 0\.0000025 USD per 1M tokens, under the plausible 0\.0001; looks like a per-token price/)],
      ['lab/per-token', expect.stringMatching(/^unit error: cost\.output is 0\.00001 USD per 1M tokens/)],
      ['lab/cache-per-token', expect.stringMatching(/^unit error: cost\.cache_read /)],
      ['lab/tier-per-token', expect.stringMatching(/^unit error: cost\.context_over_200k\.input /)],
      ['lab/huge', expect.stringMatching(/^unit error: cost\.input is 2500000 USD per 1M tokens, over the plausible 10000/)],
    ]);
    expect(factOf(observation, 'lab/cheapest-real').price).toEqual({ input: 0.02, output: 0.05, cache_read: 0.002, cache_write: null });
  });

  it('treats -1 and missing prices as unknown without an issue', () => {
    const observation = observe([
      mdModel({ id: 'variable', cost: { input: -1, output: -1 } }),
      mdModel({ id: 'no-cost', cost: null }),
      mdModel({ id: 'no-output', cost: { input: 1 } }),
      mdModel({ id: 'cache-unknown', cost: { input: 1, output: 2, cache_write: -1 } }),
    ]);
    expect(observation.issues).toEqual([]);
    expect(observation.facts.map((f) => [f.model_name, f.price])).toEqual([
      ['cache-unknown', { input: 1, output: 2, cache_read: null, cache_write: null }],
      ['no-cost', null],
      ['no-output', null],
      ['variable', null],
    ]);
  });

  it.each([
    ['negative', { input: -0.5, output: 2 }, /^cost\.input is negative: -0\.5/],
    ['string', { input: '1.25', output: 2 }, /^cost\.input is not a number: "1\.25"/],
    ['garbage tier size', { input: 1, output: 2, tiers: [{ input: 2, output: 4, tier: { size: 0, type: 'context' } }] }, /^cost\.tiers\[0\]\.tier\.size is not a token count: 0/],
  ])('holds back a %s price with an issue', (_label, cost, reason) => {
    const observation = observe([mdModel({ id: 'bad', cost }), mdModel({ id: 'good' })]);
    expect(factOf(observation, 'lab/bad').price).toBeNull();
    expect(factOf(observation, 'lab/good').price).not.toBeNull();
    expect(observation.issues).toEqual([{ source: 'modelsdev', source_key: 'lab/bad', reason: expect.stringMatching(reason) }]);
  });

  it('treats 0/0 as an unknown price, but keeps a single free side and treats limit 0 as unknown', () => {
    const observation = observe([
      mdModel({ id: 'model:free', cost: { input: 0, output: 0, cache_read: 0 } }),
      mdModel({ id: 'embed', cost: { input: 0.13, output: 0 }, context: 0, output: 0 }),
    ]);
    expect(observation.issues).toEqual([]);
    expect(factOf(observation, 'lab/model:free').price).toBeNull();
    expect(factOf(observation, 'lab/embed')).toMatchObject({ price: { input: 0.13, output: 0 }, context_length: null, max_output: null });
  });

  it('isolates a malformed model as an issue and keeps the rest', () => {
    const good = Array.from({ length: 9 }, (_, i) => mdModel({ id: `good-${i}` }));
    const observation = observe([...good, mdModel({ id: 'broken', fields: { limit: { context: 'big' } } })]);
    expect(observation.facts).toHaveLength(9);
    expect(observation.issues).toEqual([
      { source: 'modelsdev', source_key: 'lab/broken', reason: expect.stringMatching(/^record does not match the schema: \/limit\/context/) },
    ]);
  });
});

describe('parseModelsDev', () => {
  it('rejects a response of the wrong shape as invalid_schema', () => {
    for (const json of [[], 'api', null, {}, { data: [mdModel({ id: 'a' })] }, { lab: { id: 'lab', models: {} } }]) {
      const error = schemaFailure(json);
      expect(error.kind).toBe('invalid_schema');
      expect(error.source).toBe('modelsdev');
    }
    expect(schemaFailure([]).message).toMatch(/not a models.dev catalog/);
    expect(schemaFailure({ data: [] }).message).toMatch(/1 of 1 records/);
  });

  it('isolates a malformed provider as one record and fails when more than 20% are malformed', () => {
    const good = Array.from({ length: 8 }, (_, i) => mdModel({ id: `good-${i}` }));
    const two = mdApi([mdProvider('lab', [...good, mdModel({ id: 'bad-1', fields: { cost: { input: true } } })]), { id: 'broken-provider', models: [] }]);
    const parsed = parseModelsDev(two, url);
    expect(parsed.invalid.map((r) => r.key)).toEqual(['lab/bad-1', 'broken-provider']);
    expect(parsed.invalid[1]?.reason).toMatch(/^provider: \/models must be object/);
    const three = mdApi([mdProvider('lab', [...good, mdModel({ id: 'bad-1', fields: { status: 1 } }), mdModel({ id: 'bad-2', fields: { id: 7 } })]), { id: 'x', models: 'none' }]);
    expect(schemaFailure(three).message).toMatch(/3 of 11 records do not match/);
  });
});
