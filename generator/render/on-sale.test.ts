/**
 * Who takes part in ranking, through update and the render: a maker's own model that only a price
 * list carries (LiteLLM keeps retired models so old bills can be priced) is a full model (detail,
 * API names, resolveModel) but never in `cheapest`, the model index the Worker and the client answer
 * off-grid queries from, nor the cost index; one the maker's own page lists as active takes part.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { googlePage } from '../sources/firstparty/fixtures.js';
import { llmFile, llmRecord } from '../sources/litellm/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { answerText, buildModelIndex, readModelIndex } from '../query/model-index.js';
import { DEFAULT_QUERY } from '../query/cheapest.js';
import { readCostIndex } from '../query/cost-index.js';
import { readApiNamesIndex, resolveModel } from '../query/resolve.js';
import type { ModelDetail, ModelEntry } from '../types/api-types.js';
import { renderSite, type RenderedSite } from '../testing/rendered-site.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { factsFrom } from '../testing/facts-from.js';
import { isOnSale } from './models.js';

const NOW = '2026-08-02T00:00:00Z';
const RETIRED = 'google/gemini-old-8b';
const ACTIVE = 'google/gemini-live-x';

const LITELLM = llmFile({
  // The cheapest price of all, on a model no source lists as on sale today.
  'gemini/gemini-old-8b': llmRecord({ provider: 'gemini', input: 1e-8, output: 2e-8 }),
  // Google's page lists it without a shutdown date: on sale.
  'gemini/gemini-live-x': llmRecord({ provider: 'gemini', input: 2e-8, output: 4e-8 }),
});
const GOOGLE = googlePage([{ name: 'gemini-live-x', shutdown: 'No shutdown date announced', replacement: '' }]);

let site: RenderedSite;
const ids = (list: readonly { id: string }[]) => list.map((m) => m.id);

beforeAll(async () => {
  const dataDir = await tempDir('on-sale-data');
  await seedCatalog(dataDir, [orModel({ id: 'openai/gpt-chat', prompt: '0.0000025', completion: '0.00001' }), orModel({ id: 'acme/tiny-chat', prompt: '0.0000001', completion: '0.0000002' })], '2026-08-01T00:00:00Z');
  const routes = { '/litellm.json': { kind: 'json' as const, body: LITELLM }, '/google.md': { kind: 'text' as const, body: GOOGLE, headers: { 'content-type': 'text/markdown' } } };
  await factsFrom(dataDir, NOW, routes, { MODELPULSE_LITELLM_URL: '/litellm.json', MODELPULSE_GOOGLE_DEPRECATIONS_URL: '/google.md' }, ['litellm', 'google-deprecations']);
  site = await renderSite(dataDir, 'https://modelpulse.test');
}, 60_000);

describe('on sale', () => {
  it('a maker-only model no source lists as on sale is a full model, marked so', () => {
    const models = site.json<{ data: ModelEntry[] }>('api/v1/models.json').data;
    expect(models.find((m) => m.id === RETIRED)).toMatchObject({ on_sale: false, type: 'chat', price: { input: 0.01, output: 0.02 } });
    expect(models.find((m) => m.id === ACTIVE)).toMatchObject({ on_sale: true, lifecycle: { status: 'active' } });
    expect(models.find((m) => m.id === 'acme/tiny-chat')?.on_sale).toBe(true);
    const detail = site.json<{ data: ModelDetail }>(`api/v1/models/${RETIRED}.json`).data;
    expect(detail).toMatchObject({ id: RETIRED, on_sale: false, delisted_at: null });
    // Its API name still resolves to it and its price: old bills can be priced.
    const index = readApiNamesIndex(site.json('api/v1/api-names.json'));
    const resolved = resolveModel({ provider: 'google', model: 'gemini-old-8b' }, { index, detail: (id) => (id === RETIRED ? detail : undefined), asOf: NOW });
    expect(resolved).toMatchObject({ model: RETIRED, price: { input: 0.01, output: 0.02 } });
  });

  it('only on-sale models rank: the grid, the model index (the Worker and the client off the grid) and the cost index', () => {
    const grid = site.json<{ data: ModelEntry[] }>('api/v1/cheapest.json').data;
    expect(ids(grid)).toEqual([ACTIVE, 'acme/tiny-chat', 'openai/gpt-chat']);
    const modelsText = JSON.stringify(site.json('api/v1/models.json'));
    const index = readModelIndex(buildModelIndex(modelsText, ['acme', 'google', 'openai'], ''));
    expect(Array.from({ length: index.size }, (_, row) => (JSON.parse(index.entryText(row)) as ModelEntry).id)).toEqual(ids(grid));
    // An off-grid query (limit 7 is no precomputed variant): the answer the Worker and the client give.
    const offGrid = JSON.parse(answerText(index, { ...DEFAULT_QUERY, limit: 7 })) as { data: ModelEntry[] };
    expect(ids(offGrid.data)).toEqual(ids(grid));
    const costIndex = readCostIndex(site.json<{ data: unknown }>('api/v1/cost-index.json').data);
    expect(ids(costIndex).sort()).toEqual(ids(grid).sort());
  });
});

describe('isOnSale', () => {
  it('OpenRouter listing or the maker\'s active status; a delisted model never', () => {
    expect(isOnSale({ delisted_at: null }, null)).toBe(true);
    expect(isOnSale({ origin: 'first-party', delisted_at: null }, 'active')).toBe(true);
    for (const status of [null, 'legacy', 'deprecated', 'retired'] as const) expect(isOnSale({ origin: 'first-party', delisted_at: null }, status)).toBe(false);
    expect(isOnSale({ delisted_at: '2026-07-01T00:00:00Z' }, 'active')).toBe(false);
  });
});
