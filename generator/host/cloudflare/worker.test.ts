/**
 * The Worker when its model index is broken, in Cloudflare's own runtime: a small hand-made site
 * (the Worker as the build bundles it, a models.json and an index cut short), started once.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildModelIndex, INDEX_FILE } from '../../query/model-index.js';
import { buildFastestIndex, FASTEST_INDEX_FILE } from '../../query/fastest-index.js';
import { rawRequest } from '../../testing/raw-http.js';
import { tempDir, runCacheDir } from '../../testing/tree.js';
import { bundleWorker } from '../../assemble/bundles.js';
import { startCloudflareDev, type CloudflareDevServer } from './dev-server.js';
import { assetsIgnore, cloudflareHeaders, WORKER_FILE, WRANGLER_CONFIG_FILE, wranglerConfig } from './site-files.js';

let server: CloudflareDevServer;

const entry = (id: string, blended: number) => ({
  id,
  name: id,
  author: id.split('/')[0],
  price: { input: blended, output: blended, blended, cache_read: null, cache_write: null },
  context_length: 128000,
  max_output: null,
  capabilities: { vision: false, reasoning: false, tools: true },
  benchmarks: { intelligence_index: 40, coding_index: null, math_index: null },
  retirement_date: null,
  status: { state: 'operational', throughput_tps: 100 / blended, latency_ms: 100 * blended, speed_source: 'openrouter' },
});

beforeAll(async () => {
  const dir = await tempDir('worker-site');
  await mkdir(join(dir, 'api/v1/models'), { recursive: true });
  const models = JSON.stringify({ data: [entry('openai/a', 1), entry('openai/b', 2)], meta: { api_version: 'v1', count: 2, as_of: null } });
  await writeFile(join(dir, 'api/v1/models.json'), models);
  await writeFile(join(dir, 'api/v1/models/openai.json'), models);
  const index = buildModelIndex(models, ['openai'], '');
  // Cut short, as by an interrupted upload: the head is there, the entries are not.
  await writeFile(join(dir, `api/v1/${INDEX_FILE}`), index.slice(0, index.length - 40));
  // The fastest index is whole: its queries are answered, computed with the shared code.
  await writeFile(join(dir, `api/v1/${FASTEST_INDEX_FILE}`), buildFastestIndex(models, ''));
  await writeFile(join(dir, 'api/v1/fastest.json'), JSON.stringify({ data: [], meta: { note: 'the build file' } }));
  await writeFile(join(dir, WORKER_FILE), await bundleWorker());
  await writeFile(join(dir, WRANGLER_CONFIG_FILE), wranglerConfig({ DOCUMENTATION: 'https://modelpulse.test/#/docs', BASE_PATH: '' }, { databaseId: null, serviceIds: [] }));
  await writeFile(join(dir, '_headers'), cloudflareHeaders());
  await writeFile(join(dir, '.assetsignore'), assetsIgnore());
  server = await startCloudflareDev({ publishDir: dir, port: 0, migratedD1Cache: runCacheDir('workerd') });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('the Worker with a model index it cannot read', () => {
  it('answers a query it would compute with a JSON 503 that is never cached, never an empty list', async () => {
    for (const path of ['/api/v1/cheapest?min_intel=42', '/api/v1/cheapest?limit=2&tools=1']) {
      const res = await rawRequest(server.url, 'GET', path);
      expect(res.status, path).toBe(503);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(JSON.parse(res.body)).toMatchObject({ error: { status: 503, code: 'index_unavailable' } });
    }
  });

  it('still answers what needs no index: an author by its file, an unknown author as 404 (without the hint the index would give)', async () => {
    const own = await rawRequest(server.url, 'GET', '/api/v1/models?author=openai');
    expect(own.status).toBe(200);
    expect((JSON.parse(own.body) as { data: unknown[] }).data).toHaveLength(2);
    const wrongCase = await rawRequest(server.url, 'GET', '/api/v1/models?author=OpenAI');
    expect(wrongCase.status).toBe(404);
    expect(JSON.parse(wrongCase.body)).toMatchObject({ error: { status: 404, code: 'not_found' } });
    expect(JSON.parse(wrongCase.body).error.hint).toBeUndefined();
  });
});

describe('the Worker answering fastest', () => {
  it('computes any valid query from the fastest index, serves the default as the build file, and refuses bad values', async () => {
    const latency = await rawRequest(server.url, 'GET', '/api/v1/fastest?sort=latency&utm_source=x');
    expect(latency.status).toBe(200);
    const body = JSON.parse(latency.body) as { data: Array<{ id: string }>; meta: { query: { sort: string }; canonical_path: string } };
    expect(body.data.map((m) => m.id)).toEqual(['openai/a', 'openai/b']);
    expect(body.meta).toMatchObject({ query: { sort: 'latency' }, canonical_path: '/api/v1/fastest?sort=latency' });
    const capped = JSON.parse((await rawRequest(server.url, 'GET', '/api/v1/fastest?max_price=1.5')).body) as { data: Array<{ id: string }> };
    expect(capped.data.map((m) => m.id)).toEqual(['openai/a']);
    expect(JSON.parse((await rawRequest(server.url, 'GET', '/api/v1/fastest')).body)).toEqual({ data: [], meta: { note: 'the build file' } });
    const bad = await rawRequest(server.url, 'GET', '/api/v1/fastest?sort=speed');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ error: { code: 'bad_query', parameter: 'sort' } });
    const twice = await rawRequest(server.url, 'GET', '/api/v1/fastest?limit=2&limit=2');
    expect(twice.status).toBe(400);
  });
});
