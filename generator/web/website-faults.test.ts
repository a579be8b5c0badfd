/**
 * The website in real headless Chromium against hostile and failing upstreams, on a small site:
 * a real status update recorded three services from local status pages and probes (an incident
 * named like an XSS attack, bidi controls, a page that fails, a service with no probe), over a
 * catalog of three models seeded the way update writes one (one description is hostile Markdown).
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fg from 'fast-glob';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { HttpClient } from '../http/client.js';
import type { ModelDetail, ModelEntry } from '../types/api-types.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { spIncident, spSummary } from '../status/platforms/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { DESKTOP, fitsWidth, launchChromium, navigate, PHONE, seriousAxeFindings, settled, startServeCli, visit, type ServeProcess } from '../testing/browser.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { updateStatus } from '../update/status.js';
import type { EndpointRecord, ModelRecord } from '../models/types.js';
import type { EndpointFigures } from '../status/endpoint-stats.js';
import { saveModels } from '../store/data-store.js';
import { saveTraffic } from '../store/traffic-store.js';
import { aaEnvelope, aaModel } from '../sources/artificialanalysis/fixtures.js';
import { factsFrom } from '../testing/facts-from.js';
import { PAGE_SIZE } from './catalogue.js';

const XSS_NAME = '<img src=x onerror=alert(1)>';
/** Upstream text with a right-to-left override (U+202E) and an isolate (U+2066): it must not reorder our text. */
const RLO = '\u202e';
const BIDI_DESCRIPTION = `Partial System Outage ${RLO}txet nwo ruo\u2066`;
const BIDI_MODEL_NAME = `Hostile ${RLO}dekcajih`;
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;
const HOSTILE_DESCRIPTION = `Better than [Plain](/models/acme/plain) and [the rankings](/rankings).\n\nTry ${XSS_NAME} or [click me](javascript:alert(2)) or [data](data:text/html,<b>x</b>).\n\n- **fast**\n- see https://docs.acme.example.com/models.`;
/** Long after the recorded runs: the reader of a site whose refresh stopped. */
const LATER = new Date('2026-11-23T12:00:00Z');
/** Ten minutes after the last recorded run. */
const SOON_AFTER = new Date('2026-08-02T00:10:00Z');
const SLOW = 120_000;
const ROCKET_INCIDENT = 'Elevated errors on Rocket 2';
/** Two minutes before the last status run: fresh when it judged. */
const OBSERVED_AT = '2026-08-01T23:58:00Z';

/** One OpenRouter endpoint's figures, as the sweep stores them. */
function figures(tag: string, uptime5m: number, latency: [number, number] | null, throughput: [number, number] | null): EndpointFigures {
  return { tag, provider: tag, provider_name: tag.replace(/^./, (c) => c.toUpperCase()), uptime_5m: uptime5m, uptime_30m: uptime5m, uptime_1d: 0.98, latency_ms: { p50: latency?.[0] ?? null, p90: latency?.[1] ?? null }, throughput_tps: { p50: throughput?.[0] ?? null, p90: throughput?.[1] ?? null } };
}

/** Status per model (issue 39): Rocket 2 served by two providers (one failing) and named by an open incident; Other lost by its only provider; the Acme models without figures. */
async function recordModelStatus(dataDir: string, seeded: ReadonlyMap<string, ModelRecord>): Promise<void> {
  const offer = (tag: string): EndpointRecord => ({ provider: tag.replace(/^./, (c) => c.toUpperCase()), tag, price: { input: 1, output: 4, cache_read: null, cache_write: null }, context_length: 128000, max_output: null, quantization: null, capabilities: { vision: false, reasoning: false, tools: false }, free: false, uptime_1d: 0.98 });
  const withOffers = (id: string, tags: string[]) => ({ ...seeded.get(id)!, endpoints: { updated_at: OBSERVED_AT, items: tags.map(offer) } });
  await saveModels(dataDir, [withOffers('dyno/rocket-2', ['dyno', 'fastcloud']), withOffers('bolt/other', ['bolt'])]);
  const read = (endpoints: EndpointFigures[]) => ({ attempted_at: OBSERVED_AT, succeeded_at: OBSERVED_AT, error: null, latest: { observed_at: OBSERVED_AT, endpoints }, day_first: null });
  await saveTraffic(dataDir, {
    pace: { level: 0, resume_at: null },
    models: {
      'dyno/rocket-2': read([figures('dyno', 0.99, [450, 1200], [85.5, 110]), figures('fastcloud', 0.2, null, null)]),
      'bolt/other': read([figures('bolt', 0.2, [3000, 9000], [4, 6])]),
    },
  });
  // Artificial Analysis' medians of Rocket 2, read the way update reads them.
  await factsFrom(dataDir, '2026-08-01T00:00:00Z', { '/aa/data/llms/models': { kind: 'json', body: aaEnvelope([{ ...aaModel({ key: 'dyno/rocket-2', name: 'Rocket 2' }), median_output_tokens_per_second: 92.5, median_time_to_first_token_seconds: 0.61 }]) } }, { MODELPULSE_ARTIFICIAL_ANALYSIS_URL: '/aa', ARTIFICIAL_ANALYSIS_API_KEY: '/key' }, ['artificialanalysis']);
}

let upstream: UpstreamServer;
let serve: ServeProcess;
let browser: Browser;
let publishDir: string;

async function recordStatus(dataDir: string): Promise<void> {
  upstream = await startUpstreamServer({
    '/acme/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', description: BIDI_DESCRIPTION, incidents: [spIncident({ name: XSS_NAME, shortlink: 'javascript:alert(2)' })] }) },
    // The page's own history: six hours of partial outage of the API on 2026-07-31.
    '/acme/api/v2/incidents.json': {
      kind: 'json',
      body: { page: {}, incidents: [spIncident({ id: 'hist1', name: 'Elevated latency', status: 'resolved', created_at: '2026-07-31T10:00:00Z', started_at: '2026-07-31T10:00:00Z', updated_at: '2026-07-31T16:00:00Z', resolved_at: '2026-07-31T16:00:00Z' })] },
    },
    // An open incident naming a model of the service's catalog (Rocket 2), and one naming none.
    '/dyno/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'minor', incidents: [spIncident({ id: 'r2', name: ROCKET_INCIDENT, impact: 'minor', created_at: '2026-08-01T20:00:00Z', started_at: '2026-08-01T20:00:00Z', updated_at: '2026-08-01T20:00:00Z' })] }) },
    '/dyno/api/v2/incidents.json': { kind: 'json', body: { page: {}, incidents: [] } },
    '/cinder/api/v2/summary.json': { kind: 'json', status: 500, body: { error: 'internal' } },
    '/cinder/api/v2/incidents.json': { kind: 'json', status: 500, body: { error: 'internal' } },
    '/probe/401': { kind: 'json', status: 401, body: { error: 'no key' } },
    '/probe/500': { kind: 'json', status: 500, body: { error: 'internal' } },
  });
  const probe = (path: string) => ({ url: `${upstream.url}${path}`, method: 'GET' as const, timeout_ms: 30_000 });
  const services: ServiceDefinition[] = [
    { id: 'acme', name: 'Acme AI', url: 'https://acme.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/acme` }, probe: probe('/probe/401') },
    { id: 'bolt', name: 'Bolt', url: 'https://bolt.example.com', status_page: { type: 'none', url: 'https://status.bolt.example.com' }, probe: probe('/probe/500') },
    { id: 'cinder', name: 'Cinder', url: 'https://cinder.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/cinder` }, probe: null },
    { id: 'dyno', name: 'Dyno', url: 'https://dyno.example.com', status_page: { type: 'statuspage', url: `${upstream.url}/dyno` }, probe: null },
  ];
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(services, null, 2));
  const pageHttp = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
  const probeHttp = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
  try {
    // Two days of probes, so the uptime bars have data. Every route answers at once: the generous
    // limits only keep a loaded machine from reading a slow answer as a failed probe.
    for (const now of ['2026-08-01T00:10:00Z', '2026-08-01T12:00:00Z', '2026-08-02T00:00:00Z']) {
      await updateStatus({ store: dataDir, now, pageHttp, probeHttp, budgetMs: 60_000 });
    }
  } finally {
    await Promise.all([pageHttp.close(), probeHttp.close()]);
  }
}

beforeAll(async () => {
  const dataDir = await tempDir('web-faults-data');
  const seeded = await seedCatalog(
    dataDir,
    [
      { ...orModel({ id: 'acme/hostile', name: BIDI_MODEL_NAME, prompt: '0.000001', completion: '0.000004', intelligence_index: 40 }), description: HOSTILE_DESCRIPTION },
      orModel({ id: 'acme/plain', name: 'Plain', prompt: '0.0000005', completion: '0.000001' }),
      orModel({ id: 'bolt/other', name: 'Other', prompt: '0.000002', completion: '0.000008' }),
      orModel({ id: 'dyno/rocket-2', name: 'Dyno: Rocket 2', prompt: '0.000001', completion: '0.000004' }),
    ],
    '2026-08-01T00:00:00Z',
  );
  await recordModelStatus(dataDir, seeded);
  await recordStatus(dataDir);
  publishDir = await tempDir('web-faults-site');
  await buildSite({ store: dataDir, outDir: publishDir, siteUrl: 'https://modelpulse.test' });
  [serve, browser] = await Promise.all([startServeCli(publishDir), launchChromium()]);
}, SLOW);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await upstream?.close();
});

const open = (hash: string, now = LATER, viewport: { width: number; height: number } = DESKTOP) => visit(browser, `${serve.url}/${hash}`, { viewport, now });

describe('the website against hostile and failing upstreams', () => {
  it('shows upstream incident names as text only, and explains every empty or failed side', async () => {
    const { page, problems, alerts, close } = await open('#/');
    const acme = page.locator('article[data-service="acme"]');
    await expect(acme.locator('.incident-name').textContent()).resolves.toBe(XSS_NAME);
    await expect(page.locator('main img').count()).resolves.toBe(0);
    await expect(page.locator('a[href^="javascript:"]').count()).resolves.toBe(0);
    // 2026-08-02 only (the page's day has no data yet, our probes 100%): 07-31 has the page's history
    // incident, and 08-01 the active one, whose claimed start (2026-08-04, after every run) is
    // refused, so it dates from the first check that saw it.
    await expect(acme.locator('.day-ok').count()).resolves.toBe(1);
    const sides = (id: string) => page.locator(`article[data-service="${id}"] .sides dd`).allTextContents();
    await expect(sides('bolt')).resolves.toEqual([
      'No machine-readable status page: our probe is the only check.',
      expect.stringMatching(/^Failing: HTTP 500, \d+ ms \(checked 113 days ago\)\.$/),
      // The third signal as it was read: figures as old as the card's probe read as the past.
      'Was down: 80% of requests failing over 5 minutes (1 endpoint of 1 model, read 113 days ago).',
    ]);
    await expect(page.locator('article[data-service="bolt"] .sides a').getAttribute('href')).resolves.toBe('https://status.bolt.example.com/');
    await expect(sides('cinder')).resolves.toEqual([expect.stringMatching(/^Could not read the status page: .*500.*\. No good read yet\.$/), 'No probe configured for this service.', 'No fresh real-traffic figures for its own endpoints.']);
    // A site whose refresh stopped says so at the top and on each card.
    await expect(page.locator('main [data-age]').textContent()).resolves.toMatch(/^This status data is 113 days old\./);
    await expect(acme.locator('.tag-stale').count()).resolves.toBe(1);
    expect(alerts).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('calls fresh data fresh: its age in minutes and no stale marks', async () => {
    const { page, close } = await open('#/', SOON_AFTER);
    await expect(page.locator('main [data-age]').getAttribute('data-age')).resolves.toBe('fresh');
    await expect(page.locator('main [data-age]').textContent()).resolves.toBe('Checked 10 minutes ago (2026-08-02 00:00 UTC); the checks are meant to run every 15 minutes.');
    await expect(page.locator('.tag-stale').count()).resolves.toBe(0);
    await expect(page.locator('article[data-service="acme"] .status').textContent()).resolves.toBe('Partial outage');
    // A site built without a live status URL says nothing about it: its age, as always.
    await expect(page.locator('main [data-live]').count()).resolves.toBe(0);
    await close();
  }, SLOW);

  it('draws a card that says why for an entry it cannot read, and the others as usual', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const body = JSON.parse(await readFile(join(publishDir, 'api/v1/status.json'), 'utf8')) as { data: Array<Record<string, unknown>> };
    body.data[0] = { id: 'acme', name: 'Acme AI' }; // fields missing: what a broken or older file could hold
    await page.route('**/api/v1/status.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) }));
    await page.goto(`${serve.url}/#/`);
    await settled(page);
    await expect(page.locator('article[data-service="acme"] [role="alert"]').textContent()).resolves.toMatch(/^This service's entry could not be read \(.+\)\.$/);
    await expect(page.locator('article[data-service="bolt"] .day').count()).resolves.toBe(90);
    await context.close();
  }, SLOW);

  it("shows official and probe uptime per day with the day's incidents, on hover and from the keyboard", async () => {
    const { page, problems, close } = await open('#/status/acme');
    const last = page.locator('.day[data-date="2026-08-02"]');
    await expect(last.getAttribute('tabindex')).resolves.toBe('0');
    await last.focus();
    await expect(page.locator('.uptime-detail').textContent()).resolves.toBe(`2026-08-02: official no data, our probes 100%; incidents: ${XSS_NAME} (major)`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(page.evaluate(() => (document.activeElement as HTMLElement).dataset.date)).resolves.toBe('2026-07-31');
    await expect(page.locator('.uptime-detail').textContent()).resolves.toBe('2026-07-31: official 92.5%, our probes no data; incidents: Elevated latency (major)');
    await page.locator('.day[data-date="2026-08-01"]').hover();
    await expect(page.locator('.uptime-detail').textContent()).resolves.toMatch(/^2026-08-01: official (\d|[1-9]\d)(\.\d+)?%, our probes 100%; incidents: <img src=x onerror=alert\(1\)> \(major\)$/);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('renders a hostile model description as text and safe links only, without bidi controls', async () => {
    const { page, problems, alerts, close } = await open('#/models/acme/hostile');
    const description = page.locator('.description');
    await expect(description.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).resolves.toEqual(['#/models/acme/plain', 'https://docs.acme.example.com/models']);
    await expect(description.locator('img, script, b').count()).resolves.toBe(0);
    await expect(description.textContent()).resolves.toContain(XSS_NAME);
    await expect(description.locator('strong').textContent()).resolves.toBe('fast');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Hostile dekcajih');
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(BIDI);
    // Nor in the files behind the pages, the feeds and the calendar (read synchronously: 12,000 small files).
    for (const file of await fg('api/v1/**/*', { cwd: publishDir })) expect(readFileSync(join(publishDir, file), 'utf8'), file).not.toMatch(BIDI);
    expect(alerts).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('keeps the catalogue to one page of rows at ten times the models, and every page reachable', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const index = JSON.parse(await readFile(join(publishDir, 'api/v1/models.json'), 'utf8')) as { data: ModelEntry[]; meta: object };
    const template = index.data[0]!;
    const many = Array.from({ length: 3180 }, (_, i) => ({ ...template, id: `lab${i % 40}/model-${String(i).padStart(4, '0')}`, name: `Model ${i}`, author: `lab${i % 40}` }));
    await page.route('**/api/v1/models.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...index, data: many }) }));
    await page.goto(`${serve.url}/#/models`);
    await settled(page);
    await expect(page.locator('table.models tbody tr').count()).resolves.toBe(PAGE_SIZE);
    await expect(page.locator('.pager').textContent()).resolves.toContain(`Page 1 of ${Math.ceil(many.length / PAGE_SIZE)}`);
    await page.locator('#f-q').fill('model-3179');
    // A search draws once the API names it also reads have arrived (asked for as the page opened).
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.getAttribute('data-count') === '1');
    await expect(page.locator('table.models tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')))).resolves.toEqual(['lab19/model-3179']);
    await page.goto(`${serve.url}/#/models?author=lab7&page=2`);
    await settled(page);
    await expect(page.locator('[role="status"]').textContent()).resolves.toMatch(/^51–80 of 80 models/);
    await page.goto(`${serve.url}/#/models?page=99`);
    await settled(page);
    await expect(page.locator('main [role="alert"]').textContent()).resolves.toBe('There is no page 99: these filters give 64 pages.');
    await context.close();
  }, SLOW);

  it("the accessibility check finds a serious problem when there is one (so an empty finding means something)", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.setContent('<!doctype html><html lang="en"><title>t</title><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button></main></html>');
    await expect(seriousAxeFindings(page).then((found) => found.map((f) => f.id).sort())).resolves.toEqual(['button-name', 'image-alt']);
    await context.close();
  }, SLOW);

  it('model page: the state and why, the providers side by side, Artificial Analysis beside OpenRouter, and the incident naming it', async () => {
    const model = JSON.parse(await readFile(join(publishDir, 'api/v1/models/dyno/rocket-2.json'), 'utf8')) as { data: ModelDetail };
    // What the build published (the page shows these): degraded by the incident, one provider of two failing.
    expect(model.data.status).toMatchObject({ state: 'degraded', reason: 'incident', providers: { up: 1, degraded: 0, down: 1, unknown: 0 }, speed: { openrouter: { throughput_tps: 85.5, latency_ms: 450 }, artificial_analysis: { output_tps: 92.5, ttft_ms: 610 } } });
    const { page, problems, apiRequests, close } = await open('#/models/dyno/rocket-2', SOON_AFTER);
    await expect(page.locator('.model-state').textContent()).resolves.toBe(
      'Degraded An open official incident names it. Since 2026-08-02 00:00 UTC. Providers: 1 up, 1 down (of 2 providers with a verdict). Judged 10 minutes ago (2026-08-02 00:00 UTC).',
    );
    await expect(page.locator('main > p.muted [data-state]').textContent()).resolves.toBe('Degraded');
    // Fastest first; the failing provider has no speed figures, so it comes last, its health from its uptime.
    const rows = page.locator('table:has(caption:text("real traffic")) tbody tr');
    await expect(rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)))).resolves.toEqual([
      ['Dyno', 'Up', '99%', '99%', '98%', '450 ms / 1200 ms', '85.5 tok/s / 110 tok/s', '12 minutes ago'],
      ['Fastcloud', 'Down', '20%', '20%', '98%', '—', '—', '12 minutes ago'],
    ]);
    await expect(page.locator('[data-speed="openrouter"] dd').textContent()).resolves.toBe('85.5 tok/s, 450 ms to the first token (observed 12 minutes ago).');
    await expect(page.locator('[data-speed="artificial_analysis"] dd').textContent()).resolves.toBe('92.5 tok/s, 610 ms to the first token. Source');
    await expect(page.locator('[data-speed="artificial_analysis"] a').getAttribute('href')).resolves.toMatch(/^https:\/\/artificialanalysis\.ai/);
    await expect(page.locator('ul[aria-label="Open incidents naming this model"] li').textContent()).resolves.toMatch(new RegExp(`^dyno: ${ROCKET_INCIDENT} investigating, minor impact, since 2026-08-01 20:00 UTC$`));
    await expect(page.locator('ul[aria-label="Open incidents naming this model"] a[href="#/status/dyno"]').count()).resolves.toBe(1);
    // A site without a live status URL says nothing of live data, and reads the model's file once.
    await expect(page.locator('main [data-live]').count()).resolves.toBe(0);
    expect(apiRequests.filter((p) => p.startsWith('/api/v1/models/'))).toEqual(['/api/v1/models/dyno/rocket-2.json']);
    await expect(page.locator('[data-figures-age]').count()).resolves.toBe(0);

    expect(problems).toEqual([]);
    await close();
    // Months later, the page says the judgement and the figures are old.
    const later = await open('#/models/bolt/other');
    await expect(later.page.locator('.model-state [data-state]').textContent()).resolves.toBe('Was outage');
    await expect(later.page.locator('.model-state').getAttribute('data-reason')).resolves.toBe('all_providers_down');
    await expect(later.page.locator('[data-figures-age]').textContent()).resolves.toMatch(/^These figures were read 113 days ago \(2026-08-01 23:58 UTC\)/);
    await expect(later.page.locator('table:has(caption:text("real traffic")) tbody tr td').nth(0).textContent()).resolves.toBe('Down');
    // A model without figures: unknown, and why; no speed on either side.
    await navigate(later.page, `${serve.url}/#/models/acme/plain`);
    await expect(later.page.locator('.model-state').textContent()).resolves.toMatch(/^Unknown No real-traffic figures yet \(OpenRouter publishes none for it, or none has been read\)\. Since 2026-08-02 00:00 UTC\. No provider with a verdict\./);
    await expect(later.page.locator('.sides.speed dd').allTextContents()).resolves.toEqual(['No figures.', 'No figures.']);
    await expect(later.page.locator('main').textContent()).resolves.toContain('No open official incident names this model.');
    expect(await seriousAxeFindings(later.page)).toEqual([]);
    expect(later.problems).toEqual([]);
    await later.close();
  }, SLOW);

  it('status board: the models in trouble above the services, and each service with its three signals side by side', async () => {
    const { page, problems, close } = await open('#/', SOON_AFTER);
    // The section comes before the first service card.
    await expect(page.evaluate(() => {
      const trouble = document.querySelector('section.trouble');
      const card = document.querySelector('article.service');
      return trouble !== null && card !== null && (trouble.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    })).resolves.toBe(true);
    const rows = page.locator('section.trouble tbody tr');
    // Worst first, as /api/v1/status/models lists them.
    await expect(rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-model')))).resolves.toEqual(['bolt/other', 'dyno/rocket-2']);
    await expect(rows.nth(0).locator('td').allTextContents()).resolves.toEqual(['Outage', 'every provider with figures is failing it', '1 down', '—', '2026-08-02 00:00 UTC']);
    await expect(rows.nth(1).locator('td').nth(1).textContent()).resolves.toBe('an open official incident names it');
    await expect(rows.nth(1).locator('td .incident-name').textContent()).resolves.toBe(ROCKET_INCIDENT);
    await expect(rows.nth(1).locator('th a').getAttribute('href')).resolves.toBe('#/models/dyno/rocket-2');
    await expect(page.locator('section.trouble [data-unknown]').textContent()).resolves.toMatch(/^2 models without a verdict, not listed: 2 no real-traffic figures yet/);
    // The third signal, never averaged into the status: Bolt's own endpoint is failing 80% of its requests.
    const traffic = (id: string) => page.locator(`article[data-service="${id}"] [data-signal="traffic"] dd`).textContent();
    await expect(traffic('bolt')).resolves.toBe('Down: 80% of requests failing over 5 minutes (1 endpoint of 1 model, read 12 minutes ago).');
    await expect(traffic('dyno')).resolves.toBe('Up: 1% of requests failing over 5 minutes (1 endpoint of 1 model, read 12 minutes ago).');
    await expect(traffic('cinder')).resolves.toBe('No fresh real-traffic figures for its own endpoints.');
    expect(await seriousAxeFindings(page)).toEqual([]);
    await expect(fitsWidth(page)).resolves.toBe(true);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('catalogue: sorts by speed, fastest first, unknown speeds last and shown as unknown, never 0', async () => {
    const { page, problems, close } = await open('#/models?sort=throughput', LATER, PHONE);
    const ids = () => page.locator('table.models tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-model')));
    await expect(ids()).resolves.toEqual(['dyno/rocket-2', 'bolt/other', 'acme/hostile', 'acme/plain']);
    await expect(page.locator('th[data-key="throughput"]').getAttribute('aria-sort')).resolves.toBe('descending');
    await expect(page.locator('tr[data-model="acme/plain"] td[data-throughput]').count()).resolves.toBe(0);
    await expect(page.locator('table.models tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td.num:nth-last-child(3)')?.textContent))).resolves.toEqual(['85.5 tok/s', '4 tok/s', '—', '—']);
    // Latency: lowest first, from the header button; unknown still last.
    await page.locator('th[data-key="latency"] button').click();
    await expect(ids()).resolves.toEqual(['dyno/rocket-2', 'bolt/other', 'acme/hostile', 'acme/plain']);
    await page.locator('th[data-key="latency"] button').click();
    await expect(ids()).resolves.toEqual(['bolt/other', 'dyno/rocket-2', 'acme/hostile', 'acme/plain']);
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#/models?sort=latency&order=desc');
    await expect(fitsWidth(page)).resolves.toBe(true);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('skips to the content, fits a phone, moves focus on navigation and explains unknown addresses', async () => {
    const { page, problems, close } = await open('#/models', LATER, PHONE);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#/models');
    await expect(fitsWidth(page)).resolves.toBe(true);
    await page.locator('nav a[href="#/deprecations"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Deprecations');
    await settled(page);
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H1');
    await expect(page.locator('nav a[aria-current="page"]').textContent()).resolves.toBe('Deprecations');
    await page.goto(`${serve.url}/#/nowhere`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Page not found');
    // A model id in the wrong case: not found, with the id meant one click away.
    await page.goto(`${serve.url}/#/models/Acme/Plain`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Model not found');
    await expect(page.locator('main a[href="#/models/acme/plain"]').textContent()).resolves.toBe('acme/plain');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);
});
