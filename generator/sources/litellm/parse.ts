import { UpstreamError } from '../../http/errors.js';
import { compileValidator, createAjv } from '../../validation/ajv.js';
import type { FactSource } from '../facts.js';
import {
  CHAT_MODES,
  DOCUMENTATION_KEY,
  liteLlmFileSchema,
  modelRecordSchema,
  recordHeadSchema,
  type LiteLlmRecord,
  type RecordHead,
} from './schema.js';
import { authorOf } from './authors.js';
import { sizedKey } from './image-sizes.js';

export const SOURCE_ID = 'litellm' satisfies FactSource;

const ajv = createAjv();
const isLiteLlmFile = compileValidator<Record<string, unknown>>(ajv, liteLlmFileSchema);
const isRecordHead = compileValidator<RecordHead>(ajv, recordHeadSchema);
const isModelRecord = compileValidator<LiteLlmRecord>(ajv, modelRecordSchema);

/** Above this share of malformed records the whole file is treated as the wrong shape. */
export const MAX_INVALID_RECORD_SHARE = 0.2;

export interface InvalidRecord {
  key: string;
  reason: string;
}

export interface ParsedLiteLlm {
  /** Valid records in scope (chat/completion; the makers' own other modes), in file order. */
  records: { key: string; record: LiteLlmRecord }[];
  /** In-scope records that do not match the schema; each becomes a FactIssue. */
  invalid: InvalidRecord[];
  /** Records out of scope: the documentation entry, other modes, entries without a mode (pricing buckets, rules). */
  skipped: number;
}

function schemaError(url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message });
}

function isChatMode(mode: string | undefined): boolean {
  return (CHAT_MODES as readonly (string | undefined)[]).includes(mode);
}

/**
 * In scope: a chat or completion record of any provider, or a record of another mode from a
 * maker's own API under the maker's own name (`openai/…` or no prefix), and a size's price of such
 * a record (`hd/1024-x-1792/dall-e-3`: a unit price of `dall-e-3`, image-sizes.ts, not a model).
 */
function inScope(key: string, value: RecordHead): boolean {
  if (isChatMode(value.mode)) return true;
  const provider = (value as { litellm_provider?: unknown }).litellm_provider;
  if (typeof value.mode !== 'string' || typeof provider !== 'string' || authorOf(provider) === null) return false;
  const name = key.startsWith(`${provider}/`) ? key.slice(provider.length + 1) : key;
  return !name.includes('/') || sizedKey(name)?.base.includes('/') === false;
}

/**
 * Validates the file and each in-scope record. A few malformed records are isolated; more than
 * MAX_INVALID_RECORD_SHARE of them, or no chat model at all, fails the whole file.
 */
export function parseLiteLlm(json: unknown, url: string): ParsedLiteLlm {
  if (!isLiteLlmFile(json)) throw schemaError(url, `not a LiteLLM price map: ${isLiteLlmFile.errors()}`);
  const parsed: ParsedLiteLlm = { records: [], invalid: [], skipped: 0 };
  for (const [key, value] of Object.entries(json)) {
    if (key === DOCUMENTATION_KEY) {
      parsed.skipped += 1;
    } else if (!isRecordHead(value)) {
      parsed.invalid.push({ key, reason: isRecordHead.errors(3) });
    } else if (!inScope(key, value)) {
      parsed.skipped += 1;
    } else if (isModelRecord(value)) {
      parsed.records.push({ key, record: value });
    } else {
      parsed.invalid.push({ key, reason: isModelRecord.errors(3) });
    }
  }
  const total = parsed.records.length + parsed.invalid.length;
  if (total === 0) throw schemaError(url, `no ${CHAT_MODES.join(' or ')} records`);
  if (parsed.invalid.length / total > MAX_INVALID_RECORD_SHARE) {
    throw schemaError(url, `${parsed.invalid.length} of ${total} chat records do not match the record schema (first: ${parsed.invalid[0]?.reason}; record keys are upstream text and not recorded here)`);
  }
  return parsed;
}
