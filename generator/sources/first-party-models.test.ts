import { describe, expect, it } from 'vitest';
import type { ModelRecord, TokenPrices } from '../models/types.js';
import { emptyIdentity } from '../store/identity-store.js';
import type { ModelFacts } from './facts.js';
import { firstPartyModels } from './first-party-models.js';
import { attachAllFacts } from './identity.js';

const NOW = '2026-10-01T00:00:00Z';
const price = (input: number, output: number): TokenPrices => ({ input, output, cache_read: null, cache_write: null });

function fact(source: ModelFacts['source'], key: string, provider: string, author: string | null, p: TokenPrices | null, extra: Partial<ModelFacts> = {}): ModelFacts {
  const name = source === 'litellm' ? key.split('/').pop()! : key.slice(key.indexOf('/') + 1);
  return { source, source_key: key, provider, author, model_name: name, price: p, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra };
}

function ours(id: string, p: TokenPrices): ModelRecord {
  return {
    id, upstream_id: id, name: id, author: id.split('/')[0]!, description: '', created_at: null, context_length: 16385, max_output: null,
    capabilities: { vision: false, reasoning: false, tools: false }, input_modalities: ['text'], output_modalities: ['text'],
    benchmarks: { intelligence_index: null, coding_index: null, math_index: null }, retirement_date: null, free_variant: null,
    first_seen_at: '2026-03-29T00:00:00Z', delisted_at: null, price_history: [{ at: '2026-03-29T00:00:00Z', ...p }], endpoints: { updated_at: null, items: [] },
  };
}

const catalog = new Map([['openai/gpt-3.5-turbo', ours('openai/gpt-3.5-turbo', price(0.5, 1.5))]]);

describe('first-party models', () => {
  it("makes a model of each maker's own priced record OpenRouter does not list, one per name across sources, with its type", () => {
    const files = {
      'genai-prices': {
        facts: [
          fact('genai-prices', 'openai/gpt-realtime', 'openai', 'openai', price(4, 16), { unit_prices: [{ unit: '1m_tokens', kind: 'input_audio', usd: 32 }], display_name: 'GPT Realtime' }),
          fact('genai-prices', 'openai/text-embedding-3-small', 'openai', 'openai', null, { input_only_price: 0.02, context_length: 8192 }),
          fact('genai-prices', 'aws/amazon.nova-sonic-v1:0', 'aws', 'amazon', price(0.06, 0.24)),
          fact('genai-prices', 'mistral/magistral-medium', 'mistral', 'mistral', price(2, 5)),
          // A reseller's record and a free lane make nothing.
          fact('genai-prices', 'groq/llama-9', 'groq', null, price(1, 1)),
          fact('genai-prices', 'openai/moderation', 'openai', 'openai', null),
        ],
      },
      litellm: {
        facts: [
          fact('litellm', 'gpt-realtime', 'openai', 'openai', price(4, 16), { type: 'realtime', modalities: { input: ['audio', 'text'], output: ['audio', 'text'] } }),
          fact('litellm', 'text-embedding-3-small', 'openai', 'openai', null, { type: 'embedding', input_only_price: 0.02 }),
        ],
      },
    };
    const made = firstPartyModels(files, emptyIdentity(), catalog, NOW);
    expect(made.added.map((r) => [r.id, r.type, r.name, r.origin, r.upstream_id])).toEqual([
      ['amazon/nova-sonic-v1', 'chat', 'amazon.nova-sonic-v1:0', 'first-party', 'genai-prices/aws/amazon.nova-sonic-v1:0'],
      ['mistralai/magistral-medium', 'chat', 'magistral-medium', 'first-party', 'genai-prices/mistral/magistral-medium'],
      ['openai/gpt-realtime', 'realtime', 'GPT Realtime', 'first-party', 'genai-prices/openai/gpt-realtime'],
      ['openai/text-embedding-3-small', 'embedding', 'text-embedding-3-small', 'first-party', 'genai-prices/openai/text-embedding-3-small'],
    ]);
    const realtime = made.added.find((r) => r.id === 'openai/gpt-realtime')!;
    expect([realtime.input_modalities, realtime.output_modalities, realtime.price_history]).toEqual([['audio', 'text'], ['audio', 'text'], []]);
    expect(made.added.find((r) => r.id === 'openai/text-embedding-3-small')).toMatchObject({ context_length: 8192, output_modalities: [] });
  });

  it('never makes a second model of a name we list or an alias of ours; a snapshot of ours the identity rules place on none is its own model', () => {
    const files = {
      'genai-prices': {
        facts: [
          // Our name, refused by the identity rules (its facts disagree): reported, not a copy.
          fact('genai-prices', 'openai/gpt-3.5-turbo', 'openai', 'openai', price(9, 9), { context_length: 4096 }),
          // An alias the same source prices like the name it floats over attaches by the identity rules (rule 4).
          fact('genai-prices', 'openai/gpt-3.5-turbo-latest', 'openai', 'openai', price(9, 9), { context_length: 4096 }),
          fact('genai-prices', 'openai/gpt-3.5-turbo-1106', 'openai', 'openai', price(1, 2)),
          // At the maker's own price of its model (the record above), but the rules place it on none (its facts disagree with ours): its own model.
          fact('genai-prices', 'openai/gpt-3.5-turbo-0125', 'openai', 'openai', price(9, 9), { context_length: 4096 }),
          fact('genai-prices', 'openai/ft:gpt-4o', 'openai', 'openai', price(3.75, 15)),
          fact('genai-prices', 'openai/gpt-4o-mini-2024-07-18.ft-', 'openai', 'openai', price(0.3, 1.2)),
          fact('genai-prices', 'deepseek/deepseek-chat', 'deepseek', 'deepseek', price(0.27, 1.1)),
          fact('genai-prices', 'openai/chatgpt-4o-latest', 'openai', 'openai', price(5, 15)),
        ],
      },
    };
    const identity = emptyIdentity();
    // With a dated sibling of ours, the undated name floats: a record of it must agree (identity rule 4).
    const floating = new Map([...catalog, ['openai/gpt-3.5-turbo-0613', ours('openai/gpt-3.5-turbo-0613', price(1.5, 2))], ['deepseek/deepseek-chat', ours('deepseek/deepseek-chat', price(0.3, 1.2))]]);
    const made = firstPartyModels(files, identity, floating, NOW);
    // The floating `deepseek-chat` beside our fixed DeepSeek V3 (`deepseek/deepseek-chat`): the maker's own model of the name, `-latest`.
    expect(made.added.map((r) => r.id)).toEqual(['deepseek/deepseek-chat-latest', 'openai/chatgpt-4o-latest', 'openai/gpt-3.5-turbo-0125', 'openai/gpt-3.5-turbo-1106']);
    expect(made.added[0]).toMatchObject({ origin: 'first-party', author: 'deepseek', upstream_id: 'genai-prices/deepseek/deepseek-chat' });
    expect(Object.fromEntries(made.unplaced.map((u) => [u.source_key, u.reason.split(':')[0]]))).toEqual({
      'openai/ft:gpt-4o': 'a fine-tuning price, not a model',
      'openai/gpt-3.5-turbo': 'names openai/gpt-3.5-turbo, but its facts disagree with it (identity rule 4)',
      'openai/gpt-4o-mini-2024-07-18.ft-': 'a fine-tuning price, not a model',
    });
    // A key excluded in data/identity.json makes nothing either.
    identity['genai-prices']['openai/gpt-3.5-turbo-1106'] = null;
    expect(firstPartyModels(files, identity, floating, NOW).added.map((r) => r.id)).toEqual(['deepseek/deepseek-chat-latest', 'openai/chatgpt-4o-latest', 'openai/gpt-3.5-turbo-0125']);
  });

  it('makes a model of each same-priced dated snapshot the identity rules keep apart from ours, once, and gives way when OpenRouter lists a made model under its own spelling', () => {
    // OpenRouter's GPT-4 at the maker's $30/$60; two dated snapshots at that price are ambiguous (identity rule 6), so on no model.
    const gpt4 = new Map([['openai/gpt-4', ours('openai/gpt-4', price(30, 60))]]);
    const files = {
      'genai-prices': { facts: [fact('genai-prices', 'openai/gpt-4', 'openai', 'openai', price(30, 60))] },
      litellm: { facts: [fact('litellm', 'gpt-4-0314', 'openai', 'openai', price(30, 60)), fact('litellm', 'gpt-4-0613', 'openai', 'openai', price(30, 60))] },
    };
    expect(attachAllFacts(files, emptyIdentity(), [...gpt4.keys()], gpt4.values()).byModel.get('openai/gpt-4')?.litellm).toBeUndefined();
    const snapshots = firstPartyModels(files, emptyIdentity(), gpt4, NOW);
    expect(snapshots.added.map((r) => [r.id, r.origin, r.upstream_id])).toEqual([
      ['openai/gpt-4-0314', 'first-party', 'litellm/gpt-4-0314'],
      ['openai/gpt-4-0613', 'first-party', 'litellm/gpt-4-0613'],
    ]);
    // Read again with them made: each snapshot's record is its model's, the undated one stays ours, nothing is made twice.
    const withSnapshots = new Map([...gpt4, ...snapshots.added.map((r) => [r.id, r] as const)]);
    const again = firstPartyModels(files, emptyIdentity(), withSnapshots, '2026-10-02T00:00:00Z');
    expect([again.added, again.superseded]).toEqual([[], []]);
    const placed = attachAllFacts(files, emptyIdentity(), [...withSnapshots.keys()].sort(), withSnapshots.values()).byModel;
    expect([...placed.entries()].map(([id, bySource]) => [id, Object.values(bySource).flatMap((list) => list!.map((f) => f.source_key))]).sort()).toEqual([
      ['openai/gpt-4', ['openai/gpt-4']],
      ['openai/gpt-4-0314', ['gpt-4-0314']],
      ['openai/gpt-4-0613', ['gpt-4-0613']],
    ]);
    // Where the maker's page places such snapshots (Anthropic retired both Claude 3.5 Sonnet snapshots
    // alike: identity rule 5), their names are that model's: the price list's records make no copies.
    const sonnet = new Map([['anthropic/claude-3.5-sonnet', ours('anthropic/claude-3.5-sonnet', price(6, 30))]]);
    const page = (key: string) => fact('anthropic-deprecations', key, 'anthropic', 'anthropic', null, {
      retirement_date: '2025-10-28', deprecated: true,
      lifecycle: { source_url: 'https://example.test', announced_at: '2025-08-13', deprecated_at: '2025-08-13', state: null, note: null, replacement: 'claude-sonnet-4-6', replacement_names: ['claude-sonnet-4-6'], aliases: [], display_name: null },
    });
    const keys = ['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022'];
    const retired = { 'genai-prices': { facts: [fact('genai-prices', 'anthropic/claude-3-5-sonnet', 'anthropic', 'anthropic', price(3, 15))] }, 'anthropic-deprecations': { facts: keys.map(page) }, litellm: { facts: keys.map((k) => fact('litellm', k, 'anthropic', 'anthropic', price(3, 15))) } };
    const kept = firstPartyModels(retired, emptyIdentity(), sonnet, NOW);
    expect(kept.added).toEqual([]);
    expect(kept.unplaced.map((u) => [u.source_key, u.reason.split(',')[0]])).toEqual(keys.map((k) => [k, 'a snapshot of anthropic/claude-3.5-sonnet']));
    // Made from the price list before the page was read: they give way once it is.
    const early = firstPartyModels({ 'genai-prices': retired['genai-prices'], litellm: retired.litellm }, emptyIdentity(), sonnet, NOW).added;
    expect(early.map((r) => r.id)).toEqual(['anthropic/claude-3-5-sonnet-20240620', 'anthropic/claude-3-5-sonnet-20241022']);
    const paged = firstPartyModels(retired, emptyIdentity(), new Map([...sonnet, ...early.map((r) => [r.id, r] as const)]), '2026-10-02T00:00:00Z');
    expect([paged.added, paged.superseded.map((r) => [r.id, r.delisted_at])]).toEqual([[], early.map((r) => [r.id, '2026-10-02T00:00:00Z'])]);
    // At a price of their own they stay models of their own.
    const dear = { ...retired, litellm: { facts: keys.map((k) => fact('litellm', k, 'anthropic', 'anthropic', price(4, 20))) } };
    const own = firstPartyModels({ 'genai-prices': dear['genai-prices'], litellm: dear.litellm }, emptyIdentity(), sonnet, NOW).added;
    expect(own).toHaveLength(2);
    expect(firstPartyModels(dear, emptyIdentity(), new Map([...sonnet, ...own.map((r) => [r.id, r] as const)]), '2026-10-02T00:00:00Z').superseded).toEqual([]);
    // Made from the maker's name before OpenRouter listed it; OpenRouter now lists `claude-opus-4.7`.
    const made = firstPartyModels({ 'genai-prices': { facts: [fact('genai-prices', 'anthropic/claude-opus-4-7', 'anthropic', 'anthropic', price(5, 25))] } }, emptyIdentity(), new Map(), NOW).added[0]!;
    expect(made.id).toBe('anthropic/claude-opus-4-7');
    const later = new Map([[made.id, made], ['anthropic/claude-opus-4.7', ours('anthropic/claude-opus-4.7', price(5, 25))]]);
    const next = firstPartyModels({ 'genai-prices': { facts: [fact('genai-prices', 'anthropic/claude-opus-4-7', 'anthropic', 'anthropic', price(5, 25))] } }, emptyIdentity(), later, '2026-10-02T00:00:00Z');
    expect(next.superseded.map((r) => [r.id, r.delisted_at])).toEqual([['anthropic/claude-opus-4-7', '2026-10-02T00:00:00Z']]);
    expect(next.added).toEqual([]);
    // Its name is OpenRouter's model's alone now: the maker's record attaches there, not ambiguous.
    const attached = attachAllFacts({ 'genai-prices': { facts: [fact('genai-prices', 'anthropic/claude-opus-4-7', 'anthropic', 'anthropic', price(5, 25))] } }, emptyIdentity(), [...later.keys()], [next.superseded[0]!, later.get('anthropic/claude-opus-4.7')!]);
    expect([[...attached.byModel.keys()], attached.ambiguous]).toEqual([['anthropic/claude-opus-4.7'], []]);
  });

  it('restates a made model from the records attached to it later (LiteLLM\'s mode after genai-prices\' price)', () => {
    const genai = { facts: [fact('genai-prices', 'openai/gpt-realtime', 'openai', 'openai', price(4, 16))] };
    const made = firstPartyModels({ 'genai-prices': genai }, emptyIdentity(), catalog, NOW).added[0]!;
    expect([made.id, made.type]).toEqual(['openai/gpt-realtime', 'chat']);
    const litellm = { facts: [fact('litellm', 'gpt-realtime', 'openai', 'openai', price(4, 16), { type: 'realtime', modalities: { input: ['audio', 'text'], output: ['audio', 'text'] } })] };
    const next = firstPartyModels({ 'genai-prices': genai, litellm }, emptyIdentity(), new Map([...catalog, [made.id, made]]), '2026-10-02T00:00:00Z');
    expect(next.updated.map((r) => [r.id, r.type, r.output_modalities, r.first_seen_at, r.upstream_id])).toEqual([['openai/gpt-realtime', 'realtime', ['audio', 'text'], NOW, 'genai-prices/openai/gpt-realtime']]);
    expect(next.added).toEqual([]);
    // Read again, nothing changes.
    expect(firstPartyModels({ 'genai-prices': genai, litellm }, emptyIdentity(), new Map([...catalog, [made.id, next.updated[0]!]]), '2026-10-03T00:00:00Z').updated).toEqual([]);
  });

  it("makes an alias's model under the name it peels to, never under the alias, and its snapshot joins it", () => {
    const files = {
      'genai-prices': { facts: [fact('genai-prices', 'anthropic/claude-3-opus-latest', 'anthropic', 'anthropic', price(15, 75))] },
      litellm: { facts: [fact('litellm', 'claude-3-opus-20240229', 'anthropic', 'anthropic', price(15, 75))] },
    };
    const made = firstPartyModels(files, emptyIdentity(), catalog, NOW);
    expect(made.added.map((r) => r.id)).toEqual(['anthropic/claude-3-opus']);
    expect(made.unplaced.map((u) => [u.source_key, u.reason.split(':')[0]])).toEqual([['claude-3-opus-20240229', 'a snapshot of anthropic/claude-3-opus with its facts']]);
    const all = new Map([...catalog, ['anthropic/claude-3-opus', made.added[0]!]]);
    const attached = attachAllFacts(files, emptyIdentity(), [...all.keys()].sort(), all.values());
    expect(Object.fromEntries(Object.entries(attached.byModel.get('anthropic/claude-3-opus') ?? {}).map(([source, list]) => [source, list!.map((f) => f.source_key)]))).toEqual({
      'genai-prices': ['anthropic/claude-3-opus-latest'],
      litellm: ['claude-3-opus-20240229'],
    });
  });
});
