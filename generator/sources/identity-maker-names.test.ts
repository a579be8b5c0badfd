import { describe, expect, it } from 'vitest';
import type { FactSource, ModelFacts } from './facts.js';
import { makerNames } from './identity-context.js';
import { matchFacts, type ModelShape } from './identity-match.js';

/** Records as the adapters give them (genai-prices, LiteLLM, models.dev and the makers' pages). */
function fact(source: FactSource, key: string, provider: string | null, author: string | null, extra: Partial<ModelFacts> = {}): ModelFacts {
  return {
    source, source_key: key, provider, author, model_name: source === 'modelsdev' ? key.slice(key.indexOf('/') + 1) : key,
    price: null, price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra,
  };
}
const price = (input: number, output: number) => ({ input, output, cache_read: null, cache_write: null });
const page = (source: FactSource, name: string, maker: string, display: string | null, aliases: string[] = []) =>
  fact(source, name, maker, maker, { lifecycle: { source_url: 'https://example.test', announced_at: null, deprecated_at: null, state: null, note: null, replacement: null, replacement_names: [], aliases, display_name: display } });
const shape = (context: number | null, input: number | null, output: number | null, extra: Partial<ModelShape> = {}): ModelShape => ({ context_length: context, input, output, ...extra });
const to = (result: ReturnType<typeof matchFacts>, key: string) => result.matches.find((m) => m.source_key === key);

describe("identity: a maker's dated name belongs to the model it is a snapshot of", () => {
  it("reads OpenAI's row `gpt-4-0613 | gpt-4` as our gpt-4, beside other dated gpt-4 snapshots", () => {
    // The `.md` page's row (and its "Plain-text aliases" list) as the adapter gives it.
    const rows = [page('openai-deprecations', 'gpt-4-0613', 'openai', null, ['gpt-4', 'gpt-4-0613-completions']), page('openai-deprecations', 'gpt-4-0314', 'openai', null)];
    const models = new Map([['openai/gpt-4', shape(8191, 30, 60)], ['openai/gpt-4-0314', shape(8191, 30, 60)]]);
    const ctx = { models, ...makerNames(rows) };
    const litellm = [
      fact('litellm', 'gpt-4', 'openai', 'openai', { price: price(30, 60), context_length: 8192 }),
      fact('litellm', 'gpt-4-0613', 'openai', 'openai', { price: price(30, 60), context_length: 8192 }),
      fact('litellm', 'gpt-4-0314', 'openai', 'openai', { price: price(30, 60), context_length: 8192 }),
    ];
    const result = matchFacts(litellm, [...models.keys()], ctx);
    expect(to(result, 'gpt-4-0613')).toMatchObject({ model_id: 'openai/gpt-4', kind: 'exact' });
    expect(to(result, 'gpt-4-0314')?.model_id).toBe('openai/gpt-4-0314');
    expect(to(matchFacts(rows, [...models.keys()], ctx), 'gpt-4-0613')?.model_id).toBe('openai/gpt-4');
    // Without the maker's row it is one of two dated snapshots of gpt-4: listed, never guessed (rule 6).
    const alone = matchFacts(litellm, ['openai/gpt-4'], { models });
    expect(to(alone, 'gpt-4-0613')).toBeUndefined();
    // A record at another price than the model the row names is not placed by it (rule 5).
    const stale = matchFacts([fact('litellm', 'gpt-4', 'openai', 'openai', { price: price(30, 60), context_length: 8192 }), fact('litellm', 'gpt-4-0613', 'openai', 'openai', { price: price(3, 6), context_length: 8192 }), litellm[2]!], [...models.keys()], ctx);
    expect(to(stale, 'gpt-4-0613')).toBeUndefined();
  });

  it("reads Mistral's display names before a date is peeled, and a price list's dated display spelling as the API name", () => {
    const defs = [
      page('mistral-deprecations', 'mistral-medium-2505', 'mistral', 'Mistral Medium 3'),
      page('mistral-deprecations', 'mistral-medium-2508', 'mistral', 'Mistral Medium 3.1'),
      page('mistral-deprecations', 'mistral-medium-3-5', 'mistral', 'Mistral Medium 3.5', ['mistral-medium-3', 'mistral-medium-latest']),
      page('mistral-deprecations', 'ministral-14b-2512', 'mistral', 'Ministral 3 14B', ['ministral-14b-latest']),
    ];
    // `mistralai/mistral-medium`, a model made from the undated name, no longer takes every dated Medium.
    const models = new Map([
      ['mistralai/mistral-medium', shape(32000, null, null, { origin: 'first-party', made_from: 'mistral-medium' })],
      ['mistralai/mistral-medium-3', shape(131072, 0.4, 2)],
      ['mistralai/mistral-medium-3.1', shape(131072, 0.4, 2)],
      ['mistralai/ministral-14b-2512', shape(262144, 0.2, 0.2)],
    ]);
    const ctx = { models, ...makerNames(defs) };
    const litellm = (key: string, p: [number, number], context: number) => fact('litellm', `mistral/${key}`, 'mistral', 'mistral', { model_name: key, price: price(...p), context_length: context });
    const result = matchFacts(
      [litellm('mistral-medium-2505', [0.4, 2], 131072), litellm('mistral-medium-2508', [0.4, 2], 131072), litellm('mistral-medium-3-1-2508', [0.4, 2], 131072), litellm('ministral-3-14b-2512', [0.2, 0.2], 262144)],
      [...models.keys()],
      ctx,
    );
    expect(to(result, 'mistral/mistral-medium-2505')?.model_id).toBe('mistralai/mistral-medium-3');
    expect(to(result, 'mistral/mistral-medium-2508')?.model_id).toBe('mistralai/mistral-medium-3.1');
    expect(to(result, 'mistral/mistral-medium-3-1-2508')?.model_id).toBe('mistralai/mistral-medium-3.1');
    expect(to(result, 'mistral/ministral-3-14b-2512')).toMatchObject({ model_id: 'mistralai/ministral-14b-2512', kind: 'exact' });
    // The page's own rows too.
    expect(to(matchFacts(defs, [...models.keys()], ctx), 'mistral-medium-2505')?.model_id).toBe('mistralai/mistral-medium-3');
  });

  it("reads OpenRouter's canonical slug as the makers date it: xAI's -MMDD, Mistral's -YYMM and display name", () => {
    const models = new Map([
      ['x-ai/grok-4.20', shape(2000000, 1.25, 2.5, { canonical_slug: 'x-ai/grok-4.20-20260309' })],
      ['x-ai/grok-4.20-multi-agent', shape(2000000, 1.25, 2.5, { canonical_slug: 'x-ai/grok-4.20-multi-agent-20260309' })],
      ['mistralai/mistral-small-3.2-24b-instruct', shape(256000, 0.075, 0.2, { canonical_slug: 'mistralai/mistral-small-3.2-24b-instruct-2506' })],
      ['mistralai/mistral-medium-3-5', shape(262144, 1.5, 7.5, { canonical_slug: 'mistralai/mistral-medium-3.5-20260430' })],
      // OpenRouter's variant listing shares its model's canonical slug: no maker dates it.
      ['x-ai/grok-4.20-fast', shape(2000000, 1, 2, { canonical_slug: 'x-ai/grok-4.20-20260309', variant: true })],
    ]);
    const defs = [page('mistral-deprecations', 'mistral-small-2506', 'mistral', 'Mistral Small 3.2')];
    const ctx = { models, ...makerNames([...defs, fact('modelsdev', 'xai/grok-4.20-0309-non-reasoning', 'xai', 'xai'), fact('modelsdev', 'xai/grok-4.20-0309-reasoning', 'xai', 'xai')]) };
    const ids = [...models.keys()];
    // LiteLLM lists only the `-reasoning` name; models.dev lists both: one model with two reasoning settings.
    const xai = matchFacts([fact('litellm', 'xai/grok-4.20-0309-reasoning', 'xai', 'xai', { price: price(2, 6) }), fact('litellm', 'xai/grok-4.20-multi-agent-0309', 'xai', 'xai', { price: price(2, 6) })], ids, ctx);
    expect(to(xai, 'xai/grok-4.20-0309-reasoning')).toMatchObject({ model_id: 'x-ai/grok-4.20', kind: 'variant' });
    expect(to(xai, 'xai/grok-4.20-multi-agent-0309')?.model_id).toBe('x-ai/grok-4.20-multi-agent');
    // A `-latest` of one reasoning setting names the model too, where the pair is listed (LiteLLM's `grok-4-1-fast-reasoning-latest`).
    const fast = new Map([['x-ai/grok-4.1-fast', shape(2000000, 0.2, 0.5)]]);
    const settings = ['xai/grok-4-1-fast-reasoning', 'xai/grok-4-1-fast-non-reasoning', 'xai/grok-4-1-fast-reasoning-latest'].map((k) => fact('litellm', k, 'xai', 'xai', { price: price(0.2, 0.5), context_length: 2000000 }));
    expect(to(matchFacts(settings, ['x-ai/grok-4.1-fast'], { models: fast }), 'xai/grok-4-1-fast-reasoning-latest')).toMatchObject({ model_id: 'x-ai/grok-4.1-fast', kind: 'alias' });
    expect(to(matchFacts([settings[2]!], ['x-ai/grok-4.1-fast'], { models: fast }), 'xai/grok-4-1-fast-reasoning-latest')).toBeUndefined();
    // Without a source listing both, a lone `-reasoning` stays apart (`phi-4-reasoning` is a model of its own).
    expect(to(matchFacts([fact('litellm', 'xai/grok-4.20-0309-reasoning', 'xai', 'xai')], ids, { models }), 'xai/grok-4.20-0309-reasoning')).toBeUndefined();
    // Mistral Small 3.2 (`mistral-small-2506`) is `mistral-small-3.2-24b-instruct-2506`, whatever a reseller's price.
    const mistral = matchFacts([fact('modelsdev', 'mistral/mistral-small-2506', 'mistral', 'mistral', { price: price(0.1, 0.3), context_length: 128000 }), ...defs], ids, ctx);
    expect(to(mistral, 'mistral/mistral-small-2506')?.model_id).toBe('mistralai/mistral-small-3.2-24b-instruct');
    expect(to(matchFacts(defs, ids, ctx), 'mistral-small-2506')?.model_id).toBe('mistralai/mistral-small-3.2-24b-instruct');
    // A shorter name with the date (`mistral-medium-2604`) is a guess: only at the model's price and context.
    const medium = (p: [number, number]) => to(matchFacts([fact('litellm', 'mistral/mistral-medium-2604', 'mistral', 'mistral', { model_name: 'mistral-medium-2604', price: price(...p), context_length: 262144 })], ids, ctx), 'mistral/mistral-medium-2604');
    expect(medium([1.5, 7.5])?.model_id).toBe('mistralai/mistral-medium-3-5');
    expect(medium([0.4, 2])).toBeUndefined();
  });

  it("reads Google's undated name as its one stable version `-001`, where the record agrees", () => {
    const models = new Map([['google/gemini-2.0-flash-001', shape(1048576, 0.1, 0.4)], ['google/gemini-1.5-pro-001', shape(2097152, 1.25, 5)], ['google/gemini-1.5-pro-002', shape(2097152, 1.25, 5)]]);
    const ids = [...models.keys()];
    const gemini = (key: string, p: [number, number] | null) => fact('litellm', `gemini/${key}`, 'gemini', 'google', { price: p === null ? null : price(...p), context_length: 1048576 });
    const result = matchFacts([gemini('gemini-2.0-flash', [0.1, 0.4]), gemini('gemini-1.5-pro', [1.25, 5])], ids, { models });
    expect(to(result, 'gemini/gemini-2.0-flash')).toMatchObject({ model_id: 'google/gemini-2.0-flash-001', kind: 'alias' });
    // Two stable versions: the undated name points to one of them, which one is not said.
    expect(to(result, 'gemini/gemini-1.5-pro')).toBeUndefined();
    expect(to(matchFacts([gemini('gemini-2.0-flash', [1, 4])], ids, { models }), 'gemini/gemini-2.0-flash')).toBeUndefined();
    // Google's page names what it retires.
    expect(to(matchFacts([page('google-deprecations', 'gemini-2.0-flash', 'google', null)], ids, { models }), 'gemini-2.0-flash')?.model_id).toBe('google/gemini-2.0-flash-001');
  });
});
