import { UpstreamError } from '../../http/errors.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { FactSource } from '../facts.js';
import {
  modelSchema,
  modelsDevApiSchema,
  providerSchema,
  TEXT_MODALITY,
  type ModelsDevModel,
  type ModelsDevProvider,
} from './schema.js';

export const SOURCE_ID = 'modelsdev' satisfies FactSource;

const ajv = createAjv();
const isModelsDevApi = compileValidator<Record<string, unknown>>(ajv, modelsDevApiSchema);
const isProvider = compileValidator<ModelsDevProvider>(ajv, providerSchema);
const isModel = compileValidator<ModelsDevModel>(ajv, modelSchema);

/** Above this share of malformed records the whole response is treated as the wrong shape. */
export const MAX_INVALID_RECORD_SHARE = 0.2;

export interface InvalidRecord {
  /** `provider/model`, or the provider key alone when the provider itself is malformed. */
  key: string;
  reason: string;
}

export interface ProviderModel {
  /** The provider key of api.json (equal to the provider's `id`). */
  provider: string;
  /** The model key within the provider (equal to the model's `id`). */
  model_key: string;
  model: ModelsDevModel;
}

export interface ParsedModelsDev {
  models: ProviderModel[];
  /** Malformed models (and malformed providers, one record each); each becomes a FactIssue. */
  invalid: InvalidRecord[];
  /** Models that output no text (image, audio, video generators): out of scope. */
  skipped: number;
}

function schemaError(url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message });
}

/** A model declaring output modalities without text is not a text model; without any, keep it. */
function outputsText(model: ModelsDevModel): boolean {
  const output = model.modalities?.output;
  return output === undefined || output.includes(TEXT_MODALITY);
}

/**
 * Validates the response, each provider and each model. A few malformed records are isolated;
 * more than MAX_INVALID_RECORD_SHARE of them, or no model at all, fails the whole response.
 */
export function parseModelsDev(json: unknown, url: string): ParsedModelsDev {
  if (!isModelsDevApi(json)) throw schemaError(url, `not a models.dev catalog: ${isModelsDevApi.errors()}`);
  const parsed: ParsedModelsDev = { models: [], invalid: [], skipped: 0 };
  for (const [provider, value] of Object.entries(json)) {
    if (!isProvider(value)) {
      parsed.invalid.push({ key: provider, reason: `provider: ${isProvider.errors(3)}` });
      continue;
    }
    for (const [modelKey, model] of Object.entries(value.models)) {
      const key = `${provider}/${modelKey}`;
      if (!isModel(model)) {
        parsed.invalid.push({ key, reason: isModel.errors(3) });
      } else if (!outputsText(model)) {
        parsed.skipped += 1;
      } else {
        parsed.models.push({ provider, model_key: modelKey, model });
      }
    }
  }
  const total = parsed.models.length + parsed.invalid.length;
  if (total === 0) throw schemaError(url, 'the catalog has no text models');
  if (parsed.invalid.length / total > MAX_INVALID_RECORD_SHARE) {
    throw schemaError(url, `${parsed.invalid.length} of ${total} records do not match the schema (first: ${parsed.invalid[0]?.reason}; record keys are upstream text and not recorded here)`);
  }
  return parsed;
}
