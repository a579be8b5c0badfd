import { describe, expect, it } from 'vitest';
import type { DatedPrice } from '../sources/facts.js';
import { stableStringifyCompact } from '../text/stable-json.js';
import { nextEndpointHistory, nextOfferHistory, offerHistoryOf, type OfferHistoryFile } from './offer-history.js';
import type { TokenPrices } from './types.js';

const price = (input: number, output: number): TokenPrices => ({ input, output, cache_read: null, cache_write: null });
const dated = (...entries: Array<[string | null, number, number]>): DatedPrice[] => entries.map(([start_date, i, o]) => ({ start_date, price: price(i, o), price_tiers: [], time_windows: [] }));
const fact = (key: string, p: TokenPrices | null, schedule?: DatedPrice[]) => ({ source_key: key, price: p, ...(schedule === undefined ? {} : { dated_prices: schedule }) });
type Fact = ReturnType<typeof fact>;

/** Replays reads: each [time, facts] after the one before. */
function replay(reads: Array<[string, Fact[]]>): OfferHistoryFile {
  let file: OfferHistoryFile | undefined;
  let previous: Fact[] = [];
  let previousAt: string | null = null;
  for (const [now, facts] of reads) {
    file = nextOfferHistory(file, 'genai-prices', previous, previousAt, facts, now);
    [previous, previousAt] = [facts, now];
  }
  return file!;
}

const JUN = '2025-06-23T00:00:00Z';
const JUL = '2025-07-31T00:00:00Z';
const AUG = '2025-08-26T00:00:00Z';

describe('offer histories', () => {
  it('stores nothing for a price unchanged since the first read: the facts say it', () => {
    const file = replay([[JUN, [fact('a/x', price(1, 2))]], [JUL, [fact('a/x', price(1, 2))]]]);
    expect(file).toEqual({ source: 'genai-prices', since: JUN, offers: {} });
    expect(offerHistoryOf(file, 'a/x', fact('a/x', price(1, 2)))).toEqual([{ at: JUN, ...price(1, 2) }]);
  });

  it('keeps every distinct price with when it was first seen and when the one before was last seen', () => {
    const file = replay([[JUN, [fact('a/x', price(1, 2))]], [JUL, [fact('a/x', price(1, 2)), fact('a/new', price(5, 5))]], [AUG, [fact('a/x', price(0.5, 1)), fact('a/new', price(5, 5))]]]);
    expect(file.offers).toEqual({
      'a/new': [{ at: JUL, ...price(5, 5) }],
      'a/x': [{ at: JUN, ...price(1, 2) }, { at: AUG, ...price(0.5, 1), previous_seen_at: JUL }],
    });
  });

  it('records a price dated ahead at its day, and dates a change the source dates between two reads by that day', () => {
    const schedule = dated([null, 2, 10], ['2025-09-01', 3, 15]);
    const ahead = replay([[JUL, [fact('a/s', price(2, 10), schedule)]]]);
    expect(ahead.offers['a/s']).toEqual([{ at: JUL, ...price(2, 10) }, { at: '2025-09-01T00:00:00Z', ...price(3, 15), source_date: '2025-09-01' }]);
    // Read again after its day: nothing new, the dated point stands.
    const after = replay([[JUL, [fact('a/s', price(2, 10), schedule)]], ['2025-09-29T00:00:00Z', [fact('a/s', price(3, 15), schedule)]]]);
    expect(after.offers['a/s']).toEqual(ahead.offers['a/s']);
    // Withdrawn before its day: it never happened.
    const withdrawn = replay([[JUL, [fact('a/s', price(2, 10), schedule)]], [AUG, [fact('a/s', price(2, 10))]]]);
    expect(withdrawn.offers['a/s']).toBeUndefined();
    // Seen only after the fact, dated by the source: at its day, the window from the read before.
    const late = replay([[JUL, [fact('a/s', price(2, 10))]], ['2025-09-29T00:00:00Z', [fact('a/s', price(3, 15), schedule)]]]);
    expect(late.offers['a/s']?.at(-1)).toEqual({ at: '2025-09-01T00:00:00Z', ...price(3, 15), source_date: '2025-09-01', previous_seen_at: JUL });
    // A source date before the old price was last seen is the source's word, beside ours.
    const corrected = replay([[JUL, [fact('a/s', price(2, 10))]], [AUG, [fact('a/s', price(3, 15), dated([null, 2, 10], ['2025-07-01', 3, 15]))]]]);
    expect(corrected.offers['a/s']?.at(-1)).toEqual({ at: AUG, ...price(3, 15), source_date: '2025-07-01', previous_seen_at: JUL });
  });

  it('keeps the history of an offer that leaves its source, and joins it when it comes back', () => {
    const gone = replay([[JUN, [fact('a/x', price(1, 2))]], [JUL, [fact('a/x', price(1, 2))]], [AUG, []]]);
    expect(gone.offers['a/x']).toEqual([{ at: JUN, ...price(1, 2), last_seen_at: JUL }]);
    const back = replay([[JUN, [fact('a/x', price(1, 2))]], [JUL, []], [AUG, [fact('a/x', price(1.5, 3))]]]);
    expect(back.offers['a/x']).toEqual([{ at: JUN, ...price(1, 2), last_seen_at: JUN }, { at: AUG, ...price(1.5, 3), previous_seen_at: JUN }]);
    // Unknown is never a price: a record that stops pricing counts as gone, not as 0.
    const unpriced = replay([[JUN, [fact('a/x', price(1, 2))]], [JUL, [fact('a/x', null)]]]);
    expect(unpriced.offers['a/x']).toEqual([{ at: JUN, ...price(1, 2), last_seen_at: JUN }]);
  });

  it('keeps each OpenRouter endpoint\'s prices by model and tag, also after the endpoint leaves the list', () => {
    const first = nextEndpointHistory(undefined, 'a/m', [], [{ tag: 'fireworks', price: price(1, 2) }, { tag: 'groq', price: price(2, 2) }], JUN, null);
    const second = nextEndpointHistory(first, 'a/m', [{ tag: 'fireworks', price: price(1, 2) }, { tag: 'groq', price: price(2, 2) }], [{ tag: 'fireworks', price: price(0.8, 2) }], JUL, JUN);
    expect(second).toEqual({
      source: 'openrouter-endpoints',
      since: JUN,
      offers: {
        'a/m fireworks': [{ at: JUN, ...price(1, 2) }, { at: JUL, ...price(0.8, 2), previous_seen_at: JUN }],
        'a/m groq': [{ at: JUN, ...price(2, 2), last_seen_at: JUN }],
      },
    });
  });

  it('writes one point a line', () => {
    const file = replay([[JUN, [fact('a/x', price(1, 2))]], [JUL, [fact('a/x', price(3, 4))]]]);
    expect(stableStringifyCompact(file)).toBe(
      '{\n  "offers": {\n    "a/x": [\n' +
        '      {"at":"2025-06-23T00:00:00Z","cache_read":null,"cache_write":null,"input":1,"output":2},\n' +
        '      {"at":"2025-07-31T00:00:00Z","cache_read":null,"cache_write":null,"input":3,"output":4,"previous_seen_at":"2025-06-23T00:00:00Z"}\n' +
        '    ]\n  },\n  "since": "2025-06-23T00:00:00Z",\n  "source": "genai-prices"\n}\n',
    );
  });
});
