import { describe, expect, it } from 'vitest';
import { nameOwners } from '../sources/api-names.js';
import type { FactSource, Lifecycle, ModelFacts } from '../sources/facts.js';
import { offer, price, type TestOffer } from '../query/cost-fixtures.js';
import type { ApiOffer, ModelDetail } from '../types/api-types.js';
import { apiNamesIndex, curatedNamePrices, withApiNames } from './api-names.js';

function fact(source: FactSource, key: string, provider: string, name: string, extra: Partial<ModelFacts> = {}): ModelFacts {
  return { source, source_key: key, provider, author: null, model_name: name, price: price(1, 2), price_tiers: [], context_length: null, max_output: null, retirement_date: null, deprecated: false, benchmarks: {}, ...extra };
}

const lifecycle = (replacement: string): Lifecycle => ({ source_url: 'https://docs.x.ai', announced_at: null, deprecated_at: null, state: 'Retired', note: null, replacement, replacement_names: [replacement], aliases: [], display_name: null });

const offers = (list: TestOffer[]) => list as unknown as ApiOffer[];

describe('api_names on offers, and the index', () => {
  it('puts each name on the offers of its provider at its place, and a name of a place no offer holds on none', () => {
    const facts = {
      litellm: [
        fact('litellm', 'us.anthropic.claude-x-v1:0', 'bedrock', 'x'),
        fact('litellm', 'anthropic.claude-x-v1:0', 'bedrock', 'x'),
        fact('litellm', 'eu.anthropic.claude-x-v1:0', 'bedrock', 'x'),
        fact('litellm', 'claude-x-20250101', 'anthropic', 'x'),
      ],
    };
    const owners = nameOwners(new Map([['anthropic/claude-x', facts]]));
    const listed = withApiNames(
      offers([
        offer('amazon-bedrock', 'litellm', price(3, 15)),
        offer('amazon-bedrock', 'litellm', price(3.3, 16.5), { kind: 'data_zone', region: 'us' }),
        offer('anthropic', 'genai-prices', price(3, 15)),
        offer('fireworks', 'openrouter', price(3, 15)),
      ]),
      'anthropic/claude-x',
      facts,
      owners,
    );
    expect(listed.map((o) => [o.provider, o.region, o.api_names])).toEqual([
      // No offer holds the eu data zone: its price is not the standard one's, so its name is on none.
      ['amazon-bedrock', null, ['anthropic.claude-x-v1:0']],
      ['amazon-bedrock', 'us', ['us.anthropic.claude-x-v1:0']],
      ['anthropic', null, ['claude-x-20250101']],
      ['fireworks', null, []],
    ]);
    // A name another model owns is not this model's.
    expect(withApiNames(offers([offer('anthropic', 'genai-prices', price(3, 15))]), 'anthropic/other', facts, owners)[0]!.api_names).toEqual([]);
  });

  it("gives a name no maker's offer a lower source prices when genai-prices' record of the name and OpenRouter's listing both say otherwise", () => {
    const own = { litellm: [fact('litellm', 'mistral/mistral-large-2407', 'mistral', 'mistral-large-2407', { price: price(3, 9) })] };
    const family = { 'genai-prices': [fact('genai-prices', 'mistral/mistral-large', 'mistral', 'mistral-large', { price: price(2, 6), names: ['mistral-large-2407'] })] };
    const byModel = new Map<string, Partial<Record<FactSource, ModelFacts[]>>>([['mistralai/mistral-large-2407', own], ['mistralai/mistral-large', family]]);
    const owners = nameOwners(byModel);
    const curated = curatedNamePrices(byModel);
    const mistral = offers([offer('mistral', 'litellm', price(3, 9), { first_party: true })]);
    const names = (listed: ReturnType<typeof price> | null, list = mistral) => withApiNames(list, 'mistralai/mistral-large-2407', own, owners, { listed, curated })[0]!.api_names;
    // Two sources against one: left unresolved, never priced at LiteLLM's stale price.
    expect(names(price(2, 6))).toEqual([]);
    // One source against one (no listing, or a listing that agrees with neither or with LiteLLM): LiteLLM's key stands.
    expect(names(null)).toEqual(['mistral-large-2407']);
    expect(names(price(2.5, 7))).toEqual(['mistral-large-2407']);
    expect(names(price(3, 9))).toEqual(['mistral-large-2407']);
    // genai-prices' own offer, or a reseller's, is never withheld by the rule.
    expect(names(price(2, 6), offers([offer('mistral', 'genai-prices', price(3, 9), { first_party: true })]))).toEqual(['mistral-large-2407']);
    expect(names(price(2, 6), offers([offer('mistral', 'litellm', price(3, 9))]))).toEqual(['mistral-large-2407']);
  });

  it("indexes every listed name, the ambiguous ones, and the names a maker's page redirects from their retirement day", () => {
    const byModel = new Map<string, Partial<Record<FactSource, ModelFacts[]>>>([
      ['x-ai/grok-3', { 'xai-deprecations': [fact('xai-deprecations', 'grok-3', 'xai', 'grok-3', { retirement_date: '2026-05-15', lifecycle: lifecycle('grok-4.3') })] }],
      ['x-ai/grok-4.3', { litellm: [fact('litellm', 'xai/grok-4.3', 'xai', 'grok-4.3')] }],
    ]);
    const detail = (id: string, names: string[]) => ({ id, endpoints: [{ ...offer('xai', 'litellm', price(1, 2)), api_names: names }] }) as unknown as ModelDetail;
    const index = apiNamesIndex([detail('x-ai/grok-3', ['grok-3']), detail('x-ai/grok-4.3', ['grok-4.3'])], nameOwners(byModel), { 'xai-deprecations': { facts: byModel.get('x-ai/grok-3')!['xai-deprecations']! } });
    expect(index).toEqual({
      providers: { xai: { 'grok-3': 'x-ai/grok-3', 'grok-4.3': 'x-ai/grok-4.3' } },
      ambiguous: {},
      aliases: { xai: { 'grok-3': [{ from: '2026-05-15', model: 'x-ai/grok-4.3' }] } },
      patterns: {},
    });
  });

  it("publishes genai-prices' families for the names they stand for, never over a name a source writes out for something else, and a name two models' offers list as ambiguous", () => {
    const gp = (key: string, name: string, patterns: ModelFacts['patterns']) => fact('genai-prices', `mistral/${key}`, 'mistral', name, { patterns });
    const medium = gp('mistral-medium-3', 'mistral-medium-3', { starts_with: 'mistral-medium' });
    const unsafe = gp('mistral-small', 'mistral-small', { regex: '^(mistral-small)+$' });
    const stray = gp('mistral-tiny', 'mistral-tiny', { starts_with: 'mistral-tiny' });
    // Mistral Medium 1 at its own price, on none of our models; and a name only the maker's page lists.
    const old = fact('litellm', 'mistral/mistral-medium-2312', 'mistral', 'mistral-medium-2312', { price: price(2.7, 8.1) });
    const page = fact('mistral-deprecations', 'mistral-medium-2505', 'mistral', 'mistral-medium-2505', { price: null, lifecycle: lifecycle('mistral-medium-3') });
    const byModel = new Map<string, Partial<Record<FactSource, ModelFacts[]>>>([
      ['mistralai/mistral-medium-3', { 'genai-prices': [medium] }],
      ['mistralai/mistral-small', { 'genai-prices': [unsafe] }],
    ]);
    const detail = (id: string, provider: string, names: string[]) => ({ id, endpoints: [{ ...offer(provider, 'genai-prices', price(1, 2)), api_names: names }] }) as unknown as ModelDetail;
    const reports: string[] = [];
    const index = apiNamesIndex(
      [detail('mistralai/mistral-medium-3', 'mistral', ['mistral-medium-3']), detail('mistralai/mistral-small', 'mistral', ['mistral-small']), detail('anthropic/claude-a', 'openrouter', ['anthropic/claude-a-2025']), detail('anthropic/claude-a-thinking', 'openrouter', ['anthropic/claude-a-2025'])],
      nameOwners(byModel),
      { 'genai-prices': { facts: [medium, unsafe, stray] }, litellm: { facts: [old] }, 'mistral-deprecations': { facts: [page] } },
      (m) => reports.push(m),
    );
    // Mistral Medium 1's dated name, which LiteLLM writes out and we leave on no model, is never Mistral Medium 3's.
    expect(index.patterns).toEqual({ mistral: [{ match: { starts_with: 'mistral-medium' }, name: 'mistral-medium-3', except: ['mistral-medium-2312'] }] });
    expect(reports).toEqual([expect.stringMatching(/^genai-prices mistral\/mistral-small: a regex of its match clause is not published: outside the safe subset/)]);
    expect(index.ambiguous).toEqual({ openrouter: { 'anthropic/claude-a-2025': ['anthropic/claude-a', 'anthropic/claude-a-thinking'] } });
    expect(index.providers.openrouter).toBeUndefined();
  });

  it('never lets a family take a name the sources place on another model at another provider', () => {
    const reasoner = fact('genai-prices', 'deepseek/deepseek-reasoner', 'deepseek', 'deepseek-reasoner', { patterns: { starts_with: 'deepseek-r1' } });
    const distill = fact('litellm', 'groq/deepseek-r1-distill-llama-70b', 'groq', 'deepseek-r1-distill-llama-70b');
    const byModel = new Map<string, Partial<Record<FactSource, ModelFacts[]>>>([
      ['deepseek/deepseek-reasoner', { 'genai-prices': [reasoner] }],
      ['deepseek/deepseek-r1-distill-llama-70b', { litellm: [distill] }],
    ]);
    const detail = (id: string, provider: string, names: string[]) => ({ id, endpoints: [{ ...offer(provider, 'litellm', price(1, 2)), api_names: names }] }) as unknown as ModelDetail;
    const index = apiNamesIndex([detail('deepseek/deepseek-reasoner', 'deepseek', ['deepseek-reasoner']), detail('deepseek/deepseek-r1-distill-llama-70b', 'groq', ['deepseek-r1-distill-llama-70b'])], nameOwners(byModel), { 'genai-prices': { facts: [reasoner] }, litellm: { facts: [distill] } });
    expect(index.patterns).toEqual({ deepseek: [{ match: { starts_with: 'deepseek-r1' }, name: 'deepseek-reasoner', except: ['deepseek-r1-distill-llama-70b'] }] });
  });
});
