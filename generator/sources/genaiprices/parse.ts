import { UpstreamError } from '../../http/errors.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { FactSource } from '../facts.js';
import { genaiFileSchema, modelSchema, providerSchema, type GenaiModel, type GenaiProvider } from './schema.js';

export const SOURCE_ID = 'genai-prices' satisfies FactSource;

const ajv = createAjv();
const isGenaiFile = compileValidator<unknown[]>(ajv, genaiFileSchema);
const isProvider = compileValidator<GenaiProvider>(ajv, providerSchema);
const isModel = compileValidator<GenaiModel>(ajv, modelSchema);

/** Above this share of malformed records the whole file is treated as the wrong shape. */
export const MAX_INVALID_RECORD_SHARE = 0.2;

/**
 * genai-prices' own copy of OpenRouter's catalog: we read OpenRouter itself (the catalog and its
 * endpoints), so these are left out rather than published as a second, older OpenRouter offer.
 */
export const SKIPPED_PROVIDERS: readonly string[] = ['openrouter'];

export interface InvalidRecord {
  /** `provider/model`, or the provider alone when the provider itself is malformed. */
  key: string;
  reason: string;
}

export interface ProviderRecord {
  provider: Omit<GenaiProvider, 'models'>;
  model: GenaiModel;
}

export interface ParsedGenaiPrices {
  records: ProviderRecord[];
  invalid: InvalidRecord[];
  /** Every provider's model_match (the makers' own names), for telling first party from resold. */
  providers: Array<Omit<GenaiProvider, 'models'>>;
  /** Records of SKIPPED_PROVIDERS. */
  skipped: number;
}

function schemaError(url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message });
}

/**
 * Validates the file, each provider and each model. A few malformed records are isolated; more
 * than MAX_INVALID_RECORD_SHARE of them, or no model at all, fails the whole file (the last good
 * read is then kept, marked stale).
 */
export function parseGenaiPrices(json: unknown, url: string): ParsedGenaiPrices {
  if (!isGenaiFile(json)) throw schemaError(url, `not a genai-prices file: ${isGenaiFile.errors()}`);
  const parsed: ParsedGenaiPrices = { records: [], invalid: [], providers: [], skipped: 0 };
  json.forEach((value, index) => {
    if (!isProvider(value)) {
      parsed.invalid.push({ key: `providers[${index}]`, reason: `provider: ${isProvider.errors(3)}` });
      return;
    }
    const { models, ...provider } = value;
    parsed.providers.push(provider);
    if (SKIPPED_PROVIDERS.includes(provider.id)) {
      parsed.skipped += models.length;
      return;
    }
    models.forEach((model, position) => {
      const id = (model as { id?: unknown } | null)?.id;
      const key = `${provider.id}/${typeof id === 'string' ? id : `models[${position}]`}`;
      if (isModel(model)) parsed.records.push({ provider, model });
      else parsed.invalid.push({ key, reason: isModel.errors(3) });
    });
  });
  const total = parsed.records.length + parsed.invalid.length;
  if (total === 0) throw schemaError(url, 'the file has no models');
  if (parsed.invalid.length / total > MAX_INVALID_RECORD_SHARE) {
    throw schemaError(url, `${parsed.invalid.length} of ${total} records do not match the schema (first: ${parsed.invalid[0]?.reason}; record keys are upstream text and not recorded here)`);
  }
  return parsed;
}
