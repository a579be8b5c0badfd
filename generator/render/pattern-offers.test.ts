import { describe, expect, it } from 'vitest';
import { nameOwners } from '../sources/api-names.js';
import type { FactSource, Lifecycle, ModelFacts } from '../sources/facts.js';
import { patternOffers, type PatternOfferInput } from './pattern-offers.js';

const prices = (input: number, output: number) => ({ input, output, cache_read: null, cache_write: null });
const fact = (source: FactSource, key: string, provider: string, name: string, extra: Partial<ModelFacts> = {}): ModelFacts => ({
  source, source_key: key, provider, author: 'google', model_name: name, price: prices(1.25, 10), price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra,
});
const lifecycle: Lifecycle = { source_url: 'https://ai.google.dev/gemini-api/docs/deprecations', announced_at: null, deprecated_at: null, state: null, note: null, replacement: 'gemini-2.5-pro', replacement_names: ['gemini-2.5-pro'], aliases: [], display_name: null };

// Google's page places the 05-06 preview on our model of it; genai-prices prices it through its
// Gemini 2.5 Pro family (`starts_with: gemini-2.5-pro`), and OpenRouter lists it at that price.
const page = fact('google-deprecations', 'gemini-2.5-pro-preview-05-06', 'google', 'gemini-2.5-pro-preview-05-06', { price: null, lifecycle });
const family = fact('genai-prices', 'google/gemini-2.5-pro', 'google', 'gemini-2.5-pro', { patterns: { starts_with: 'gemini-2.5-pro' } });
const preview = 'google/gemini-2.5-pro-preview-05-06';
const byModel = new Map<string, Partial<Record<FactSource, ModelFacts[]>>>([[preview, { 'google-deprecations': [page] }], ['google/gemini-2.5-pro', { 'genai-prices': [family] }]]);
const input: PatternOfferInput = {
  modelId: preview, facts: byModel.get(preview)!, owners: nameOwners(byModel), genai: [family], offers: [], endpointProviders: new Set(), prices: [prices(1.25, 10)], asOf: '2026-08-01T00:00:00Z', histories: {},
};

describe('patternOffers', () => {
  it("gives a model the family's price at a provider where only the family prices a name placed on it", () => {
    const offers = patternOffers(input);
    expect(offers.map((o) => [o.source, o.source_key, o.provider, o.price.input, o.price.output, o.first_party])).toEqual([['genai-prices', 'google/gemini-2.5-pro', 'google', 1.25, 10, true]]);
  });

  it("gives none where the model's own price disagrees, another offer holds the provider, or no family takes the name", () => {
    expect(patternOffers({ ...input, prices: [prices(2.5, 15)] })).toEqual([]);
    expect(patternOffers({ ...input, endpointProviders: new Set(['google-ai-studio']) })).toEqual([]);
    expect(patternOffers({ ...input, genai: [{ ...family, patterns: { starts_with: 'gemini-2.5-flash' } }] })).toEqual([]);
  });
});
