/**
 * Live status on a Netlify build with LIVE_STATUS_URL, in real Chromium: the site served by
 * `serve` (Netlify's rules, which proxy the status path forms), a local stand-in for the live
 * origin (a Worker's monitor) that answers live, with a 500, an HTML page, a Worker's own static
 * fallback, a hang, or not at all. The status board shows live data and says so, or the static
 * file and why.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../host/serve.js';
import { launchChromium, visit } from '../testing/browser.js';
import { buildSmallSite } from '../testing/built-site.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from '../testing/upstream-server.js';
import { LIVE_STATUS_TIMEOUT_MS } from '../client/client.js';

const SLOW = 120_000;
/** Five minutes after the small site's last status check; the monitor observed 40 s before. */
const NOW = new Date('2026-08-01T00:05:00Z');
const OBSERVED_AT = '2026-08-01T00:04:20Z';

let live: UpstreamServer;
let serve: RunningServer;
let browser: Browser;
let staticList: { data: Array<Record<string, unknown>>; meta: Record<string, unknown> };
let staticOpenai: { data: Record<string, unknown>; meta: Record<string, unknown> };

beforeAll(async () => {
  live = await startUpstreamServer();
  const site = await buildSmallSite({ liveStatusUrl: live.url });
  const read = async (path: string) => JSON.parse(await readFile(join(site.publishDir, 'api/v1', path), 'utf8'));
  [staticList, staticOpenai] = await Promise.all([read('status.json'), read('status/openai.json')]);
  [serve, browser] = await Promise.all([startServer({ ...site, port: 0 }), launchChromium()]);
}, SLOW);

afterAll(async () => {
  await browser?.close();
  await serve?.close();
  await live?.close().catch(() => undefined); // the last case stops it
});

/** What the monitor answers: the same shape, newer states, meta.live saying so. */
function monitorAnswers(live: Record<string, unknown>, status = 'major_outage'): void {
  const meta = (m: Record<string, unknown>) => ({ ...m, live });
  liveRoutes(
    { kind: 'json', body: { data: staticList.data.map((s) => (s.id === 'openai' ? { ...s, status } : s)), meta: meta(staticList.meta) }, headers: { 'cache-control': 'public, max-age=60' } },
    { kind: 'json', body: { data: { ...staticOpenai.data, status }, meta: meta(staticOpenai.meta) } },
  );
}
function liveRoutes(list: Reply, openai: Reply = list): void {
  live.setRoutes({ '/api/v1/status': list, '/api/v1/status/openai': openai });
}

const open = (hash: string) => visit(browser, `${serve.url}/${hash}`, { now: NOW });
const MONITOR = { source: 'monitor', observed_at: OBSERVED_AT, age_seconds: 40, reason: null };

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
    await expect(page.locator('main [data-live]').getAttribute('data-live')).resolves.toBe('monitor');
    await expect(page.locator('main [data-live]').textContent()).resolves.toBe('Live. Observed less than a minute ago (2026-08-01 00:04 UTC) by the edge monitor, which checks every minute.');
    await expect(page.locator('article[data-service="openai"] .status').textContent()).resolves.toBe('Major outage');
    await expect(page.locator('main [data-age]').count()).resolves.toBe(0);
    expect(apiRequests.filter((p) => p.includes('/status'))).toEqual(['/api/v1/status']);
    await page.goto(`${serve.url}/#/status/openai`);
    await expect(page.locator('main [data-live]').getAttribute('data-live')).resolves.toBe('monitor');
    await expect(page.locator('main .service-head .status').first().textContent()).resolves.toBe('Major outage');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it("says when the Worker itself answered with the static file, and why", async () => {
    monitorAnswers({ source: 'static', observed_at: null, age_seconds: null, reason: 'monitor_stale' }, 'unknown');
    const { page, close } = await open('#/');
    await expect(page.locator('main [data-live]').textContent()).resolves.toBe("Not live: the monitor's newest observation is over 5 minutes old, so this is the static status file, as of its last check below.");
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
    await expect(page.locator('main [data-live]').textContent()).resolves.toBe(`Live status is unavailable (${reason}): this is the static status file, as of its last check below.`);
    await expect(page.locator('main [data-age]').textContent()).resolves.toBe('Checked 5 minutes ago (2026-08-01 00:00 UTC); the checks are meant to run every 15 minutes.');
    await expect(page.locator('article[data-service="openai"] .status').textContent()).resolves.toBe('Unknown');
    expect(apiRequests.filter((p) => p.includes('/status'))).toEqual(['/api/v1/status', '/api/v1/status.json']);
    // The browser logs a failed request (a 500, a 502) as an error; nothing else may go wrong.
    expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 50[02]/.test(p.text))).toEqual([]);
    await close();
  }, SLOW);
});
