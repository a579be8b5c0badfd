import { describe, expect, it } from 'vitest';
import { renderApi } from '../render/site.js';
import { isRenderedText } from '../render/rendered.js';
import { orModel } from '../sources/openrouter/fixtures.js';
import { loadDataset } from '../store/data-store.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { VOLATILE_KEYS } from '../publish/fingerprint.js';
import { precomputedQueries } from '../query/variants.js';
import { responseJson } from './response-json.js';

/** The obvious way: a copy of the body with every volatile value replaced by null. */
function nulled(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nulled);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, (VOLATILE_KEYS as readonly string[]).includes(k) ? null : nulled(v)]));
  return value;
}
const nullVolatile = (key: string, value: unknown) => ((VOLATILE_KEYS as readonly string[]).includes(key) ? null : value);

describe('responseJson', () => {
  it('gives exactly JSON.stringify\'s text for every response of a rendered site, with and without a replacer', async () => {
    const dataDir = await tempDir('response-json');
    await seedCatalog(dataDir, [orModel({ id: 'a/one', intelligence_index: 50 }), orModel({ id: 'b/two', input_modalities: ['text', 'image'] }), orModel({ id: 'b/free', prompt: '0', completion: '0' })], '2026-08-01T00:00:00Z');
    const files = renderApi(await loadDataset(dataDir), { siteUrl: 'https://x.test' });
    let checked = 0;
    for (const file of files) {
      if (isRenderedText(file)) continue;
      expect(responseJson(file.body), file.path).toBe(JSON.stringify(file.body));
      expect(responseJson(file.body, nullVolatile), file.path).toBe(JSON.stringify(nulled(file.body)));
      checked += 1;
    }
    // Every cheapest variant of the grid and the rest.
    expect(checked).toBeGreaterThan(precomputedQueries().length);
  });

  it('handles odd items as JSON.stringify does', () => {
    const shared = { a: 1, updated_at: 'x' };
    const body = { data: [shared, null, 3, 'text', undefined, shared, [shared]], meta: { updated_at: 'y', n: [1] } };
    expect(responseJson(body)).toBe(JSON.stringify(body));
    expect(responseJson(body, nullVolatile)).toBe(JSON.stringify(nulled(body)));
    expect(responseJson({ meta: {}, data: [] })).toBe(JSON.stringify({ meta: {}, data: [] }));
  });
});
