import { describe, expect, it } from 'vitest';
import type { ModelRecord, TokenPrices } from '../models/types.js';
import { emptyIdentity } from '../store/identity-store.js';
import type { FactSource, ModelFacts } from './facts.js';
import { firstPartyModels } from './first-party-models.js';
import { attachAllFacts } from './identity.js';

const NOW = '2026-10-06T00:00:00Z';
const price = (input: number, output: number): TokenPrices => ({ input, output, cache_read: null, cache_write: null });

function fact(source: FactSource, key: string, provider: string, author: string | null, p: TokenPrices | null, extra: Partial<ModelFacts> = {}): ModelFacts {
  const name = source === 'litellm' ? key.split('/').pop()! : source.endsWith('-deprecations') ? key : key.slice(key.indexOf('/') + 1);
  return { source, source_key: key, provider, author, model_name: name, price: p, price_tiers: [], context_length: 8192, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra };
}
const row = (source: FactSource, name: string, maker: string, display: string | null, aliases: string[] = []) =>
  fact(source, name, maker, maker, null, { context_length: null, lifecycle: { source_url: 'https://example.test', announced_at: null, deprecated_at: null, state: null, note: null, replacement: null, replacement_names: [], aliases, display_name: display } });

function record(id: string, p: TokenPrices | null, extra: Partial<ModelRecord> = {}): ModelRecord {
  return {
    id, upstream_id: id, name: id, author: id.split('/')[0]!, description: '', created_at: null, context_length: 8192, max_output: null,
    capabilities: { vision: false, reasoning: false, tools: false }, input_modalities: ['text'], output_modalities: ['text'],
    benchmarks: { intelligence_index: null, coding_index: null, math_index: null }, retirement_date: null, free_variant: null,
    first_seen_at: '2026-03-29T00:00:00Z', delisted_at: null, price_history: p === null ? [] : [{ at: '2026-03-29T00:00:00Z', ...p }], endpoints: { updated_at: null, items: [] }, ...extra,
  };
}
/** A model made before from a maker's price list (origin first-party), as a deployment's state holds it. */
const made = (id: string, from: string, extra: Partial<ModelRecord> = {}) => record(id, null, { origin: 'first-party', upstream_id: from, first_seen_at: '2026-08-01T06:00:00Z', ...extra });
const catalog = (...records: ModelRecord[]) => new Map(records.map((r) => [r.id, r]));
const merged = (result: ReturnType<typeof firstPartyModels>) => result.superseded.map((r) => [r.id, r.part_of, r.delisted_at]);

describe('first-party models part of another', () => {
  it("joins a made dated snapshot to the model the maker's row names, and its records with it", () => {
    const files = {
      litellm: { facts: ['gpt-4', 'gpt-4-0613', 'gpt-4-0314'].map((k) => fact('litellm', k, 'openai', 'openai', price(30, 60))) },
      'openai-deprecations': { facts: [row('openai-deprecations', 'gpt-4-0613', 'openai', null, ['gpt-4', 'gpt-4-completions']), row('openai-deprecations', 'gpt-4-0314', 'openai', null)] },
    };
    const state = catalog(record('openai/gpt-4', price(30, 60)), record('openai/gpt-4-0314', price(30, 60)), made('openai/gpt-4-0613', 'litellm/gpt-4-0613'));
    const result = firstPartyModels(files, emptyIdentity(), state, NOW);
    expect(merged(result)).toEqual([['openai/gpt-4-0613', 'openai/gpt-4', NOW]]);
    expect([result.added, result.refused, result.duplicates]).toEqual([[], [], []]);
    const after = new Map([...state, ...result.superseded.map((r) => [r.id, r] as const)]);
    const attached = attachAllFacts(files, emptyIdentity(), [...after.keys()].sort(), after.values()).byModel;
    expect(Object.values(attached.get('openai/gpt-4')!).flatMap((l) => l!.map((f) => `${f.source} ${f.source_key}`)).sort()).toEqual(['litellm gpt-4', 'litellm gpt-4-0613', 'openai-deprecations gpt-4-0613']);
    expect(attached.has('openai/gpt-4-0613')).toBe(false);
    // Once part of gpt-4 it stays so: the next run changes nothing and makes no copy.
    expect([firstPartyModels(files, emptyIdentity(), after, NOW).superseded, firstPartyModels(files, emptyIdentity(), after, NOW).added]).toEqual([[], []]);
  });

  it('says what an old shell is part of, keeping the day it was delisted', () => {
    const files = { 'genai-prices': { facts: [fact('genai-prices', 'anthropic/claude-opus-4-8', 'anthropic', 'anthropic', price(5, 25))] } };
    const shell = made('anthropic/claude-opus-4-8', 'genai-prices/anthropic/claude-opus-4-8', { delisted_at: '2026-08-01T06:00:00Z' });
    const result = firstPartyModels(files, emptyIdentity(), catalog(record('anthropic/claude-opus-4.8', price(5, 25)), shell), NOW);
    expect(merged(result)).toEqual([['anthropic/claude-opus-4-8', 'anthropic/claude-opus-4.8', '2026-08-01T06:00:00Z']]);
  });

  it("keeps apart a snapshot at a price of its own and a name a price list only prices alike; a price list's spelling gives way to the maker's API name", () => {
    const files = {
      'genai-prices': {
        facts: [
          fact('genai-prices', 'openai/gpt-4o-mini-tts', 'openai', 'openai', price(0.6, 12)),
          // genai-prices prices `gpt-4o-transcribe-diarize` like `gpt-4o-transcribe`: one price, two models.
          fact('genai-prices', 'openai/gpt-4o-transcribe', 'openai', 'openai', price(2.5, 10), { names: ['gpt-4o-transcribe-diarize'] }),
        ],
      },
      litellm: {
        facts: [
          fact('litellm', 'gpt-4o-mini-tts-2025-03-20', 'openai', 'openai', price(2.5, 10)),
          fact('litellm', 'mistral/magistral-medium-2509', 'mistral', 'mistral', price(2, 5), { context_length: 40000 }),
          fact('litellm', 'mistral/magistral-medium-1-2-2509', 'mistral', 'mistral', price(2, 5), { context_length: 40000 }),
        ],
      },
      'mistral-deprecations': { facts: [row('mistral-deprecations', 'magistral-medium-2509', 'mistral', 'Magistral Medium 1.2', ['magistral-medium-latest'])] },
    };
    const state = catalog(
      made('openai/gpt-4o-mini-tts', 'genai-prices/openai/gpt-4o-mini-tts'),
      made('openai/gpt-4o-mini-tts-2025-03-20', 'litellm/gpt-4o-mini-tts-2025-03-20'),
      made('openai/gpt-4o-transcribe', 'genai-prices/openai/gpt-4o-transcribe'),
      made('openai/gpt-4o-transcribe-diarize', 'litellm/gpt-4o-transcribe-diarize'),
      made('mistralai/magistral-medium-2509', 'litellm/mistral/magistral-medium-2509'),
      made('mistralai/magistral-medium-1-2-2509', 'litellm/mistral/magistral-medium-1-2-2509'),
      record('openai/gpt-4o', price(2.5, 10)),
    );
    expect(merged(firstPartyModels(files, emptyIdentity(), state, NOW))).toEqual([['mistralai/magistral-medium-1-2-2509', 'mistralai/magistral-medium-2509', NOW]]);
  });

  it('follows a chain to the model at its end', () => {
    const files = { litellm: { facts: [fact('litellm', 'gpt-3.5-turbo-0125', 'openai', 'openai', price(0.5, 1.5))] }, 'openai-deprecations': { facts: [row('openai-deprecations', 'gpt-3.5-turbo-0125', 'openai', null, ['gpt-3.5-turbo'])] } };
    // Part of a made model that OpenRouter has since come to list under its own spelling.
    const state = catalog(
      record('openai/gpt-3.5-turbo', price(0.5, 1.5)),
      made('openai/gpt-3-5-turbo', 'genai-prices/openai/gpt-3-5-turbo'),
      made('openai/gpt-3.5-turbo-0125', 'litellm/gpt-3.5-turbo-0125', { delisted_at: '2026-08-01T06:00:00Z', part_of: 'openai/gpt-3-5-turbo' }),
    );
    expect(merged(firstPartyModels(files, emptyIdentity(), state, NOW)).sort()).toEqual([
      ['openai/gpt-3-5-turbo', 'openai/gpt-3.5-turbo', NOW],
      ['openai/gpt-3.5-turbo-0125', 'openai/gpt-3.5-turbo', '2026-08-01T06:00:00Z'],
    ]);
  });

  it('refuses a new model the duplicate check finds one with a published one, and never remakes a model part of another', () => {
    // Google's `gemini-2.0-flash` is its stable `gemini-2.0-flash-001`, but this record's price is another: the rules place it nowhere.
    const files = { 'genai-prices': { facts: [fact('genai-prices', 'google/gemini-2.0-flash', 'google', 'google', price(1, 4))] } };
    const stable = record('google/gemini-2.0-flash-001', price(0.1, 0.4));
    const result = firstPartyModels(files, emptyIdentity(), catalog(stable), NOW);
    expect(result.added).toEqual([]);
    expect(result.refused.map((e) => [e.name, e.pair.models, e.pair.reason])).toEqual([['DuplicateModelsError', ['google/gemini-2.0-flash', 'google/gemini-2.0-flash-001'], 'stable_name']]);
    // A deployment that made it before: once part of the stable version, it is never made again.
    const shell = made('google/gemini-2.0-flash', 'genai-prices/google/gemini-2.0-flash', { delisted_at: '2026-08-01T06:00:00Z', part_of: 'google/gemini-2.0-flash-001' });
    const again = firstPartyModels(files, emptyIdentity(), catalog(stable, shell), NOW);
    expect([again.added, again.superseded, again.refused, again.duplicates]).toEqual([[], [], [], []]);
    expect(again.unplaced.map((u) => u.reason)).toEqual(['its name is part of google/gemini-2.0-flash-001, where the identity rules did not place this record: reported, not a second model']);
  });

  it("makes one model of two new names that are one: Google's stable version, whose alias then joins it", () => {
    const palm = { litellm: { facts: ['palm/chat-bison', 'palm/chat-bison-001'].map((k) => fact('litellm', k, 'palm', 'google', price(0.125, 0.125))) } };
    const first = firstPartyModels(palm, emptyIdentity(), catalog(record('openai/gpt-4', price(30, 60))), NOW);
    expect(first.added.map((r) => r.id)).toEqual(['google/chat-bison-001']);
    expect(first.refused.map((e) => e.message)).toEqual(['google/chat-bison and google/chat-bison-001 are one model (stable name chat-bison)']);
    const state = catalog(record('openai/gpt-4', price(30, 60)), ...first.added);
    const next = firstPartyModels(palm, emptyIdentity(), state, NOW);
    expect([next.added, next.refused]).toEqual([[], []]);
    const attached = attachAllFacts(palm, emptyIdentity(), [...state.keys()].sort(), state.values()).byModel;
    expect(attached.get('google/chat-bison-001')?.litellm?.map((f) => [f.source_key, f.match.kind])).toEqual([['palm/chat-bison', 'alias'], ['palm/chat-bison-001', 'exact']]);
  });
});
