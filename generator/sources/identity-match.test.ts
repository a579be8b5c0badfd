import { describe, expect, it } from 'vitest';
import type { FactSource, ModelFacts } from './facts.js';
import { datedDisplay, matchFacts, readKey, recordAgrees, type ModelShape } from './identity-match.js';
import { makerNames } from './identity-context.js';
import { IDENTITY_LABEL_IDS, IDENTITY_LABELS, labelledContext, labelledFacts, scoreIdentity } from './identity-labels.js';

function fact(source: FactSource, key: string, provider: string | null, author: string | null, extra: Partial<ModelFacts> = {}): ModelFacts {
  return {
    source, source_key: key, provider, author, model_name: source === 'modelsdev' ? key.slice(key.indexOf('/') + 1) : key,
    price: null, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra,
  };
}

const facts = labelledFacts();
const context = labelledContext(facts);
/** The rules as `update` runs them: one source at a time (computed once). */
const matchAll = (() => {
  let result: ReturnType<typeof matchFacts> | undefined;
  return () => {
    if (result !== undefined) return result;
    const bySource = new Map<string, ModelFacts[]>();
    for (const f of facts) bySource.set(f.source, [...(bySource.get(f.source) ?? []), f]);
    const results = [...bySource.values()].map((list) => matchFacts(list, IDENTITY_LABEL_IDS, context));
    result = { matches: results.flatMap((r) => r.matches), ambiguous: results.flatMap((r) => r.ambiguous) };
    return result;
  };
})();
const match = (source: string, key: string) => matchAll().matches.find((m) => m.source === source && m.source_key === key);

describe('identity rules', () => {
  it('reads provider prefixes, Bedrock regions, version tails, Vertex snapshots and other hosts\' spellings', () => {
    expect(readKey(fact('litellm', 'apac.anthropic.claude-sonnet-4-20250514-v1:0', 'bedrock_converse', null))).toMatchObject({ author: 'anthropic', name: 'claude-sonnet-4-20250514', snapshot: null });
    expect(readKey(fact('modelsdev', 'google-vertex/claude-opus-4-1@20250805', 'google-vertex', null))).toMatchObject({ author: null, name: 'claude-opus-4-1', snapshot: '20250805' });
    expect(readKey(fact('litellm', 'deepinfra/google/gemini-2.5-pro', 'deepinfra', null))?.author).toBe('google');
    expect(readKey(fact('artificialanalysis', 'anthropic/claude-4-1-opus', null, 'anthropic'))?.name).toBe('claude-opus-4-1');
    expect(readKey(fact('litellm', 'meta.llama3-3-70b-instruct-v1:0', 'bedrock_converse', null))?.name).toBe('llama-3-3-70b-instruct');
    expect(readKey(fact('litellm', 'groq/llama-3.3-70b-versatile', 'groq', null))?.name).toBe('llama-3-3-70b-instruct');
    // Groq's retired names with their context tail, kept for old bills; Cerebras serves Llama's instruct models only.
    expect(readKey(fact('genai-prices', 'groq/llama3-8b-8192', 'groq', null, { model_name: 'llama3-8b-8192' }))?.name).toBe('llama-3-8b-instruct');
    expect(readKey(fact('genai-prices', 'groq/mixtral-8x7b-32768', 'groq', null, { model_name: 'mixtral-8x7b-32768' }))?.name).toBe('mixtral-8x7b-instruct');
    expect(readKey(fact('genai-prices', 'groq/llama3-groq-8b-8192-tool-use-preview', 'groq', null, { model_name: 'llama3-groq-8b-8192-tool-use-preview' }))?.name).toBe('llama-3-groq-8b-8192-tool-use-preview');
    expect(readKey(fact('genai-prices', 'cerebras/llama-3.3-70b', 'cerebras', null, { model_name: 'llama-3.3-70b' }))?.name).toBe('llama-3-3-70b-instruct');
    expect(readKey(fact('genai-prices', 'cerebras/qwen-3-32b', 'cerebras', null, { model_name: 'qwen-3-32b' }))?.name).toBe('qwen-3-32b');
    expect(readKey(fact('litellm', 'fireworks_ai/accounts/fireworks/models/llama-v3p1-70b-instruct', 'fireworks_ai', null))?.name).toBe('llama-3-1-70b-instruct');
    expect(readKey(fact('litellm', 'azure_ai/Meta-Llama-3.1-8B-Instruct', 'azure_ai', null))?.name).toBe('llama-3-1-8b-instruct');
    expect(readKey(fact('litellm', 'mistral/labs-devstral-small-2512', 'mistral', 'mistral'))?.name).toBe('devstral-small-2512');
    // Amazon's own Bedrock names carry their version (`amazon/nova-pro-v1`); other vendors' tails are Bedrock's.
    expect(readKey(fact('litellm', 'amazon.nova-pro-v1:0', 'bedrock_converse', null))).toMatchObject({ author: 'amazon', name: 'nova-pro-v1' });
    expect(readKey(fact('litellm', 'bedrock/us-gov-east-1/amazon.nova-pro-v1:0', 'bedrock', null))?.name).toBe('nova-pro-v1');
    // OpenRouter's `:extended` variant is our `-extended` id; fine-tuning prices are never a model's.
    expect(readKey(fact('genai-prices', 'openai/gpt-4o:extended', 'openai', 'openai', { model_name: 'gpt-4o:extended' }))?.name).toBe('gpt-4o-extended');
    expect(readKey(fact('genai-prices', 'openai/gpt-4o-mini-2024-07-18.ft-', 'openai', 'openai', { model_name: 'gpt-4o-mini-2024-07-18.ft-' }))).toBeNull();
    // A floating name is read only where asked (the maker's own model of that very name).
    expect(readKey(fact('genai-prices', 'openai/chatgpt-4o-latest', 'openai', 'openai', { model_name: 'chatgpt-4o-latest' }))).toBeNull();
    expect(readKey(fact('genai-prices', 'openai/chatgpt-4o-latest', 'openai', 'openai', { model_name: 'chatgpt-4o-latest' }), { keepFloating: true })?.name).toBe('chatgpt-4o-latest');
  });

  it('scores precision 1 on the labelled set, hard cases and held-out keys included', () => {
    const score = scoreIdentity(matchAll().matches, IDENTITY_LABELS);
    expect(score.positives).toBeGreaterThan(200);
    expect(IDENTITY_LABELS.length).toBeGreaterThanOrEqual(150);
    expect(score.false_positives).toBe(0);
    expect(score.precision).toBe(1);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
    // What the rules still miss, by name: a change that finds more (or fewer) updates this list.
    expect(score.errors.every((e) => e.includes('unmatched'))).toBe(true);
    expect(score.errors).toHaveLength(score.positives - score.true_positives);
  });

  it('attaches an alias only where the maker says where it points or its own record agrees', () => {
    expect(match('litellm', 'mistral/mistral-large-latest')).toMatchObject({ model_id: 'mistralai/mistral-large-2512', kind: 'alias', sets_model_retirement: false });
    expect(match('litellm', 'mistral/devstral-medium-latest')?.model_id).toBe('mistralai/devstral-2512');
    // 32K at $8/$24 is not OpenRouter's 128K, $2/$6 Mistral Large: left unattached.
    expect(match('litellm', 'azure/mistral-large-latest')).toBeUndefined();
    expect(match('litellm', 'dashscope/qwen-turbo-latest')).toBeUndefined();
    expect(match('litellm', 'dashscope/qwen-turbo-2024-11-01')?.model_id).toBe('qwen/qwen-turbo');
    expect(recordAgrees({ context_length: 131072, price: { input: 2, output: 6, cache_read: null, cache_write: null } }, { context_length: 128000, input: 2, output: 6 })).toBe(true);
    expect(recordAgrees({ context_length: null, price: null }, { context_length: 128000, input: 2, output: 6 })).toBe(false);
    // LiteLLM's GPT-5 states its 272K input window and 128K output: OpenRouter's 400K window.
    const gpt5 = { context_length: 272000, price: { input: 1.25, output: 10, cache_read: null, cache_write: null } };
    expect(recordAgrees({ ...gpt5, max_output: 128000 }, { context_length: 400000, input: 1.25, output: 10 })).toBe(true);
    expect(recordAgrees(gpt5, { context_length: 400000, input: 1.25, output: 10 })).toBe(false);
  });

  it('reads Hugging Face ids and canonical slugs as they name a model', () => {
    expect(match('litellm', 'together_ai/deepseek-ai/DeepSeek-V3')?.model_id).toBe('deepseek/deepseek-chat');
    expect(match('litellm', 'deepinfra/Qwen/Qwen3-235B-A22B-Instruct-2507')?.model_id).toBe('qwen/qwen3-235b-a22b-2507');
    expect(match('litellm', 'gpt-5-2025-08-07')).toMatchObject({ model_id: 'openai/gpt-5', sets_model_retirement: true });
    // DeepSeek's own floating name is never DeepSeek V3.
    expect(match('litellm', 'deepseek/deepseek-chat')).toBeUndefined();
  });

  it('lets a first-party date set the model only through an exact key, a reasoning pair, the one dated snapshot, or the maker\'s page', () => {
    expect(match('litellm', 'claude-sonnet-4-20250514')?.sets_model_retirement).toBe(true);
    expect(match('litellm', 'anthropic.claude-sonnet-4-20250514-v1:0')?.sets_model_retirement).toBe(false); // Bedrock's copy
    expect(match('openai-deprecations', 'gpt-5.2-chat-latest')).toMatchObject({ model_id: 'openai/gpt-5.2-chat', kind: 'alias', sets_model_retirement: true });
    expect(match('mistral-deprecations', 'mistral-medium-2508')).toMatchObject({ model_id: 'mistralai/mistral-medium-3.1', sets_model_retirement: true });
  });

  it("attaches a maker's snapshots that say the same of one model, and keeps those that differ apart", () => {
    const page = (key: string, retired: string, deprecated: string, replacement: string | null) =>
      fact('anthropic-deprecations', key, 'anthropic', 'anthropic', {
        retirement_date: retired,
        deprecated: true,
        lifecycle: { source_url: 'https://example.test', announced_at: deprecated, deprecated_at: deprecated, state: null, note: null, replacement, replacement_names: replacement === null ? [] : [replacement], aliases: [], display_name: null },
      });
    // Anthropic retired both Claude 3.5 Sonnet snapshots on 2025-10-28, with one replacement.
    const agree = matchFacts([page('claude-3-5-sonnet-20240620', '2025-10-28', '2025-08-13', 'claude-sonnet-4-6'), page('claude-3-5-sonnet-20241022', '2025-10-28', '2025-08-13', 'claude-sonnet-4-6')], ['anthropic/claude-3.5-sonnet']);
    expect(agree.ambiguous).toEqual([]);
    expect(agree.matches.map((m) => [m.source_key, m.model_id, m.kind, m.sets_model_retirement])).toEqual([
      ['claude-3-5-sonnet-20240620', 'anthropic/claude-3.5-sonnet', 'snapshot', true],
      ['claude-3-5-sonnet-20241022', 'anthropic/claude-3.5-sonnet', 'snapshot', true],
    ]);
    // Retired on different days (as Mistral Large's snapshots were): none speaks for the model, and both are reported.
    const differ = matchFacts([page('claude-3-5-sonnet-20240620', '2025-06-16', '2024-11-30', 'claude-sonnet-4-6'), page('claude-3-5-sonnet-20241022', '2025-10-28', '2025-08-13', 'claude-sonnet-4-6')], ['anthropic/claude-3.5-sonnet']);
    expect(differ.matches).toEqual([]);
    expect(differ.ambiguous.map((a) => a.source_key)).toEqual(['claude-3-5-sonnet-20240620', 'claude-3-5-sonnet-20241022']);
    // A price list's snapshots never agree that way: two prices of one name at one provider stay a conflict.
    const priced = matchFacts([fact('litellm', 'claude-3-5-sonnet-20240620', 'anthropic', 'anthropic'), fact('litellm', 'claude-3-5-sonnet-20241022', 'anthropic', 'anthropic')], ['anthropic/claude-3.5-sonnet']);
    expect(priced.matches).toEqual([]);
  });

  it("puts a floating name only on the maker's own model of exactly that name", () => {
    const record = fact('genai-prices', 'openai/chatgpt-4o-latest', 'openai', 'openai', { model_name: 'chatgpt-4o-latest', price: { input: 5, output: 15, cache_read: null, cache_write: null } });
    const shape = (origin?: 'first-party') => new Map([['openai/chatgpt-4o-latest', { context_length: null, input: null, output: null, ...(origin === undefined ? {} : { origin }) }]]);
    expect(matchFacts([record], ['openai/chatgpt-4o-latest'], { models: shape('first-party') }).matches.map((m) => [m.model_id, m.kind])).toEqual([['openai/chatgpt-4o-latest', 'exact']]);
    // A fixed model of the same name (a reseller's catalog entry) is never it.
    expect(matchFacts([record], ['openai/chatgpt-4o-latest'], { models: shape() }).matches).toEqual([]);
    // Beside a fixed model of the name (OpenRouter's DeepSeek V3), the maker's own model of it is `-latest`.
    const chat = fact('litellm', 'deepseek-chat', 'deepseek', 'deepseek', { model_name: 'deepseek-chat', price: { input: 0.28, output: 0.42, cache_read: null, cache_write: null } });
    const models = new Map([
      ['deepseek/deepseek-chat', { context_length: 163840, input: 0.32, output: 0.89 }],
      ['deepseek/deepseek-chat-latest', { context_length: null, input: null, output: null, origin: 'first-party' as const }],
    ]);
    expect(matchFacts([chat], [...models.keys()], { models }).matches.map((m) => m.model_id)).toEqual(['deepseek/deepseek-chat-latest']);
  });

  it("puts a `-latest` on a made model it was not made from only where its record contradicts nothing the model states", () => {
    const latest = (key: string) => fact('litellm', key, 'gemini', 'google', { price: { input: 1.25, output: 10, cache_read: null, cache_write: null }, context_length: 1048576 });
    // genai-prices' Gemini 1.0 Pro (32K, made from its `gemini-pro` record) is not what `gemini-pro-latest` points to.
    const gemini = new Map([['google/gemini-pro', { context_length: 32768, input: null, output: null, origin: 'first-party' as const, made_from: 'gemini-pro' }]]);
    expect(matchFacts([latest('gemini/gemini-pro-latest')], ['google/gemini-pro'], { models: gemini }).matches).toEqual([]);
    // A model made from the alias's own records keeps them.
    const image = new Map([['openai/chatgpt-image', { context_length: null, input: null, output: null, origin: 'first-party' as const, made_from: 'chatgpt-image-latest' }]]);
    const record = fact('litellm', 'chatgpt-image-latest', 'openai', 'openai', { price: { input: 5, output: 10, cache_read: null, cache_write: null } });
    expect(matchFacts([record], ['openai/chatgpt-image'], { models: image }).matches.map((m) => [m.model_id, m.kind])).toEqual([['openai/chatgpt-image', 'alias']]);
    // A made model whose records state no context or price is contradicted by nothing: `codex-mini-latest` is genai-prices' Codex Mini.
    const codex = new Map([['openai/codex-mini', { context_length: null, input: null, output: null, origin: 'first-party' as const, made_from: 'codex-mini' }]]);
    const alias = fact('litellm', 'codex-mini-latest', 'openai', 'openai', { price: { input: 1.5, output: 6, cache_read: null, cache_write: null }, context_length: 200000 });
    expect(matchFacts([alias], ['openai/codex-mini'], { models: codex }).matches.map((m) => [m.model_id, m.kind])).toEqual([['openai/codex-mini', 'alias']]);
  });

  it("reads a maker's dated API name as its display name with that date, before peeling the date, and its alias through it", () => {
    expect(datedDisplay('magistral-medium-1-2', 'magistral-medium-2509')).toBe('magistral-medium-1-2-2509');
    expect(datedDisplay('mistral-small-4', 'mistral-small-latest')).toBeNull();
    expect(datedDisplay('devstral-2512', 'devstral-2512')).toBeNull();
    const page = (name: string, display: string, aliases: string[] = []) =>
      fact('mistral-deprecations', name, 'mistral', 'mistralai', { lifecycle: { source_url: 'https://docs.mistral.ai', announced_at: null, deprecated_at: null, state: 'GA', note: null, replacement: null, replacement_names: [], aliases, display_name: display } });
    const pages = [page('magistral-medium-2506', 'Magistral Medium 1.0'), page('magistral-medium-2509', 'Magistral Medium 1.2', ['magistral-medium-latest'])];
    const made = { context_length: 40000, input: 2, output: 5, origin: 'first-party' as const, made_from: 'magistral-medium-1-2-2509' };
    const ctx = { models: new Map<string, ModelShape>([['mistralai/magistral-medium-1-2-2509', made], ['mistralai/magistral-medium', { context_length: null, input: 2, output: 5, origin: 'first-party' as const }]]), ...makerNames(pages) };
    const ids = ['mistralai/magistral-medium', 'mistralai/magistral-medium-1-2-2509'];
    const priced = (key: string) => fact('litellm', `mistral/${key}`, 'mistral', 'mistralai', { model_name: key, context_length: 40000, price: { input: 2, output: 5, cache_read: null, cache_write: null } });
    const result = matchFacts([priced('magistral-medium-2509'), priced('magistral-medium-latest'), priced('magistral-medium-2506')], ids, ctx);
    const to = (key: string) => result.matches.find((m) => m.source_key === `mistral/${key}`)?.model_id;
    // Magistral Medium 1.2 is LiteLLM's `magistral-medium-1-2-2509`, not the undated family the date peels to.
    expect(to('magistral-medium-2509')).toBe('mistralai/magistral-medium-1-2-2509');
    expect(to('magistral-medium-latest')).toBe('mistralai/magistral-medium-1-2-2509');
    // Magistral Medium 1.0 is no model of ours: never the 1.2 snapshot.
    expect(to('magistral-medium-2506')).not.toBe('mistralai/magistral-medium-1-2-2509');
  });

  it('lists ambiguous records instead of guessing', () => {
    const { ambiguous } = matchAll();
    // Mistral Large's dated snapshots, retired on different days: none stands for the undated name.
    expect(ambiguous).toEqual(expect.arrayContaining([{ source: 'mistral-deprecations', source_key: 'mistral-large-2402', candidates: ['mistralai/mistral-large'] }]));
    // Two dated gpt-4 snapshots, but OpenAI's row says `gpt-4` is `gpt-4-0613`: that one is gpt-4, never ambiguous.
    expect(ambiguous.some((a) => a.source_key === 'gpt-4-0613')).toBe(false);
    expect(match('openai-deprecations', 'gpt-4-0613')).toMatchObject({ model_id: 'openai/gpt-4', kind: 'exact' });
    expect(match('litellm', 'gpt-4-0613')).toMatchObject({ model_id: 'openai/gpt-4', kind: 'exact' });
    const twins = matchFacts([fact('litellm', 'reka-edge', 'together_ai', null)], ['reka/reka-edge', 'rekaai/reka-edge']);
    expect(twins).toEqual({ matches: [], ambiguous: [{ source: 'litellm', source_key: 'reka-edge', candidates: ['reka/reka-edge', 'rekaai/reka-edge'] }] });
  });
});
