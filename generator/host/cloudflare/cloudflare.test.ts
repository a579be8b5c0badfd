/**
 * A site built with `--host cloudflare`, served by Cloudflare's own local runtime (wrangler dev:
 * workerd with the assets, `_headers`, `_redirects` and the Worker), started once for the file.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, normalizeQuery } from '../../client/client.js';
import { cheapest, cheapestPath, type CheapestQuery } from '../../query/cheapest.js';
import { parseCheapestQuery } from '../../query/params.js';
import { isPrecomputed } from '../../query/variants.js';
import type { ModelEntry } from '../../types/api-types.js';
import { apiSchemas } from '../../render/schemas.js';
import { buildCommittedSite, TEST_SITE_URL } from '../../testing/built-site.js';
import { ODD_API_PATHS } from '../../testing/odd-paths.js';
import { anyQueryMix } from '../../testing/query-mix.js';
import { rawRequest, type RawResponse } from '../../testing/raw-http.js';
import { createAjv } from '../../validation/ajv.js';
import { SITE_CSP, TEXT_FILE_TYPES } from '../hosts.js';
import { startCloudflareDev, type CloudflareDevServer } from './dev-server.js';
import { describeMcpEndpoint } from './mcp-endpoint.cases.js';
import { cheapestEntries, type ModelsList } from '../../testing/cheapest-entries.js';
import { runCacheDir } from '../../testing/tree.js';

let server: CloudflareDevServer;
let publishDir: string;
let models: { data: ModelEntry[]; meta: Record<string, unknown> & { as_of: string | null } };
let validateCheapest: ReturnType<Ajv2020['compile']>;

beforeAll(async () => {
  ({ publishDir } = await buildCommittedSite('cloudflare'));
  server = await startCloudflareDev({ publishDir, port: 0, migratedD1Cache: runCacheDir('workerd') });
  models = cheapestEntries(JSON.parse(await readFile(join(publishDir, 'api/v1/models.json'), 'utf8')) as ModelsList);
  validateCheapest = createAjv().compile(apiSchemas(TEST_SITE_URL).cheapest);
}, 0); // no time limit: the full committed site (built once per run) takes what the machine takes
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, 'GET', path, headers);
const file = (path: string) => readFile(join(publishDir, path), 'utf8');
const errorOf = (res: RawResponse) => (JSON.parse(res.body) as { error: { status: number; code: string; parameter?: string; hint?: string } }).error;

function expectApiHeaders(res: RawResponse, what: string): void {
  expect(res.headers['access-control-allow-origin'], what).toBe('*');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
  expect(maxAge, `${what}: ${res.headers['cache-control']}`).toBeGreaterThanOrEqual(60);
}

describe('a Cloudflare build in workerd', () => {
  it('serves every endpoint in its path, file and query forms: the file\'s bytes, as JSON, with CORS and a cache of at least 60 s', async () => {
    const forms: Array<[string[], string]> = [
      [['/api', '/api/', '/api/v1', '/api/v1/', '/api/v1/index.json'], 'api/v1/index.json'],
      [['/api/v1/models', '/api/v1/models/', '/api/v1/models.json', '/api/v1/models?utm_source=x'], 'api/v1/models.json'],
      [['/api/v1/models?author=anthropic', '/api/v1/models/anthropic', '/api/v1/models/anthropic.json'], 'api/v1/models/anthropic.json'],
      [['/api/v1/models/openai/gpt-4o', '/api/v1/models/openai/gpt-4o.json'], 'api/v1/models/openai/gpt-4o.json'],
      [['/api/v1/cheapest', '/api/v1/cheapest/', '/api/v1/cheapest.json', '/api/v1/cheapest?limit=10', '/api/v1/cheapest?vision'], 'api/v1/cheapest.json'],
      [['/api/v1/cheapest?limit=5&vision=true&min_intel=40', '/api/v1/cheapest/min_intel/40/vision/limit/5.json'], 'api/v1/cheapest/min_intel/40/vision/limit/5.json'],
      [['/api/v1/price-changes', '/api/v1/price-changes/', '/api/v1/price-changes.json'], 'api/v1/price-changes.json'],
      [['/api/v1/deprecations', '/api/v1/deprecations.json'], 'api/v1/deprecations.json'],
      [['/api/v1/status.json'], 'api/v1/status.json'],
      [['/api/v1/status/anthropic.json'], 'api/v1/status/anthropic.json'],
      [['/api/v1/schemas/model.json'], 'api/v1/schemas/model.json'],
      [['/api/v1/openapi.json'], 'api/v1/openapi.json'],
      // fastest's default query (the Worker hands it the file); the models not operational's file form.
      [['/api/v1/fastest', '/api/v1/fastest/', '/api/v1/fastest.json', '/api/v1/fastest?utm_source=x'], 'api/v1/fastest.json'],
      [['/api/v1/status/models.json'], 'api/v1/status/models.json'],
      [['/api/v1/fastest-index.json'], 'api/v1/fastest-index.json'],
    ];
    for (const [paths, expected] of forms) {
      const bytes = await file(expected);
      for (const path of paths) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers['content-type'], path).toBe('application/json; charset=utf-8');
        expectApiHeaders(res, path);
        expect(res.body, path).toBe(bytes);
      }
    }
    // The status path forms are the Worker's live answers (monitor/live.ts): with no run yet, the
    // static file's content, saying why it is not live.
    for (const [path, file_] of [['/api/v1/status', 'api/v1/status.json'], ['/api/v1/status/', 'api/v1/status.json'], ['/api/v1/status/anthropic', 'api/v1/status/anthropic.json'], ['/api/v1/status/models', 'api/v1/status/models.json']] as const) {
      const res = await get(path);
      expect([res.status, res.headers['content-type']], path).toEqual([200, 'application/json; charset=utf-8']);
      expectApiHeaders(res, path);
      const published = JSON.parse(await file(file_)) as { data: unknown; meta: Record<string, unknown> };
      expect(JSON.parse(res.body), path).toEqual({ data: published.data, meta: { ...published.meta, live: { source: 'static', observed_at: null, age_seconds: null, reason: 'monitor_empty' } } });
    }
    for (const [path, type] of TEXT_FILE_TYPES) {
      const res = await get(path);
      expect([res.status, res.headers['content-type']], path).toEqual([200, type]);
      expectApiHeaders(res, path);
    }
    const page = await get('/');
    expect([page.status, page.headers['content-security-policy']]).toEqual([200, SITE_CSP]);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<script type="module" src="app.js">');
  });

  it('answers a realistic mix of queries exactly: any combination and order of the six parameters, values off any grid', async () => {
    const mix = anyQueryMix(240);
    let computed = 0;
    for (const params of mix) {
      const search = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
      const res = await get(`/api/v1/cheapest?${search}`);
      const parsed = parseCheapestQuery(params);
      if (!parsed.ok) {
        expect([res.status, errorOf(res).code, errorOf(res).parameter], search).toEqual([400, 'bad_query', parsed.param]);
        continue;
      }
      expect(res.status, search).toBe(200);
      expectApiHeaders(res, search);
      const body = JSON.parse(res.body) as { data: ModelEntry[]; meta: { query: CheapestQuery; canonical_path: string; updated_at: string } };
      expect(body.data, search).toEqual(cheapest(models.data, parsed.query, models.meta.as_of));
      expect(body.meta.query, search).toEqual(parsed.query);
      expect(body.meta.canonical_path, search).toBe(`/api/v1/${cheapestPath(parsed.query)}.json`);
      expect(validateCheapest(body), search).toBe(true);
      if (isPrecomputed(parsed.query)) {
        expect(res.body, search).toBe(await file(`api/v1/${cheapestPath(parsed.query)}.json`));
      } else {
        computed += 1;
        // What a precomputed file of this query would say, with the model index's time.
        expect(body.meta.updated_at).toBe(models.meta.updated_at);
      }
    }
    expect(computed, 'most of this mix is off the grid').toBeGreaterThan(mix.length / 2);
  });

  it('answers every bad URL with a JSON error that names what is wrong', async () => {
    const cases: Array<[string, number, string, Record<string, string>?]> = [
      ['/api/v1/cheapest?min_intel=abc', 400, 'bad_query', { parameter: 'min_intel' }],
      ['/api/v1/fastest?sort=speed', 400, 'bad_query', { parameter: 'sort' }],
      ['/api/v1/fastest?order=latency', 400, 'bad_query', { parameter: 'order' }],
      ['/api/v1/fastest?max_price=-1', 400, 'bad_query', { parameter: 'max_price' }],
      ['/api/v1/cheapest?sort=latency', 400, 'bad_query', { parameter: 'sort' }],
      ['/api/v1/cheapest?limit=0', 400, 'bad_query', { parameter: 'limit' }],
      ['/api/v1/cheapest?min_context=', 400, 'bad_query', { parameter: 'min_context' }],
      ['/api/v1/cheapest?vision=yes', 400, 'bad_query', { parameter: 'vision' }],
      ['/api/v1/cheapest?min_intel=%2B40', 400, 'bad_query', { parameter: 'min_intel' }],
      ['/api/v1/cheapest?MIN_INTEL=40', 400, 'bad_query', { parameter: 'min_intel' }],
      ['/api/v1/cheapest?intel=40', 400, 'bad_query', { parameter: 'intel' }],
      ['/api/v1/cheapest?author=openai', 400, 'bad_query', { parameter: 'author' }],
      ['/api/v1/models?min_intel=40', 400, 'bad_query', { parameter: 'min_intel' }],
      ['/api/v1/models?Author=openai', 400, 'bad_query', { parameter: 'author' }],
      // A repeated parameter has no single answer: a 400 naming it, whatever its values.
      ['/api/v1/models?author=openai&author=anthropic', 400, 'bad_query', { parameter: 'author' }],
      ['/api/v1/cheapest?vision=1&vision=0', 400, 'bad_query', { parameter: 'vision' }],
      ['/api/v1/cheapest?min_intel=40&utm_source=x&min_intel=40', 400, 'bad_query', { parameter: 'min_intel' }],
      ['/api/v1/models?author=OpenAI', 404, 'not_found', { hint: 'author ids are lower case: author=openai' }],
      ['/api/v1/models?author=no-such-author', 404, 'not_found'],
      ['/api/v1/models?author=', 404, 'not_found'],
      ['/api/v1/models?author=..%2F..%2Fetc', 404, 'not_found'],
      ['/api/v1/nope', 404, 'not_found'],
      ['/api/v2/models', 404, 'not_found'],
      ['/api/v1/models/openai/no-such-model', 404, 'not_found'],
      ['/api/v1/models/openai/no-such-model.json', 404, 'not_found'],
      ['/api/v1/models/OpenAI/GPT-4o', 404, 'not_found'],
      ['/api/v1/models/openai/gpt-4o/endpoints', 404, 'not_found'],
      ['/api/v1/status/no-such-service', 404, 'not_found'],
      ['/api/v1/cheapest/min_intel/41.json', 404, 'not_precomputed'],
      ['/api/v1/cheapest/min_intel/40', 404, 'not_precomputed'],
    ];
    for (const [path, status, code, extra] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expectApiHeaders(res, path);
      expect(errorOf(res), path).toMatchObject({ status, code, ...extra });
    }
    // Odd paths (encoded dot segments and slashes, empty segments, reserved characters): the
    // Worker's JSON 404, never the asset server's redirect to a re-encoded path (plain-path.ts).
    for (const path of [...ODD_API_PATHS, '/api//v1/models.json', '/api/v1//models', '/api/v1/models/openai//gpt-4o.json']) {
      const res = await get(path);
      expect([res.status, res.headers.location, res.headers['content-type']], path).toEqual([404, undefined, 'application/json; charset=utf-8']);
      expectApiHeaders(res, path);
      expect(res.body, path).toBe(await file('api/v1/errors/not-found.json'));
    }
    // An escape of a plain character is that character, as on Netlify.
    for (const path of ['/api/v1/models/openai/gpt%2D4o', '/api/v1/models/openai/gpt%2d4o.json']) expect((await get(path)).body, path).toBe(await file('api/v1/models/openai/gpt-4o.json'));
    expect(JSON.parse((await get('/api/v1/%63heapest?min_intel=40&vision=1&limit=5')).body).meta.canonical_path).toBe('/api/v1/cheapest/min_intel/40/vision/limit/5.json');
    // A wrong name gets the very file Netlify's rules answer with.
    expect((await get('/api/v1/cheapest?Min_Intel=40')).body).toBe(await file('api/v1/errors/bad-query/cheapest/min_intel.json'));
    // A page outside the API: the honest HTML 404 page, carrying the JSON error it stands for.
    const page = await get('/no-such-page');
    expect([page.status, page.headers['content-type']]).toEqual([404, 'text/html; charset=utf-8']);
    expect(page.body).toContain('&quot;code&quot;:&quot;not_found&quot;');
    // Nothing of the build's own is published (it lives beside the output): the Worker answers
    // its paths with the JSON 404, as Netlify's rules do.
    for (const path of ['/.modelpulse-build.json', '/.build-transaction/journal.json', '/.modelpulse-build/public/record.json']) {
      const internal = await get(path);
      expect([internal.status, internal.headers['content-type']], path).toEqual([404, 'application/json; charset=utf-8']);
      expect((JSON.parse(internal.body) as { error: { code: string } }).error.code, path).toBe('not_found');
    }
  });

  it('answers a CORS preflight on the query routes, a conditional request with 304, HEAD without a body, other methods with 405', async () => {
    const preflight = await rawRequest(server.url, 'OPTIONS', '/api/v1/cheapest?min_intel=42', { origin: 'https://example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' });
    expect(preflight.status).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/If-None-Match/);
    expect(String(preflight.headers['access-control-allow-methods'])).toMatch(/GET/);
    const first = await get('/api/v1/cheapest?min_intel=40&vision=1');
    const etag = String(first.headers.etag);
    expect(etag).not.toBe('undefined');
    expect((await get('/api/v1/cheapest?vision=true&min_intel=40', { 'if-none-match': etag })).status).toBe(304);
    const head = await rawRequest(server.url, 'HEAD', '/api/v1/cheapest?min_intel=42');
    expect([head.status, head.body]).toEqual([200, '']);
    const post = await rawRequest(server.url, 'POST', '/api/v1/cheapest?min_intel=42');
    expect([post.status, errorOf(post).code]).toEqual([405, 'method_not_allowed']);
  });

  it('gives the client the Worker\'s answers, and the same bytes computed in the client when the Worker is past its quota (429)', async () => {
    const client = createClient({ baseUrl: server.url, queryForm: true });
    const overQuota = createClient({
      baseUrl: server.url,
      queryForm: true,
      fetch: (url) => (new URL(url).search === '' ? fetch(url) : Promise.resolve(new Response('error code: 1027', { status: 429 }))),
    });
    for (const input of [{ min_intel: 42, limit: 2 }, { min_context: 150_000, tools: true }, { min_intel: 40, vision: true }]) {
      const edge = await client.cheapest(input);
      const local = await overQuota.cheapest(input);
      expect(local.computed, JSON.stringify(input)).toBe(!isPrecomputed(normalizeQuery(input)));
      expect(edge.computed).toBe(false);
      expect({ data: local.data, meta: local.meta }).toEqual({ data: edge.data, meta: edge.meta });
    }
    // The client this build publishes knows its host computes queries: it asks the Worker.
    const published = (await import(pathToFileURL(join(publishDir, 'api/v1/client.js')).href)) as typeof import('../../client/client.js');
    const asked: string[] = [];
    const fromSite = published.createClient({ baseUrl: server.url, fetch: (url) => (asked.push(new URL(url).search), fetch(url)) });
    expect((await fromSite.cheapest({ min_intel: 42, limit: 2 })).computed).toBe(false);
    expect(asked).toEqual(['?min_intel=42&limit=2']);
    // It never needed wrangler to reach the network.
    expect(server.output()).not.toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
  });
});

describeMcpEndpoint(() => server.url);
