import { describe, expect, it } from 'vitest';
import { refusal } from './test-entries.js';
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

describe('resolveModel', () => {
  it('resolves dated snapshots and aliases to the model and the provider offer that lists them', () => {
    const snapshot = resolveModel({ provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' }, data);
    expect(snapshot).toMatchObject({ model: 'anthropic/claude-sonnet-4.5', provider: 'anthropic', api_name: 'claude-sonnet-4-5-20250929', at: '2026-08-02', moved_from: null });
    expect(snapshot.offer).toEqual({ source: 'genai-prices', source_key: 'genai-prices:anthropic', kind: 'standard', region: null, provider_name: 'anthropic', api_name: 'claude-sonnet-4-5-20250929' });
    expect(snapshot.price).toEqual({ input: 3, output: 15, cache_read: 0.3, cache_write: 3.75, since: null, basis: 'offer', unit_prices: [] });
    expect(snapshot.match).toEqual({ kind: 'exact', pattern: null });
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
    // So is a common form of it.
    expect(refusal(() => resolveModel({ provider: 'mistral', model: 'mistral/Mistral-Large' }, data))).toMatchObject({ code: 'ambiguous_model' });
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

// The forms logs carry: the Gemini SDK's `models/…`, a provider prefix, Vertex's publisher path
// and `@version`, Bedrock's zone prefixes and version tails, OpenRouter's variants; and a family
// pattern of genai-prices (its `starts_with` for the Gemini 2.5 Pro previews).
const gemini = detail('google/gemini-2.5-pro', price(1.25, 10), {
  endpoints: [
    offer('google-ai-studio', 'genai-prices', price(1.25, 10), { api_names: ['gemini-2.5-pro'], first_party: true }),
    offer('google-vertex', 'litellm', price(1.25, 10), { api_names: ['gemini-2.5-pro'] }),
  ],
});
const preview = detail('google/gemini-2.5-pro-preview', price(1.25, 10), { endpoints: [offer('google-ai-studio', 'genai-prices', price(1.25, 10), { api_names: ['gemini-2.5-pro-preview'] })] });
const tts = detail('google/gemini-2.5-pro-preview-tts', price(1, 20), { endpoints: [offer('google-ai-studio', 'litellm', price(1, 20), { api_names: ['gemini-2.5-pro-preview-tts'] })] });
const haiku = detail('anthropic/claude-3-haiku', price(0.25, 1.25), {
  endpoints: [
    offer('amazon-bedrock', 'litellm', price(0.25, 1.25), { api_names: ['anthropic.claude-3-haiku-20240307-v1:0'] }),
    offer('amazon-bedrock', 'litellm', price(0.3, 1.5), { kind: 'data_zone', region: 'eu', api_names: ['eu.anthropic.claude-3-haiku-20240307-v1:0'] }),
  ],
});
const mini = detail('openai/gpt-4o-mini', price(0.15, 0.6), {
  endpoints: [
    offer('openai', 'litellm', price(0.15, 0.6), { api_names: ['gpt-4o-mini'] }),
    offer('openrouter', 'openrouter', price(0.15, 0.6), { api_names: ['openai/gpt-4o-mini', 'openai/gpt-4o-mini-2024-07-18'] }),
    offer('openrouter', 'openrouter', price(0, 0), { free: true, api_names: ['openai/gpt-4o-mini:free'] }),
  ],
});
// A dated snapshot whose own offer was first seen late, of a model priced long before.
const snapshotDetail = detail('openai/gpt-4o-2024-08-06', price(2.5, 10), {
  price_history: [
    { at: '2025-06-01T00:00:00Z', ...price(5, 15), source: 'genai-prices', source_date: null, previous_seen_at: null },
    { at: '2025-10-01T00:00:00Z', ...price(2.5, 10), source: 'genai-prices', source_date: null, previous_seen_at: null },
  ],
  endpoints: [
    offer('openai', 'litellm', price(2.5, 10), { first_party: true, api_names: ['gpt-4o-2024-08-06'], price_history: [{ at: '2026-08-01T00:00:00Z', input: 2.5, output: 10, cache_read: null, cache_write: null, source_date: null }] }),
    offer('azure', 'litellm', price(2.75, 11), { api_names: ['gpt-4o-2024-08-06'], price_history: [{ at: '2026-08-01T00:00:00Z', input: 2.75, output: 11, cache_read: null, cache_write: null, source_date: null }] }),
  ],
});
const formsIndex: ApiNamesIndex = {
  providers: {
    'google-ai-studio': { 'gemini-2.5-pro': gemini.id, 'gemini-2.5-pro-preview': preview.id, 'gemini-2.5-pro-preview-tts': tts.id },
    'google-vertex': { 'gemini-2.5-pro': gemini.id },
    'amazon-bedrock': { 'anthropic.claude-3-haiku-20240307-v1:0': haiku.id, 'eu.anthropic.claude-3-haiku-20240307-v1:0': haiku.id, 'anthropic.claude-v2': 'anthropic/claude-2', 'anthropic.claude-v2:1': 'anthropic/claude-2.1' },
    openai: { 'gpt-4o-mini': mini.id, 'gpt-4o-2024-08-06': snapshotDetail.id },
    azure: { 'gpt-4o-2024-08-06': snapshotDetail.id },
    openrouter: { 'openai/gpt-4o-mini': mini.id, 'openai/gpt-4o-mini-2024-07-18': mini.id, 'openai/gpt-4o-mini:free': mini.id },
  },
  ambiguous: {},
  aliases: {},
  patterns: {
    'google-ai-studio': [
      { match: { starts_with: 'gemini-2.5-pro' }, name: 'gemini-2.5-pro', except: ['gemini-2.5-pro-exp-0325'] },
      { match: { starts_with: 'gemini-2.5-pro-preview' }, name: 'gemini-2.5-pro-preview' },
      { match: { starts_with: 'gemini-9' }, name: 'gemini-9' },
    ],
  },
};
const formDetails = new Map([gemini, preview, tts, haiku, mini, snapshotDetail].map((d) => [d.id, d]));
const forms = { index: formsIndex, detail: (id: string) => formDetails.get(id), asOf: '2026-08-02T00:00:00Z' };
const resolved = (provider: string, model: string, at?: string) => resolveModel({ provider, model, at }, forms);

describe('resolveModel on the forms logs carry', () => {
  it('reads the Gemini SDK, provider prefixes, Vertex publisher paths and versions, and other cases', () => {
    for (const [provider, name] of [
      ['google', 'models/gemini-2.5-pro'],
      ['gemini', 'gemini/gemini-2.5-pro'],
      ['google', 'Gemini-2.5-Pro'],
      ['vertex', 'publishers/google/models/gemini-2.5-pro'],
      ['vertex', 'projects/p-1/locations/us-central1/publishers/google/models/gemini-2.5-pro@001'],
      ['vertex_ai', 'vertex_ai/gemini-2.5-pro'],
    ] as const) {
      expect(resolved(provider, name), `${provider} ${name}`).toMatchObject({ model: gemini.id, api_name: name, match: { kind: 'form' }, offer: { api_name: 'gemini-2.5-pro' } });
    }
    expect(resolved('openai', 'openai/gpt-4o-mini')).toMatchObject({ model: mini.id, match: { kind: 'form' } });
    // Another provider's prefix is no form of the provider asked.
    expect(refusal(() => resolved('openai', 'anthropic/gpt-4o-mini'))).toMatchObject({ code: 'unknown_model' });
  });

  it('prices a Bedrock zone at that zone where it has an offer, else at the standard one, with or without the version tail', () => {
    expect(resolved('bedrock', 'eu.anthropic.claude-3-haiku-20240307-v1:0')).toMatchObject({ match: { kind: 'exact' }, offer: { kind: 'data_zone', region: 'eu' }, price: { input: 0.3 } });
    expect(resolved('bedrock', 'eu.anthropic.claude-3-haiku-20240307')).toMatchObject({ match: { kind: 'form' }, offer: { kind: 'data_zone', region: 'eu', api_name: 'eu.anthropic.claude-3-haiku-20240307-v1:0' }, price: { input: 0.3 } });
    expect(resolved('bedrock', 'us.anthropic.claude-3-haiku-20240307-v1:0')).toMatchObject({ offer: { kind: 'standard', api_name: 'anthropic.claude-3-haiku-20240307-v1:0' }, price: { input: 0.25 } });
    expect(resolved('bedrock', 'global.anthropic.claude-3-haiku-20240307-v1:0')).toMatchObject({ offer: { kind: 'standard' } });
    // Two listed names of one loose key that name two models: the form resolves to neither.
    expect(refusal(() => resolved('bedrock', 'us.anthropic.claude-v2'))).toMatchObject({ code: 'ambiguous_model', candidates: ['anthropic/claude-2', 'anthropic/claude-2.1'] });
  });

  it('resolves OpenRouter ids to OpenRouter offer, `:free` to its free variant, other variants to its listed price', () => {
    expect(resolved('openrouter', 'openai/gpt-4o-mini')).toMatchObject({ model: mini.id, offer: { source: 'openrouter', api_name: 'openai/gpt-4o-mini' }, price: { input: 0.15 } });
    expect(resolved('openrouter', 'openai/gpt-4o-mini:free')).toMatchObject({ match: { kind: 'exact' }, price: { input: 0, output: 0 } });
    expect(resolved('openrouter', 'openai/gpt-4o-mini-2024-07-18:free')).toMatchObject({ match: { kind: 'form' }, offer: { api_name: 'openai/gpt-4o-mini:free' }, price: { input: 0 } });
    expect(resolved('openrouter', 'openai/gpt-4o-mini:nitro')).toMatchObject({ match: { kind: 'form' }, price: { input: 0.15 } });
  });

  it('takes a family pattern only after every exact name and form, the most specific one, never a name excepted', () => {
    expect(resolved('google', 'gemini-2.5-pro-preview-05-06')).toMatchObject({ model: preview.id, match: { kind: 'pattern', pattern: { starts_with: 'gemini-2.5-pro-preview' } }, offer: { api_name: 'gemini-2.5-pro-preview' } });
    expect(resolved('google', 'models/gemini-2.5-pro-exp-03-25')).toMatchObject({ model: gemini.id, match: { kind: 'pattern' } });
    expect(resolved('google', 'gemini-2.5-pro-preview-tts')).toMatchObject({ model: tts.id, match: { kind: 'exact' } });
    expect(refusal(() => resolved('google', 'gemini-2.5-pro-exp-0325'))).toMatchObject({ code: 'unknown_model' });
    // A pattern whose name the index does not list stands for nothing.
    expect(refusal(() => resolved('google', 'gemini-9-pro'))).toMatchObject({ code: 'unknown_model' });
  });

  it("answers a maker's offer's days before it was first seen from the model's history, and no other offer's", () => {
    expect(resolved('openai', 'gpt-4o-2024-08-06', '2025-07-01').price).toMatchObject({ input: 5, output: 15, since: '2025-06-01', basis: 'model' });
    expect(resolved('openai', 'gpt-4o-2024-08-06', '2025-12-01').price).toMatchObject({ input: 2.5, output: 10, since: '2025-10-01', basis: 'model' });
    expect(resolved('openai', 'gpt-4o-2024-08-06', '2025-05-01').price).toMatchObject({ input: null, since: null, basis: 'offer' });
    expect(resolved('azure', 'gpt-4o-2024-08-06', '2025-07-01').price).toMatchObject({ input: null, basis: 'offer' });
    // The cost of a past day reads the same price.
    const usage = { input_tokens: 1_000_000, output_tokens: 1_000_000 };
    expect(estimateCost(snapshotDetail, usage, { provider: 'openai', model: 'gpt-4o-2024-08-06', at: '2025-07-01' }).total_usd).toBe(20);
  });

  it('refuses a name longer than any API name without comparing it to every name', () => {
    expect(refusal(() => resolved('google', `gemini-2.5-pro${'-x'.repeat(200)}`))).toMatchObject({ code: 'unknown_model', suggestions: [] });
  });
});
