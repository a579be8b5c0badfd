import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { startServer } from '../host/serve.js';
import { HttpClient } from '../http/client.js';
import { orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import { loadDataset } from '../store/data-store.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { updateModels } from './models.js';

/**
 * Hostile ids sent by a local OpenRouter (issue 11, findings 1, 2 and 6): refused by `update`,
 * skipped (never fatal) by `build`, and every documented URL of a real model, as served by
 * Netlify's own rule engine through `npm run serve`, still serves that model.
 */

let upstream: UpstreamServer;
let http: HttpClient;
let dataDir: string;

beforeAll(async () => {
  upstream = await startUpstreamServer();
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(async () => {
  dataDir = await tempDir('hostile-ids');
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 3_000, headersMs: 3_000, bodyMs: 3_000, totalMs: 3_000 }, retry: { retries: 0 } });
});
afterEach(async () => {
  await http.close();
});

const real = [
  orModel({ id: 'openai/gpt-4o', name: 'OpenAI: GPT-4o', prompt: '0.0000025', completion: '0.00001' }),
  orModel({ id: 'openai/gpt-4o-mini', name: 'OpenAI: GPT-4o mini', prompt: '0.00000015', completion: '0.0000006' }),
  orModel({ id: 'google/gemma-3', name: 'Google: Gemma 3', prompt: '0.0000001', completion: '0.0000002' }),
  orModel({ id: 'mistralai/small', name: 'Mistral: Small', prompt: '0.0000002', completion: '0.0000006' }),
];
const impostor = orModel({ id: 'openai/gpt-4o.json', name: 'HIJACKED gpt-4o', prompt: '0.0000001', completion: '0.0000004' });
const hostile = [impostor, orModel({ id: 'openai.json/hijack', name: 'HIJACKED author' }), orModel({ id: 'con/nul' }), orModel({ id: 'evil/aux' })];

function update(now: string) {
  return updateModels({ store: dataDir, now, http, baseUrl: `${upstream.url}/api/v1`, maxDelistShare: 0.2, force: false, endpointsPerRun: 0 });
}

async function serveBuilt(): Promise<{ get: (path: string) => Promise<{ status: number; body: string }>; close: () => Promise<void> }> {
  const out = await tempDir('hostile-site');
  const report = await buildSite({ store: dataDir, outDir: out, siteUrl: 'https://modelpulse.test' });
  const server = await startServer({ publishDir: out, netlifyConfigPath: join(process.cwd(), 'netlify.toml'), port: 0 });
  return {
    get: async (path) => {
      const res = await fetch(`${server.url}${path}`);
      return { status: res.status, body: await res.text() };
    },
    close: async () => {
      await server.close();
      expect(report.files).toBeGreaterThan(0);
    },
  };
}

describe('hostile model ids', () => {
  it('refuses ids ending in .json or naming a Windows device, saying why, and keeps the real models', async () => {
    upstream.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage([...real, ...hostile]) } });
    const report = await update('2026-08-01T00:00:00Z');
    expect(report.ok).toBe(true);
    const reasons = Object.fromEntries(report.issues.map((i) => [i.upstream_id, i.reason]));
    expect(reasons['openai/gpt-4o.json']).toMatch(/refused id "openai\/gpt-4o\.json": segment "gpt-4o\.json" ends in "\.json"/);
    expect(reasons['openai.json/hijack']).toMatch(/segment "openai\.json" ends in "\.json"/);
    expect(reasons['con/nul']).toMatch(/"con" is a reserved file name on Windows/);
    expect(reasons['evil/aux']).toMatch(/"aux" is a reserved file name on Windows/);
    expect([...(await loadDataset(dataDir)).models.keys()].sort()).toEqual(['google/gemma-3', 'mistralai/small', 'openai/gpt-4o', 'openai/gpt-4o-mini']);
  });

  it('serves the real model at every documented URL, through Netlify\'s engine, when an impostor id ends in .json', async () => {
    upstream.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage([...real, impostor]) } });
    expect((await update('2026-08-01T00:00:00Z')).ok).toBe(true);
    const site = await serveBuilt();
    try {
      for (const path of ['/api/v1/models/openai/gpt-4o', '/api/v1/models/openai/gpt-4o.json', '/api/v1/models/openai/gpt-4o/']) {
        const res = await site.get(path);
        expect(res.status, path).toBe(200);
        expect((JSON.parse(res.body) as { data: { id: string; name: string } }).data, path).toMatchObject({ id: 'openai/gpt-4o', name: 'GPT-4o' });
      }
      expect((await site.get('/api/v1/models/openai/gpt-4o.json.json')).status).toBe(404);
      const all = await site.get('/api/v1/models?author=openai');
      expect(all.body).not.toContain('HIJACKED');
    } finally {
      await site.close();
    }
  });

  it('builds the rest and reports the file when data/ already holds a record whose id cannot be published', async () => {
    upstream.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(real) } });
    expect((await update('2026-08-01T00:00:00Z')).ok).toBe(true);
    // Records an older version stored (their files sit where that version put them).
    const gpt = JSON.parse(await readFile(join(dataDir, 'models/openai/gpt-4o.json'), 'utf8')) as Record<string, unknown>;
    await mkdir(join(dataDir, 'models/openai.json'), { recursive: true });
    await writeFile(join(dataDir, 'models/openai.json/hijack.json'), JSON.stringify({ ...gpt, id: 'openai.json/hijack', upstream_id: 'openai.json/hijack', author: 'openai.json', name: 'HIJACKED author' }));
    await writeFile(join(dataDir, 'models/openai/gpt-4o.json.json'), JSON.stringify({ ...gpt, id: 'openai/gpt-4o.json', upstream_id: 'openai/gpt-4o.json', name: 'HIJACKED gpt-4o' }));

    const out = await tempDir('hostile-site');
    const report = await buildSite({ store: dataDir, outDir: out, siteUrl: 'https://modelpulse.test' });
    expect(report.skipped.map((s) => s.path).sort()).toEqual([join(dataDir, 'models/openai.json/hijack.json'), join(dataDir, 'models/openai/gpt-4o.json.json')]);
    expect(report.skipped[0]?.reason).toMatch(/cannot be published .*ends in "\.json"/);
    const index = JSON.parse(await readFile(join(out, 'api/v1/models.json'), 'utf8')) as { data: Array<{ id: string }> };
    expect(index.data.map((m) => m.id).sort()).toEqual(['google/gemma-3', 'mistralai/small', 'openai/gpt-4o', 'openai/gpt-4o-mini']);
    const redirects = await readFile(join(out, '_redirects'), 'utf8');
    expect(redirects).not.toMatch(/\.json\.json|openai\.json\/hijack/);

    // The next update does not trip over them either: reported, and the rest refreshed.
    const next = await update('2026-08-02T00:00:00Z');
    expect(next.ok).toBe(true);
    expect(next.warnings.filter((w) => /cannot be published/.test(w))).toHaveLength(2);
  });
});
