import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import fg from 'fast-glob';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../host/serve.js';
import { buildSmallSite, TEST_SITE_URL } from '../testing/built-site.js';
import { openApiRouter } from '../testing/openapi-router.js';
import { createAjv, formatErrors } from '../validation/ajv.js';
import { openApiDocument } from './openapi.js';
import { API_SCHEMA_NAMES, apiSchemas } from './schemas.js';
import { CACHE_SECONDS } from './rendered.js';

type Json = Record<string, unknown>;
interface Parameter { name: string; in: 'path' | 'query'; schema: Json; examples?: Record<string, { value: unknown }> }
interface MediaType { schema: Json; examples?: Record<string, { value: unknown }> }
interface Response { description: string; headers?: Record<string, Json>; content?: Record<string, MediaType> }
interface Operation { operationId: string; parameters?: Json[]; responses: Record<string, Json> }
interface Doc { paths: Record<string, { get: Operation; post?: Operation }>; components: Record<string, Record<string, Json>> }

const DOC_URL = `${TEST_SITE_URL}/api/v1/openapi.json`;
const asDoc = (value: object) => value as Doc;
/** The paths do not depend on the ids, so the per-path tests can be listed before the build (the GETs: /mcp is a POST). */
const PATHS = Object.entries(asDoc(openApiDocument({ siteUrl: TEST_SITE_URL, serviceIds: [], authors: [] })).paths).filter(([, item]) => item.get !== undefined).map(([path]) => path);

/** Every value of `key` anywhere in `node`. */
function collect(node: unknown, key: string, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collect(item, key, out);
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key && typeof v === 'string') out.push(v);
      else collect(v, key, out);
    }
  }
  return out;
}

/** Follows local `#/components/...` references. */
function deref<T>(doc: Doc, node: unknown): T {
  let current = node as Json;
  while (typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref.slice(2).split('/').reduce<Json>((n, key) => n[key] as Json, doc as unknown as Json);
    expect(current, 'local $ref resolves').toBeDefined();
  }
  return current as T;
}

/** The document's relative schema URIs, resolved against its own URL as a client would. */
function absolutize(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absolutize);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && !v.startsWith('#') ? new URL(v, DOC_URL).href : absolutize(v)]));
}

/** A fresh ajv holding the given published schemas; compiles document schemas on demand. */
function schemaChecker(published: readonly object[]) {
  const ajv = createAjv();
  for (const schema of published) ajv.addSchema(schema);
  const compiled = new Map<string, ValidateFunction>();
  return (schema: Json, value: unknown): string | null => {
    const key = JSON.stringify(schema);
    let validate = compiled.get(key);
    if (validate === undefined) compiled.set(key, (validate = ajv.compile(absolutize(schema) as Json)));
    return validate(value) ? null : formatErrors(validate.errors ?? []);
  };
}

describe('openApiDocument', () => {
  const schemas = apiSchemas(TEST_SITE_URL);
  const doc = asDoc(openApiDocument({ siteUrl: TEST_SITE_URL, serviceIds: ['openai', 'anthropic'], authors: ['openai', 'google'] }));

  it('is a valid OpenAPI 3.1 document, its schema references resolved against the published schemas', async () => {
    const validator = new Validator();
    for (const name of API_SCHEMA_NAMES) await validator.addSpecRef(structuredClone(schemas[name]) as Json, `./schemas/${name}.json`);
    const result = await validator.validate(structuredClone(doc) as unknown as Json);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('references only schemas the build publishes, and every one of them', () => {
    const refs = collect(doc, '$ref');
    const external = refs.filter((r) => !r.startsWith('#/components/'));
    const names = external.map((r) => /^\.\/schemas\/([a-z-]+)\.json$/.exec(r)?.[1]);
    expect(names, 'external refs have the form ./schemas/<name>.json').not.toContain(undefined);
    for (const name of names) expect(API_SCHEMA_NAMES as readonly string[], `./schemas/${name}.json is published`).toContain(name);
    expect([...new Set(names)].sort(), 'every published schema is referenced').toEqual([...API_SCHEMA_NAMES].sort());
    for (const local of refs.filter((r) => r.startsWith('#/'))) expect(deref(doc, { $ref: local }), local).toBeDefined();
  });

  it('has unique operation ids and describes every GET, and the one POST: the remote MCP endpoint', () => {
    const ops = Object.values(doc.paths).flatMap((item) => Object.values(item) as Operation[]);
    expect(new Set(ops.map((op) => op.operationId)).size).toBe(ops.length);
    for (const [path, item] of Object.entries(doc.paths)) expect(Object.keys(item), path).toEqual([path === '/mcp' ? 'post' : 'get']);
  });

  it('gives examples that match their own schemas', () => {
    const check = schemaChecker(Object.values(schemas));
    for (const raw of Object.values(doc.components.parameters!)) {
      const param = deref<Parameter>(doc, raw);
      expect(Object.keys(param.examples ?? {}).length, param.name).toBeGreaterThan(0);
      for (const { value } of Object.values(param.examples ?? {})) expect(check(param.schema, value), `${param.name} = ${String(value)}`).toBeNull();
    }
    for (const raw of Object.values(doc.components.responses!)) {
      for (const media of Object.values(deref<Response>(doc, raw).content ?? {})) {
        for (const { value } of Object.values(media.examples ?? {})) expect(check(media.schema, value)).toBeNull();
      }
    }
  });

  it('is pure: the order of the ids does not matter', () => {
    const again = openApiDocument({ siteUrl: TEST_SITE_URL, serviceIds: ['anthropic', 'openai'], authors: ['google', 'openai'] });
    expect(JSON.stringify(again)).toBe(JSON.stringify(doc));
    expect(JSON.stringify(doc)).toContain(`max-age=${CACHE_SECONDS}`);
  });
});

describe('openApiDocument against the built site, over real HTTP', () => {
  let server: RunningServer;
  let doc: Doc;
  let check: ReturnType<typeof schemaChecker>;
  let firstModel: { id: string; author: string };
  let firstService: string;
  let publishDir: string;
  const published = new Map<string, { status: number; body: Json | null }>();

  beforeAll(async () => {
    const site = await buildSmallSite();
    publishDir = site.publishDir;
    server = await startServer({ publishDir: site.publishDir, netlifyConfigPath: site.netlifyConfigPath, port: 0 });
    const read = async (path: string) => JSON.parse(await readFile(join(site.publishDir, 'api/v1', path), 'utf8')) as { data: Array<{ id: string; author: string }> };
    const models = (await read('models.json')).data;
    const services = (await read('status.json')).data;
    firstModel = models[0]!;
    firstService = services[0]!.id;
    doc = asDoc(openApiDocument({ siteUrl: TEST_SITE_URL, serviceIds: services.map((s) => s.id), authors: [...new Set(models.map((m) => m.author))] }));
    // Each referenced schema, fetched where its relative URI points from the served document.
    for (const ref of new Set(collect(doc, '$ref').filter((r) => !r.startsWith('#')))) {
      const res = await fetch(new URL(ref, `${server.url}/api/v1/openapi.json`));
      published.set(ref, { status: res.status, body: res.ok ? ((await res.json()) as Json) : null });
    }
    check = schemaChecker([...published.values()].flatMap((p) => (p.body === null ? [] : [p.body])));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Requests `url` and checks the answer against what the operation at `path` documents. */
  async function expectDocumented(path: string, url: string, status: number): Promise<void> {
    const res = await fetch(`${server.url}${url}`);
    const text = await res.text();
    expect(res.status, `${url}: ${text.slice(0, 200)}`).toBe(status);
    const operation = doc.paths[path]!.get;
    const documented = operation.responses[String(status)];
    expect(documented, `${url}: status ${status} is documented for ${path}`).toBeDefined();
    const response = deref<Response>(doc, documented);
    const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    expect(Object.keys(response.content ?? {}), `${url}: Content-Type`).toContain(mediaType);
    for (const [name, raw] of Object.entries(response.headers ?? {})) {
      const value = res.headers.get(name);
      expect(value, `${url}: header ${name}`).not.toBeNull();
      expect(check(deref<{ schema: Json }>(doc, raw).schema, value), `${url}: header ${name}: ${value}`).toBeNull();
    }
    const { schema, examples } = response.content![mediaType]!;
    if (mediaType === 'application/json') expect(check(schema, JSON.parse(text)), `${url}: body`).toBeNull();
    // An error answers the code its response documents (the example is the published error body).
    if (status >= 400 && examples !== undefined) {
      const documentedCodes = Object.values(examples).map(({ value }) => (value as { error: { code: string } }).error.code);
      expect(documentedCodes, `${url}: error.code`).toContain((JSON.parse(text) as { error: { code: string } }).error.code);
    }
    else expect(text, `${url}: body`).toMatch(BODY_SHAPES[mediaType] ?? /./);
  }

  const BODY_SHAPES: Record<string, RegExp> = {
    'application/atom+xml': /<feed[^>]*xmlns="http:\/\/www\.w3\.org\/2005\/Atom"/,
    'text/calendar': /^BEGIN:VCALENDAR\r?\n/,
    'text/javascript': /\bexport\s*\{/,
  };

  /** Real values for the path parameters: several for the enumerable ones, a parameter's own example for the others. */
  function concreteUrls(path: string): string[] {
    const values: Record<string, readonly string[]> = {
      author: [firstModel.author],
      slug: [firstModel.id.slice(firstModel.author.length + 1)],
      service_id: [firstService],
      name: API_SCHEMA_NAMES,
    };
    for (const raw of doc.paths[path]!.get.parameters ?? []) {
      const param = deref<Parameter>(doc, raw);
      if (param.in === 'path' && values[param.name] === undefined) values[param.name] = Object.values(param.examples ?? {}).map(({ value }) => String(value));
    }
    const names = [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);
    const count = Math.max(1, ...names.map((n) => values[n]!.length));
    return Array.from({ length: count }, (_, i) => names.reduce((url, n) => url.replace(`{${n}}`, values[n]![i % values[n]!.length]!), path));
  }

  it('publishes every referenced schema where its relative URI points, under the $id it resolves to', () => {
    for (const [ref, { status, body }] of published) {
      expect(status, `${ref} is published`).toBe(200);
      expect(body?.$id, ref).toBe(new URL(ref, DOC_URL).href);
    }
  });

  it.each(PATHS)('GET %s answers as documented', async (path) => {
    for (const url of concreteUrls(path)) await expectDocumented(path, url, 200);
    // Each query parameter alone, with its documented example (all precomputed for cheapest; only
    // the default fastest query has a file, so any of its parameters is the documented 404 here).
    for (const raw of doc.paths[path]!.get.parameters ?? []) {
      const param = deref<Parameter>(doc, raw);
      if (param.in !== 'query') continue;
      for (const { value } of Object.values(param.examples ?? {})) await expectDocumented(path, `${concreteUrls(path)[0]}?${param.name}=${String(value)}`, path === '/api/v1/fastest' ? 404 : 200);
    }
  });

  it('answers the documented errors', async () => {
    const author = firstModel.author;
    const cases: Array<[string, string, number]> = [
      ['/api/v1/models/{author}/{slug}', `/api/v1/models/${author}/no-such-model`, 404],
      ['/api/v1/models/{author}/{slug}.json', `/api/v1/models/${author}/no-such-model.json`, 404],
      ['/api/v1/models/{author}', '/api/v1/models/no-such-author', 404],
      ['/api/v1/models/{author}.json', '/api/v1/models/no-such-author.json', 404],
      ['/api/v1/models', '/api/v1/models?author=no-such-author', 404],
      ['/api/v1/models', `/api/v1/models?Author=${author}`, 400],
      ['/api/v1/models.json', `/api/v1/models.json?author=${author}`, 200],
      ['/api/v1/cheapest', '/api/v1/cheapest?min_intel=40&vision=1&limit=5', 200],
      ['/api/v1/cheapest', '/api/v1/cheapest?VISION=1', 400],
      ['/api/v1/cheapest', '/api/v1/cheapest?min_intel=43', 404],
      ['/api/v1/cheapest', '/api/v1/cheapest?vision=true', 200],
      ['/api/v1/cheapest', '/api/v1/cheapest?vision=yes', 404],
      ['/api/v1/cheapest', '/api/v1/cheapest?min_intel=40&min_context=128000&vision=1&limit=5', 200],
      ['/api/v1/cheapest.json', '/api/v1/cheapest.json?vision=1', 200],
      ['/api/v1/cheapest/min_intel/{min_intel}.json', '/api/v1/cheapest/min_intel/43.json', 404],
      ['/api/v1/fastest', '/api/v1/fastest?SORT=latency', 400],
      ['/api/v1/fastest', '/api/v1/fastest?order=latency', 400],
      ['/api/v1/fastest', '/api/v1/fastest?sort=speed', 404],
      ['/api/v1/fastest', '/api/v1/fastest?utm_source=x', 200],
      ['/api/v1/status/{service_id}', '/api/v1/status/no-such-service', 404],
      ['/api/v1/status/{service_id}.json', '/api/v1/status/no-such-service.json', 404],
      ['/api/v1/badges/{service_id}/status.json', '/api/v1/badges/no-such-service/status.json', 404],
      ['/api/v1/badges/{service_id}/uptime.json', '/api/v1/badges/no-such-service/uptime.json', 404],
      ['/api/v1/schemas/{name}.json', '/api/v1/schemas/no-such-schema.json', 404],
    ];
    for (const [path, url, status] of cases) await expectDocumented(path, url, status);
  });

  it('answers POST /mcp on a host without code as documented: the JSON error naming the remote endpoint', async () => {
    const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    const documented = deref<Response>(doc, doc.paths['/mcp']!.post!.responses['404']);
    expect([res.status, (res.headers.get('content-type') ?? '').split(';')[0]]).toEqual([404, Object.keys(documented.content!)[0]]);
    const body = await res.json();
    expect(check(documented.content!['application/json']!.schema, body)).toBeNull();
    expect(body).toMatchObject({ error: { code: 'mcp_elsewhere', endpoint: expect.stringMatching(/\/mcp$/) } });
  });

  it('documents every endpoint the index lists', async () => {
    const index = (await (await fetch(`${server.url}/api/v1/index.json`)).json()) as { data: { endpoints: Array<{ path: string; file: string }>; client: string } };
    const template = (p: string) => p.replace(/\?.*$/, '').replace(/<([a-z_]+)>/g, '{$1}');
    for (const { path, file } of index.data.endpoints) {
      expect(PATHS).toContain(template(path));
      // The index's one template for every precomputed file is one path item per set of parts here.
      if (file.includes('<variant>')) expect(PATHS.filter((p) => p.startsWith('/api/v1/cheapest/')).length, file).toBeGreaterThan(1);
      else expect(PATHS).toContain(template(file));
    }
    expect(PATHS).toContain(index.data.client);
  });

  it('matches every other file published under /api/ to exactly one operation of a standard router', async () => {
    // The precomputed cheapest files are checked one by one in openapi-routes.test.ts; error bodies
    // (the documented error responses' examples) and the hosts' 404 pages are answers, not addresses.
    const router = await openApiRouter(doc, TEST_SITE_URL);
    const files = await fg('api/**', { cwd: publishDir, ignore: ['api/v1/cheapest/**', 'api/v1/errors/**', '**/404.html'] });
    expect(files.length).toBeGreaterThan(20);
    const wrong = files.flatMap((file) => {
      const found = router.matching(`/${file}`);
      return found.length === 1 ? [] : [`/${file}: ${found.join(', ') || 'no operation'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('is served at /api/v1/openapi.json, built from the same data', async () => {
    const res = await fetch(`${server.url}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
