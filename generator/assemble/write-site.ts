import { posix } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { API_SCHEMA_NAMES, apiSchemas, type ApiSchemaName } from '../render/schemas.js';
import { isRenderedText, type RenderedFile } from '../render/rendered.js';
import { responseJson } from '../text/response-json.js';
import { withoutBidiControls } from '../text/bidi.js';
import { createAjv, formatErrors } from '../validation/ajv.js';

/** The build's output broke a published schema; nothing was written. */
export class SchemaViolationError extends Error {
  override readonly name = 'SchemaViolationError';
  constructor(readonly violations: string[]) {
    super(`${violations.length} file(s) do not match their schema, nothing written:\n  ${violations.slice(0, 10).join('\n  ')}`);
  }
}

type CompiledSchemas = { ajv: Ajv2020; check: (schema: ApiSchemaName, body: unknown) => string | null };

/**
 * The base the schemas are compiled under. A schema names the site only in its `$id` (its
 * references are local), so what a file is judged by is the same for every site URL.
 */
const SCHEMA_BASE = 'https://schemas.modelpulse.invalid';

let compiled: CompiledSchemas | undefined;

/** Compiling the schemas takes about a second: once per process, whatever the site URL. */
export function compileApiSchemas(): CompiledSchemas {
  compiled ??= compileSchemasAfresh(SCHEMA_BASE);
  return compiled;
}

/** The array keywords whose meaning does not depend on other items: items can be checked one by one. */
const ITEMWISE_ARRAY_KEYWORDS = new Set(['type', 'items', 'maxItems', 'description']);

function compileSchemasAfresh(siteUrl: string): CompiledSchemas {
  const ajv = createAjv();
  const schemas = apiSchemas(siteUrl);
  const validators = Object.fromEntries(API_SCHEMA_NAMES.map((name) => [name, ajv.compile(schemas[name])]));
  // Items already found valid against a schema, by identity: a model entry is checked once, not
  // once for each of the thousands of `cheapest` files it is in.
  const valid = new Map<ApiSchemaName, WeakSet<object>>(API_SCHEMA_NAMES.map((name) => [name, new WeakSet<object>()]));
  const itemwise = new Map<ApiSchemaName, number>();
  for (const name of API_SCHEMA_NAMES) {
    const data = (schemas[name] as { properties?: { data?: Record<string, unknown> } }).properties?.data;
    if (data?.type === 'array' && Object.keys(data).every((k) => ITEMWISE_ARRAY_KEYWORDS.has(k))) itemwise.set(name, typeof data.maxItems === 'number' ? data.maxItems : Number.POSITIVE_INFINITY);
  }
  const full = (schema: ApiSchemaName, body: unknown) => {
    const validate = validators[schema]!;
    return validate(body) ? null : formatErrors(validate.errors ?? []);
  };
  return {
    ajv,
    check(schema, body) {
      const maxItems = itemwise.get(schema);
      const data = (body as { data?: unknown } | null)?.data;
      if (maxItems === undefined || !Array.isArray(data) || data.length > maxItems) return full(schema, body);
      // The envelope with only the items not seen valid yet: the same verdict as the whole body.
      const seen = valid.get(schema)!;
      const fresh = data.filter((item: unknown) => item === null || typeof item !== 'object' || !seen.has(item));
      if (full(schema, { ...(body as object), data: fresh }) !== null) return full(schema, body);
      for (const item of fresh) if (item !== null && typeof item === 'object') seen.add(item);
      return null;
    },
  };
}

/**
 * Serializes every file (JSON compact, after validating it against its schema; text as given),
 * handing each to `serialized` as it is done, without bidirectional controls: data/ from an older version may still hold some, and no page,
 * feed or calendar may have its own text reordered by them. In JSON they can only sit inside
 * strings, so removing them keeps the document valid.
 */
export function serializeSite(files: readonly RenderedFile[], serialized?: (path: string, text: string) => void): Map<string, string> {
  const { check } = compileApiSchemas();
  const violations: string[] = [];
  const out = new Map<string, string>();
  for (const file of files) {
    // Compare normalized paths: `a/../b` and `b` are the same file.
    if (out.has(file.path) || file.path !== posix.normalize(file.path)) violations.push(`${file.path}: rendered twice or not a normalized path`);
    const text = isRenderedText(file) ? file.text : responseJson(file.body);
    const problem = isRenderedText(file) || file.schema === null ? null : check(file.schema, file.body);
    if (problem !== null) violations.push(`${file.path}: ${problem}`);
    out.set(file.path, withoutBidiControls(text));
    // Each file as soon as it is final, while it is all still valid (the writes of a full build start early).
    if (violations.length === 0) serialized?.(file.path, out.get(file.path)!);
  }
  if (violations.length > 0) throw new SchemaViolationError(violations);
  return out;
}
