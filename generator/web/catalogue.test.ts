import { describe, expect, it } from 'vitest';
import type { ModelEntry } from '../types/api-types.js';
import { detail, offer, price } from '../query/cost-fixtures.js';
import type { CostCandidate } from '../query/cost-index.js';
import { catalogueParams, mixCosts, PAGE_SIZE, parseCatalogueAddress, sortModels, viewCatalogue, type CatalogueState } from './catalogue.js';

function model(id: string, extra: { name?: string; blended?: number | null; intel?: number | null; context?: number | null; vision?: boolean } = {}): ModelEntry {
  const blended = extra.blended === undefined ? 1 : extra.blended;
  return ({
    id,
    name: extra.name ?? id.split('/')[1]!,
    author: id.split('/')[0]!,
    price: { input: blended, output: blended, blended, cache_read: null, cache_write: null },
    context_length: extra.context === undefined ? 128_000 : extra.context,
    max_output: null,
    capabilities: { vision: extra.vision ?? false, reasoning: false, tools: false },
    benchmarks: { intelligence_index: extra.intel ?? null, coding_index: null, math_index: null },
    retirement_date: null,
    has_free_variant: false,
    unit_prices: [],
    cheapest_offer: null,
    lifecycle: { status: 'active', not_before: null },
    type: 'chat',
    modalities: { input: ['text'], output: ['text'] },
    on_sale: true,
  }) as ModelEntry;
}

const MODELS = [
  model('openai/gpt-4o', { name: 'GPT-4o', blended: 4.375, intel: 30, vision: true }),
  model('openai/gpt-4o-mini', { name: 'GPT-4o mini', blended: 0.26, intel: 21, vision: true }),
  model('anthropic/claude-opus-4', { name: 'Claude Opus 4', blended: 30, intel: 58 }),
  model('acme/free-chat', { name: 'Free Chat', blended: 0, intel: null, context: null }),
  model('acme/unpriced', { name: 'Unpriced', blended: null, intel: 60 }),
];
const AUTHORS = new Set(MODELS.map((m) => m.author));

function state(query: string): CatalogueState {
  const parsed = parseCatalogueAddress(new URLSearchParams(query), AUTHORS);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return parsed.state;
}
const ids = (query: string, models = MODELS) => viewCatalogue(models, state(query)).rows.map((m) => m.id);

describe('the model catalogue', () => {
  it('lists every model, by name unless told otherwise', () => {
    expect(ids('')).toEqual(['anthropic/claude-opus-4', 'acme/free-chat', 'openai/gpt-4o', 'openai/gpt-4o-mini', 'acme/unpriced']);
  });

  it('searches names and ids, every word, case and width folded', () => {
    expect(ids('q=gpt')).toEqual(['openai/gpt-4o', 'openai/gpt-4o-mini']);
    expect(ids('q=MINI+openai')).toEqual(['openai/gpt-4o-mini']);
    expect(ids('q=anthropic%2F')).toEqual(['anthropic/claude-opus-4']);
    expect(ids('q=%EF%BC%A7%EF%BC%B0%EF%BC%B4')).toEqual(['openai/gpt-4o', 'openai/gpt-4o-mini']); // fullwidth GPT
  });

  it('treats hostile search text as words to find, nothing else', () => {
    for (const q of ['<img src=x onerror=alert(1)>', '%', '"', '%25%', '.*', 'x'.repeat(5000)]) {
      const parsed = parseCatalogueAddress(new URLSearchParams([['q', q]]), AUTHORS);
      expect(parsed.ok).toBe(true);
      expect(viewCatalogue(MODELS, (parsed as { state: CatalogueState }).state).matched).toEqual([]);
    }
  });

  it("filters by author and by the cheapest query's own filters", () => {
    expect(ids('author=openai')).toEqual(['openai/gpt-4o', 'openai/gpt-4o-mini']);
    expect(ids('min_intel=30')).toEqual(['anthropic/claude-opus-4', 'openai/gpt-4o', 'acme/unpriced']);
    expect(ids('vision=1&min_intel=25')).toEqual(['openai/gpt-4o']);
    // A model without a context length never passes a context minimum.
    expect(ids('min_context=1')).not.toContain('acme/free-chat');
  });

  it('sorts the whole set by any column, unknown values last either way', () => {
    expect(ids('sort=intelligence')).toEqual(['acme/unpriced', 'anthropic/claude-opus-4', 'openai/gpt-4o', 'openai/gpt-4o-mini', 'acme/free-chat']);
    expect(ids('sort=blended&order=asc')).toEqual(['acme/free-chat', 'openai/gpt-4o-mini', 'openai/gpt-4o', 'anthropic/claude-opus-4', 'acme/unpriced']);
    expect(ids('sort=blended&order=desc')).toEqual(['anthropic/claude-opus-4', 'openai/gpt-4o', 'openai/gpt-4o-mini', 'acme/free-chat', 'acme/unpriced']);
    expect(sortModels(MODELS, 'author', 'asc').map((m) => m.author)).toEqual(['acme', 'acme', 'anthropic', 'openai', 'openai']);
  });

  it('sorts by speed, fastest first, unknown speeds last in either order and never read as 0', () => {
    const speed = (m: ModelEntry, throughput_tps: number | null, latency_ms: number | null) => ({ ...m, status: { state: 'operational', throughput_tps, latency_ms, speed_source: throughput_tps === null && latency_ms === null ? null : 'openrouter' } }) as ModelEntry;
    const [a, b, c, d, e] = MODELS;
    const models = [speed(a!, 40, 900), speed(b!, 120, 300), speed(c!, null, null), speed(d!, 0.5, null), e!];
    expect(sortModels(models, 'throughput', 'desc').map((m) => m.id)).toEqual(['openai/gpt-4o-mini', 'openai/gpt-4o', 'acme/free-chat', 'acme/unpriced', 'anthropic/claude-opus-4']);
    expect(sortModels(models, 'throughput', 'asc').map((m) => m.id)).toEqual(['acme/free-chat', 'openai/gpt-4o', 'openai/gpt-4o-mini', 'acme/unpriced', 'anthropic/claude-opus-4']);
    expect(sortModels(models, 'latency', 'asc').map((m) => m.id)).toEqual(['openai/gpt-4o-mini', 'openai/gpt-4o', 'acme/free-chat', 'acme/unpriced', 'anthropic/claude-opus-4']);
    // A first click sorts the fast first; the address names the sort.
    expect(state('sort=throughput').order).toBe('desc');
    expect(state('sort=latency').order).toBe('asc');
    expect(catalogueParams({ ...state(''), sort: 'throughput', order: 'desc' }).toString()).toBe('sort=throughput&order=desc');
  });

  it('pages through every model, sorted across pages rather than within one', () => {
    const many = Array.from({ length: 3 * PAGE_SIZE + 7 }, (_, i) => model(`lab/m${String(i).padStart(4, '0')}`, { intel: i % 97 }));
    const seen: string[] = [];
    const first = viewCatalogue(many, state('sort=intelligence'));
    expect(first.pages).toBe(4);
    for (let page = 1; page <= first.pages; page++) seen.push(...viewCatalogue(many, state(`sort=intelligence&page=${page}`)).rows.map((m) => m.id));
    expect(new Set(seen).size).toBe(many.length);
    expect(viewCatalogue(many, state('sort=intelligence')).rows[0]!.benchmarks.intelligence_index).toBe(96);
    expect(viewCatalogue(many, state('page=4'))).toMatchObject({ from: 3 * PAGE_SIZE + 1 });
    expect(viewCatalogue(many, state('page=4')).rows).toHaveLength(7);
  });

  it('answers an address it cannot show with the parameter and why', () => {
    const problem = (query: string) => {
      const parsed = parseCatalogueAddress(new URLSearchParams(query), AUTHORS);
      return parsed.ok ? null : [parsed.problem.kind, parsed.problem.param];
    };
    expect(problem('colour=red')).toEqual(['unknown_parameter', 'colour']);
    expect(problem('author=nobody')).toEqual(['not_found', 'author']);
    expect(problem('min_intel=abc')).toEqual(['invalid_value', 'min_intel']);
    expect(problem('vision=maybe')).toEqual(['invalid_value', 'vision']);
    expect(problem('sort=price')).toEqual(['invalid_value', 'sort']);
    expect(problem('page=0')).toEqual(['invalid_value', 'page']);
    expect(problem('q=a&q=b')).toEqual(['invalid_value', 'q']);
  });

  it('keeps its state in the address, defaults left out, and reads it back', () => {
    const full = state('q=gpt&author=openai&min_intel=20&min_context=128000&vision=1&sort=context&order=asc&page=2');
    const params = catalogueParams(full);
    expect(params.toString()).toBe('q=gpt&author=openai&min_intel=20&min_context=128000&vision=1&sort=context&order=asc&page=2');
    expect(state(params.toString())).toEqual(full);
    expect(catalogueParams(state('sort=name&order=asc&page=1')).toString()).toBe('');
    // A sort named alone takes the column's first direction: the biggest context first.
    expect(state('sort=context').order).toBe('desc');
  });
});

describe('the catalogue priced for a token mix', () => {
  const candidates = (): CostCandidate[] => [
    // Cheap input, dear output; the reverse; and a dear headline an offer undercuts.
    { ...detail('openai/gpt-4o', price(0.5, 10)), endpoints: [] },
    { ...detail('openai/gpt-4o-mini', price(2, 2)), endpoints: [] },
    { ...detail('anthropic/claude-opus-4', price(15, 75)), endpoints: [offer('cheapco', 'openrouter', price(1, 5))] },
  ];

  it('reads the mix from the address with the cost module, and writes it back', () => {
    const s = state('input=1000000&cache_read=0&output=10000&sort=cost');
    expect(s.mix).toEqual({ input_tokens: 1_000_000, cache_read_tokens: 0, output_tokens: 10_000 });
    expect([s.sort, s.order]).toEqual(['cost', 'asc']);
    // With a mix, the cost is the sort an address need not name.
    expect(catalogueParams(s).toString()).toBe('input=1000000&cache_read=0&output=10000');
    expect(state('input=1000000&output=10000').sort).toBe('cost');
    expect(catalogueParams(state('input=1000000&output=10000&sort=name')).toString()).toBe('input=1000000&output=10000&sort=name&order=asc');
    const problem = (query: string) => {
      const parsed = parseCatalogueAddress(new URLSearchParams(query), AUTHORS);
      return parsed.ok ? null : [parsed.problem.param, parsed.problem.message];
    };
    expect(problem('sort=cost')).toEqual(['sort', 'Sorting by cost needs a token mix: give input and output tokens.']);
    expect(problem('input=5&cache_read=6&output=1')).toEqual(['cache_read', expect.stringMatching(/^“of which cache reads”: 6 is more than “Prompt tokens \(cache included\)” \(5\)/)]);
    expect(problem('input=12k&output=1')?.[0]).toBe('input');
    expect(problem('input=100')?.[0]).toBe('output');
  });

  it('sorts every model by its cheapest known cost for the mix, unknown last', () => {
    const costs = mixCosts(candidates(), { input_tokens: 1_000_000, output_tokens: 10_000 });
    expect([...costs].map(([id, e]) => [id, e.total_usd, e.provider])).toEqual([
      ['openai/gpt-4o', 0.6, null],
      ['openai/gpt-4o-mini', 2.02, null],
      ['anthropic/claude-opus-4', 1.05, 'cheapco'],
    ]);
    const view = viewCatalogue(MODELS, state('input=1000000&output=10000&sort=cost'), costs);
    expect(view.rows.map((m) => m.id)).toEqual(['openai/gpt-4o', 'anthropic/claude-opus-4', 'openai/gpt-4o-mini', 'acme/free-chat', 'acme/unpriced']);
    expect(sortModels(MODELS, 'cost', 'desc', costs).map((m) => m.id).slice(0, 3)).toEqual(['openai/gpt-4o-mini', 'anthropic/claude-opus-4', 'openai/gpt-4o']);
  });
});
