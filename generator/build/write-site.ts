import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { resolveInside } from '../store/files.js';
import { API_SCHEMA_NAMES, apiSchemas, type ApiSchemaName } from '../render/schemas.js';
import { isRenderedText, type RenderedFile } from '../render/rendered.js';
import { withoutBidiControls } from '../text/bidi.js';
import { createAjv, formatErrors } from '../validation/ajv.js';

/** The build's output broke a published schema; nothing was written. */
export class SchemaViolationError extends Error {
  override readonly name = 'SchemaViolationError';
  constructor(readonly violations: string[]) {
    super(`${violations.length} file(s) do not match their schema, nothing written:\n  ${violations.slice(0, 10).join('\n  ')}`);
  }
}

export function compileApiSchemas(siteUrl: string): { ajv: Ajv2020; check: (schema: ApiSchemaName, body: unknown) => string | null } {
  const ajv = createAjv();
  const schemas = apiSchemas(siteUrl);
  const validators = Object.fromEntries(API_SCHEMA_NAMES.map((name) => [name, ajv.compile(schemas[name])]));
  return {
    ajv,
    check(schema, body) {
      const validate = validators[schema]!;
      return validate(body) ? null : formatErrors(validate.errors ?? []);
    },
  };
}

/**
 * Serializes every file (JSON compact, after validating it against its schema; text as given),
 * without bidirectional controls: data/ from an older version may still hold some, and no page,
 * feed or calendar may have its own text reordered by them. In JSON they can only sit inside
 * strings, so removing them keeps the document valid.
 */
export function serializeSite(files: readonly RenderedFile[], siteUrl: string): Map<string, string> {
  const { check } = compileApiSchemas(siteUrl);
  const violations: string[] = [];
  const out = new Map<string, string>();
  for (const file of files) {
    // Compare normalized paths: `a/../b` and `b` are the same file.
    if (out.has(file.path) || file.path !== posix.normalize(file.path)) violations.push(`${file.path}: rendered twice or not a normalized path`);
    if (isRenderedText(file)) {
      out.set(file.path, withoutBidiControls(file.text));
      continue;
    }
    const problem = file.schema === null ? null : check(file.schema, file.body);
    if (problem !== null) violations.push(`${file.path}: ${problem}`);
    out.set(file.path, withoutBidiControls(JSON.stringify(file.body)));
  }
  if (violations.length > 0) throw new SchemaViolationError(violations);
  return out;
}

/**
 * Writes the API into `outDir/api` atomically: everything goes to a temporary sibling directory
 * first, which then replaces the old tree with two renames. A failure before the swap leaves the
 * previous `outDir/api` untouched. Files outside `outDir/api` are not touched.
 */
export async function writeSiteAtomically(outDir: string, files: ReadonlyMap<string, string>): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const staging = join(outDir, `.api-staging-${tag}`);
  const retired = join(outDir, `.api-old-${tag}`);
  const target = join(outDir, 'api');
  try {
    const dirs = new Set<string>();
    for (const path of files.keys()) {
      if (!path.startsWith('api/')) throw new Error(`refusing to write ${path}: the build only writes below api/`);
      dirs.add(dirname(resolveInside(staging, path.slice('api/'.length))));
    }
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    for (const [path, content] of files) await writeFile(resolveInside(staging, path.slice('api/'.length)), content);
    let hadPrevious = true;
    await rename(target, retired).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      hadPrevious = false;
    });
    try {
      await rename(staging, target);
    } catch (error) {
      // Put the previous tree back rather than leave no API at all.
      if (hadPrevious) await rename(retired, target);
      throw error;
    }
    if (hadPrevious) await rm(retired, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
