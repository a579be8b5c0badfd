import fg from 'fast-glob';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { HttpClient } from '../http/client.js';
import { orModel, orModelsPage } from '../sources/openrouter/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { spSummary } from '../status/platforms/fixtures.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { tempDir } from '../testing/tree.js';
import { updateModels } from './models.js';
import { updateStatus } from './status.js';

/**
 * Issue 11, finding 3: an upstream that redirects to another server, or answers with text of its
 * own, never gets that server read nor that text published. Real local servers on two ports.
 */

let upstream: UpstreamServer;
let elsewhere: UpstreamServer;
let http: HttpClient;
let dataDir: string;

/** Text only the server we must never read (or publish) sends. */
const FOREIGN = 'SECRET-INTRANET-PAGE [Re-login](https://evil.example/phish)';

beforeAll(async () => {
  upstream = await startUpstreamServer();
  elsewhere = await startUpstreamServer({ '/leak': { kind: 'text', body: FOREIGN }, '/leak.json': { kind: 'text', body: FOREIGN } });
});
afterAll(async () => {
  await Promise.all([upstream.close(), elsewhere.close()]);
});
beforeEach(async () => {
  dataDir = await tempDir('hostile-upstream');
  elsewhere.hits.length = 0;
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 3_000, headersMs: 3_000, bodyMs: 3_000, totalMs: 3_000 }, retry: { retries: 0 } });
});
afterEach(async () => {
  await http.close();
});

/** Every file below `dir`, as one text. Synchronous reads: the site's thousands of small files read much faster without a trip each through the thread pool. */
async function publishedText(dir: string): Promise<string> {
  const files = await fg('**/*', { cwd: dir, onlyFiles: true });
  return files.map((f) => readFileSync(join(dir, f), 'utf8')).join('\n');
}

const catalog = [orModel({ id: 'openai/gpt-4o', prompt: '0.0000025', completion: '0.00001' }), orModel({ id: 'google/gemma-3' })];

describe('redirects and upstream text', () => {
  it('refuses a catalog redirect to another port and publishes only our own classification of a bad answer', async () => {
    const update = (now: string) => updateModels({ store: dataDir, now, http, baseUrl: `${upstream.url}/api/v1`, maxDelistShare: 0.2, force: false, endpointsPerRun: 0 });
    upstream.setRoutes({ '/api/v1/models': { kind: 'json', body: orModelsPage(catalog) } });
    expect((await update('2026-08-01T00:00:00Z')).ok).toBe(true);

    upstream.setRoutes({ '/api/v1/models': { kind: 'redirect', location: `${elsewhere.url}/leak` } });
    const redirected = await update('2026-08-02T00:00:00Z');
    expect(redirected.error).toMatch(/^redirect: refused a redirect to another origin \(status 302\)/);
    expect(elsewhere.hits).toEqual([]);
    expect(await readFile(join(dataDir, 'sources.json'), 'utf8')).not.toContain(String(new URL(elsewhere.url).port));

    upstream.setRoutes({ '/api/v1/models': { kind: 'text', status: 200, body: FOREIGN } });
    const html = await update('2026-08-03T00:00:00Z');
    expect(html.error).toMatch(/^invalid_body: response is not JSON \(text\/html, \d+ bytes\)/);

    const out = await tempDir('hostile-site');
    await buildSite({ store: dataDir, outDir: out, siteUrl: 'https://modelpulse.test' });
    // Staleness and its error are freshness: published in index.json alone.
    const index = JSON.parse(await readFile(join(out, 'api/v1/index.json'), 'utf8')) as { data: { freshness: { sources: Array<{ id: string; stale: boolean; error: string | null }> } } };
    expect(index.data.freshness.sources.find((s) => s.id === 'openrouter')).toMatchObject({ stale: true, error: expect.stringMatching(/^invalid_body/) });
    for (const text of [await publishedText(dataDir), await publishedText(out)]) {
      expect(text).not.toContain('SECRET-INTRANET');
      expect(text).not.toContain('evil.example');
    }
  });

  it('refuses a status page redirect to another port: official.error names our classification, never the other server', async () => {
    const services: ServiceDefinition[] = [
      { id: 'moved', name: 'Moved', url: 'https://moved.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/moved` }, probe: null },
      { id: 'html', name: 'Html', url: 'https://html.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/html` }, probe: null },
      { id: 'fine', name: 'Fine', url: 'https://fine.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/fine` }, probe: null },
    ];
    await writeFile(join(dataDir, 'services.json'), JSON.stringify(services));
    upstream.setRoutes({
      '/moved/api/v2/summary.json': { kind: 'redirect', location: `${elsewhere.url}/leak.json`, status: 301 },
      '/html/api/v2/summary.json': { kind: 'text', body: FOREIGN },
      '/fine/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'none' }) },
    });
    const probeHttp = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
    try {
      const report = await updateStatus({ store: dataDir, now: '2026-11-21T10:00:00Z', pageHttp: http, probeHttp, budgetMs: 1_000 });
      const errors = Object.fromEntries(report.services.map((s) => [s.id, s.officialError]));
      expect(errors.moved).toMatch(/^redirect: refused a redirect to another origin \(status 301\)/);
      expect(errors.html).toMatch(/^invalid_body: response is not JSON \(text\/html, \d+ bytes\)/);
      expect(errors.fine).toBeNull();
    } finally {
      await probeHttp.close();
    }
    expect(elsewhere.hits).toEqual([]);
    const out = await tempDir('hostile-site');
    await buildSite({ store: dataDir, outDir: out, siteUrl: 'https://modelpulse.test' });
    const moved = JSON.parse(await readFile(join(out, 'api/v1/status/moved.json'), 'utf8')) as { data: { official: { error: string | null } } };
    expect(moved.data.official.error).toMatch(/^redirect: refused a redirect to another origin/);
    for (const text of [await publishedText(dataDir), await publishedText(out)]) expect(text).not.toContain('SECRET-INTRANET');
  });
});

describe('implausible numbers', () => {
  it('publishes no context of 1e308, no integer past 2^53, no tier at 1e308 tokens and no 1e-20 price; each is reported', async () => {
    const hostile = [
      orModel({ id: 'evil/huge-context', context_length: 1e308, prompt: '0.000001', completion: '0.000002' }),
      // Stands in for 2^53 + 1, which a JavaScript number cannot even hold: replaced in the text below.
      orModel({ id: 'evil/unsafe-int', max_completion_tokens: 12345678, prompt: '0.000001', completion: '0.000002' }),
      orModel({ id: 'evil/far-tier', pricing: { prompt: '0.000001', completion: '0.000002', overrides: [{ min_prompt_tokens: 1e308, prompt: '0.0000001', completion: '0.0000002' }] } }),
      orModel({ id: 'evil/bait', prompt: '0.00000000000000000001', completion: '0.00000000000000000001' }),
    ];
    const body = JSON.stringify(orModelsPage([...catalog, ...hostile])).replace('"max_completion_tokens":12345678', '"max_completion_tokens":9007199254740993');
    upstream.setRoutes({ '/api/v1/models': { kind: 'text', body, headers: { 'content-type': 'application/json' } } });
    const report = await updateModels({ store: dataDir, now: '2026-08-01T00:00:00Z', http, baseUrl: `${upstream.url}/api/v1`, maxDelistShare: 0.2, force: false, endpointsPerRun: 0 });
    expect(report.ok).toBe(true);
    const reasons = report.issues.map((i) => `${i.upstream_id}: ${i.reason}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^evil\/huge-context: context_length is implausible: 1e\+308 tokens, over 100000000/),
        expect.stringMatching(/^evil\/unsafe-int: top_provider\.max_completion_tokens is implausible: 9007199254740992 tokens/),
        expect.stringMatching(/^evil\/far-tier: price tier with an invalid or implausible min_prompt_tokens: 1e\+308/),
        expect.stringMatching(/^evil\/bait: prompt is implausible: 1e-14 USD per 1M tokens, under 0\.0001/),
      ]),
    );

    const out = await tempDir('hostile-site');
    await buildSite({ store: dataDir, outDir: out, siteUrl: 'https://modelpulse.test' });
    const read = async <T>(path: string) => JSON.parse(await readFile(join(out, 'api/v1', path), 'utf8')) as T;
    type Entry = { id: string; context_length: number | null; max_output: number | null; price: { input: number | null } };
    const huge = await read<{ data: Entry }>('models/evil/huge-context.json');
    expect(huge.data.context_length).toBeNull();
    expect((await read<{ data: Entry }>('models/evil/unsafe-int.json')).data.max_output).toBeNull();
    expect((await read<{ data: { price_tiers: unknown[] } }>('models/evil/far-tier.json')).data.price_tiers).toEqual([]);
    expect((await read<{ data: Entry }>('models/evil/bait.json')).data.price.input).toBeNull();
    const cheapest = await read<{ data: Entry[] }>('cheapest.json');
    expect(cheapest.data.map((m) => m.id)).not.toContain('evil/bait');
    const longContext = await read<{ data: Entry[] }>('cheapest/min_context/1000000.json');
    expect(longContext.data.map((m) => m.id)).not.toContain('evil/huge-context');
    for (const text of [await publishedText(dataDir), await publishedText(out)]) expect(text).not.toMatch(/e\+308|9007199254740992/);
  });
});

