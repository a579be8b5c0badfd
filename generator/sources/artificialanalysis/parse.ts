import { UpstreamError } from '../../http/errors.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { FactSource } from '../facts.js';
import { aaModelSchema, envelopeSchema, type AaEnvelope, type AaModel } from './schema.js';

export const SOURCE_ID = 'artificialanalysis' satisfies FactSource;

const ajv = createAjv();
const isEnvelope = compileValidator<AaEnvelope>(ajv, envelopeSchema);
const isAaModel = compileValidator<AaModel>(ajv, aaModelSchema);

/** Above this share of malformed records the whole response is treated as the wrong shape. */
export const MAX_INVALID_RECORD_SHARE = 0.2;

export interface InvalidRecord {
  /** `<creator>/<slug>` when the record has both, else its `id`, else `#<position>`. */
  source_key: string;
  reason: string;
}

export interface ParsedArtificialAnalysis {
  models: AaModel[];
  invalid: InvalidRecord[];
}

function schemaError(url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message });
}

/** The key a record would get, for reporting a record that failed validation. */
export function sourceKeyOf(record: unknown, position: number): string {
  if (record !== null && typeof record === 'object') {
    const { slug, id, model_creator: creator } = record as { slug?: unknown; id?: unknown; model_creator?: unknown };
    const creatorSlug = creator !== null && typeof creator === 'object' ? (creator as { slug?: unknown }).slug : undefined;
    if (typeof creatorSlug === 'string' && typeof slug === 'string') return `${creatorSlug}/${slug}`;
    if (typeof id === 'string' && id !== '') return id;
  }
  return `#${position}`;
}

/**
 * Validates the envelope, then each record on its own: a few bad records are isolated (and
 * reported), more than `MAX_INVALID_RECORD_SHARE` of them fail the whole response.
 */
export function parseArtificialAnalysis(json: unknown, url: string): ParsedArtificialAnalysis {
  if (!isEnvelope(json)) throw schemaError(url, `not an Artificial Analysis models list: ${isEnvelope.errors()}`);
  // The envelope repeats the HTTP status; anything but 200 there means the list is not a result.
  if (json.status !== undefined && json.status !== 200) throw schemaError(url, `the envelope reports status ${json.status}`);
  const models: AaModel[] = [];
  const invalid: InvalidRecord[] = [];
  json.data.forEach((record, position) => {
    if (isAaModel(record)) models.push(record);
    else invalid.push({ source_key: sourceKeyOf(record, position), reason: isAaModel.errors(3) });
  });
  const total = models.length + invalid.length;
  if (total === 0) throw schemaError(url, 'the models list is empty');
  if (invalid.length / total > MAX_INVALID_RECORD_SHARE) {
    throw schemaError(url, `${invalid.length} of ${total} records do not match the model schema (first: ${invalid[0]?.reason})`);
  }
  return { models, invalid };
}
