import { describe, expect, it } from 'vitest';
import type { DirectOffer } from '../models/facts-merge.js';
import type { OfferPoint, PricePoint, TokenPrices } from '../models/types.js';
import type { DatedPrice } from '../sources/facts.js';
import { headlineOf } from './headline.js';
import { priceChanges } from './models.js';

const price = (input: number, output: number): TokenPrices => ({ input, output, cache_read: null, cache_write: null });
const point = (at: string, input: number, output: number, extra: Partial<PricePoint> = {}): PricePoint => ({ at, ...price(input, output), ...extra });
const entry = (start_date: string | null, input: number, output: number): DatedPrice => ({ start_date, price: price(input, output), price_tiers: [], time_windows: [] });

/** The maker's own offer as genai-prices lists it on `asOf`, with its history so far. */
function maker(schedule: DatedPrice[], history: OfferPoint[], asOf: string): DirectOffer {
  const current = [...schedule].reverse().find((e) => e.start_date === null || e.start_date <= asOf.slice(0, 10))!;
  return {
    source: 'genai-prices', provider: 'anthropic', source_key: 'anthropic/claude-sonnet-5', first_party: true, price: current.price, price_tiers: [], context_length: 1000000, max_output: null,
    retirement_date: null, prices_checked: null, price_history: history.filter((p) => p.at <= asOf), source_date: current.start_date, upcoming: schedule.filter((e) => e.start_date !== null && e.start_date > asOf.slice(0, 10)), time_window: null, schedule,
  };
}

const SONNET_5 = [entry(null, 2, 10), entry('2026-09-01', 3, 15)];
const SONNET_5_HISTORY: OfferPoint[] = [{ at: '2026-06-30T00:00:00Z', ...price(2, 10) }, { at: '2026-09-01T00:00:00Z', ...price(3, 15), source_date: '2026-09-01' }];
const OPENROUTER = [point('2026-08-01T00:00:00Z', 2, 10)];
const READ = '2026-08-01T00:15:00Z';
const model = (history: ReturnType<typeof headlineOf>) => ({ record: { id: 'anthropic/claude-sonnet-5', name: 'Claude Sonnet 5' }, headline: history });

describe('the headline price', () => {
  it("takes the maker's dated price from its day on when OpenRouter was last read before it (older news is not a cheaper offer)", () => {
    const asOf = '2026-10-06T23:23:23Z';
    const headline = headlineOf({ price_history: OPENROUTER }, maker(SONNET_5, SONNET_5_HISTORY, asOf), READ, asOf);
    expect(headline.source).toBe('genai-prices');
    expect(headline.history.map((p) => [p.at, p.input, p.output, p.source, p.change])).toEqual([
      ['2026-06-30T00:00:00Z', 2, 10, 'genai-prices', false],
      ['2026-09-01T00:00:00Z', 3, 15, 'genai-prices', true],
    ]);
    expect(headline.upcoming).toEqual([]);
    // The change is the maker's, dated by it: its window is exact.
    expect(priceChanges([model(headline)], asOf)).toEqual([
      expect.objectContaining({ at: '2026-09-01T00:00:00Z', previous_seen_at: '2026-09-01T00:00:00Z', source: 'genai-prices', source_date: '2026-09-01', upcoming: false, change_pct: 50 }),
    ]);
  });

  it('lists a dated price ahead of its day as an upcoming change, and keeps the current price until then', () => {
    const asOf = '2026-08-15T00:00:00Z';
    const headline = headlineOf({ price_history: OPENROUTER }, maker(SONNET_5, SONNET_5_HISTORY, asOf), READ, asOf);
    expect(headline.history.at(-1)).toMatchObject({ input: 2, output: 10 });
    expect(headline.upcoming).toEqual([{ at: '2026-09-01T00:00:00Z', previous: price(2, 10), current: price(3, 15), source: 'genai-prices', source_date: '2026-09-01' }]);
    expect(priceChanges([model(headline)], asOf)).toEqual([expect.objectContaining({ at: '2026-09-01T00:00:00Z', upcoming: true, previous: expect.objectContaining({ input: 2 }), current: expect.objectContaining({ input: 3 }) })]);
  });

  it("leaves OpenRouter's word where it was read after the maker's day", () => {
    const asOf = '2026-10-06T00:00:00Z';
    const headline = headlineOf({ price_history: [point('2026-08-01T00:00:00Z', 2, 10)] }, maker(SONNET_5, SONNET_5_HISTORY, asOf), '2026-09-05T00:00:00Z', asOf);
    expect(headline.source).toBe('openrouter');
    // OpenRouter entered at the price the maker showed since June: one entry, no change.
    expect(headline.history.map((p) => [p.at, p.input, p.output, p.source])).toEqual([['2026-06-30T00:00:00Z', 2, 10, 'genai-prices']]);
  });

  it('reaches back to the earliest price any source showed, and a change of source is never a price change', () => {
    const asOf = '2026-10-06T00:00:00Z';
    const early: OfferPoint[] = [
      { at: '2025-06-23T00:00:00Z', ...price(4, 20) },
      { at: '2025-12-31T00:00:00Z', ...price(3, 15), previous_seen_at: '2025-11-27T00:00:00Z' },
    ];
    const plain = maker([entry(null, 3, 15)], early, asOf);
    // OpenRouter lists it from 2026-03-29 at the maker's price, then cuts it.
    const catalog = [point('2026-03-29T00:00:00Z', 3, 15), point('2026-08-01T00:00:00Z', 2.5, 12.5, { previous_seen_at: '2026-05-01T00:00:00Z' })];
    const headline = headlineOf({ price_history: catalog }, plain, READ, asOf);
    expect(headline.history.map((p) => [p.at, p.input, p.source, p.change, p.previous_seen_at ?? null])).toEqual([
      ['2025-06-23T00:00:00Z', 4, 'genai-prices', false, null],
      ['2025-12-31T00:00:00Z', 3, 'genai-prices', true, '2025-11-27T00:00:00Z'],
      ['2026-08-01T00:00:00Z', 2.5, 'openrouter', true, '2026-05-01T00:00:00Z'],
    ]);
    // OpenRouter entering at another price than the maker showed: the source changed, not the price.
    const other = headlineOf({ price_history: [point('2026-03-29T00:00:00Z', 3.3, 16.5)] }, plain, READ, asOf);
    expect(other.history.map((p) => [p.input, p.source, p.change])).toEqual([[4, 'genai-prices', false], [3, 'genai-prices', true], [3.3, 'openrouter', false]]);
    expect(priceChanges([model(other)], asOf).map((c) => [c.at, c.source])).toEqual([['2025-12-31T00:00:00Z', 'genai-prices']]);
    // A model OpenRouter never priced takes no price from the history alone.
    expect(headlineOf({ price_history: [] }, plain, READ, asOf).history).toEqual([]);
    // A maker's own model OpenRouter never listed (origin first-party): the maker's offer is its headline, history and all.
    const own = headlineOf({ price_history: [], origin: 'first-party', first_seen_at: '2026-10-01T00:00:00Z' }, plain, READ, asOf);
    expect(own.history.map((p) => [p.at, p.input, p.output, p.source, p.change])).toEqual([
      ['2025-06-23T00:00:00Z', 4, 20, 'genai-prices', false],
      ['2025-12-31T00:00:00Z', 3, 15, 'genai-prices', true],
    ]);
    expect(headlineOf({ price_history: [], origin: 'first-party', first_seen_at: '2026-10-01T00:00:00Z' }, maker([entry(null, 3, 15)], [], asOf), READ, asOf).history.map((p) => [p.at, p.input])).toEqual([['2026-10-01T00:00:00Z', 3]]);
  });
});
