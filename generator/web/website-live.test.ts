/**
 * Live status on builds with LIVE_STATUS_URL, in real Chromium. A Netlify build served by `serve`
 * (Netlify's rules, which proxy the status path forms and a model's path form asked live), and the
 * same data built for GitHub Pages (its stand-in server, another origin: the client reads the live
 * origin itself), beside a local stand-in for the live origin (a Worker's monitor) that answers
 * live, with a 500, an HTML page, a Worker's own static fallback, without CORS, a hang, or not at
 * all. The status board and the model page show live data and say so, or the static file and why.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { startServer, type RunningServer } from '../host/serve.js';
import { launchChromium, navigate, settled, visit } from '../testing/browser.js';
import { buildSmallSite } from '../testing/built-site.js';
import { startPagesServer, type PagesServer } from '../testing/pages-server.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from '../testing/upstream-server.js';
import { LIVE_STATUS_TIMEOUT_MS } from '../client/client.js';

const SLOW = 120_000;
/** Five minutes after the small site's last status check; the monitor observed 40 s before. */
const NOW = new Date('2026-08-01T00:05:00Z');
const OBSERVED_AT = '2026-08-01T00:04:20Z';
const REPO = 'modelpulse';

let live: UpstreamServer;
let serve: RunningServer;
let pages: PagesServer;
let browser: Browser;
let staticList: { data: Array<Record<string, unknown>>; meta: Record<string, unknown> };
let staticOpenai: { data: Record<string, unknown>; meta: Record<string, unknown> };
let staticModels: { data: unknown[]; meta: Record<string, unknown> };
let staticModel: { data: Record<string, unknown> & { endpoints: Array<Record<string, unknown>> }; meta: Record<string, unknown> };

beforeAll(async () => {
  live = await startUpstreamServer();
  const [site, pagesDir] = await Promise.all([buildSmallSite({ liveStatusUrl: live.url }), tempDir('live-pages-site')]);
  const read = async (path: string) => JSON.parse(await readFile(join(site.publishDir, 'api/v1', path), 'utf8'));
  [staticList, staticOpenai, staticModels, staticModel] = await Promise.all([read('status.json'), read('status/openai.json'), read('status/models.json'), read('models/openai/gpt-test.json')]);
  // The same data for GitHub Pages, built for the stand-in's very address.
  pages = await startPagesServer(pagesDir, REPO);
  [serve, browser] = await Promise.all([
    startServer({ ...site, port: 0 }),
    launchChromium(),
    buildSite({ store: site.dataDir, outDir: pagesDir, siteUrl: pages.siteUrl, host: 'github-pages', liveStatusUrl: live.url }),
  ]);
}, SLOW);

afterAll(async () => {
  await browser?.close();
  await Promise.all([serve?.close(), pages?.close()]);
  await live?.close().catch(() => undefined); // the last case stops it
});

/** What the monitor answers: the same shape, newer states, meta.live saying so. */
function monitorAnswers(live: Record<string, unknown>, status = 'major_outage'): void {
  const meta = (m: Record<string, unknown>) => ({ ...m, live });
  liveRoutes(
    { kind: 'json', body: { data: staticList.data.map((s) => (s.id === 'openai' ? { ...s, status } : s)), meta: meta(staticList.meta) }, headers: { 'cache-control': 'public, max-age=60' } },
    { kind: 'json', body: { data: { ...staticOpenai.data, status }, meta: meta(staticOpenai.meta) } },
    { kind: 'json', body: { data: [], meta: meta(staticModels.meta) } },
  );
}
function liveRoutes(list: Reply, openai: Reply = list, models: Reply = list): void {
  live.setRoutes({ '/api/v1/status': list, '/api/v1/status/openai': openai, '/api/v1/status/models': models });
}
/** The board's own live line (the models in trouble have theirs inside their section). */
const BOARD_LIVE = 'main > [data-live]';
const statusRequests = (paths: string[]) => paths.filter((p) => p.includes('/status') && !p.includes('/status/models'));

const open = (hash: string) => visit(browser, `${serve.url}/${hash}`, { now: NOW });
const MONITOR = { source: 'monitor', observed_at: OBSERVED_AT, age_seconds: 40, reason: null };

/** What a Worker's monitor would answer for the model's path form: its newest status and figures. */
function liveDetail(): unknown {
  const listing = staticModel.data.endpoints[0]!;
  const stats = { observed_at: OBSERVED_AT, uptime_5m: 0.1, uptime_30m: 0.4, uptime_1d: 0.97, latency_30m: { p50_ms: 900, p90_ms: 2500 }, throughput_30m: { p50_tps: 30, p90_tps: 45 } };
  const endpoint = { ...listing, source_key: 'fireworks', tag: 'fireworks', provider: 'fireworks', provider_name: 'Fireworks', stats };
  const status = { ...(staticModel.data.status as object), state: 'outage', reason: 'all_providers_down', providers: { up: 0, degraded: 0, down: 1, unknown: 0 } };
  return { data: { ...staticModel.data, status, endpoints: [...staticModel.data.endpoints, endpoint] }, meta: { ...staticModel.meta, live: MONITOR } };
}
const MODEL_PATH = '/api/v1/models/openai/gpt-test';
const LIVE_LINE = 'Live. Observed less than a minute ago (2026-08-01 00:04 UTC) by the edge monitor, which checks every minute.';
const FIREWORKS = 'table:has(caption:text("real traffic")) tr[data-offer="openrouter:fireworks"]';

/** The model page shows the monitor's state and figures and says they are live. */
async function expectLiveModelPage(page: Page): Promise<void> {
  await expect(page.locator('main [data-live]').textContent()).resolves.toBe(LIVE_LINE);
  await expect(page.locator('.model-state [data-state]').textContent()).resolves.toBe('Outage');
  await expect(page.locator(`${FIREWORKS} td`).allTextContents()).resolves.toEqual(['Down', '10%', '40%', '97%', '900 ms / 2500 ms', '30 tok/s / 45 tok/s', 'just now']);
}
/** The model page shows the static detail and why the live read failed. */
async function expectStaticModelPage(page: Page, reason: string): Promise<void> {
  await expect(page.locator('main [data-live]').textContent()).resolves.toBe(`Live status is unavailable (${reason}): this is the static model file, with the figures of its last build.`);
  await expect(page.locator('.model-state [data-state]').textContent()).resolves.toBe('Unknown');
  await expect(page.locator(FIREWORKS).count()).resolves.toBe(0);
}

// First: the board's last case stops the stand-in.
describe('the model page with a live status URL', () => {
  it("Netlify proxies the path form asked live to the live origin and keeps the plain path form the site's file; the page reads it live, else the file and why", async () => {
    live.setRoutes({ [MODEL_PATH]: { kind: 'json', body: liveDetail() } });
    // A plain reader of the path form gets the build's file, without a request to the live origin.
    const before = live.hits.length;
    expect(await (await fetch(`${serve.url}${MODEL_PATH}`)).json()).toEqual(staticModel);
    expect(live.hits.length).toBe(before);

    const shown = await open('#/models/openai/gpt-test');
    await expectLiveModelPage(shown.page);
    expect(live.hits.slice(before)).toEqual([`GET ${MODEL_PATH}?live=1`]);
    expect(shown.apiRequests.filter((p) => p.startsWith('/api/v1/models/'))).toEqual([MODEL_PATH]);
    // The live read fails (serve passes the origin's 500 on, as Netlify does): the static detail, and why.
    live.setRoutes({ [MODEL_PATH]: { kind: 'json', status: 500, body: { error: 'internal' } } });
    await shown.page.reload();
    await settled(shown.page);
    await expectStaticModelPage(shown.page, 'HTTP 500');
    await shown.close();
  }, SLOW);

  it('GitHub Pages reads the live origin itself (another origin, through its CORS) for the model page and the status board, and the files on failure', async () => {
    const cors = { 'access-control-allow-origin': '*' };
    live.setRoutes({
      [MODEL_PATH]: { kind: 'json', body: liveDetail(), headers: cors },
      '/api/v1/status': { kind: 'json', body: { ...staticList, meta: { ...staticList.meta, live: MONITOR } }, headers: cors },
      '/api/v1/status/models': { kind: 'json', body: { data: [], meta: { ...staticModels.meta, live: MONITOR } }, headers: cors },
    });
    const before = live.hits.length;
    const shown = await visit(browser, `${pages.siteUrl}/#/models/openai/gpt-test`, { now: NOW });
    await expectLiveModelPage(shown.page);
    expect(live.hits.slice(before)).toEqual([`GET ${MODEL_PATH}?live=1`]);
    expect(shown.apiRequests.filter((p) => p.includes('/models/'))).toEqual([MODEL_PATH]);
    await navigate(shown.page, `${pages.siteUrl}/#/`);
    await expect(shown.page.locator(BOARD_LIVE).getAttribute('data-live')).resolves.toBe('monitor');
    await expect(shown.page.locator('section.trouble [data-live]').getAttribute('data-live')).resolves.toBe('monitor');
    expect(live.hits.slice(before + 1).sort()).toEqual(['GET /api/v1/status', 'GET /api/v1/status/models']);
    // A live answer without CORS is one the browser does not hand over: the site's file, and why.
    live.setRoutes({ [MODEL_PATH]: { kind: 'json', body: liveDetail() } });
    await navigate(shown.page, `${pages.siteUrl}/#/models/openai/gpt-test`);
    await expectStaticModelPage(shown.page, 'unreachable: Failed to fetch');
    expect(shown.apiRequests.filter((p) => p.includes('/models/')).slice(1)).toEqual([MODEL_PATH, `/${REPO}${MODEL_PATH}.json`]);
    expect(shown.problems.filter((p) => !/CORS|Failed to load resource/.test(p.text))).toEqual([]);
    await shown.close();
  }, SLOW);
});

describe('the status board with a live status URL', () => {
  it("serve proxies the status path forms to the live origin (query included); the file forms stay the site's", async () => {
    monitorAnswers(MONITOR);
    const proxied = await fetch(`${serve.url}/api/v1/status?x=1`);
    expect([proxied.status, proxied.headers.get('cache-control')]).toEqual([200, 'public, max-age=60']);
    expect(((await proxied.json()) as { meta: { live: unknown } }).meta.live).toEqual(MONITOR);
    expect(live.hits.at(-1)).toBe('GET /api/v1/status?x=1');
    const file = (await (await fetch(`${serve.url}/api/v1/status.json`)).json()) as { meta: unknown };
    expect(file.meta).toEqual(staticList.meta);
  });

  it('shows live data and says it is live, with the age of the newest observation', async () => {
    monitorAnswers(MONITOR);
    const { page, problems, apiRequests, close } = await open('#/');
    await expect(page.locator(BOARD_LIVE).getAttribute('data-live')).resolves.toBe('monitor');
    await expect(page.locator(BOARD_LIVE).textContent()).resolves.toBe('Live. Observed less than a minute ago (2026-08-01 00:04 UTC) by the edge monitor, which checks every minute.');
    await expect(page.locator('article[data-service="openai"] .status').textContent()).resolves.toBe('Major outage');
    await expect(page.locator('main [data-age]').count()).resolves.toBe(0);
    expect(statusRequests(apiRequests)).toEqual(['/api/v1/status']);
    // The models in trouble are read live too, and say so.
    await expect(page.locator('section.trouble [data-live]').getAttribute('data-live')).resolves.toBe('monitor');
    expect(apiRequests.filter((p) => p.includes('/status/models'))).toEqual(['/api/v1/status/models']);
    await page.goto(`${serve.url}/#/status/openai`);
    await expect(page.locator(BOARD_LIVE).getAttribute('data-live')).resolves.toBe('monitor');
    await expect(page.locator('main .service-head .status').first().textContent()).resolves.toBe('Major outage');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it("says when the Worker itself answered with the static file, and why", async () => {
    monitorAnswers({ source: 'static', observed_at: null, age_seconds: null, reason: 'monitor_stale' }, 'unknown');
    const { page, close } = await open('#/');
    await expect(page.locator(BOARD_LIVE).textContent()).resolves.toBe("Not live: the monitor's newest observation is over 5 minutes old, so this is the static status file, as of its last check below.");
    await expect(page.locator('main [data-age]').textContent()).resolves.toMatch(/^Checked 5 minutes ago/);
    await close();
  }, SLOW);

  it.each<[string, () => Promise<void> | void, string]>([
    ['a 500', () => liveRoutes({ kind: 'json', status: 500, body: { error: 'internal' } }), 'HTTP 500'],
    ['an HTML page', () => liveRoutes({ kind: 'text', body: '<!doctype html><title>Sign in</title>' }), 'the answer is not JSON'],
    ['a hang', () => liveRoutes({ kind: 'hang' }), `no answer within ${LIVE_STATUS_TIMEOUT_MS / 1000} s`],
    // Last: the stand-in stops, so the proxy's connection is refused (serve answers 502, as Netlify does).
    ['a refused connection', () => live.close(), 'HTTP 502'],
  ])('shows the static file on %s, and says so', async (_, fail, reason) => {
    await fail();
    const { page, problems, apiRequests, close } = await open('#/');
    await expect(page.locator(BOARD_LIVE).textContent()).resolves.toBe(`Live status is unavailable (${reason}): this is the static status file, as of its last check below.`);
    await expect(page.locator('main [data-age]').textContent()).resolves.toBe('Checked 5 minutes ago (2026-08-01 00:00 UTC); the checks are meant to run every 15 minutes.');
    await expect(page.locator('article[data-service="openai"] .status').textContent()).resolves.toBe('Unknown');
    expect(statusRequests(apiRequests)).toEqual(['/api/v1/status', '/api/v1/status.json']);
    await expect(page.locator('section.trouble [data-live]').textContent()).resolves.toBe(`Live status is unavailable (${reason}): this is the static file of the last status check.`);
    // The browser logs a failed request (a 500, a 502) as an error; nothing else may go wrong.
    expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 50[02]/.test(p.text))).toEqual([]);
    await close();
  }, SLOW);
});

