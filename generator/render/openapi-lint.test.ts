/**
 * The OpenAPI document under Redocly's own linter (@redocly/openapi-core, the engine of
 * `redocly lint`), offline: the document and the published schemas it references are written to
 * a temporary directory exactly where the site publishes them, and resolved from there.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tree.js';
import { OPENAPI_FILE, openApiDocument } from './openapi.js';
import { API_SCHEMA_NAMES, apiSchemas } from './schemas.js';

const SITE = 'https://modelpulse.test';

// Redocly's own declarations cost the type check 9 of its 34 seconds (tsc --generateTrace): the
// two calls the test makes are typed here, and the module is loaded by a name tsc does not follow.
interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}
interface RedoclyLinter {
  createConfig(options: { extends: string[] }): Promise<unknown>;
  lint(options: { ref: string; config: unknown }): Promise<LintProblem[]>;
}
const REDOCLY_MODULE: string = '@redocly/openapi-core';
const { createConfig, lint } = (await import(REDOCLY_MODULE)) as RedoclyLinter;

async function writeDocument(ids: { serviceIds: string[]; authors: string[] }): Promise<string> {
  const root = await tempDir('openapi');
  await mkdir(join(root, 'api/v1/schemas'), { recursive: true });
  const schemas = apiSchemas(SITE);
  for (const name of API_SCHEMA_NAMES) await writeFile(join(root, `api/v1/schemas/${name}.json`), JSON.stringify(schemas[name]));
  const path = join(root, OPENAPI_FILE);
  await writeFile(path, JSON.stringify(openApiDocument({ siteUrl: SITE, ...ids })));
  return path;
}

describe('the OpenAPI document under Redocly', () => {
  it("has no error and no warning under Redocly's recommended rules", async () => {
    const path = await writeDocument({ serviceIds: ['anthropic', 'openai'], authors: ['google', 'openai'] });
    const problems = await lint({ ref: path, config: await createConfig({ extends: ['recommended'] }) });
    const described = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);
    expect(described).toEqual([]);
  });

  it('is linted for real: a document that breaks a recommended rule is reported', async () => {
    const path = await writeDocument({ serviceIds: ['openai'], authors: ['openai'] });
    const broken = { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/x': { get: { responses: { 200: { description: 'ok' } } } } } };
    await writeFile(path, JSON.stringify(broken));
    const problems = await lint({ ref: path, config: await createConfig({ extends: ['recommended'] }) });
    expect(new Set(problems.map((p) => p.ruleId))).toEqual(new Set(['info-license', 'operation-operationId', 'operation-summary', 'operation-4xx-response', 'security-defined', 'no-empty-servers']));
  });

  it('has no enum built from the data: the parameters are the same whatever authors and services exist', () => {
    const parameters = (ids: { serviceIds: string[]; authors: string[] }) => {
      const doc = openApiDocument({ siteUrl: SITE, ...ids }) as { components: { parameters: Record<string, { schema: unknown }> } };
      return Object.fromEntries(Object.entries(doc.components.parameters).map(([name, p]) => [name, p.schema]));
    };
    expect(parameters({ serviceIds: ['openai'], authors: ['openai'] })).toEqual(parameters({ serviceIds: ['groq', 'mistral', 'openai'], authors: ['meta-llama', 'openai', 'x-ai'] }));
  });
});
