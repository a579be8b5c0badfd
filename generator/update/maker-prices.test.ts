import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { mistralFiles } from '../sources/firstparty/fixtures.js';
import { gpModel, gpProvider } from '../sources/genaiprices/fixtures.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { modelDetail, priceChanges } from '../render/models.js';
import { loadDataset } from '../store/data-store.js';
import { seedCatalog } from '../testing/seed.js';
import { sourcedModels } from '../testing/sourced-models.js';
import { tempDir } from '../testing/tree.js';
import { useLocalUpstream } from '../testing/upstream-faults.js';
import { updateFacts } from './facts.js';

const local = useLocalUpstream();
let dataDir: string;

beforeEach(async () => {
  dataDir = await tempDir('maker-prices');
  // OpenRouter, read on 2026-08-01: Mistral Big 2.1 at $2/$6.
  await seedCatalog(dataDir, [orModel({ id: 'mistralai/mistral-big-2411', prompt: '0.000002', completion: '0.000006' })], '2026-08-01T00:00:00Z');
});

const md = (body: string) => ({ kind: 'text' as const, body, headers: { 'content-type': 'text/markdown' } });
const GENAI = '/genai-prices/data.json';
const env = () => ({ MODELPULSE_GENAI_PRICES_URL: `${local.server.url}${GENAI}`, MODELPULSE_MISTRAL_DEPRECATIONS_URL: `${local.server.url}/mistral` });

/** Mistral's definitions with Mistral Big 2.1 at `input`/`output`, and genai-prices' copy at $2/$6. */
function routes(input: number, output: number, genai = { input: 2, output: 6 }) {
  const files = mistralFiles([{ file: 'big-2-1', name: 'Mistral Big 2.1', status: 'GA', apiNames: ['mistral-big-2411'], pricing: { input, output } }]);
  return {
    ...Object.fromEntries(Object.entries(files).map(([file, text]) => [`/mistral/${file}`, md(text)])),
    [GENAI]: { kind: 'json' as const, body: [gpProvider('mistral', [gpModel({ id: 'mistral-big-2411', prices: { input_mtok: genai.input, output_mtok: genai.output } })])] },
  };
}

const read = (now: string, only: Array<'genai-prices' | 'mistral-deprecations'> = ['genai-prices', 'mistral-deprecations']) => updateFacts({ store: dataDir, now, http: local.http, env: env(), only });

async function rendered(asOf: string) {
  const models = sourcedModels(await loadDataset(dataDir), asOf);
  const model = (id: string) => models.find((m) => m.record.id === id)!;
  return { detail: (id: string) => modelDetail(model(id)), model, changes: priceChanges(models, asOf) };
}

describe("the makers' own prices in the facts stage", () => {
  it("keeps every price Mistral's page stated, and publishes the maker's word over a copy that has not moved since", async () => {
    local.server.setRoutes(routes(2, 6));
    const first = await read('2026-08-02T00:00:00Z');
    expect(first.ok).toBe(true);
    expect(first.offerDisagreements).toEqual([]);
    expect((await rendered('2026-08-02T00:00:00Z')).detail('mistralai/mistral-big-2411').endpoints.find((o) => o.provider === 'mistral')).toMatchObject({ source: 'genai-prices', price: { input: 2, output: 6 } });

    // Mistral cuts the price on its own page; genai-prices and OpenRouter still say $2/$6.
    local.server.setRoutes(routes(1.5, 4.5));
    const later = await read('2026-09-02T00:00:00Z');
    const history = JSON.parse(await readFile(join(dataDir, 'price-history', 'mistral-deprecations.json'), 'utf8')) as { offers: Record<string, unknown> };
    expect(history.offers['mistral-big-2411']).toEqual([
      { at: '2026-08-02T00:00:00Z', input: 2, output: 6, cache_read: null, cache_write: null },
      { at: '2026-09-02T00:00:00Z', input: 1.5, output: 4.5, cache_read: null, cache_write: null, previous_seen_at: '2026-08-02T00:00:00Z' },
    ]);
    // Who said what: the maker's word stands, and no record says it.
    expect(later.offerDisagreements.map((d) => [d.model_id, d.provider, d.published, d.reason, d.maker_unfollowed, d.words.map((w) => [w.source, w.input, w.output, w.fresh_at])])).toEqual([
      [
        'mistralai/mistral-big-2411',
        'mistral',
        { source: 'maker', source_key: 'mistral-big-2411' },
        'maker',
        true,
        [
          ['mistral-deprecations', 1.5, 4.5, '2026-09-02T00:00:00Z'],
          ['genai-prices', 2, 6, null],
          ['openrouter', 2, 6, null],
        ],
      ],
    ]);
    const saved = JSON.parse(await readFile(join(dataDir, 'reports', 'disagreements.json'), 'utf8')) as { offers: unknown[] };
    expect(saved.offers).toHaveLength(1);

    // The maker's own offer is published at its page's price, named by its page; its move is the maker's news.
    const { detail, changes } = await rendered('2026-09-02T00:00:00Z');
    const mistral = detail('mistralai/mistral-big-2411').endpoints.find((o) => o.provider === 'mistral')!;
    expect(mistral).toMatchObject({ source: 'maker', source_key: 'mistral-big-2411', first_party: true, price: { input: 1.5, output: 4.5 } });
    // $2/$6 from OpenRouter's first sighting of it, the page's first read a day later.
    expect(mistral.price_history.map((p) => [p.at, p.input, p.output])).toEqual([
      ['2026-08-01T00:00:00Z', 2, 6],
      ['2026-09-02T00:00:00Z', 1.5, 4.5],
    ]);
    expect(detail('mistralai/mistral-big-2411').cheapest_offer).toMatchObject({ source: 'maker', price: { input: 1.5, output: 4.5 } });
    // OpenRouter's own listing did not move: the model's price and its changes are OpenRouter's.
    expect(changes).toEqual([]);
  });

  it('takes a curated statement of a maker\'s page (data/maker-prices.json) as the witness of a copy\'s move', async () => {
    const statement = {
      api_names: ['mistral-big-2411'],
      from: '2026-08-20T00:00:00Z',
      until: null,
      price: { input: 1.5, output: 4.5, cache_read: null, cache_write: null },
      provider: 'mistral',
      read_at: '2026-08-12',
      source_url: 'https://docs.mistral.ai/models/mistral-big-2-1-24-11',
      note: 'announced ahead on the model page',
    };
    local.server.setRoutes(routes(2, 6));
    await read('2026-08-02T00:00:00Z', ['genai-prices']);
    local.server.setRoutes(routes(2, 6, { input: 1.5, output: 4.5 }));
    await read('2026-10-01T00:00:00Z', ['genai-prices']);
    // OpenRouter showed $2/$6, genai-prices alone moved: its word, never news (no witness of the change).
    const alone = await rendered('2026-10-01T00:00:00Z');
    expect(alone.detail('mistralai/mistral-big-2411').endpoints.find((o) => o.provider === 'mistral')!.price_history.map((p) => [p.at, p.input])).toEqual([
      ['2026-08-01T00:00:00Z', 2],
      ['2026-10-01T00:00:00Z', 1.5],
    ]);
    expect(alone.model('mistralai/mistral-big-2411').witnessed.moves.map((m) => m.verdict)).toEqual(['unwitnessed']);

    await writeFile(join(dataDir, 'maker-prices.json'), JSON.stringify({ statements: [statement] }));
    const witnessed = await rendered('2026-10-01T00:00:00Z');
    // The maker's page dates the change: it is one, at the maker's time.
    expect(witnessed.detail('mistralai/mistral-big-2411').endpoints.find((o) => o.provider === 'mistral')!.price_history.map((p) => [p.at, p.input])).toEqual([
      ['2026-08-01T00:00:00Z', 2],
      ['2026-08-20T00:00:00Z', 1.5],
    ]);
    expect(witnessed.model('mistralai/mistral-big-2411').witnessed.moves.map((m) => [m.verdict, m.witnesses])).toEqual([['maker', ['maker-prices mistral mistral-big-2411 2026-08-20T00:00:00Z']]]);

    await writeFile(join(dataDir, 'maker-prices.json'), JSON.stringify({ statements: [{ ...statement, until: '2026-08-01T00:00:00Z' }] }));
    await expect(loadDataset(dataDir)).rejects.toThrow(/maker-prices\.json.*ends .* before it starts/);
  });
});
