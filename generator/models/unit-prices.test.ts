import { describe, expect, it } from 'vitest';
import { readUnitPrice, unitPricesFromDescription } from './unit-prices.js';

describe('unit prices from a model description', () => {
  it('reads "priced at $X per <unit>" and nothing looser', () => {
    expect(unitPricesFromDescription('Full-length songs are priced at $0.08 per song. Lyria 3 is…')).toEqual([{ unit: 'song', kind: 'output', usd: 0.08 }]);
    expect(unitPricesFromDescription('30 second duration clips are priced at $0.04 per clip.')).toEqual([{ unit: 'clip', kind: 'output', usd: 0.04 }]);
    expect(unitPricesFromDescription('It costs about $0.08 per song compared to others.')).toEqual([]);
    expect(unitPricesFromDescription('Priced at $0 per image.')).toEqual([]);
    expect(unitPricesFromDescription('priced at $0.02 per image; priced at $0.03 per image')).toEqual([{ unit: 'image', kind: 'output', usd: 0.02 }]);
  });
});

describe('one unit price as a source states it', () => {
  it('scales to our unit, and refuses a negative, NaN or absurd value with a reason', () => {
    expect(readUnitPrice(0.000032, '1m_tokens', 'input_audio', 'input_cost_per_audio_token', 1_000_000)).toEqual({ price: { unit: '1m_tokens', kind: 'input_audio', usd: 32 }, problem: null });
    expect(readUnitPrice(undefined, 'image', 'output_image', 'x')).toEqual({ price: null, problem: null });
    expect(readUnitPrice(0, 'image', 'output_image', 'x')).toEqual({ price: null, problem: null });
    expect(readUnitPrice(-1, 'image', 'output_image', 'x').problem).toMatch(/negative/);
    expect(readUnitPrice(Number.NaN, 'second', 'input_audio', 'x').problem).toMatch(/not a number/);
    expect(readUnitPrice('0.1', 'second', 'input_audio', 'x').problem).toMatch(/not a number/);
    expect(readUnitPrice(50_000, 'image', 'output_image', 'x').problem).toMatch(/plausible/);
  });
});
