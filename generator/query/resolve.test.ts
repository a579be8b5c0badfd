import { describe, expect, it } from 'vitest';
import { estimateCost } from './cost.js';
import { detail, offer, price } from './cost-fixtures.js';
import { canonicalProvider, closestNames, readApiNamesIndex, resolveModel, ResolveError, type ApiNamesIndex } from './resolve.js';

// Claude Sonnet 4.5 as Anthropic and Bedrock sell it (list prices), a price Bedrock dated ahead
// ($3.30/$16.50 until 2026-07-19, $3/$15 from 2026-07-20), and grok-3, which xAI redirects to
// grok-4.3 from 2026-05-15.
const sonnet = detail('anthropic/claude-sonnet-4.5', price(3, 15), {
  endpoints: [
    offer('anthropic', 'genai-prices', price(3, 15, 0.3, 3.75), { api_names: ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929'], first_party: true }),
    offer('amazon-bedrock', 'genai-prices', price(3, 15), {
      api_names: ['anthropic.claude-sonnet-4-5-20250929-v1:0'],
      price_history: [
        { at: '2026-06-01T00:00:00Z', input: 3.3, output: 16.5, cache_read: null, cache_write: null, source_date: null },
        { at: '2026-07-20T00:00:00Z', input: 3, output: 15, cache_read: null, cache_write: null, source_date: '2026-07-20' },
      ],
    }),
    offer('amazon-bedrock', 'litellm', price(3.3, 16.5), { kind: 'data_zone', region: 'us', api_names: ['us.anthropic.claude-sonnet-4-5-20250929-v1:0'] }),
  ],
});
const grok3 = detail('x-ai/grok-3', price(3, 15), { endpoints: [offer('xai', 'genai-prices', price(3, 15), { api_names: ['grok-3'] })] });
const grok43 = detail('x-ai/grok-4.3', price(1.25, 2.5), { endpoints: [offer('xai', 'genai-prices', price(1.25, 2.5), { api_names: ['grok-4.3'] })] });

const index: ApiNamesIndex = {
  providers: {
    anthropic: { 'claude-sonnet-4-5': 'anthropic/claude-sonnet-4.5', 'claude-sonnet-4-5-20250929': 'anthropic/claude-sonnet-4.5' },
    'amazon-bedrock': { 'anthropic.claude-sonnet-4-5-20250929-v1:0': 'anthropic/claude-sonnet-4.5', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0': 'anthropic/claude-sonnet-4.5' },
    xai: { 'grok-3': 'x-ai/grok-3', 'grok-4.3': 'x-ai/grok-4.3' },
  },
  ambiguous: { mistral: { 'mistral-large': ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411'] } },
  aliases: { xai: { 'grok-3': [{ from: '2026-05-15', model: 'x-ai/grok-4.3' }] } },
};
const details = new Map([sonnet, grok3, grok43].map((d) => [d.id, d]));
const data = { index, detail: (id: string) => details.get(id), asOf: '2026-08-02T00:00:00Z' };

function refusal(run: () => unknown): ResolveError {
  try {
    run();
  } catch (error) {
    if (error instanceof ResolveError) return error;
    throw error;
  }
  throw new Error('resolved');
}

describe('resolveModel', () => {
  it('resolves dated snapshots and aliases to the model and the provider offer that lists them', () => {
    const snapshot = resolveModel({ provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' }, data);
    expect(snapshot).toMatchObject({ model: 'anthropic/claude-sonnet-4.5', provider: 'anthropic', api_name: 'claude-sonnet-4-5-20250929', at: '2026-08-02', moved_from: null });
    expect(snapshot.offer).toEqual({ source: 'genai-prices', source_key: 'genai-prices:anthropic', kind: 'standard', region: null, provider_name: 'anthropic', api_name: 'claude-sonnet-4-5-20250929' });
    expect(snapshot.price).toEqual({ input: 3, output: 15, cache_read: 0.3, cache_write: 3.75, since: null, unit_prices: [] });
    expect(resolveModel({ provider: 'anthropic', model: 'claude-sonnet-4-5' }, data).model).toBe('anthropic/claude-sonnet-4.5');
  });

  it('resolves Bedrock ids, the data-zone id to its own offer and price, under common spellings of the provider', () => {
    const standard = resolveModel({ provider: 'bedrock', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0' }, data);
    expect(standard).toMatchObject({ provider: 'amazon-bedrock', offer: { kind: 'standard', region: null }, price: { input: 3, output: 15 } });
    const zone = resolveModel({ provider: 'AWS', model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0' }, data);
    expect(zone).toMatchObject({ provider: 'amazon-bedrock', offer: { kind: 'data_zone', region: 'us', source: 'litellm' }, price: { input: 3.3, output: 16.5 } });
    expect(['google', 'gemini', 'vertex', 'x-ai', 'azure-openai', 'Amazon_Bedrock'].map(canonicalProvider)).toEqual(['google-ai-studio', 'google-ai-studio', 'google-vertex', 'xai', 'azure', 'amazon-bedrock']);
  });

  it('gives the price in force on the day asked: the old one before the dated change, the new one from its day', () => {
    const on = (at: string) => resolveModel({ provider: 'amazon-bedrock', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0', at }, data).price;
    expect(on('2026-07-19')).toMatchObject({ input: 3.3, output: 16.5, since: '2026-06-01' });
    expect(on('2026-07-20')).toMatchObject({ input: 3, output: 15, since: '2026-07-20' });
    // Before the first price known, every rate is unknown: never the earliest price.
    expect(on('2026-01-01')).toMatchObject({ input: null, output: null, since: null });
    // estimateCost prices the same offer on the same day; an older price's tiers are unknown.
    const usage = { input_tokens: 1_000_000, output_tokens: 100_000 };
    expect(estimateCost(sonnet, usage, { provider: 'bedrock', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0', at: '2026-07-19' })).toMatchObject({ total_usd: 4.95, provider: 'amazon-bedrock', source: 'genai-prices' });
    expect(estimateCost(sonnet, usage, { provider: 'amazon-bedrock', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0', at: '2026-07-20' })).toMatchObject({ total_usd: 4.5 });
  });

  it('resolves an alias the maker moved to its target from the day it moved', () => {
    expect(resolveModel({ provider: 'xai', model: 'grok-3', at: '2026-05-14' }, data)).toMatchObject({ model: 'x-ai/grok-3', moved_from: null, price: { input: 3, output: 15 } });
    const moved = resolveModel({ provider: 'xai', model: 'grok-3', at: '2026-05-15' }, data);
    expect(moved).toMatchObject({ model: 'x-ai/grok-4.3', moved_from: 'x-ai/grok-3', api_name: 'grok-3', offer: { api_name: 'grok-4.3' }, price: { input: 1.25, output: 2.5 } });
    // The data's day is after the move: the default resolves to the target too.
    expect(resolveModel({ provider: 'xai', model: 'grok-3' }, data).model).toBe('x-ai/grok-4.3');
  });

  it('refuses an unknown name with the closest names of that provider, never a guess', () => {
    const unknown = refusal(() => resolveModel({ provider: 'anthropic', model: 'claude-sonnet-4-5-2025092' }, data));
    expect(unknown.code).toBe('unknown_model');
    expect(unknown.suggestions[0]).toBe('claude-sonnet-4-5-20250929');
    expect(unknown.message).toMatch(/^anthropic has no API name "claude-sonnet-4-5-2025092" we know; closest: claude-sonnet-4-5-20250929, claude-sonnet-4-5$/);
    const provider = refusal(() => resolveModel({ provider: 'antropic', model: 'claude-sonnet-4-5' }, data));
    expect(provider).toMatchObject({ code: 'unknown_provider' });
    expect(provider.suggestions[0]).toBe('anthropic');
    expect(closestNames('gpt-4o', [])).toEqual([]);
  });

  it('refuses a name two models claim, naming both', () => {
    const ambiguous = refusal(() => resolveModel({ provider: 'mistral', model: 'mistral-large' }, data));
    expect(ambiguous).toMatchObject({ code: 'ambiguous_model', candidates: ['mistralai/mistral-large-2407', 'mistralai/mistral-large-2411'] });
    expect(ambiguous.message).toMatch(/claimed by mistralai\/mistral-large-2407 and mistralai\/mistral-large-2411: the sources disagree/);
  });

  it('refuses bad requests and data that is not an index', () => {
    expect(refusal(() => resolveModel({ provider: 'anthropic', model: 'claude-sonnet-4-5', at: '2026-02-30' }, data))).toMatchObject({ code: 'bad_request' });
    expect(refusal(() => resolveModel({ provider: '', model: 'x' }, data))).toMatchObject({ code: 'bad_request' });
    expect(refusal(() => readApiNamesIndex({ data: [] }))).toMatchObject({ code: 'bad_index' });
    expect(readApiNamesIndex({ data: index, meta: {} })).toBe(index);
    const gone = { ...data, detail: () => undefined };
    expect(refusal(() => resolveModel({ provider: 'anthropic', model: 'claude-sonnet-4-5' }, gone))).toMatchObject({ code: 'not_offered' });
  });
});
