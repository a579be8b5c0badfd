/**
 * A site built for a GitHub Pages project site, served under `/<repo>/` by a local server that
 * behaves like Pages (testing/pages-server.ts: no rewrites, query strings ignored, fixed headers,
 * an HTML 404): every published link works there, the caching it promises is what is sent, no
 * answer is silently wrong for the client, and the website works in Chromium.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { createClient, normalizeQuery } from '../client/client.js';
import { cheapest, cheapestPath } from '../query/cheapest.js';
import { precomputedQueries } from '../query/variants.js';
import type { ModelEntry } from '../types/api-types.js';
import { launchChromium, reviewScreenshot, watchProblems } from '../testing/browser.js';
import { ODD_API_PATHS } from '../testing/odd-paths.js';
import { PAGES_CACHE_CONTROL, startPagesServer, type PagesServer } from '../testing/pages-server.js';
import { tempDir } from '../testing/tree.js';
import { cheapestEntries, type ModelsList } from '../testing/cheapest-entries.js';

const REPO = 'modelpulse';
let pages: PagesServer;
let browser: Browser;

beforeAll(async () => {
  const publishDir = await tempDir('pages-site');
  // The server first, so the site can be built for its very address (links and schema ids included).
  pages = await startPagesServer(publishDir, REPO);
  await buildSite({ store: 'data', outDir: publishDir, siteUrl: pages.siteUrl, host: 'github-pages' });
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

async function get(url: string): Promise<{ status: number; type: string | null; cache: string | null; location: string | null; text: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), location: res.headers.get('location'), text: await res.text() };
}
const json = async <T>(url: string): Promise<T> => JSON.parse((await get(url)).text) as T;
/** A root-absolute link of the site, fetched from the Pages server's origin. */
const link = (path: string) => `${pages.origin}${path}`;

describe('a GitHub Pages project site under /<repo>/', () => {
  it('has every published link start with the sub-path, and every one of them works there', async () => {
    const index = await json<{ data: { endpoints: Array<{ path: string; file: string; schema: string }>; client: string; openapi: string; feeds: Record<string, string>; badges: Record<string, string> } }>(`${pages.siteUrl}/api/v1/index.json`);
    const { data } = index;
    const models = await json<{ data: ModelEntry[] }>(`${pages.siteUrl}/api/v1/models.json`);
    const model = models.data[0]!;
    const fill = (template: string) => template.replace('<author>/<slug>', model.id).replace('<author>', model.author).replace('<service_id>', 'anthropic').replace('<variant>', 'min_intel/40');
    const links = [...data.endpoints.map((e) => fill(e.file)), data.client, data.openapi, ...Object.values(data.feeds), ...Object.values(data.badges).map(fill)];
    for (const path of links) {
      expect(path, 'a root-absolute link under the sub-path').toMatch(new RegExp(`^/${REPO}/api/v1/`));
      expect((await get(link(path))).status, path).toBe(200);
    }
    for (const schema of data.endpoints.map((e) => e.schema)) expect((await get(schema)).status, schema).toBe(200);
    // Every cheapest file names itself where it is.
    for (const query of precomputedQueries().filter((_, i) => i % 997 === 0)) {
      const file = await json<{ meta: { canonical_path: string } }>(`${pages.siteUrl}/api/v1/${cheapestPath(query)}.json`);
      expect(file.meta.canonical_path).toBe(`/${REPO}/api/v1/${cheapestPath(query)}.json`);
      expect((await get(link(file.meta.canonical_path))).status).toBe(200);
    }
    // The OpenAPI servers: paths resolve below the sub-path.
    const openapi = await json<{ servers: Array<{ url: string }> }>(link(data.openapi));
    expect(openapi.servers).toEqual([{ url: pages.siteUrl }]);
    expect((await get(`${openapi.servers[0]!.url}/api/v1/models.json`)).status).toBe(200);
    // The errors' pointers to the client and the model index.
    const notPrecomputed = await json<{ error: { fallback: { client: string; index: string }; precomputed: { path_template: string } } }>(`${pages.siteUrl}/api/v1/errors/not-precomputed.json`);
    for (const path of Object.values(notPrecomputed.error.fallback)) expect((await get(link(path))).status, path).toBe(200);
    expect(notPrecomputed.error.precomputed.path_template).toMatch(new RegExp(`^/${REPO}/api/v1/cheapest/`));
  });

  it('promises the caching Pages sends: meta.cache_seconds 600 for max-age=600', async () => {
    const res = await get(`${pages.siteUrl}/api/v1/models.json`);
    expect(res.cache).toBe(PAGES_CACHE_CONTROL);
    expect((JSON.parse(res.text) as { meta: { cache_seconds: number } }).meta.cache_seconds).toBe(600);
  });

  it('answers a miss with an HTML 404 page that says it is HTML, carrying the JSON error', async () => {
    // A path form: Pages adds the slash of a directory, then has no file there.
    const pathForm = await get(`${pages.siteUrl}/api/v1/models`);
    expect([pathForm.status, pathForm.location]).toEqual([301, `/${REPO}/api/v1/models/`]);
    // Odd ids too: encoded dot segments and slashes (any case, double-encoded) never reach another file.
    for (const path of ['/api/v1/models/', '/api/v1/models/openai/no-such-model.json', '/api/v1/cheapest/min_intel/41.json', '/no-such-page', ...ODD_API_PATHS]) {
      const res = await get(`${pages.siteUrl}${path}`);
      expect([res.status, res.type], path).toEqual([404, 'text/html; charset=utf-8']);
      expect(res.text, path).toContain('this HTML page, API addresses included');
      expect(res.text, path).toContain('&quot;code&quot;:&quot;not_found&quot;');
    }
  });

  it('never gives the client a silently wrong answer: a query string Pages ignored is noticed and computed', async () => {
    // What a curl user gets: the file, the query ignored, and meta.query saying so.
    const ignored = await json<{ meta: { query: { min_intel: number | null } } }>(`${pages.siteUrl}/api/v1/cheapest.json?min_intel=40`);
    expect(ignored.meta.query.min_intel).toBeNull();
    const all = cheapestEntries(await json<ModelsList>(`${pages.siteUrl}/api/v1/models.json`));
    const client = createClient({ baseUrl: pages.siteUrl });
    for (const input of [{ min_intel: 41, limit: 3 }, { min_intel: 40, vision: true }, { min_context: 150_000, tools: true, limit: 7 }]) {
      const answer = await client.cheapest(input);
      const query = normalizeQuery(input);
      expect(answer.meta.query, JSON.stringify(input)).toEqual(query);
      expect(answer.data, JSON.stringify(input)).toEqual(cheapest(all.data, query, all.meta.as_of));
      expect(answer.meta.canonical_path).toBe(`/${REPO}/api/v1/${cheapestPath(query)}.json`);
    }
    await expect(client.model('openai/no-such-model')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('serves the website under the sub-path, in Chromium, with its data and a filter computed in the browser', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${pages.siteUrl}/#/models`);
    await page.waitForFunction(() => document.querySelectorAll('table.models tbody tr').length > 0);
    await page.goto(`${pages.siteUrl}/#/cheapest?min_intel=37&vision=1`);
    await page.waitForFunction(() => /computed in your browser/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
    await page.goto(`${pages.siteUrl}/#/`);
    await page.waitForFunction(() => document.querySelectorAll('[data-service]').length > 0 || /service/i.test(document.querySelector('main')?.textContent ?? ''));
    // The client computes what Pages has no file for without asking: no failed load at all.
    expect(problems).toEqual([]);
    await reviewScreenshot(page, 'pages-subpath.png');
    await context.close();
  });
});
