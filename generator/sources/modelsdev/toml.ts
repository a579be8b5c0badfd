/**
 * models.dev's source files (`providers/<provider>/models/<model>.toml`, from which `api.json` is
 * generated) as `api.json` model entries (pure): the TOML is read with smol-toml, then shaped as
 * models.dev's own generator shapes it, so translate.ts reads a file of any age like today's
 * catalog:
 *
 * - the file name is the model's `id`;
 * - the 2025 form's `[cost] inputCached`/`outputCached` are `cache_read`/`cache_write` (the commit
 *   of 2025-06-17 renamed them so); their `0.00` meant "none", and is dropped as that commit did;
 * - the 2025 form's top-level `input_modalities`/`output_modalities` are `modalities`;
 * - `[extends] from = "<provider>/<model>"` inherits that file (as it stood at the same time), less
 *   its `omit` paths, under the file's own fields (objects merge, values and lists replace);
 * - `base_model` names a lab file under models.dev's `models/`, which the recorded history does
 *   not hold: such a file stands on its own fields (its cost is its own, as models.dev's rules ask).
 */
import { parse, TomlError } from 'smol-toml';

export type TomlRecord = Record<string, unknown>;

/** A model file that is not TOML (models.dev's own build would have failed on it). */
export class ModelTomlError extends Error {
  override readonly name = 'ModelTomlError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const isObject = (value: unknown): value is TomlRecord => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** TOML dates (`release_date = 2025-04-16` unquoted) as the text models.dev's JSON carries. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (isObject(value) && typeof (value as { toISOString?: unknown }).toISOString === 'function') return String(value).slice(0, 10);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** One model file's TOML text as plain data; ModelTomlError when it is not TOML. */
export function readModelToml(text: string): TomlRecord {
  try {
    return plain(parse(text)) as TomlRecord;
  } catch (error) {
    const line = error instanceof TomlError ? `line ${error.line}: ${error.message.split('\n')[0]}` : String(error);
    throw new ModelTomlError(`not TOML (${line})`, { cause: error });
  }
}

/** Objects merge key by key; a value or a list of `over` replaces `base`'s. */
export function deepMerge(base: TomlRecord, over: TomlRecord): TomlRecord {
  const out: TomlRecord = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key] as TomlRecord, value) : value;
  return out;
}

/** `record` without the dotted `path` (`cost.context_over_200k`). */
function without(record: TomlRecord, path: string): TomlRecord {
  const [head, ...rest] = path.split('.');
  if (head === undefined || !Object.hasOwn(record, head)) return record;
  const { [head]: inner, ...others } = record;
  if (rest.length === 0) return others;
  return isObject(inner) ? { ...others, [head]: without(inner, rest.join('.')) } : record;
}

const LEGACY_CACHE_FIELDS = { inputCached: 'cache_read', outputCached: 'cache_write' } as const;

/** The 2025 file form in today's words (see the module's comment). */
function modernized(record: TomlRecord): TomlRecord {
  let out = { ...record };
  if (isObject(out.cost)) {
    const cost: TomlRecord = { ...out.cost };
    for (const [legacy, modern] of Object.entries(LEGACY_CACHE_FIELDS)) {
      if (!Object.hasOwn(cost, legacy)) continue;
      const value = cost[legacy];
      delete cost[legacy];
      if (value !== 0 && !Object.hasOwn(cost, modern)) cost[modern] = value;
    }
    out.cost = cost;
  }
  if ((out.input_modalities !== undefined || out.output_modalities !== undefined) && out.modalities === undefined) {
    out.modalities = { ...(out.input_modalities === undefined ? {} : { input: out.input_modalities }), ...(out.output_modalities === undefined ? {} : { output: out.output_modalities }) };
  }
  const { input_modalities: _input, output_modalities: _output, base_model: _base, base_model_omit: _omit, ...rest } = out;
  out = rest;
  return out;
}

/** Where an `[extends]` points: `<provider>/<model>` (its file as it stood at the same time), or undefined. */
export function extendsFrom(record: TomlRecord): string | undefined {
  const from = isObject(record.extends) ? record.extends.from : undefined;
  return typeof from === 'string' && from.includes('/') ? from : undefined;
}

/**
 * One model file as the `api.json` entry models.dev generates from it. `parentOf` gives the entry
 * an `[extends]` points to (already an entry), or undefined when that file is not at hand: the file
 * then stands on its own fields.
 */
export function apiModelOf(id: string, record: TomlRecord, parentOf: (ref: string) => TomlRecord | undefined): TomlRecord {
  const ref = extendsFrom(record);
  const { extends: spec, ...own } = record;
  let base: TomlRecord = {};
  const parent = ref === undefined ? undefined : parentOf(ref);
  if (parent !== undefined) {
    const omit = isObject(spec) && Array.isArray(spec.omit) ? spec.omit.filter((p): p is string => typeof p === 'string') : [];
    base = omit.reduce(without, { ...parent });
  }
  return { ...deepMerge(base, modernized(own)), id };
}
