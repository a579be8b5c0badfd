import { describe, expect, it } from 'vitest';
import type { DirectOffer } from '../direct-offers.js';
import type { DatedPrice } from '../../sources/facts.js';
import type { TokenPrices } from '../types.js';
import { judgeMoves } from './judge.js';
import { judgeOffers, type MakerWitness, type WitnessContext } from './offers.js';
import { statementWitness } from './makers.js';
import { segmentsOf } from './series.js';
import { offer, p, point } from './fixtures.js';

// Histories as data/price-history/<source>.json stores them (offer-history.ts points), read as
// the replay reads them: genai-prices' monthly copies at 00:00, models.dev once a week.
const READS: Record<string, string> = { 'genai-prices': '2026-07-25T00:00:00Z', litellm: '2026-08-01T06:00:00Z', modelsdev: '2026-06-30T18:39:45Z' };
const context = (extra: Partial<WitnessContext> = {}): WitnessContext => ({ asOf: '2026-10-06T23:23:23Z', readAt: (s) => READS[s] ?? null, ...extra });
const at = (offers: ReturnType<typeof judgeOffers>['offers'], key: string) => offers.find((o) => o.source_key === key);
const rates = (points: ReadonlyArray<{ at: string; input: number | null; output: number | null; change: boolean }>) => points.map((q) => [q.at.slice(0, 10), q.input, q.output, q.change]);

describe('the witness rule', () => {
  it("reads genai-prices' first GPT-4o copy as its mistake: models.dev showed $2.50/$10 all along", () => {
    const genai = offer('genai-prices', 'openai/gpt-4o', [point('2025-06-23', p(5, 15)), point('2025-07-31', p(2.5, 10, 1.25), { previous_seen_at: '2025-06-23T00:00:00Z' })]);
    const modelsdev = offer('modelsdev', 'openai/gpt-4o', [point('2025-06-05', p(2.5, 10, 1.25))]);
    const judged = judgeOffers([genai, modelsdev], context());
    const published = at(judged.offers, 'openai/gpt-4o')!;
    expect(published.source).toBe('genai-prices');
    // One price, from models.dev's first sighting: an old bill of 2025-07-01 is $2.50/$10.
    expect(rates(published.price_history)).toEqual([['2025-06-05', 2.5, 10, false]]);
    expect(published.price_history[0]!.witnesses).toEqual(['genai-prices openai/gpt-4o', 'modelsdev openai/gpt-4o']);
    expect(judged.corrections).toEqual([
      {
        source: 'genai-prices',
        source_key: 'openai/gpt-4o',
        superseded: p(5, 15),
        first_seen_at: '2025-06-23T00:00:00Z',
        last_seen_at: '2025-06-23T00:00:00Z',
        corrected_to: p(2.5, 10, 1.25),
        corrected_at: '2025-07-31T00:00:00Z',
        evidence: ['modelsdev openai/gpt-4o'],
      },
    ]);
  });

  it('reads a move no other witness ever backs as a correction (Perplexity Sonar, 10× in the first copies)', () => {
    const genai = offer('genai-prices', 'perplexity/sonar', [point('2025-06-23', p(10, 10)), point('2025-08-26', p(1, 1), { previous_seen_at: '2025-07-31T00:00:00Z' })]);
    const modelsdev = offer('modelsdev', 'perplexity/sonar', [point('2025-09-08', p(1, 1))]);
    const judged = judgeOffers([genai, modelsdev], context());
    expect(rates(at(judged.offers, 'perplexity/sonar')!.price_history)).toEqual([['2025-06-23', 1, 1, false]]);
    expect(judged.moves.map((m) => m.verdict)).toEqual(['correction']);
    expect(judged.corrections.map((c) => [c.superseded.input, c.first_seen_at.slice(0, 10), c.last_seen_at.slice(0, 10), c.evidence])).toEqual([[10, '2025-06-23', '2025-07-31', []]]);
  });

  it('publishes a move two sources made within the slack, at the earliest sighting of the new price', () => {
    const genai = offer('genai-prices', 'openai/gpt-x', [point('2025-12-31', p(3, 15)), point('2026-02-25', p(2, 10), { previous_seen_at: '2026-01-28T00:00:00Z' })]);
    const modelsdev = offer('modelsdev', 'openai/gpt-x', [point('2025-12-13', p(3, 15)), point('2026-02-05', p(2, 10), { previous_seen_at: '2026-01-29T00:00:00Z' })]);
    const judged = judgeOffers([genai, modelsdev], context());
    const history = at(judged.offers, 'openai/gpt-x')!.price_history;
    expect(rates(history)).toEqual([
      ['2025-12-13', 3, 15, false],
      ['2026-02-05', 2, 10, true],
    ]);
    expect(history[1]!.previous_seen_at).toBe('2026-01-29T00:00:00Z');
    expect(history[1]!.witnesses).toEqual(['genai-prices openai/gpt-x', 'modelsdev openai/gpt-x']);
    expect(judged.moves.map((m) => m.verdict)).toEqual(['sources']);
  });

  it('does not take two moves months apart as one witnessed change', () => {
    const genai = offer('genai-prices', 'openai/gpt-y', [point('2025-06-23', p(3, 15)), point('2025-12-31', p(2, 10), { previous_seen_at: '2025-11-27T00:00:00Z' })]);
    const modelsdev = offer('modelsdev', 'openai/gpt-y', [point('2025-06-12', p(3, 15)), point('2025-07-10', p(2, 10), { previous_seen_at: '2025-07-03T00:00:00Z' })]);
    expect(judgeMoves(segmentsWitness(genai), [segmentsWitness(modelsdev)]).map((m) => m.verdict)).toEqual(['unwitnessed']);
  });

  it('keeps a move only one source made, where another witness showed the old price, as that source\'s word, never news', () => {
    // Ministral 8B: genai-prices moved to $0.10/$1 in September 2025; models.dev and Mistral's own page say $0.10/$0.10.
    const genai = offer('genai-prices', 'mistral/ministral-8b', [point('2025-06-23', p(0.1, 0.1)), point('2025-09-29', p(0.1, 1), { previous_seen_at: '2025-08-26T00:00:00Z' })]);
    const litellm = offer('litellm', 'mistral/ministral-8b-latest', [point('2026-08-01', p(0.15, 0.15))], { provider: 'mistral' });
    const modelsdev = offer('modelsdev', 'mistral/ministral-8b-latest', [point('2025-06-12', p(0.1, 0.1))]);
    const maker: MakerWitness = {
      witness: { source: 'mistral-deprecations', key: 'ministral-8b-2410', maker: true, publishable: false, segments: segmentsOf([point('2026-08-21', p(0.1, 0.1))], '2026-08-21T00:00:00Z') },
      provider: 'mistral',
      names: ['ministral-8b-2410'],
      attached: true,
      today: p(0.1, 0.1),
    };
    const judged = judgeOffers([genai, litellm, modelsdev], context({ makers: [maker] }));
    const published = judged.offers.find((o) => o.provider === 'mistral')!;
    // Mistral's page wins today; models.dev's record says its price, so it is the one published, its history whole.
    expect([published.source, published.source_key]).toEqual(['modelsdev', 'mistral/ministral-8b-latest']);
    expect(rates(published.price_history)).toEqual([['2025-06-12', 0.1, 0.1, false]]);
    expect(judged.disagreements).toHaveLength(1);
    expect(judged.disagreements[0]).toMatchObject({ provider: 'mistral', reason: 'maker', maker_unfollowed: false, published: { source: 'modelsdev' } });
    expect(judged.disagreements[0]!.words.map((w) => [w.source, w.input, w.output])).toEqual([
      ['mistral-deprecations', 0.1, 0.1],
      ['genai-prices', 0.1, 1],
      ['litellm', 0.15, 0.15],
      ['modelsdev', 0.1, 0.1],
    ]);
    expect(judgeMoves(segmentsWitness(genai), [segmentsWitness(modelsdev), maker.witness]).map((m) => m.verdict)).toEqual(['unwitnessed']);
  });

  it("publishes the maker's own offer where its page's word stands and no record says it, back to the price's first sighting", () => {
    const genai = offer('genai-prices', 'mistral/ministral-8b', [point('2025-06-23', p(0.1, 0.1)), point('2025-09-29', p(0.1, 1), { previous_seen_at: '2025-08-26T00:00:00Z' })]);
    const litellm = offer('litellm', 'mistral/ministral-8b-latest', [point('2026-08-01', p(0.15, 0.15))], { provider: 'mistral', context_length: 128000 });
    const page: MakerWitness = {
      witness: { source: 'mistral-deprecations', key: 'ministral-8b-2410', maker: true, publishable: false, url: 'https://docs.mistral.ai/models/ministral-8b-24-1', segments: segmentsOf([point('2026-08-21', p(0.1, 0.1))], '2026-08-21T00:00:00Z') },
      provider: 'mistral',
      names: ['ministral-8b-2410'],
      attached: true,
      today: p(0.1, 0.1),
    };
    const judged = judgeOffers([genai, litellm], context({ makers: [page] }));
    const published = judged.offers.find((o) => o.provider === 'mistral')!;
    expect([published.source, published.source_key, published.price.input, published.price.output, published.source_url]).toEqual(['maker', 'ministral-8b-2410', 0.1, 0.1, 'https://docs.mistral.ai/models/ministral-8b-24-1']);
    // genai-prices' $0.10/$1 was its word alone: $0.10/$0.10 holds from genai-prices' first copy on.
    expect(rates(published.price_history)).toEqual([['2025-06-23', 0.1, 0.1, false]]);
    expect(judged.disagreements[0]).toMatchObject({ reason: 'maker', maker_unfollowed: true, published: { source: 'maker', source_key: 'ministral-8b-2410' } });
    // Two sources agreeing on another price in between stop the first price from reaching back.
    const modelsdev = offer('modelsdev', 'mistral/ministral-8b', [point('2025-10-01', p(0.1, 1))]);
    expect(rates(judgeOffers([genai, litellm, modelsdev], context({ makers: [page] })).offers.find((o) => o.provider === 'mistral')!.price_history)).toEqual([['2026-08-21', 0.1, 0.1, false]]);
  });

  it('lets the freshest word stand today: a source that has not moved since others did loses (deepseek-reasoner)', () => {
    const windows: DatedPrice[] = [{ start_date: null, price: p(0.55, 2.19, 0.14), price_tiers: [], time_windows: [{ start: '16:30', end: '00:30', price: p(0.135, 0.55), price_tiers: [] }] }];
    const genai = offer('genai-prices', 'deepseek/deepseek-reasoner', [point('2025-07-31', p(0.55, 2.19, 0.14))], { schedule: windows });
    const litellm = offer('litellm', 'deepseek-reasoner', [point('2026-08-01', p(0.28, 0.42, 0.028))], { provider: 'deepseek' });
    const modelsdev = offer('modelsdev', 'deepseek/deepseek-reasoner', [
      point('2025-06-12', p(0.55, 2.19, 0.14)),
      point('2025-11-22', p(0.28, 0.42, 0.028), { previous_seen_at: '2025-11-14T00:00:00Z' }),
      point('2026-04-26', p(0.14, 0.28, 0.028), { previous_seen_at: '2026-04-19T00:00:00Z' }),
    ]);
    const judged = judgeOffers([genai, litellm, modelsdev], context());
    const published = judged.offers.find((o) => o.provider === 'deepseek')!;
    expect([published.source, published.price.input, published.price.output]).toEqual(['modelsdev', 0.14, 0.28]);
    expect(judged.disagreements[0]!.reason).toBe('freshest');
    // models.dev's moves stand as its word (LiteLLM showed $0.28/$0.42 too), never as news.
    expect(rates(published.price_history)).toEqual([
      ['2025-06-12', 0.55, 2.19, false],
      ['2025-11-22', 0.28, 0.42, false],
      ['2026-04-26', 0.14, 0.28, false],
    ]);
  });

  it("holds a source's undated price before its dated one from the model's release (o3: $10/$40 to 2025-06-10)", () => {
    const schedule: DatedPrice[] = [
      { start_date: null, price: p(10, 40, 0.5), price_tiers: [], time_windows: [] },
      { start_date: '2025-06-10', price: p(2, 8, 0.5), price_tiers: [], time_windows: [] },
    ];
    const genai = offer('genai-prices', 'openai/o3', [point('2025-06-23', p(2, 8, 0.5), { source_date: '2025-06-10' })], { schedule, source_date: '2025-06-10' });
    const modelsdev = offer('modelsdev', 'openai/o3', [point('2025-06-05', p(10, 40, 0.5)), point('2025-06-12', p(2, 8, 0.5), { previous_seen_at: '2025-06-05T00:00:00Z' })]);
    const judged = judgeOffers([genai, modelsdev], context({ release: '2025-04-16' }));
    const history = at(judged.offers, 'openai/o3')!.price_history;
    expect(rates(history)).toEqual([
      ['2025-04-16', 10, 40, false],
      ['2025-06-10', 2, 8, true],
    ]);
    expect(history[1]!.source_date).toBe('2025-06-10');
    expect(judged.moves.map((m) => m.verdict)).toEqual(['dated']);
    // Without a release day the undated price is unknown, never a guess.
    expect(rates(at(judgeOffers([genai], context()).offers, 'openai/o3')!.price_history)).toEqual([['2025-06-10', 2, 8, false]]);
  });

  it("lays the maker's dated statements over a copy's history: DeepSeek's page over models.dev's deepseek-reasoner", () => {
    const modelsdev = offer('modelsdev', 'deepseek/deepseek-reasoner', [
      point('2025-06-12', p(0.55, 2.19, 0.14)),
      point('2025-08-24', p(0.57, 1.68, 0.07), { previous_seen_at: '2025-08-15T00:00:00Z' }),
      point('2025-11-22', p(0.28, 0.42, 0.028), { previous_seen_at: '2025-11-14T00:00:00Z' }),
      point('2026-04-26', p(0.14, 0.28, 0.028), { previous_seen_at: '2026-04-19T00:00:00Z' }),
    ]);
    const statement = (price: TokenPrices, from: string | null, until: string | null) =>
      statementWitness({ provider: 'deepseek', api_names: ['deepseek-reasoner'], price, from, until, source_url: 'https://api-docs.deepseek.com/quick_start/pricing', read_at: '2025-08-21' }, '2026-10-06T23:23:23Z');
    const makers = [statement(p(0.55, 2.19, 0.14), null, '2025-09-05T16:00:00Z'), statement(p(0.56, 1.68, 0.07), '2025-09-05T16:00:00Z', null)];
    // LiteLLM's one read shows $0.28/$0.42: a price someone else showed too, so models.dev's moves stand as its word.
    const litellm = offer('litellm', 'deepseek-reasoner', [point('2026-08-01', p(0.28, 0.42, 0.028))], { provider: 'deepseek' });
    const judged = judgeOffers([modelsdev, litellm], context({ makers }));
    const history = judged.offers.find((o) => o.source === 'modelsdev')!.price_history;
    expect(history.map((q) => [q.at.slice(0, 16), q.input, q.output, q.change, q.stated ?? false])).toEqual([
      ['2025-06-12T00:00', 0.55, 2.19, false, false],
      ['2025-09-05T16:00', 0.56, 1.68, true, true],
      ['2025-11-22T00:00', 0.28, 0.42, false, false],
      ['2026-04-26T00:00', 0.14, 0.28, false, false],
    ]);
    // models.dev's mistyped $0.57/$1.68 is its correction, listed, never a price.
    expect(judged.corrections.map((c) => [c.superseded.input, c.corrected_to.input])).toEqual([[0.57, 0.28]]);
  });

  it("takes the maker's dated statement as a witness, and OpenRouter's listing of the maker's offer as another", () => {
    const genai = offer('genai-prices', 'deepseek/deepseek-chat', [point('2025-06-23', p(0.27, 1.1)), point('2025-09-29', p(0.56, 1.68), { previous_seen_at: '2025-08-26T00:00:00Z' })]);
    const statement: MakerWitness = {
      witness: { source: 'maker-prices', key: 'deepseek deepseek-chat 2025-09-05', maker: true, publishable: false, segments: [{ price: p(0.56, 1.68, 0.07), from: '2025-09-05T16:00:00Z', until: '2025-09-05T16:00:00Z', source_date: '2025-09-05' }] },
      provider: 'deepseek',
      names: ['deepseek-chat'],
      attached: false,
      today: null,
    };
    expect(judgeOffers([genai], context({ makers: [statement] })).moves.map((m) => [m.verdict, m.at])).toEqual([['maker', '2025-09-05T16:00:00Z']]);
    const listing = { key: 'deepseek/deepseek-chat', history: [{ at: '2025-06-01T00:00:00Z', ...p(0.27, 1.1) }, { at: '2025-09-10T00:00:00Z', ...p(0.56, 1.68), previous_seen_at: '2025-09-01T00:00:00Z' }], readAt: '2026-08-01T00:15:00Z', today: p(0.56, 1.68) };
    const judged = judgeOffers([genai], context({ listing }));
    expect(judged.moves.map((m) => [m.verdict, m.witnesses, m.at])).toEqual([['sources', ['openrouter deepseek/deepseek-chat'], '2025-09-10T00:00:00Z']]);
    expect(rates(judged.offers[0]!.price_history)).toEqual([
      ['2025-06-01', 0.27, 1.1, false],
      ['2025-09-10', 0.56, 1.68, true],
    ]);
  });
});

function segmentsWitness(o: DirectOffer) {
  return { source: o.source, key: o.source_key, maker: false, publishable: true, segments: segmentsOf(o.price_history, READS[o.source] ?? null) };
}
