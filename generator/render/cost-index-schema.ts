/** The published schema of /api/v1/cost-index.json's `data` (its rows: generator/query/cost-index.ts). */
import { modelId, nullableDate, pricePerM } from '../validation/common-schemas.js';

const tuple = (description: string, items: object[]) => ({ type: 'array', description, prefixItems: items, items: false, minItems: items.length });
const rate = (name: string) => ({ ...pricePerM, description: `${name}, USD per 1M tokens (null: unknown)` });
const rates = tuple('input, output, cache_read, cache_write', ['input', 'output', 'cache_read', 'cache_write'].map(rate));
const tiers = {
  type: 'array',
  description: 'context tiers, each [min_prompt_tokens, input, output, cache_read, cache_write]: they apply to a prompt of more than min_prompt_tokens tokens',
  items: tuple('one tier', [{ type: 'integer', minimum: 0, description: 'min_prompt_tokens' }, ...['input', 'output', 'cache_read', 'cache_write'].map(rate)]),
};

export const costIndexData = {
  type: 'object',
  required: ['format', 'models'],
  additionalProperties: false,
  properties: {
    format: { const: 1 },
    models: {
      type: 'array',
      description: 'every model that takes part in cheapest, in id order',
      items: tuple('one model', [
        modelId,
        tuple('the headline price: input, output, blended, cache_read, cache_write', ['input', 'output', 'blended', 'cache_read', 'cache_write'].map(rate)),
        tiers,
        { type: ['number', 'null'], minimum: 0, maximum: 100, description: 'intelligence_index' },
        { type: ['integer', 'null'], minimum: 1, description: 'context_length' },
        { type: 'integer', minimum: 0, maximum: 7, description: 'capabilities: vision 1, reasoning 2, tools 4' },
        { ...nullableDate, description: 'retirement_date' },
        {
          type: 'array',
          description: "each provider's standard offer, the one estimateCost prices, in provider order",
          items: tuple('one offer: provider, source, rates, tiers', [
            { type: 'string', description: 'provider id' },
            { type: 'string', description: 'source of the price' },
            rates,
            { anyOf: [tiers, { type: 'null' }], description: 'null: the offer\'s tiers are not known' },
          ]),
        },
      ]),
    },
  },
} as const;
