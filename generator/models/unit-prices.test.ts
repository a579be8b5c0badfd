import { describe, expect, it } from 'vitest';
import { unitPricesFromDescription } from './unit-prices.js';

describe('unit prices from a model description', () => {
  it('reads "priced at $X per <unit>" and nothing looser', () => {
    expect(unitPricesFromDescription('Full-length songs are priced at $0.08 per song. Lyria 3 is…')).toEqual([{ unit: 'song', usd: 0.08 }]);
    expect(unitPricesFromDescription('30 second duration clips are priced at $0.04 per clip.')).toEqual([{ unit: 'clip', usd: 0.04 }]);
    expect(unitPricesFromDescription('It costs about $0.08 per song compared to others.')).toEqual([]);
    expect(unitPricesFromDescription('Priced at $0 per image.')).toEqual([]);
    expect(unitPricesFromDescription('priced at $0.02 per image; priced at $0.03 per image')).toEqual([{ unit: 'image', usd: 0.02 }]);
  });
});
