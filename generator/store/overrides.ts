/**
 * data/overrides.json: curated corrections that win over every upstream, each with its reason
 * and source. Maintainers add retirement dates an upstream missed, replacement models, and fixes
 * of wrong upstream values. An override naming a model we do not know is an error (a typo must
 * not silently do nothing).
 */
import { compileValidator, createAjv } from '../validation/ajv.js';
import { calendarDate, modelId } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile } from './files.js';
import { DATA_FILES } from './layout.js';
import { asStore, type StoreRef } from './store.js';
import { CORRECTABLE_FIELDS, type Correction, type ModelOverride } from '../models/overrides.js';

export interface OverridesFile {
  models: Record<string, ModelOverride>;
}

const url = { type: 'string', format: 'uri', pattern: '^https?://' } as const;

export const overridesSchema = {
  type: 'object',
  required: ['models'],
  additionalProperties: false,
  properties: {
    models: {
      type: 'object',
      propertyNames: modelId,
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: {
          retirement: {
            type: 'object',
            required: ['date', 'source_url'],
            additionalProperties: false,
            properties: { date: calendarDate, source_url: url, replacement: { anyOf: [modelId, { type: 'null' }] }, reason: { type: 'string', minLength: 1 } },
          },
          corrections: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['field', 'value', 'reason', 'source_url'],
              additionalProperties: false,
              properties: {
                field: { enum: [...CORRECTABLE_FIELDS] },
                value: { type: ['string', 'number', 'boolean', 'null'] },
                reason: { type: 'string', minLength: 1 },
                source_url: url,
              },
            },
          },
        },
      },
    },
  },
} as const;

const isOverrides = compileValidator<OverridesFile>(createAjv(), overridesSchema);

/** Value types per field, so a correction cannot put a string where a number belongs. */
function valueProblem(correction: Correction): string | null {
  const { field, value } = correction;
  if (field === 'name') return typeof value === 'string' && value.trim() !== '' ? null : 'name must be a non-empty string';
  if (field.startsWith('capabilities.')) return typeof value === 'boolean' ? null : `${field} must be true or false`;
  if (field.startsWith('benchmarks.')) return value === null || (typeof value === 'number' && value >= 0 && value <= 100) ? null : `${field} must be 0..100 or null`;
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0) ? null : `${field} must be a positive whole number or null`;
}

export const OVERRIDES_FILE = DATA_FILES.overrides;

/**
 * Loads and checks data/overrides.json against the models we know (absent file = no overrides).
 * Throws DataFileError naming the override and the problem.
 */
export async function loadOverrides(ref: StoreRef, knownModelIds: ReadonlySet<string>): Promise<OverridesFile> {
  const path = asStore(ref).path(OVERRIDES_FILE);
  const json = await readJsonFile(path, { models: {} });
  if (!isOverrides(json)) throw new DataFileError(path, `does not match the overrides schema: ${isOverrides.errors()}`);
  for (const [id, override] of Object.entries(json.models)) {
    if (!knownModelIds.has(id)) throw new DataFileError(path, `overrides ${id}, a model not in data/models (typo, or not yet seen upstream?)`);
    const replacement = override.retirement?.replacement;
    if (replacement && !knownModelIds.has(replacement)) throw new DataFileError(path, `names ${replacement} as the replacement of ${id}, a model not in data/models`);
    for (const correction of override.corrections ?? []) {
      const problem = valueProblem(correction);
      if (problem !== null) throw new DataFileError(path, `corrects ${id}: ${problem}`);
    }
  }
  return json;
}
