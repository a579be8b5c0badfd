/**
 * The website in real headless Chromium, served by `npm run serve`'s script, built from the
 * committed data/ plus status data that a real status update recorded from a local status page
 * whose incident name is an XSS attempt.
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../build/build-site.js';
import { HttpClient } from '../http/client.js';
import { cheapest, parseCheapestQuery } from '../query/cheapest.js';
import type { ModelDetail, ModelEntry } from '../render/api-types.js';
import { spIncident, spSummary } from '../status/platforms/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { launchChromium, startServeCli, watchProblems, type PageProblem, type ServeProcess } from '../testing/browser.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { updateStatus } from '../update/status.js';

const XSS_NAME = '<img src=x onerror=alert(1)>';
/** Upstream text with a right-to-left override (U+202E) and an isolate (U+2066): it must not reorder our text. */
const RLO = '\u202e';
const BIDI_DESCRIPTION = `Partial System Outage ${RLO}txet nwo ruo\u2066`;
const BIDI_MODEL_NAME = `GPT-4o ${RLO}dekcajih`;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

let upstream: UpstreamServer;
let serve: ServeProcess;
let browser: Browser;
let publishDir: string;
let richModel: ModelDetail;

async function recordStatus(dataDir: string): Promise<void> {
  upstream = await startUpstreamServer({
    '/acme/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', description: BIDI_DESCRIPTION, incidents: [spIncident({ name: XSS_NAME, shortlink: 'javascript:alert(2)' })] }) },
    // The page's own history: six hours of partial outage of the API on 2026-07-31.
    '/acme/api/v2/incidents.json': {
      kind: 'json',
      body: {
        page: {},
        incidents: [
          spIncident({ id: 'hist1', name: 'Elevated latency', status: 'resolved', created_at: '2026-07-31T10:00:00Z', started_at: '2026-07-31T10:00:00Z', updated_at: '2026-07-31T16:00:00Z', resolved_at: '2026-07-31T16:00:00Z' }),
        ],
      },
    },
    '/probe/401': { kind: 'json', status: 401, body: { error: 'no key' } },
    '/probe/500': { kind: 'json', status: 500, body: { error: 'internal' } },
  });
  const probe = (path: string) => ({ url: `${upstream.url}${path}`, method: 'GET' as const, timeout_ms: 1_000 });
  const services: ServiceDefinition[] = [
    { id: 'acme', name: 'Acme AI', url: 'https://acme.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/acme` }, probe: probe('/probe/401') },
    { id: 'bolt', name: 'Bolt', url: 'https://bolt.example.com', status_page: { type: 'none' }, probe: probe('/probe/500') },
  ];
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(services, null, 2));
  const pageHttp = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
  const probeHttp = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
  try {
    // Two days of probes, so the uptime bars have data.
    for (const now of ['2026-08-01T00:10:00Z', '2026-08-01T12:00:00Z', '2026-08-02T00:00:00Z']) {
      await updateStatus({ store: dataDir, now, pageHttp, probeHttp, budgetMs: 1_400 });
    }
  } finally {
    await Promise.all([pageHttp.close(), probeHttp.close()]);
  }
}

beforeAll(async () => {
  const dataDir = await tempDir('web-data');
  await cp('data', dataDir, { recursive: true });
  // The test records its own services' status from 2026-08-01 on: none of the committed ones, and
  // no committed run time later than its own.
  await rm(join(dataDir, 'status'), { recursive: true, force: true });
  await rm(join(dataDir, 'state', 'content.json'), { force: true });
  await rm(join(dataDir, 'state', 'content-freshness.json'), { force: true });
  const sources = JSON.parse(await readFile(join(dataDir, 'sources.json'), 'utf8')) as Record<string, unknown>;
  delete sources.status;
  await writeFile(join(dataDir, 'sources.json'), JSON.stringify(sources));
  await recordStatus(dataDir);
  // A name an older version stored with a bidi override in it (update strips them now).
  const gptFile = join(dataDir, 'models/openai/gpt-4o.json');
  await writeFile(gptFile, (await readFile(gptFile, 'utf8')).replace('"name": "GPT-4o"', `"name": ${JSON.stringify(BIDI_MODEL_NAME)}`));
  publishDir = await tempDir('web-site');
  await buildSite({ store: dataDir, outDir: publishDir, siteUrl: 'https://modelpulse.test' });
  // The listed model with the most provider endpoints and price points shows the most.
  let best = -1;
  for (const file of (await fg('api/v1/models/*/*.json', { cwd: publishDir })).sort()) {
    const detail = (JSON.parse(await readFile(join(publishDir, file), 'utf8')) as { data: ModelDetail }).data;
    const score = new Set(detail.endpoints.map((e) => e.source)).size * 100 + detail.endpoints.length * detail.price_history.length;
    if (detail.delisted_at === null && score > best) [richModel, best] = [detail, score];
  }
  serve = await startServeCli(publishDir);
  browser = await launchChromium();
  await mkdir(ARTIFACTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await upstream?.close();
});

interface Visit {
  page: Page;
  problems: PageProblem[];
  alerts: string[];
}

/** A fresh browser context per visit: no test sees another's state. */
async function visit(hash: string, viewport = { width: 1200, height: 900 }): Promise<Visit> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = watchProblems(page);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${serve.url}/${hash}`);
  await settled(page);
  return { page, problems, alerts };
}

/** The router marks main busy while a page loads. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.getElementById('main');
    return main !== null && !main.hasAttribute('aria-busy') && main.querySelector('h1') !== null && !/Loading/.test(main.querySelector('[role="status"]')?.textContent ?? '');
  });
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${serve.url}${path}`);
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const rowIds = (page: Page) => page.locator('table.models tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));

describe('website in headless Chromium', () => {
  it('shows the status board from the API, with upstream incident names as text only', async () => {
    const { page, problems, alerts } = await visit('#/');
    const services = await api<Array<{ id: string; name: string; status: string }>>('/api/v1/status');
    await expect(page.locator('article.service h2').allTextContents()).resolves.toEqual(services.map((s) => s.name));
    expect(services.find((s) => s.id === 'acme')?.status).toBe('partial_outage');
    const acme = page.locator('article[data-service="acme"]');
    await expect(acme.locator('.status').textContent()).resolves.toBe('Partial outage');
    // The incident name arrives as text: no element was created from it, no script ran.
    await expect(acme.locator('.incident-name').textContent()).resolves.toBe(XSS_NAME);
    await expect(page.locator('main img').count()).resolves.toBe(0);
    // A javascript: link from the status page is not made a link.
    await expect(page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
    const bolt = page.locator('article[data-service="bolt"]');
    await expect(bolt.locator('.status').textContent()).resolves.toBe('Partial outage');
    await expect(bolt.locator('.day').count()).resolves.toBe(90);
    await expect(bolt.locator('.uptime-days').getAttribute('aria-label')).resolves.toBe('90-day uptime 0%, one entry a day: use the arrow keys');
    await expect(acme.locator('.day-ok').count()).resolves.toBe(2);
    await expect(page.locator('footer').textContent()).resolves.toMatch(/at least 60 seconds[\s\S]*link\s+back/);
    // When the data was checked comes from the one freshness file, index.json; the board's own
    // check time from the status response.
    await page.waitForFunction(() => /Data checked/.test(document.getElementById('as-of')?.textContent ?? ''));
    await expect(page.locator('#as-of').textContent()).resolves.toBe("Data checked 2026-08-02 00:00 UTC. This page's data last changed 2026-08-02 00:00 UTC.");
    await expect(page.locator('main .lead').textContent()).resolves.toMatch(/Checked 2026-08-02 00:00 UTC\./);
    await page.screenshot({ path: join(ARTIFACTS, 'website-status.png'), fullPage: true });
    expect(alerts).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('filters and sorts the model table like the API, precomputed or computed in the browser', async () => {
    const { page, problems } = await visit('#/models');
    await page.locator('#f-min_intel').fill('40');
    await page.locator('#f-min_intel').dispatchEvent('change');
    // Keyboard: space toggles the vision filter.
    await page.locator('#f-vision').focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => location.hash === '#/models?min_intel=40&vision=1&limit=20');
    await settled(page);
    const served = await api<ModelEntry[]>('/api/v1/cheapest?min_intel=40&vision=1&limit=20');
    expect(served.length).toBeGreaterThan(2);
    await expect(rowIds(page)).resolves.toEqual(served.map((m) => m.id));
    await expect(page.locator('[role="status"]').textContent()).resolves.toContain('precomputed');

    // 37 is not a precomputed value: the client computes the answer with the shared code.
    await page.locator('#f-min_intel').fill('37');
    await page.locator('#f-min_intel').dispatchEvent('change');
    await page.waitForFunction(() => /computed in your browser/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
    const index = await fetch(`${serve.url}/api/v1/models`).then((r) => r.json() as Promise<{ data: ModelEntry[]; meta: { retired_through: string | null } }>);
    const parsed = parseCheapestQuery([['min_intel', '37'], ['vision', '1'], ['limit', '20']]);
    if (!parsed.ok) throw new Error(parsed.message);
    await expect(rowIds(page)).resolves.toEqual(cheapest(index.data, parsed.query, index.meta.retired_through).map((m) => m.id));

    // Sorting by a column header, from the keyboard.
    await page.locator('th[data-key="intelligence"] button').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('th[data-key="intelligence"]').getAttribute('aria-sort')).resolves.toBe('ascending');
    const intel = await page.locator('table.models tbody tr td:nth-child(6)').allTextContents();
    const values = intel.map(Number);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    await page.keyboard.press('Enter');
    await expect(page.locator('th[data-key="intelligence"]').getAttribute('aria-sort')).resolves.toBe('descending');
    // The client asks only for files the build wrote: no failed request, no console error.
    expect(problems).toEqual([]);
  });

  it('shows official and probe uptime per day with the day\'s incidents, on hover and from the keyboard', async () => {
    const { page, problems } = await visit('#/status/acme');
    const detail = await api<{ uptime_90d: Array<{ date: string; official: number | null; probe: number | null; uptime: number | null }>; recent_incidents: Array<{ name: string }> }>('/api/v1/status/acme');
    expect(detail.uptime_90d.find((d) => d.date === '2026-07-31')).toEqual({ date: '2026-07-31', official: 0.925, probe: null, uptime: 0.925 });
    expect(detail.uptime_90d.find((d) => d.date === '2026-07-30')).toMatchObject({ official: null, uptime: null });
    expect(detail.recent_incidents.map((i) => i.name)).toContain('Elevated latency');
    // One tab stop: the newest day (the last run was at its midnight: no official time yet); the
    // arrow keys walk back to the day of the incident.
    const last = page.locator('.day[data-date="2026-08-02"]');
    await expect(last.getAttribute('tabindex')).resolves.toBe('0');
    await last.focus();
    await expect(page.locator('.uptime-detail').textContent()).resolves.toBe('2026-08-02: official no data, our probes 100%; no incidents');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.evaluate(() => (document.activeElement as HTMLElement).dataset.date)).resolves.toBe('2026-07-31');
    await expect(page.locator('.uptime-detail').textContent()).resolves.toBe('2026-07-31: official 92.5%, our probes no data; incidents: Elevated latency (major)');
    await page.locator('.day[data-date="2026-08-01"]').hover();
    await expect(page.locator('.uptime-detail').textContent()).resolves.toMatch(/^2026-08-01: official 100%/);
    expect(problems).toEqual([]);
  });

  it('shows a model page with its price history chart and every offer, cheapest first', async () => {
    expect(richModel.endpoints.length, 'the committed data has a model with provider endpoints').toBeGreaterThan(0);
    expect(new Set(richModel.endpoints.map((e) => e.source)).size, 'offers from OpenRouter and a direct source').toBeGreaterThan(1);
    const blended = richModel.endpoints.map((e) => e.price.blended ?? Infinity);
    expect(blended).toEqual([...blended].sort((a, b) => a - b));
    const { page, problems } = await visit(`#/models/${richModel.id}`);
    await expect(page.locator('main h1').textContent()).resolves.toBe(richModel.name);
    await expect(page.locator('.description').textContent()).resolves.toBe(richModel.description);
    await expect(page.locator('svg.chart path.line-input').getAttribute('d')).resolves.toMatch(/^M[\d.]+,[\d.]+ L/);
    await expect(page.locator('details table tbody tr').count()).resolves.toBe(richModel.price_history.length);
    const offers = page.locator('table:has(caption:text("Every offer we know")) tbody tr');
    await expect(offers.locator('th').allTextContents()).resolves.toEqual(richModel.endpoints.map((e) => `${e.provider}${e.free ? ' (free)' : ''}${e.first_party ? ' (author)' : ''}`));
    await expect(offers.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-offer')))).resolves.toEqual(richModel.endpoints.map((e) => `${e.source}:${e.source_key}`));
    await page.screenshot({ path: join(ARTIFACTS, 'website-model.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('lists price changes and deprecations, and renders the API docs from the OpenAPI document', async () => {
    const changes = await api<unknown[]>('/api/v1/price-changes');
    const { page, problems } = await visit('#/changes');
    await expect(page.locator('main tbody tr').count()).resolves.toBe(changes.length);
    const deprecations = await api<unknown[]>('/api/v1/deprecations');
    await page.goto(`${serve.url}/#/deprecations`);
    await settled(page);
    await expect(page.locator('main tbody tr').count()).resolves.toBe(deprecations.length);
    await page.goto(`${serve.url}/#/docs`);
    await settled(page);
    const openapi = (await fetch(`${serve.url}/api/v1/openapi.json`).then((r) => r.json())) as { paths: Record<string, object> };
    await expect(page.locator('section.operation').count()).resolves.toBe(Object.keys(openapi.paths).length);
    // Parameters and responses referenced from components are resolved and shown.
    const cheapestOp = page.locator('section.operation', { has: page.locator('h3 code', { hasText: /^\/api\/v1\/cheapest$/ }) });
    await expect(cheapestOp.locator('tbody th code').allTextContents()).resolves.toEqual(['min_intel', 'min_context', 'vision', 'reasoning', 'tools', 'limit']);
    await expect(cheapestOp.locator('ul.responses li', { hasText: /^400/ }).textContent()).resolves.toMatch(/^400 \S/);
    // Markdown in descriptions becomes elements, never literal asterisks.
    await expect(page.locator('main').textContent()).resolves.not.toContain('**');
    await expect(page.locator('footer').textContent()).resolves.toContain('at least 60 seconds');
    expect(problems).toEqual([]);
  });

  it('skips to the content from the keyboard without leaving the page', async () => {
    const { page, problems } = await visit('#/models');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#/models');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Models by price');
    expect(problems).toEqual([]);
  });

  it('fits a phone screen, moves focus on navigation and explains unknown addresses', async () => {
    const { page, problems } = await visit('#/', { width: 360, height: 800 });
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'website-phone.png'), fullPage: false });
    await page.locator('nav a[href="#/models"]').focus();
    await page.keyboard.press('Enter');
    // The old page is settled too until the hashchange renders the new one: wait for the new title.
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Models by price');
    await settled(page);
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    await expect(page.locator('nav a[aria-current="page"]').textContent()).resolves.toBe('Models');
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    await page.goto(`${serve.url}/#/nowhere`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Page not found');
    await page.goto(`${serve.url}/#/models/acme/no-such-model`);
    await settled(page);
    await expect(page.locator('main [role="alert"]').textContent()).resolves.toMatch(/No such endpoint, model/);
    expect(problems.filter((p) => !(p.text.includes('404') && p.url.endsWith('/api/v1/models/acme/no-such-model.json')))).toEqual([]);
  });

  it('shows upstream text without bidi controls, so it cannot reorder the page\'s own text', async () => {
    const board = await visit('#/');
    const line = await board.page.locator('article[data-service="acme"] .service-line').first().textContent();
    expect(line).not.toMatch(BIDI);
    expect(line).toContain('Partial System Outage txet nwo ruo');
    const model = await visit('#/models/openai/gpt-4o');
    await expect(model.page.locator('main h1').textContent()).resolves.toBe('GPT-4o dekcajih');
    await expect(model.page.locator('main p.muted').first().textContent()).resolves.toBe('openai/gpt-4o · by openai');
    const html = await model.page.evaluate(() => document.body.innerText);
    expect(html).not.toMatch(BIDI);
    // Nor in the files behind the page, the feeds and the calendar.
    for (const file of await fg('api/v1/**/*', { cwd: publishDir })) expect(await readFile(join(publishDir, file), 'utf8'), file).not.toMatch(BIDI);
    expect([...board.problems, ...model.problems]).toEqual([]);
  });
});
