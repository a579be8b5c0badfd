import { describe, expect, it } from 'vitest';
import type { CatalogObservation } from '../sources/openrouter/translate.js';
import { DelistGuardError, mergeCatalog, type MergeOptions } from './merge.js';
import type { ModelRecord, ObservedModel, TokenPrices } from './types.js';

function observed(id: string, input: number | null, output = 2, extra: Partial<ObservedModel> = {}): ObservedModel {
  const price: TokenPrices | null = input === null ? null : { input, output, cache_read: null, cache_write: null };
  return {
    id,
    upstream_id: id,
    name: id,
    author: id.split('/')[0]!,
    description: '',
    created_at: null,
    price,
    context_length: 128000,
    max_output: null,
    capabilities: { vision: false, reasoning: false, tools: true },
    input_modalities: ['text'],
    output_modalities: ['text'],
    benchmarks: { intelligence_index: null, coding_index: null, math_index: null },
    retirement_date: null,
    free_variant: null,
    price_held_back: false,
    ...extra,
  };
}

function observation(models: ObservedModel[], held: string[] = []): CatalogObservation {
  return { models, held, issues: [], aliases_skipped: 0 };
}

const T1 = '2026-03-29T00:00:00Z';
const T2 = '2026-05-01T00:00:00Z';
const T3 = '2026-08-01T00:00:00Z';
const opts = (now: string, extra: Partial<MergeOptions> = {}): MergeOptions => ({ now, maxDelistShare: 0.2, force: false, ...extra });

function run(steps: Array<[string, CatalogObservation, Partial<MergeOptions>?]>): Map<string, ModelRecord> {
  let models = new Map<string, ModelRecord>();
  for (const [now, obs, extra] of steps) models = mergeCatalog(models, obs, opts(now, extra)).models;
  return models;
}

describe('mergeCatalog', () => {
  it('starts a price history and appends only when a price changes', () => {
    const models = run([
      [T1, observation([observed('a/m', 1)])],
      [T2, observation([observed('a/m', 1)])],
      [T3, observation([observed('a/m', 1.5)])],
    ]);
    expect(models.get('a/m')?.price_history).toEqual([
      { at: T1, input: 1, output: 2, cache_read: null, cache_write: null },
      { at: T3, input: 1.5, output: 2, cache_read: null, cache_write: null },
    ]);
    expect(models.get('a/m')?.first_seen_at).toBe(T1);
  });

  it('dates each change honestly: when the old price was last seen (the read before) and when the new one was first seen', () => {
    const models = run([
      [T1, observation([observed('a/m', 1)])],
      [T2, observation([observed('a/m', 1)]), { previousReadAt: T1 }],
      [T3, observation([observed('a/m', 1.5)]), { previousReadAt: T2 }],
    ]);
    expect(models.get('a/m')?.price_history).toEqual([
      { at: T1, input: 1, output: 2, cache_read: null, cache_write: null },
      { at: T3, input: 1.5, output: 2, cache_read: null, cache_write: null, previous_seen_at: T2 },
    ]);
    // A confirmed jump keeps the window of its first sighting.
    const T4 = '2026-09-01T00:00:00Z';
    const jumped = run([
      [T1, observation([observed('a/m', 1)])],
      [T2, observation([observed('a/m', 6)]), { previousReadAt: T1 }],
      [T3, observation([observed('a/m', 6)]), { previousReadAt: T2 }],
      [T4, observation([observed('a/m', 6)]), { previousReadAt: T3 }],
    ]);
    expect(jumped.get('a/m')?.price_history.at(-1)).toEqual({ at: T2, input: 6, output: 2, cache_read: null, cache_write: null, previous_seen_at: T1 });
  });

  it('starts the window of a relisted model\'s new price when it was last listed', () => {
    const five = ['a/1', 'a/2', 'a/3', 'a/4', 'a/5'];
    const T4 = '2026-09-01T00:00:00Z';
    const gone = run([
      [T1, observation(five.map((id) => observed(id, 1)))],
      [T2, observation(five.slice(1).map((id) => observed(id, 1))), { previousReadAt: T1 }],
    ]);
    expect(gone.get('a/1')?.price_history).toEqual([{ at: T1, input: 1, output: 2, cache_read: null, cache_write: null, last_seen_at: T1 }]);
    const back = mergeCatalog(gone, observation(five.map((id) => observed(id, id === 'a/1' ? 2 : 1))), opts(T3, { previousReadAt: T2 })).models;
    expect(back.get('a/1')?.price_history.at(-1)).toEqual({ at: T3, input: 2, output: 2, cache_read: null, cache_write: null, previous_seen_at: T1 });
    // Back at the price it left with: no change, and the mark goes.
    const same = mergeCatalog(gone, observation(five.map((id) => observed(id, 1))), opts(T4, { previousReadAt: T2 })).models;
    expect(same.get('a/1')?.price_history).toEqual([{ at: T1, input: 1, output: 2, cache_read: null, cache_write: null }]);
  });

  it('reports only real changes and leaves unchanged models out of the write set', () => {
    const first = mergeCatalog(new Map(), observation([observed('a/m', 1), observed('a/n', 1)]), opts(T1));
    expect(first.summary.added).toEqual(['a/m', 'a/n']);
    const second = mergeCatalog(first.models, observation([observed('a/m', 1), observed('a/n', 3)]), opts(T2));
    expect(second.changed).toEqual(['a/n']);
    expect(second.summary.price_changed).toEqual(['a/n']);
  });

  it('keeps the last good price when the new one was held back as implausible', () => {
    const models = run([
      [T1, observation([observed('a/m', 1)])],
      [T2, observation([observed('a/m', null, 2, { price_held_back: true })])],
    ]);
    expect(models.get('a/m')?.price_history).toEqual([{ at: T1, input: 1, output: 2, cache_read: null, cache_write: null }]);
  });

  it('records a withdrawn paid price (only a free variant left) instead of keeping the old one', () => {
    const models = run([
      [T1, observation([observed('a/m', 1)])],
      [T2, observation([observed('a/m', null)])],
      [T3, observation([observed('a/m', null)])],
    ]);
    expect(models.get('a/m')?.price_history).toEqual([
      { at: T1, input: 1, output: 2, cache_read: null, cache_write: null },
      { at: T2, input: null, output: null, cache_read: null, cache_write: null },
    ]);
  });

  it('holds a price that jumps more than 5× until a later observation confirms it', () => {
    const T4 = '2026-09-01T00:00:00Z';
    const step1 = run([
      [T1, observation([observed('a/m', 1)])],
      // A per-token/per-million slip: 1,000,000× the price, seen once.
      [T2, observation([observed('a/m', 1_000_000 / 1e3)])],
    ]);
    expect(step1.get('a/m')?.price_history).toHaveLength(1);
    expect(step1.get('a/m')?.pending_price).toEqual({ at: T2, input: 1000, output: 2, cache_read: null, cache_write: null });
    // Back to normal: the pending price is dropped, nothing was ever published.
    const back = mergeCatalog(step1, observation([observed('a/m', 1)]), opts(T3));
    expect(back.models.get('a/m')?.pending_price).toBeUndefined();
    expect(back.models.get('a/m')?.price_history).toHaveLength(1);
    // Seen twice in a row: confirmed, dated when it was first seen.
    const confirmed = run([[T1, observation([observed('a/m', 1)])], [T2, observation([observed('a/m', 6)])], [T3, observation([observed('a/m', 6)])]]);
    expect(confirmed.get('a/m')?.price_history.map((p) => [p.at, p.input])).toEqual([[T1, 1], [T2, 6]]);
    expect(confirmed.get('a/m')?.pending_price).toBeUndefined();
    // Moves within the factor are published at once.
    expect(run([[T1, observation([observed('a/m', 1)])], [T4, observation([observed('a/m', 4.9)])]]).get('a/m')?.price_history).toHaveLength(2);
  });

  it('judges each price field on its own: a cache glitch never holds back an input or output change', () => {
    const withCache = (cacheRead: number, input = 1): ObservedModel => ({ ...observed('a/m', input), price: { input, output: 2, cache_read: cacheRead, cache_write: null } });
    const jumped = run([[T1, observation([withCache(0.1)])], [T2, observation([withCache(100)])]]);
    expect(jumped.get('a/m')?.price_history).toHaveLength(1);
    expect(jumped.get('a/m')?.pending_price?.cache_read).toBe(100);
    // The input jump waits; the ordinary cache move is published at once, and the confirmed input
    // is dated when it was first seen.
    const drift = run([[T1, observation([withCache(0.1)])], [T2, observation([withCache(0.5, 8)])], [T3, observation([withCache(0.6, 8)])]]);
    expect(drift.get('a/m')?.price_history.map((p) => [p.at, p.input, p.cache_read])).toEqual([[T1, 1, 0.1], [T2, 8, 0.5], [T3, 8, 0.6]]);
  });

  // Shaped like real OpenRouter cases between the 2026-03-29, 05-01 and 08-01 snapshots.
  const priced = (input: number, output: number, cacheRead: number | null = null): ObservedModel => ({
    ...observed('a/m', input, output),
    price: { input, output, cache_read: cacheRead, cache_write: null },
  });
  const steps = (history: Map<string, ModelRecord>) => history.get('a/m')?.price_history.map((p) => [p.at, p.input, p.output, p.cache_read]);

  it('confirms a jump followed by a small move in the same direction, and records both changes', () => {
    // mistral-small-3.1-24b-instruct: 0.03/0.11 → 0.35/0.56 → 0.351/0.555.
    const models = run([[T1, observation([priced(0.03, 0.11)])], [T2, observation([priced(0.35, 0.56)])], [T3, observation([priced(0.351, 0.555)])]]);
    expect(steps(models)).toEqual([[T1, 0.03, 0.11, null], [T2, 0.35, 0.56, null], [T3, 0.351, 0.555, null]]);
    expect(models.get('a/m')?.pending_price).toBeUndefined();
  });

  it('publishes input and output moves while only the cache price jumps', () => {
    // deepseek-v3.2: the cache read fell 5.2× while input and output moved 3%.
    const models = run([[T1, observation([priced(0.26, 0.38, 0.13)])], [T2, observation([priced(0.252, 0.378, 0.0252)])], [T3, observation([priced(0.269, 0.4, 0.1345)])]]);
    expect(steps(models)).toEqual([[T1, 0.26, 0.38, 0.13], [T2, 0.252, 0.378, 0.13], [T3, 0.269, 0.4, 0.1345]]);
  });

  it('confirms a cache jump seen twice, dated when first seen', () => {
    const models = run([[T1, observation([priced(0.26, 0.38, 0.13)])], [T2, observation([priced(0.252, 0.378, 0.0252)])], [T3, observation([priced(0.252, 0.378, 0.025)])]]);
    expect(steps(models)).toEqual([[T1, 0.26, 0.38, 0.13], [T2, 0.252, 0.378, 0.0252], [T3, 0.252, 0.378, 0.025]]);
  });

  it('does not confirm a jump by a jump the other way', () => {
    const models = run([[T1, observation([priced(1, 2)])], [T2, observation([priced(10, 2)])], [T3, observation([priced(0.1, 2)])]]);
    expect(steps(models)).toEqual([[T1, 1, 2, null]]);
    expect(models.get('a/m')?.pending_price).toMatchObject({ at: T3, input: 0.1 });
  });

  it('keeps the previous tiers while a jumped price is pending', () => {
    const tiered = (input: number): ObservedModel => ({ ...observed('a/m', input), price_tiers: [{ min_prompt_tokens: 200000, input: input * 2, output: 4, cache_read: null, cache_write: null }] });
    const models = run([[T1, observation([tiered(1)])], [T2, observation([tiered(1000)])]]);
    expect(models.get('a/m')?.price_tiers?.[0]?.input).toBe(2);
  });

  it('reports pending prices in the summary, and the factor is configurable', () => {
    const start = mergeCatalog(new Map(), observation([observed('a/m', 1)]), opts(T1)).models;
    expect(mergeCatalog(start, observation([observed('a/m', 6)]), opts(T2)).summary.price_pending).toEqual(['a/m']);
    expect(mergeCatalog(start, observation([observed('a/m', 6)]), opts(T2, { maxPriceFactor: 10 })).summary.price_pending).toEqual([]);
  });

  it('starts no history for a model that never had a paid price', () => {
    expect(run([[T1, observation([observed('openrouter/auto', null)])]]).get('openrouter/auto')?.price_history).toEqual([]);
  });

  it('keeps vanished models with delisted_at and their history, and relists them', () => {
    const five = ['a/1', 'a/2', 'a/3', 'a/4', 'a/5'];
    const all = five.map((id) => observed(id, 1));
    const models = run([
      [T1, observation(all)],
      [T2, observation(all.slice(1))],
    ]);
    expect(models.get('a/1')).toMatchObject({ delisted_at: T2, first_seen_at: T1 });
    expect(models.get('a/1')?.price_history).toHaveLength(1);

    const back = mergeCatalog(models, observation(all), opts(T3));
    expect(back.summary.relisted).toEqual(['a/1']);
    expect(back.models.get('a/1')?.delisted_at).toBeNull();
  });

  it('does not delist models that upstream still lists but that were held back', () => {
    const models = run([
      [T1, observation([observed('a/1', 1), observed('a/2', 1), observed('a/3', 1), observed('a/4', 1), observed('a/5', 1)])],
      [T2, observation([observed('a/2', 1), observed('a/3', 1), observed('a/4', 1), observed('a/5', 1)], ['a/1'])],
    ]);
    expect(models.get('a/1')?.delisted_at).toBeNull();
  });

  it('refuses a sync that would delist more than the allowed share, unless forced', () => {
    const ten = Array.from({ length: 10 }, (_, i) => observed(`a/${i}`, 1));
    const start = mergeCatalog(new Map(), observation(ten), opts(T1)).models;
    // 2 of 10 (20%) is allowed; 3 of 10 is not.
    expect(() => mergeCatalog(start, observation(ten.slice(2)), opts(T2))).not.toThrow();
    const error = (() => {
      try {
        mergeCatalog(start, observation(ten.slice(3)), opts(T2));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DelistGuardError);
    expect((error as DelistGuardError).wouldDelist).toBe(3);
    const forced = mergeCatalog(start, observation(ten.slice(3)), opts(T2, { force: true }));
    expect(forced.summary.delisted).toEqual(['a/0', 'a/1', 'a/2']);
    const looser = mergeCatalog(start, observation(ten.slice(3)), opts(T2, { maxDelistShare: 0.5 }));
    expect(looser.summary.delisted).toHaveLength(3);
  });

  it('never loses the stored endpoints when the catalog entry is updated', () => {
    const first = mergeCatalog(new Map(), observation([observed('a/m', 1)]), opts(T1)).models;
    const withEndpoints = new Map(first);
    withEndpoints.set('a/m', { ...first.get('a/m')!, endpoints: { updated_at: T1, items: [] } });
    const next = mergeCatalog(withEndpoints, observation([observed('a/m', 1, 2, { name: 'Renamed' })]), opts(T2)).models;
    expect(next.get('a/m')).toMatchObject({ name: 'Renamed', endpoints: { updated_at: T1 } });
  });
});
