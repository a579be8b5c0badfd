import { describe, expect, it } from 'vitest';
import { mergeCatalog } from '../models/merge.js';
import type { DirectOffer } from '../models/facts-merge.js';
import type { ModelRecord } from '../models/types.js';
import { orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { parseCatalog, parseModelsPage } from '../sources/openrouter/parse.js';
import { translateCatalog } from '../sources/openrouter/translate.js';
import { freeVariantOffer } from './model-fields.js';
import { cheapestOffer, isAuthorProvider, markOlderNews, modelOffers } from './offers.js';

/** A stored record the way update makes one (OpenRouter's format → translate → merge), with two endpoints. */
function record(): ModelRecord {
  const observation = translateCatalog(parseCatalog([parseModelsPage(orModelsPage([orModel({ id: 'anthropic/claude-x', prompt: '0.000003', completion: '0.000015' })]), 'fixture')], 'fixture'));
  const stored = mergeCatalog(new Map(), observation, { now: '2026-09-01T00:00:00Z', maxDelistShare: 0.2, force: false }).models.get('anthropic/claude-x')!;
  const endpoint = (provider: string, input: number, output: number) => ({
    provider, tag: provider.toLowerCase(), price: { input, output, cache_read: null, cache_write: null }, context_length: 200000, max_output: 64000, quantization: null,
    capabilities: { vision: true, reasoning: true, tools: true }, free: false, uptime_1d: 0.99,
  });
  return { ...stored, endpoints: { updated_at: '2026-09-01T00:00:00Z', items: [endpoint('Anthropic', 3, 15), endpoint('Amazon Bedrock', 3.3, 16.5)] } };
}

const direct = (source: DirectOffer['source'], provider: string, key: string, input: number, output: number, extra: Partial<DirectOffer> = {}): DirectOffer => ({
  source, provider, source_key: key, first_party: false, price: { input, output, cache_read: null, cache_write: null }, price_tiers: [], context_length: 200000, max_output: null, retirement_date: null,
  prices_checked: null, price_history: [], source_date: null, upcoming: [], time_window: null, ...extra,
});

describe('offers', () => {
  it('lists every offer cheapest first with canonical providers: one headline per provider and source, regional and data-zone prices beside it', () => {
    const { offers, implausible } = modelOffers(record(), [
      direct('litellm', 'anthropic', 'claude-x', 3, 15, { first_party: true, retirement_date: '2027-01-01' }),
      direct('modelsdev', 'anthropic', 'anthropic/claude-x', 3, 15, { first_party: true }),
      direct('litellm', 'azure', 'azure/claude-x', 2.5, 12, { retirement_date: '2026-12-01' }),
      // Cheaper, but only in the EU data zone: never Azure's headline price.
      direct('litellm', 'azure', 'azure/eu/claude-x', 2.2, 11),
      direct('litellm', 'bedrock', 'bedrock/us-gov-east-1/anthropic.claude-x-v1:0', 3.6, 18),
      // models.dev's name for the same provider as LiteLLM's bedrock: one provider.
      direct('modelsdev', 'amazon-bedrock', 'amazon-bedrock/anthropic.claude-x-v1:0', 3.3, 16.5),
      // A per-token price in a per-1M field: a unit error, not an offer.
      direct('litellm', 'wandb', 'wandb/claude-x', 3_000_000, 15_000_000),
    ], null);
    expect(offers.map((o) => [o.provider, o.source, o.source_key, o.kind, o.region])).toEqual([
      ['azure', 'litellm', 'azure/eu/claude-x', 'data_zone', 'eu'],
      ['azure', 'litellm', 'azure/claude-x', 'standard', null],
      ['anthropic', 'openrouter', 'anthropic', 'standard', null],
      ['anthropic', 'litellm', 'claude-x', 'standard', null],
      // OpenRouter's own listing, at its listed price: what a request to OpenRouter costs.
      ['openrouter', 'openrouter', 'anthropic/claude-x', 'standard', null],
      ['amazon-bedrock', 'openrouter', 'amazon bedrock', 'standard', null],
      ['amazon-bedrock', 'modelsdev', 'amazon-bedrock/anthropic.claude-x-v1:0', 'standard', null],
      ['amazon-bedrock', 'litellm', 'bedrock/us-gov-east-1/anthropic.claude-x-v1:0', 'regional', 'us-gov-east-1'],
    ]);
    expect(offers.find((o) => o.source_key === 'azure/claude-x')).toMatchObject({ provider_name: 'Azure', retirement_date: '2026-12-01', first_party: false });
    expect(offers.find((o) => o.source === 'openrouter' && o.provider === 'anthropic')).toMatchObject({ provider_name: 'Anthropic', first_party: true, tag: 'anthropic' });
    expect(implausible.map((o) => o.source_key)).toEqual(['wandb/claude-x']);
    expect(cheapestOffer(offers)).toEqual({ provider: 'azure', provider_name: 'Azure', source: 'litellm', price: { input: 2.5, output: 12, blended: 4.875, cache_read: null, cache_write: null } });
  });

  it('keeps OpenRouter\'s endpoint tags apart under one provider', () => {
    const base = record();
    const fast = { ...base.endpoints.items[0]!, provider: 'Fireworks', tag: 'fireworks/fast', price: { input: 4.5, output: 22.5, cache_read: null, cache_write: null } };
    const plain = { ...base.endpoints.items[0]!, provider: 'Fireworks', tag: 'fireworks' };
    const { offers } = modelOffers({ ...base, endpoints: { updated_at: base.endpoints.updated_at, items: [plain, fast] } }, [], null);
    expect(offers.map((o) => [o.provider, o.provider_name, o.tag])).toEqual([
      ['fireworks', 'Fireworks', 'fireworks'],
      ['openrouter', 'OpenRouter', null],
      ['fireworks', 'Fireworks', 'fireworks/fast'],
    ]);
  });

  it('keeps the free variant as an offer but never as the cheapest paid one', () => {
    const model = { ...record(), free_variant: { upstream_id: 'anthropic/claude-x:free', context_length: 8000, max_output: null } };
    const { offers } = modelOffers(model, [], freeVariantOffer(model));
    expect(offers[0]).toMatchObject({ provider: 'openrouter', provider_name: 'OpenRouter (free variant)', free: true, price: { blended: 0 } });
    expect(cheapestOffer(offers)).toMatchObject({ provider: 'anthropic', provider_name: 'Anthropic', source: 'openrouter', price: { input: 3, output: 15 } });
  });

  it("lets genai-prices stand for a provider's standard offer (first party first), and compares prices at the documented precision", () => {
    const { offers } = modelOffers(record(), [
      direct('genai-prices', 'anthropic', 'anthropic/claude-x', 3, 15, { first_party: true, prices_checked: '2026-07-01', price_tiers: [{ min_prompt_tokens: 200000, input: 6, output: 22.5, cache_read: null, cache_write: null }] }),
      direct('litellm', 'anthropic', 'claude-x', 3, 15, { first_party: true }),
      // Conversion noise a hair under the maker's price: not a cheaper offer.
      direct('litellm', 'databricks', 'databricks/databricks-claude-x', 2.99999, 15.00002),
    ], null);
    // OpenRouter's plain Anthropic endpoint and LiteLLM's Anthropic record are the same offer as genai-prices': not listed twice.
    expect(offers.map((o) => [o.provider, o.source])).toEqual([
      ['anthropic', 'genai-prices'],
      ['openrouter', 'openrouter'],
      ['databricks', 'litellm'],
      ['amazon-bedrock', 'openrouter'],
    ]);
    expect(offers[0]).toMatchObject({ prices_checked: '2026-07-01', price_tiers: [{ min_prompt_tokens: 200000, input: 6, output: 22.5, blended: 10.125 }], time_window: null });
    expect(cheapestOffer(offers)).toMatchObject({ provider: 'anthropic', source: 'genai-prices' });
  });

  it('lists a time-of-day price as its own labelled offer, never as the standard one', () => {
    const { offers } = modelOffers(record(), [
      direct('genai-prices', 'deepseek', 'deepseek/deepseek-x', 0.27, 1.1, { first_party: true }),
      direct('genai-prices', 'deepseek', 'deepseek/deepseek-x', 0.135, 0.55, { first_party: true, time_window: { start: '16:30', end: '00:30' } }),
    ], null);
    const deepseek = offers.filter((o) => o.provider === 'deepseek');
    expect(deepseek.map((o) => [o.kind, o.time_window, o.price.input])).toEqual([
      ['time_window', { start: '16:30', end: '00:30' }, 0.135],
      ['standard', null, 0.27],
    ]);
    expect(cheapestOffer(deepseek)).toMatchObject({ price: { input: 0.27 } });
  });

  it("calls older news what was read before the maker's dated change: listed last, never the cheapest offer", () => {
    const { offers } = modelOffers(record(), [
      direct('genai-prices', 'anthropic', 'anthropic/claude-x', 3, 15, { first_party: true, source_date: '2026-09-01' }),
      // Read on 2026-08-01, still at the introductory price the maker ended on 2026-09-01.
      direct('litellm', 'azure', 'azure/claude-x', 2, 10),
    ], null);
    const readAt = (o: { source: string }) => (o.source === 'litellm' ? '2026-08-01T06:00:00Z' : '2026-09-15T00:00:00Z');
    const marked = markOlderNews(offers, '2026-09-01T00:00:00Z', readAt);
    expect(marked.map((o) => [o.provider, o.source, o.stale])).toEqual([
      ['anthropic', 'genai-prices', false],
      ['openrouter', 'openrouter', false],
      ['amazon-bedrock', 'openrouter', false],
      ['azure', 'litellm', true],
    ]);
    expect(cheapestOffer(marked)).toMatchObject({ provider: 'anthropic', source: 'genai-prices' });
    // Without a dated change in force, nothing is older news.
    expect(markOlderNews(offers, null, readAt).every((o) => !o.stale)).toBe(true);
  });

  it("lists OpenRouter's own listing with its ids, its listed price and that price's history, never as the cheapest offer", () => {
    const base = record();
    const model: ModelRecord = {
      ...base,
      canonical_slug: 'anthropic/claude-x-20260101',
      price_history: [{ at: '2026-03-29T00:00:00Z', input: 4, output: 20, cache_read: null, cache_write: null }, { ...base.price_history[0]!, at: '2026-05-01T00:00:00Z', previous_seen_at: '2026-03-29T00:00:00Z' }],
      endpoints: { updated_at: base.endpoints.updated_at, items: [{ ...base.endpoints.items[1]!, price: { input: 3, output: 15, cache_read: null, cache_write: null } }] },
    };
    const { offers } = modelOffers(model, [], null);
    const listing = offers.find((o) => o.provider === 'openrouter')!;
    expect(listing).toMatchObject({ source: 'openrouter', source_key: 'anthropic/claude-x', tag: null, kind: 'standard', first_party: false, free: false, price: { input: 3, output: 15 }, api_names: ['anthropic/claude-x', 'anthropic/claude-x-20260101'] });
    expect(listing.price_history.map((p) => [p.at, p.input])).toEqual([['2026-03-29T00:00:00Z', 4], ['2026-05-01T00:00:00Z', 3]]);
    // It ties with the endpoint it is the price of, which stays the cheapest offer.
    expect(cheapestOffer(offers)).toMatchObject({ provider: 'amazon-bedrock' });
    // A model only the makers sell has no OpenRouter listing.
    expect(modelOffers({ ...model, origin: 'first-party' }, [], null).offers.some((o) => o.provider === 'openrouter')).toBe(false);
  });

  it('reads OpenRouter provider names as authors where they are the author', () => {
    expect(isAuthorProvider('Google AI Studio', 'google')).toBe(true);
    expect(isAuthorProvider('Moonshot AI', 'moonshotai')).toBe(true);
    expect(isAuthorProvider('xAI', 'x-ai')).toBe(true);
    expect(isAuthorProvider('Amazon Bedrock', 'anthropic')).toBe(false);
    expect(isAuthorProvider('Together', 'meta-llama')).toBe(false);
  });
});
