import { describe, expect, it } from 'vitest';
import { nameVerdict, type Judge } from './name-verdict.js';

const p = (input: number, output: number) => ({ input, output });
const judge = (source: string, model: string | null, price: ReturnType<typeof p> | null, maker = false): Judge => ({ source, model, price, maker });
// LiteLLM's `gpt-4o-2024-05-13`, a model of its own at $5/$15, resolved: judged by the others only.
const resolved = { model: 'openai/gpt-4o-2024-05-13', price: p(5, 15), movedFrom: null };

describe('the held-out API-name yardstick', () => {
  it("is right where another source states the model and price resolved, whatever the name's own source says", () => {
    expect(nameVerdict({ resolved, judges: [judge('modelsdev', 'openai/gpt-4o-2024-05-13', p(5, 15))] })).toEqual({ kind: 'right', by: ['modelsdev'], contested: false });
    // genai-prices' family record lists the name at $2.50/$10 on GPT-4o; models.dev keys it on its own model: right, contested.
    expect(nameVerdict({ resolved, judges: [judge('genai-prices', 'openai/gpt-4o', p(2.5, 10)), judge('modelsdev', 'openai/gpt-4o-2024-05-13', p(5, 15))] })).toEqual({ kind: 'right', by: ['modelsdev'], contested: true });
    // A judge on none of our models speaks to the price only.
    expect(nameVerdict({ resolved, judges: [judge('genai-prices family', null, p(5, 15))] })).toMatchObject({ kind: 'right' });
  });

  it('is wrong where the maker or every judge on a model puts the name on another one', () => {
    expect(nameVerdict({ resolved, judges: [judge('genai-prices', 'openai/gpt-4o', p(5, 15))] })).toMatchObject({ kind: 'wrong_model' });
    expect(nameVerdict({ resolved, judges: [judge('modelsdev', 'openai/gpt-4o-2024-05-13', p(5, 15)), judge('openai-deprecations', 'openai/gpt-4o', null, true)] })).toMatchObject({ kind: 'wrong_model' });
    // The maker's word on the model stands over a price list's placing.
    expect(nameVerdict({ resolved, judges: [judge('genai-prices', 'openai/gpt-4o', p(5, 15)), judge('openai-deprecations', 'openai/gpt-4o-2024-05-13', null, true)] })).toMatchObject({ kind: 'right', by: ['genai-prices'] });
  });

  it('says so where no judge states the price, the name is not resolved, the maker redirects it or no one else writes it', () => {
    expect(nameVerdict({ resolved, judges: [judge('modelsdev', 'openai/gpt-4o-2024-05-13', p(4, 12))] })).toMatchObject({ kind: 'other_price' });
    expect(nameVerdict({ resolved: null, judges: [judge('modelsdev', null, p(4, 12))] })).toMatchObject({ kind: 'unresolved' });
    expect(nameVerdict({ resolved: { ...resolved, movedFrom: 'x-ai/grok-3' }, judges: [judge('xai-deprecations', 'x-ai/grok-3', null, true)] })).toEqual({ kind: 'redirect' });
    expect(nameVerdict({ resolved, judges: [] })).toEqual({ kind: 'unjudged' });
    // Only the maker's page judges it: the model is right, the price unjudged.
    expect(nameVerdict({ resolved, judges: [judge('openai-deprecations', 'openai/gpt-4o-2024-05-13', null, true)] })).toEqual({ kind: 'right_model' });
    // An embedding: an input price and no output price on both sides.
    expect(nameVerdict({ resolved: { model: 'openai/text-embedding-3-small', price: { input: 0.02, output: null }, movedFrom: null }, judges: [judge('litellm', 'openai/text-embedding-3-small', { input: 0.02, output: null } as never)] })).toMatchObject({ kind: 'right' });
  });
});
