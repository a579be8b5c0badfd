import { describe, expect, it } from 'vitest';
import { nameVerdict, witnessesOf, type NameCase, type PriceWitnesses } from './name-verdict.js';

const p = (input: number, output: number | null) => ({ input, output });
const none: PriceWitnesses = { direct: [], listed: null };

/** genai-prices' `gpt-4o` family clause names `gpt-4o-2024-05-13` at $2.50/$10. */
function family(resolved: Partial<NameCase['resolved']>, witnesses: PriceWitnesses, ownRecord = true): NameCase {
  return {
    expected: { model: 'openai/gpt-4o', price: p(2.5, 10) },
    recordSource: 'genai-prices',
    resolved: { model: 'openai/gpt-4o-2024-05-13', provider: 'openai', price: p(5, 15), offerSource: 'litellm', movedFrom: null, ...resolved },
    ownRecord,
    witnesses,
  };
}

describe('the API-name yardstick', () => {
  it('counts the record tested, at its price, as right', () => {
    expect(nameVerdict(family({ model: 'openai/gpt-4o', price: p(2.5, 10), offerSource: 'genai-prices' }, none))).toEqual({ kind: 'right' });
  });

  it("believes the name's own record where a second source states its price, and says which", () => {
    const openrouter: PriceWitnesses = { direct: [{ source: 'modelsdev', provider: 'openai', price: p(5, 15) }, { source: 'litellm', provider: 'openai', price: p(5, 15) }], listed: { source: 'openrouter', price: p(5, 15) } };
    // The offer's own source is no witness of itself.
    expect(nameVerdict(family({}, openrouter))).toEqual({ kind: 'own_record', samePrice: false, witnesses: ['modelsdev', 'openrouter'] });
    // Alone against the family record: a disagreement, not right.
    expect(nameVerdict(family({}, { direct: [{ source: 'litellm', provider: 'openai', price: p(5, 15) }], listed: null }))).toEqual({ kind: 'disagreement', believed: "the name's own record (litellm)" });
    // At the family record's price the sources agree.
    expect(nameVerdict(family({ price: p(2.5, 10) }, none))).toEqual({ kind: 'own_record', samePrice: true, witnesses: [] });
  });

  it('calls a lower source\'s price wrong where a second source states the record\'s and none the one published', () => {
    // Mistral Large 2407: LiteLLM's $3/$9 published; genai-prices and OpenRouter say $2/$6.
    const stale: NameCase = { ...family({ price: p(3, 9) }, { direct: [], listed: { source: 'openrouter', price: p(2, 6) } }), expected: { model: 'mistralai/mistral-large', price: p(2, 6) } };
    expect(nameVerdict(stale)).toEqual({ kind: 'wrong' });
    // The curated source published it: the sources disagree, believing genai-prices.
    const curated: NameCase = { expected: { model: 'google/gemini-2.5-flash-image', price: p(0.3, 2.5) }, recordSource: 'litellm', resolved: { model: 'google/gemini-2.5-flash-image', provider: 'google-ai-studio', price: p(0.3, 30), offerSource: 'genai-prices', movedFrom: null }, ownRecord: true, witnesses: { direct: [], listed: { source: 'openrouter', price: p(0.3, 2.5) } } };
    expect(nameVerdict(curated)).toEqual({ kind: 'disagreement', believed: 'genai-prices' });
    // Another model that holds the name by no key of its own is wrong whatever its price.
    expect(nameVerdict(family({ price: p(2.5, 10) }, none, false))).toEqual({ kind: 'wrong' });
  });

  it("takes the maker's redirect, and witnesses only the maker's own API at the same price", () => {
    expect(nameVerdict(family({ model: 'x-ai/grok-4.3', movedFrom: 'x-ai/grok-3' }, none, false))).toEqual({ kind: 'redirect' });
    const w: PriceWitnesses = { direct: [{ source: 'modelsdev', provider: 'azure', price: p(5, 15) }, { source: 'openrouter', provider: 'openai', price: p(5, null) }], listed: null };
    expect(witnessesOf(p(5, 15), 'openai', 'litellm', w)).toEqual([]);
  });
});
