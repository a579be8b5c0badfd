/**
 * The website in real headless Chromium over the embedded default (the committed data/, built
 * as it is), served by `npm run serve`'s script, with the reader's clock on 2026-11-23: what a
 * new visitor sees. Every page is checked with axe-core at desktop and phone size, and, when
 * MODELPULSE_SCREENSHOTS=1 (CI's workflow), photographed into test-artifacts/website/ for a reviewer.
 * Hostile upstream text and failing pages are website-faults.test.ts's, on a small site.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapest } from '../query/cheapest.js';
import { parseCheapestQuery } from '../query/params.js';
import type { ModelDetail, ModelEntry } from '../types/api-types.js';
import { DESKTOP, fitsWidth, launchChromium, navigate, PHONE, reviewScreenshot, seriousAxeFindings, settled, startServeCli, visit, type ServeProcess } from '../testing/browser.js';
import { buildCommittedSite } from '../testing/built-site.js';
import type { ServiceListEntry } from '../render/status.js';
import { estimateEveryOffer, type CostModel } from '../query/cost.js';
import { readCostIndex } from '../query/cost-index.js';
import { apiNamesByModel, mixCosts, PAGE_SIZE, sortModels } from './catalogue.js';
import type { ApiNamesIndex } from '../query/resolve.js';
import { orderDeprecations, type DeprecationRow } from './deprecations.js';
import { formatTime, statusWords } from './format.js';
import { dataAge } from './freshness.js';
import { endpointDocs, type OpenApiDocument } from './openapi-view.js';

const READER_NOW = new Date('2026-11-23T12:00:00Z');
const READER_DAY = '2026-11-23';
// Browser work on a shared, busy machine: generous, and no assertion depends on it.
const SLOW = 120_000;

let serve: ServeProcess;
let browser: Browser;
let publishDir: string;

// The full committed site: building it takes what the machine takes (no timeout on it).
beforeAll(async () => {
  ({ publishDir } = await buildCommittedSite());
  [serve, browser] = await Promise.all([startServeCli(publishDir), launchChromium()]);
}, 0);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
});

async function published<T>(path: string): Promise<{ data: T; meta: Record<string, unknown> }> {
  return JSON.parse(await readFile(join(publishDir, 'api/v1', path), 'utf8')) as { data: T; meta: Record<string, unknown> };
}

const open = (hash: string, viewport: { width: number; height: number } = DESKTOP) => visit(browser, `${serve.url}/${hash}`, { viewport, now: READER_NOW });

describe('the website over the embedded default, on 2026-11-23', () => {
  it('status board: every service and the models in trouble from at most 5 API requests, and how old the data is', async () => {
    const { page, problems, apiRequests, close } = await open('#/');
    const { data: services, meta } = await published<ServiceListEntry[]>('status.json');
    expect(apiRequests.length, apiRequests.join(' ')).toBeLessThanOrEqual(5);
    // No service's own file: the models' status list is the one file below /api/v1/status/.
    expect(apiRequests.filter((p) => p.startsWith('/api/v1/status/'))).toEqual(['/api/v1/status/models.json']);
    // The committed status data was last checked weeks before the reader's day: the board says how long.
    const checkedAt = meta.checked_at as string;
    const age = dataAge(checkedAt, READER_NOW.getTime());
    expect(age.stale).toBe(true);
    await expect(page.locator('main [data-age]').getAttribute('data-age')).resolves.toBe('stale');
    await expect(page.locator('main [data-age]').textContent()).resolves.toMatch(new RegExp(`^This status data is ${age.age} old\\. Last checked ${formatTime(checkedAt)}`));
    await expect(page.locator('#as-of').textContent()).resolves.toMatch(/\(\d+ days ago\)/);
    // A card for every service, each with its three signals and a 90-day bar: never a blank card.
    await expect(page.locator('article.service h2').allTextContents()).resolves.toEqual(services.map((s) => s.name));
    for (const service of services) {
      const card = page.locator(`article[data-service="${service.id}"]`);
      await expect(card.locator('.sides dd').count(), service.id).resolves.toBe(3);
      await expect(card.locator('.day').count(), service.id).resolves.toBe(90);
    }
    // A service whose last read gave a status: the board says it was that, and that it is stale.
    const known = services.find((s) => s.status !== 'unknown')!;
    expect(known, 'the committed data has a service with a known status').toBeDefined();
    const card = page.locator(`article[data-service="${known.id}"]`);
    await expect(card.locator('.status').textContent()).resolves.toBe(`Was ${statusWords(known.status).toLowerCase()}`);
    await expect(card.locator('.tag-stale').textContent()).resolves.toBe('Stale');
    // Empty sides say why.
    const pageless = services.find((s) => s.official.platform === 'none')!;
    expect(pageless, 'the committed data has a service without a machine-readable page').toBeDefined();
    await expect(page.locator(`article[data-service="${pageless.id}"] .sides dd`).first().textContent()).resolves.toMatch(/^No machine-readable status page: our probe is the only check\./);
    const unread = services.find((s) => s.official.platform !== 'none' && s.official.fetched_at === null && s.official.error === null && s.probe === null && s.probe_configured);
    if (unread !== undefined) await expect(page.locator(`article[data-service="${unread.id}"] .sides dd`).allTextContents()).resolves.toEqual(['Status page not read yet.', 'Not probed yet.', expect.any(String)]);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('models: the whole catalogue, page by page, with a search that narrows it and any sort over the whole set', async () => {
    const models = (await published<ModelEntry[]>('models.json')).data;
    const { page, problems, alerts, close } = await open('#/models');
    const rowIds = () => page.locator('table.models tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')!));
    // Every model, following "Next" to the last page.
    const seen: string[] = [...(await rowIds())];
    while ((await page.locator('.pager a[rel="next"]').count()) > 0) {
      await page.locator('.pager a[rel="next"]').click();
      seen.push(...(await rowIds()));
    }
    expect(new Set(seen).size).toBe(models.length);
    expect([...seen].sort()).toEqual(models.map((m) => m.id).sort());

    // Sorting by intelligence ranks the whole catalogue, not the page shown.
    await page.goto(`${serve.url}/#/models`);
    await settled(page);
    await page.locator('th[data-key="intelligence"] button').click();
    const best = Math.max(...models.map((m) => m.benchmarks.intelligence_index ?? -1));
    await expect(page.locator('table.models tbody tr td:nth-child(7)').first().textContent()).resolves.toBe(String(best));
    await expect(page.locator('th[data-key="intelligence"]').getAttribute('aria-sort')).resolves.toBe('descending');

    // A search narrows the table; the address keeps search and sort, so a reload shows the same.
    await page.locator('#f-q').fill('gpt-4o');
    // The search reads each model's API names too (/api/v1/api-names.json).
    const apiNames = apiNamesByModel((await published<ApiNamesIndex>('api-names.json')).data);
    const matching = models.filter((m) => [m.name, m.id, ...(apiNames.get(m.id) ?? [])].join(' ').toLowerCase().includes('gpt-4o'));
    expect(matching.length).toBeGreaterThan(1);
    await expect(page.locator('[role="status"]').getAttribute('data-count')).resolves.toBe(String(matching.length));
    expect((await rowIds()).every((id) => matching.some((m) => m.id === id))).toBe(true);
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#/models?q=gpt-4o&sort=intelligence&order=desc');
    const before = await rowIds();
    await page.reload();
    await settled(page);
    await expect(rowIds()).resolves.toEqual(before);
    await expect(page.locator('#f-q').inputValue()).resolves.toBe('gpt-4o');

    // Search text that looks like markup, escapes or a flood is only ever searched for.
    for (const text of ['<img src=x onerror=alert(1)>', '%', '%E0%A4%A', '"', 'x'.repeat(5000)]) {
      await page.locator('#f-q').fill(text);
      await expect(page.locator('[role="status"]').getAttribute('data-count'), text.slice(0, 20)).resolves.toBe('0');
      await expect(page.locator('[role="status"]').textContent()).resolves.toMatch(/^No model matching “/);
    }
    await expect(page.locator('main img').count()).resolves.toBe(0);
    expect(alerts).toEqual([]);
    expect(problems).toEqual([]);

    // Addresses it cannot show say why.
    await page.goto(`${serve.url}/#/models?author=nobody`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('No such models');
    await expect(page.locator('main [role="alert"]').textContent()).resolves.toContain('“nobody”');
    await page.goto(`${serve.url}/#/models?colour=red`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Unknown filter');
    await close();
  }, SLOW);

  it('models: the cheapest view stays, answered precomputed or computed in the browser', async () => {
    const { page, problems, close } = await open('#/cheapest');
    await page.locator('#f-min_intel').fill('40');
    await page.locator('#f-min_intel').dispatchEvent('change');
    await page.locator('#f-vision').focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => location.hash === '#/cheapest?min_intel=40&vision=1&limit=20');
    await settled(page);
    const rowIds = () => page.locator('table.models tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')));
    const served = (await published<ModelEntry[]>('cheapest/min_intel/40/vision/limit/20.json')).data;
    await expect(rowIds()).resolves.toEqual(served.map((m) => m.id));
    await expect(page.locator('[role="status"]').textContent()).resolves.toContain('precomputed');
    // 37 is not a precomputed value: the client computes the answer with the shared code.
    await page.locator('#f-min_intel').fill('37');
    await page.locator('#f-min_intel').dispatchEvent('change');
    await page.waitForFunction(() => /computed in your browser/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
    const index = await published<ModelEntry[]>('models.json');
    const parsed = parseCheapestQuery([['min_intel', '37'], ['vision', '1'], ['limit', '20']]);
    if (!parsed.ok) throw new Error(parsed.message);
    await expect(rowIds()).resolves.toEqual(cheapest(index.data, parsed.query, index.meta.as_of as string | null).map((m) => m.id));
    // An address from before the catalogue (`#/models?…&limit=`) still opens this view.
    await page.goto(`${serve.url}/#/models?min_intel=40&limit=5`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Cheapest models');
    await expect(rowIds()).resolves.toHaveLength(5);
    // A filter given twice is refused with the message every host that reads values gives, no rows.
    await page.goto(`${serve.url}/#/cheapest?vision=1&vision=0`);
    await page.waitForFunction(() => /Invalid filter/.test(document.querySelector('[role="status"]')?.textContent ?? ''));
    await expect(page.locator('[role="status"]').textContent()).resolves.toBe('Invalid filter: vision is given more than once; give it at most once');
    await expect(rowIds()).resolves.toEqual([]);
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it("model page: upstream Markdown as text and our own links, one chart point per change, every offer", async () => {
    const model = (await published<ModelDetail>('models/openai/gpt-4o.json')).data;
    const { page, problems, close } = await open('#/models/openai/gpt-4o');
    // "[GPT-4 Turbo](/models/openai/gpt-4-turbo)" upstream: a link to our page, no Markdown left.
    await expect(page.locator('.description a[href="#/models/openai/gpt-4-turbo"]').textContent()).resolves.toBe('GPT-4 Turbo');
    await expect(page.locator('.description').textContent()).resolves.not.toMatch(/\]\(|\*\*/);
    // The whole history, back to genai-prices' copy of June 2025 (before the first catalog): one
    // chart point per change of input or output, none where only the cache price flickers.
    expect(model.price_history[0]!.at < '2026-03-29').toBe(true);
    const steps = (key: 'input' | 'output') => model.price_history.filter((p, i, all) => p[key] !== null && (i === 0 || p[key] !== all[i - 1]![key])).length;
    expect(model.price_history.length).toBeGreaterThan(steps('input'));
    await expect(page.locator('svg.chart circle.mark').count()).resolves.toBe(steps('input') + steps('output'));
    await expect(page.locator('details summary').first().textContent()).resolves.toBe(`Price history as a table (${model.price_history.length} entries, newest first)`);
    const offers = page.locator('table:has(caption:text("Every offer we know")) tbody tr');
    await expect(offers.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-offer')))).resolves.toEqual(model.endpoints.map((e) => `${e.source}:${e.source_key}`));
    const names = model.endpoints.map((e) => `${(e as { provider_name?: string }).provider_name ?? e.provider}${e.free ? ' (free)' : ''}${e.first_party ? ' (author)' : ''}`);
    await expect(offers.locator('th').allTextContents()).resolves.toEqual(names);
    // An active model with the maker's tentative earliest retirement date is active, "not before" it.
    const sonnet = (await published<ModelDetail>('models/anthropic/claude-sonnet-5.json')).data;
    expect(sonnet.lifecycle).toMatchObject({ status: 'active', not_before: '2027-06-30' });
    await page.goto(`${serve.url}/#/models/anthropic/claude-sonnet-5`);
    await settled(page);
    await expect(page.locator('[data-lifecycle="active"]').textContent()).resolves.toMatch(/^Active: no retirement date announced; not before 2027-06-30\./);
    await expect(page.locator('main').textContent()).resolves.not.toMatch(/deprecated/i);
    // An unknown model is a clear not-found state with a way on.
    await page.goto(`${serve.url}/#/models/acme/no-such-model`);
    await settled(page);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Model not found');
    await expect(page.locator('main a[href="#/models?q=no-such-model"]').count()).resolves.toBe(1);
    expect(problems.filter((p) => !p.url.endsWith('/api/v1/models/acme/no-such-model.json'))).toEqual([]);
    await close();
  }, SLOW);

  it('API names: the catalogue finds a model by any of its API names, and its page lists them per provider', async () => {
    const index = (await published<ApiNamesIndex>('api-names.json')).data;
    const id = index.providers['amazon-bedrock']!['us.anthropic.claude-sonnet-4-5-20250929-v1:0']!;
    expect(id).toBe('anthropic/claude-sonnet-4.5');
    const { page, problems, close } = await open('#/models?q=us.anthropic.claude-sonnet-4-5-20250929-v1:0');
    const rowIds = () => page.locator('table.models tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-model')!));
    await expect(rowIds()).resolves.toEqual([id]);
    await page.locator('#f-q').fill('claude-sonnet-4-5-20250929');
    await expect(page.locator('[role="status"]').getAttribute('data-count')).resolves.toBe('1');
    await expect(rowIds()).resolves.toEqual([id]);
    // The model page: one row per provider, every name its offers list.
    const model = (await published<ModelDetail>(`models/${id}.json`)).data;
    await page.goto(`${serve.url}/#/models/${id}`);
    await settled(page);
    const expected = new Map<string, Set<string>>();
    for (const offer of model.endpoints) for (const name of offer.api_names) expected.set(offer.provider, (expected.get(offer.provider) ?? new Set()).add(name));
    const rows = page.locator('table:has(caption:text("API accepts")) tbody tr');
    await expect(rows.evaluateAll((trs) => trs.map((r) => r.getAttribute('data-api-names')))).resolves.toEqual([...expected.keys()].sort());
    await expect(page.locator('tr[data-api-names="amazon-bedrock"] code').allTextContents()).resolves.toEqual([...expected.get('amazon-bedrock')!].sort());
    await expect(page.locator('tr[data-api-names="anthropic"] code').allTextContents()).resolves.toContain('claude-sonnet-4-5-20250929');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('cost: the model page prices a token mix per offer with the shared module, and the catalogue sorts by it', async () => {
    const model = (await published<ModelDetail>('models/anthropic/claude-sonnet-4.json')).data;
    const usage = { input_tokens: 250_000, cache_read_tokens: 200_000, cache_write_tokens: 0, output_tokens: 1_000 };
    const expected = estimateEveryOffer(model as unknown as CostModel, usage);
    const { page, problems, close } = await open('#/models/anthropic/claude-sonnet-4');
    await page.locator('#cost-input').fill('250000');
    await page.locator('#cost-cache_read').fill('200000');
    await page.locator('#cost-output').fill('1000');
    await page.waitForFunction(() => location.hash.endsWith('?input=250000&cache_read=200000&cache_write=0&output=1000'));
    const rows = page.locator('.cost-box tbody tr');
    await expect(rows.evaluateAll((trs) => trs.map((r) => r.getAttribute('data-offer')))).resolves.toEqual(expected.map((e) => e.provider ?? 'headline'));
    await expect(rows.locator('td.total').evaluateAll((tds) => tds.map((td) => td.getAttribute('data-total')))).resolves.toEqual(expected.map((e) => (e.total_usd === null ? '' : String(e.total_usd))));
    // The whole prompt is past 200K: the long-context rates, for every part of the request.
    expect(expected[0]).toMatchObject({ tier: { min_prompt_tokens: 200_000 }, missing: [] });
    await expect(rows.first().locator('td').nth(1).textContent()).resolves.toBe('above 200K prompt tokens');
    // A mix that cannot be: said, and the field marked.
    await page.locator('#cost-cache_read').fill('300000');
    await expect(page.locator('#cost-cache_read').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('.cost-box [role="status"]').textContent()).resolves.toMatch(/^“of which cache reads”: 300000 is more than/);

    // The catalogue for a stated mix: a cost column, sorted by it, from one more request.
    const models = (await published<ModelEntry[]>('models.json')).data;
    const costs = mixCosts(readCostIndex((await published<unknown>('cost-index.json')).data), { input_tokens: 1_000_000, output_tokens: 10_000 });
    const ranked = sortModels(models, 'cost', 'asc', costs).slice(0, PAGE_SIZE).map((m) => m.id);
    await navigate(page, `${serve.url}/#/models?input=1000000&output=10000`);
    await expect(page.locator('th[data-key="cost"]').getAttribute('aria-sort')).resolves.toBe('ascending');
    await expect(page.locator('table.models tbody tr').evaluateAll((trs) => trs.map((r) => r.getAttribute('data-model')))).resolves.toEqual(ranked);
    await expect(page.locator('table.models tbody tr td[data-cost]').first().getAttribute('data-cost')).resolves.toBe(String(costs.get(ranked[0]!)!.total_usd));
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it("deprecations: the next retirement first, judged on the reader's day", async () => {
    const rows = (await published<DeprecationRow[]>('deprecations.json')).data;
    const expected = orderDeprecations(rows, READER_DAY);
    const { page, problems, close } = await open('#/deprecations');
    const shown = await page.locator('main tbody tr').evaluateAll((trs) => trs.map((r) => r.getAttribute('data-model')));
    expect(shown).toEqual(expected.map((d) => d.row.model_id));
    // The first row is the soonest date still ahead of the reader.
    const upcoming = rows.filter((r) => r.retirement_date > READER_DAY).map((r) => r.retirement_date).sort();
    await expect(page.locator('main tbody tr').first().locator('td').first().textContent()).resolves.toBe(upcoming[0]);
    // A date that passed after the data was read shows as retired, whatever the file said then.
    const passedSince = rows.find((r) => !r.retired && r.retirement_date <= READER_DAY);
    expect(passedSince, 'the committed data has a retirement that passed after its as-of day').toBeDefined();
    await expect(page.locator(`tr[data-model="${passedSince!.model_id}"]`).getAttribute('class')).resolves.toBe('retired');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);

  it('docs: one section per endpoint with a curl line and a real excerpt, and links to each section', async () => {
    const openapi = JSON.parse(await readFile(join(publishDir, 'api/v1/openapi.json'), 'utf8')) as OpenApiDocument;
    const endpoints = endpointDocs(openapi);
    const { page, problems, close } = await open('#/docs');
    const sections = page.locator('section.operation');
    await expect(sections.count()).resolves.toBe(endpoints.length);
    // Each path appears in one section only (the routed and file forms of an endpoint share one).
    const paths = await sections.locator('.addresses code').allTextContents();
    expect(new Set(paths).size).toBe(paths.length);
    // Every GET (the remote MCP endpoint is a POST, described in the document, not tried here).
    expect(paths.sort()).toEqual(Object.entries(openapi.paths!).filter(([, item]) => item.get !== undefined).map(([path]) => path).sort());
    await expect(sections.locator('pre.curl').count()).resolves.toBe(endpoints.length);
    await page.waitForFunction(() => ![...document.querySelectorAll('figure.example pre code')].some((c) => /^Loading/.test(c.textContent ?? '')));
    const excerpts = await page.locator('figure.example pre code').allTextContents();
    expect(excerpts.filter((text) => text.startsWith('(could not load'))).toEqual([]);
    const status = await page.locator('#ep-status figure.example pre code').textContent();
    expect(status).toMatch(/"uptime_90d_summary": \{/);
    await expect(page.locator('#ep-cheapest pre.curl').textContent()).resolves.toBe(`curl -s '${serve.url}/api/v1/cheapest.json'\ncurl -s '${serve.url}/api/v1/cheapest?min_intel=40&min_context=128000&vision=1'`);
    // A section's address opens the docs there, from anywhere.
    await page.goto(`${serve.url}/#/docs/cheapest`);
    await settled(page);
    await expect(page.evaluate(() => document.activeElement?.closest('section')?.id)).resolves.toBe('ep-cheapest');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);
});

/** Every page of the site, named for its screenshot; `axe` marks the pages axe-core checks at phone size too. */
const PAGES: Array<{ name: string; hash: string; axeOnPhone: boolean }> = [
  { name: 'status', hash: '#/', axeOnPhone: true },
  { name: 'service', hash: '#/status/anthropic', axeOnPhone: false },
  { name: 'models', hash: '#/models', axeOnPhone: true },
  { name: 'models-cost', hash: '#/models?input=100000&cache_read=50000&output=2000', axeOnPhone: true },
  { name: 'cheapest', hash: '#/cheapest', axeOnPhone: false },
  { name: 'model', hash: '#/models/openai/gpt-4o', axeOnPhone: true },
  { name: 'changes', hash: '#/changes', axeOnPhone: false },
  { name: 'deprecations', hash: '#/deprecations', axeOnPhone: true },
  { name: 'docs', hash: '#/docs', axeOnPhone: true },
  { name: 'not-found', hash: '#/nowhere', axeOnPhone: false },
];

describe('every page at desktop and phone size', () => {
  // One page per size, navigated from address to address (axe-core is loaded into it once).
  it.each([['desktop', DESKTOP], ['phone', PHONE]] as const)('at %s size: each page with nothing serious for axe-core and no sideways scrolling (a screenshot when asked)', async (size, viewport) => {
    const { page, problems, close } = await open(PAGES[0]!.hash, viewport);
    const findings: Record<string, unknown> = {};
    for (const { name, hash, axeOnPhone } of PAGES) {
      if (hash !== PAGES[0]!.hash) await navigate(page, `${serve.url}/${hash}`);
      if (name === 'docs') await page.waitForFunction(() => ![...document.querySelectorAll('figure.example pre code')].some((c) => /^Loading/.test(c.textContent ?? '')));
      // JPEG: a reviewer's look at the page, not a pixel comparison; it encodes in about half of PNG's time.
      await reviewScreenshot(page, `website/${name}-${size}.jpeg`, { fullPage: true, type: 'jpeg', quality: 80 });
      if (size === 'desktop' || axeOnPhone) findings[name] = await seriousAxeFindings(page);
      await expect(fitsWidth(page), name).resolves.toBe(true);
    }
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((name) => [name, []])));
    expect(problems).toEqual([]);
    await close();
  }, SLOW);
});
