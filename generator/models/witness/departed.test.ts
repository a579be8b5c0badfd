import { describe, expect, it } from 'vitest';
import type { OfferHistoryFile } from '../offer-history.js';
import type { OfferPoint } from '../types.js';
import { apiNameOf, departedRecords } from './departed.js';
import { offer, p, point } from './fixtures.js';
import { judgeOffers, type WitnessContext } from './offers.js';

// Histories as data/price-history/<source>.json stores them: genai-prices' monthly copies at
// 00:00 (its first copy of 2025-06-23 priced gpt-4o-2024-08-06 under a key of its own, which the
// copy of 2025-07-31 folded into its `gpt-4o` record), models.dev's commits, LiteLLM's reads.
const gone = (at: string) => ({ last_seen_at: `${at}T00:00:00Z` });

function file(source: string, offers: Record<string, OfferPoint[]>): OfferHistoryFile {
  return { source, since: '2025-06-23T00:00:00Z', offers };
}

const READS: Record<string, string> = { 'genai-prices': '2026-07-25T00:00:00Z', litellm: '2026-08-01T06:00:00Z', modelsdev: '2026-06-30T18:39:45Z' };
const context = (histories: Partial<Record<string, OfferHistoryFile>>): WitnessContext => ({ asOf: '2026-10-06T23:23:23Z', readAt: (s) => READS[s] ?? null, departed: departedRecords(histories) });
const rates = (points: ReadonlyArray<{ at: string; input: number | null; output: number | null; change: boolean }>) => points.map((q) => [q.at.slice(0, 10), q.input, q.output, q.change]);

// The snapshot's offer as the price sources list it today: LiteLLM and models.dev first saw it on 2025-09-28.
const snapshotOffers = () => [
  offer('litellm', 'gpt-4o-2024-08-06', [point('2025-09-28', p(2.5, 10, 1.25))]),
  offer('modelsdev', 'openai/gpt-4o-2024-08-06', [point('2025-09-28', p(2.5, 10, 1.25))]),
];

describe('records that left their source', () => {
  it('are the provider-keyed keys whose history ends gone, by provider and API name', () => {
    const departed = departedRecords({
      'genai-prices': file('genai-prices', {
        'openai/gpt-4o-2024-08-06': [point('2025-06-23', p(2.5, 10), gone('2025-06-23'))],
        'openai/gpt-4o': [point('2025-06-23', p(5, 15)), point('2025-07-31', p(2.5, 10, 1.25), { previous_seen_at: '2025-06-23T00:00:00Z' })],
      }),
      // LiteLLM's keys name no provider: its departed keys witness nothing.
      litellm: file('litellm', { 'gpt-4o-2024-05-13': [point('2025-06-23', p(5, 15), gone('2025-07-31'))] }),
      modelsdev: file('modelsdev', { 'xai/grok-3': [point('2025-06-12', p(3, 15), gone('2026-01-10'))] }),
    });
    expect([...departed.keys()].sort()).toEqual(['openai\u0000gpt-4o-2024-08-06', 'xai\u0000grok-3']);
    expect(departed.get('openai\u0000gpt-4o-2024-08-06')!.map((d) => `${d.source} ${d.key}`)).toEqual(['genai-prices openai/gpt-4o-2024-08-06']);
  });

  it('reads the API name a key gives at its provider', () => {
    expect(apiNameOf('openai/gpt-4o-2024-08-06', 'openai')).toBe('gpt-4o-2024-08-06');
    expect(apiNameOf('gpt-4o-2024-08-06', 'openai')).toBe('gpt-4o-2024-08-06');
    expect(apiNameOf('xai/grok-3', 'x-ai')).toBe('grok-3');
    expect(apiNameOf('openrouter/openai/gpt-4o', 'openrouter')).toBe('openai/gpt-4o');
  });

  it("date a snapshot's first price from their sighting of that exact name at that price (gpt-4o-2024-08-06 from 2025-06-23)", () => {
    const histories = { 'genai-prices': file('genai-prices', { 'openai/gpt-4o-2024-08-06': [point('2025-06-23', p(2.5, 10), gone('2025-06-23'))] }) };
    const judged = judgeOffers(snapshotOffers(), context(histories));
    const published = judged.offers.find((o) => o.source === 'litellm')!;
    // An old bill of 2025-07-01 is $2.50/$10: one price, from genai-prices' first copy, never news.
    expect(rates(published.price_history)).toEqual([['2025-06-23', 2.5, 10, false]]);
    expect(published.price_history[0]!.witnesses).toEqual(['litellm gpt-4o-2024-08-06', 'genai-prices openai/gpt-4o-2024-08-06', 'modelsdev openai/gpt-4o-2024-08-06']);
    expect(published.witnesses).toEqual(['genai-prices', 'litellm', 'modelsdev']);
    expect(judged.moves).toEqual([]);
    expect(judged.corrections).toEqual([]);
  });

  it('witness nothing at another price, another name or another provider', () => {
    const histories = {
      'genai-prices': file('genai-prices', {
        // A family record whose price differs from the snapshot's (June's gpt-4o at $5/$15).
        'openai/gpt-4o-2024-08-06': [point('2025-06-23', p(5, 15), gone('2025-06-23'))],
        // The same name at another provider, and another name at this one, at the same price.
        'azure/gpt-4o-2024-08-06': [point('2025-06-23', p(2.5, 10), gone('2025-07-31'))],
        'openai/gpt-4o-2024-11-20': [point('2025-06-23', p(2.5, 10), gone('2025-07-31'))],
        // A key still listed is a record of its own model, not a departed one.
        'openai/gpt-4o-2024-08-06-copy': [point('2025-06-23', p(2.5, 10))],
      }),
    };
    const judged = judgeOffers(snapshotOffers(), context(histories));
    const published = judged.offers.find((o) => o.source === 'litellm')!;
    expect(rates(published.price_history)).toEqual([['2025-09-28', 2.5, 10, false]]);
    expect(published.witnesses).toEqual(['litellm', 'modelsdev']);
  });

  it('never reach back past another price that stood in between', () => {
    // The departed key saw $2.50/$10 in June; two sources then showed $5/$15 before the record's first sighting.
    const histories = { 'genai-prices': file('genai-prices', { 'openai/gpt-4o-2024-08-06': [point('2025-06-23', p(2.5, 10), gone('2025-06-23'))] }) };
    const offers = [
      offer('litellm', 'gpt-4o-2024-08-06', [point('2025-07-20', p(5, 15)), point('2025-09-28', p(2.5, 10), { previous_seen_at: '2025-08-20T00:00:00Z' })]),
      offer('modelsdev', 'openai/gpt-4o-2024-08-06', [point('2025-07-22', p(5, 15)), point('2025-09-20', p(2.5, 10), { previous_seen_at: '2025-08-22T00:00:00Z' })]),
    ];
    const published = judgeOffers(offers, context(histories)).offers.find((o) => o.source === 'litellm')!;
    expect(rates(published.price_history)[0]).toEqual(['2025-07-20', 5, 15, false]);
  });

  it("witness the first price only, never a move: two sources dropping one stale price weeks apart is no change (o1-mini)", () => {
    // genai-prices' first copy and models.dev's first commit both said $3/$12; models.dev moved on 06-12, then left.
    const histories = { modelsdev: file('modelsdev', { 'openai/o1-mini': [point('2025-06-05', p(3, 12)), point('2025-06-12', p(1.1, 4.4, 0.55), { previous_seen_at: '2025-06-05T00:00:00Z', last_seen_at: '2026-06-07T00:00:00Z' })] }) };
    const genai = offer('genai-prices', 'openai/o1-mini', [point('2025-06-23', p(3, 12)), point('2025-07-31', p(1.1, 4.4, 0.55), { previous_seen_at: '2025-06-23T00:00:00Z' })]);
    const judged = judgeOffers([genai], context(histories));
    expect(judged.moves.map((m) => m.verdict)).toEqual(['correction']);
    expect(rates(judged.offers[0]!.price_history)).toEqual([['2025-06-12', 1.1, 4.4, false]]);
  });
});
