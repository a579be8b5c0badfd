/** The published schema of /api/v1/api-names.json's `data` (built by render/api-names.ts, read by query/resolve.ts). */
import { calendarDate, modelId, namePatternSchema } from '../validation/common-schemas.js';

const apiName = { type: 'string', minLength: 1, maxLength: 160 } as const;
const byProvider = (description: string, value: object) => ({
  type: 'object',
  description,
  propertyNames: { type: 'string', minLength: 1 },
  additionalProperties: { type: 'object', propertyNames: apiName, additionalProperties: value },
});

export const apiNamesData = {
  type: 'object',
  required: ['providers', 'ambiguous', 'aliases', 'patterns'],
  additionalProperties: false,
  properties: {
    providers: byProvider("provider id → API name → this API's model id: every name an offer lists in its api_names (docs/api.md, API names)", modelId),
    ambiguous: byProvider('provider id → API name → the models that claim it: the sources disagree, so it resolves to none of them', { type: 'array', minItems: 2, items: modelId }),
    aliases: byProvider('provider id → API name → where the name points from a day on, as its maker says (an alias that moved: xAI redirects its retired names)', {
      type: 'array',
      minItems: 1,
      items: { type: 'object', required: ['from', 'model'], additionalProperties: false, properties: { from: calendarDate, model: modelId } },
    }),
    patterns: {
      type: 'object',
      description:
        "provider id → the families genai-prices' match clauses describe, tried after every listed name and common form: the most specific pattern that takes the name (the longest literal; case-insensitive; a regex searched in the lower-cased name) stands for `name`, a name of `providers` at the same provider, unless the name is in `except` (names a source writes out for something else). A regex is run only within a bounded subset (docs/api.md, API names)",
      propertyNames: { type: 'string', minLength: 1 },
      additionalProperties: {
        type: 'array',
        items: {
          type: 'object',
          required: ['match', 'name'],
          additionalProperties: false,
          properties: { match: namePatternSchema(), name: apiName, except: { type: 'array', minItems: 1, items: apiName } },
        },
      },
    },
  },
} as const;
