/**
 * A catalog beyond one reseller, through update, the build and the website in real Chromium, on a
 * small site: OpenRouter lists two chat models; the makers' own price list (LiteLLM's first-party
 * records) adds a realtime model and an embedding OpenRouter does not list. Each model states its
 * type and modalities, the non-text prices are unit prices with their units, and `cheapest` ranks
 * text-generation models only.
 */
import type { Browser } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../assemble/build-site.js';
import { HttpClient } from '../http/client.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import type { ModelDetail, ModelEntry } from '../types/api-types.js';
import { launchChromium, settled, startServeCli, visit, type ServeProcess } from '../testing/browser.js';
import { seedCatalog } from '../testing/seed.js';
import { saveModels } from '../store/data-store.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { updateFacts, type FactsRunReport } from '../update/facts.js';

const NOW = '2026-08-02T00:00:00Z';
const SLOW = 120_000;

const LITELLM = llmFile({
  'gpt-chat': llmRecord({ provider: 'openai', input: 2.5e-6, output: 1e-5 }),
  'gpt-realtime': llmRecord({ provider: 'openai', mode: 'realtime', input: 4e-6, output: 1.6e-5, fields: { input_cost_per_audio_token: 3.2e-5, output_cost_per_audio_token: 6.4e-5, supports_audio_input: true, supports_audio_output: true } }),
  // Its output "price" is 0: an embedding has no text output, and its cheap input never ranks in cheapest.
  'text-embedding-3-small': llmRecord({ provider: 'openai', mode: 'embedding', input: 2e-8, output: 0, max_output_tokens: null }),
  // A unit price no source could mean (negative) and a mode we do not know: reported and typed, not a crash.
  'odd-ocr': llmRecord({ provider: 'openai', mode: 'ocr', input: 1e-6, output: 1e-6, fields: { input_cost_per_image: -1 } }),
});

let upstream: UpstreamServer;
let serve: ServeProcess;
let browser: Browser;
let publishDir: string;
let report: FactsRunReport;

beforeAll(async () => {
  const dataDir = await tempDir('web-kinds-data');
  await seedCatalog(dataDir, [orModel({ id: 'openai/gpt-chat', prompt: '0.0000025', completion: '0.00001' }), orModel({ id: 'acme/tiny-chat', prompt: '0.0000001', completion: '0.0000002' })], '2026-08-01T00:00:00Z');
  // A shell an earlier version made from a maker's record before OpenRouter listed the model under its own spelling.
  const [tiny] = await seedCatalog(await tempDir('web-kinds-shell'), [orModel({ id: 'acme/tiny.chat' })], '2026-07-01T00:00:00Z').then((m) => [...m.values()]);
  await saveModels(dataDir, [{ ...tiny!, origin: 'first-party', delisted_at: '2026-08-01T00:00:00Z' }]);
  upstream = await startUpstreamServer({ '/litellm.json': { kind: 'json', body: LITELLM } });
  const http = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
  try {
    report = await updateFacts({ store: dataDir, now: NOW, http, only: ['litellm'], env: { MODELPULSE_LITELLM_URL: `${upstream.url}/litellm.json` } });
  } finally {
    await http.close();
  }
  publishDir = await tempDir('web-kinds-site');
  await buildSite({ store: dataDir, outDir: publishDir, siteUrl: 'https://modelpulse.test' });
  [serve, browser] = await Promise.all([startServeCli(publishDir), launchChromium()]);
}, 0);

afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await upstream?.close();
});

const published = async <T>(path: string) => (JSON.parse(await readFile(join(publishDir, 'api/v1', path), 'utf8')) as { data: T }).data;

describe('the makers\' own non-chat models, from update to the website', () => {
  it('update adds them beside the catalog, reporting what it holds back', () => {
    expect(report.firstPartyModels?.added).toEqual(['openai/gpt-realtime', 'openai/odd-ocr', 'openai/text-embedding-3-small']);
    expect(report.firstPartyModels?.superseded).toEqual(['acme/tiny.chat → acme/tiny-chat']);
    expect(report.sources[0]!.issues).toEqual(['odd-ocr: input_cost_per_image is negative: -1']);
  });

  it('publishes each model\'s type, modalities and unit prices, and ranks text generation only', async () => {
    const models = await published<ModelEntry[]>('models.json');
    const byId = new Map(models.map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual(['acme/tiny-chat', 'openai/gpt-chat', 'openai/gpt-realtime', 'openai/odd-ocr', 'openai/text-embedding-3-small']);
    expect(byId.get('openai/text-embedding-3-small')).toMatchObject({ type: 'embedding', price: { input: 0.02, output: null, blended: null }, unit_prices: [], modalities: { input: ['text'], output: [] } });
    expect(byId.get('openai/gpt-realtime')).toMatchObject({
      type: 'realtime',
      price: { input: 4, output: 16 },
      modalities: { input: ['audio', 'text'], output: ['audio', 'text'] },
      unit_prices: [
        { unit: '1m_tokens', kind: 'input_audio', usd: 32, source: 'litellm' },
        { unit: '1m_tokens', kind: 'output_audio', usd: 64, source: 'litellm' },
      ],
    });
    expect(byId.get('openai/odd-ocr')).toMatchObject({ type: 'other', unit_prices: [] });
    expect(byId.get('openai/gpt-chat')).toMatchObject({ type: 'chat' });
    const detail = await published<ModelDetail>('models/openai/gpt-realtime.json');
    expect(detail.endpoints.map((e) => [e.provider, e.source, e.first_party])).toEqual([['openai', 'litellm', true]]);
    expect(detail.source_url).toBe('https://github.com/BerriAI/litellm/blob/main/model_prices_and_context_window.json');
    // The realtime model has a text price, yet cheapest ranks chat and completion models only.
    expect((await published<ModelEntry[]>('cheapest.json')).map((m) => m.id)).toEqual(['acme/tiny-chat', 'openai/gpt-chat']);
  });

  it("model page: a non-text model's type, modalities and unit prices with their units", async () => {
    const { page, problems, close } = await visit(browser, `${serve.url}/#/models/openai/gpt-realtime`, { now: new Date('2026-08-03T00:00:00Z') });
    await settled(page);
    const facts = Object.fromEntries(await page.locator('dl.facts').evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));
    expect(facts).toMatchObject({ Type: 'realtime', Modalities: 'audio, text → audio, text', 'Unit prices': '$32 per 1M audio input tokens, $64 per 1M audio output tokens' });
    await page.goto(`${serve.url}/#/models/openai/text-embedding-3-small`);
    await settled(page);
    const embedding = Object.fromEntries(await page.locator('dl.facts').evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));
    expect(embedding).toMatchObject({ Type: 'embedding', Modalities: 'text → —' });
    expect(embedding['Unit prices']).toBeUndefined();
    // The models table says what a model is where it is not a chat model.
    await page.goto(`${serve.url}/#/models`);
    await settled(page);
    await expect(page.locator('tr[data-model="openai/text-embedding-3-small"] [data-type]').textContent()).resolves.toBe('embedding');
    await expect(page.locator('tr[data-model="openai/gpt-chat"] [data-type]').count()).resolves.toBe(0);
    // A model part of another says so, and links to it.
    await page.goto(`${serve.url}/#/models/acme/tiny.chat`);
    await settled(page);
    await expect(page.locator('[data-part-of] a').getAttribute('href')).resolves.toBe('#/models/acme/tiny-chat');
    expect(problems).toEqual([]);
    await close();
  }, SLOW);
});
