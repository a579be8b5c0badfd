import { describeJsonFileFetch } from '../../testing/json-source.js';
import { DEFAULT_URL, genaiPricesUrl, readGenaiPrices, URL_ENV } from './index.js';
import { gpCatalog } from './fixtures.js';

describeJsonFileFetch({
  name: 'readGenaiPrices',
  source: 'genai-prices',
  path: '/pydantic/genai-prices/main/prices/data.json',
  read: (http, url) => readGenaiPrices(http, url, '2026-08-01T00:00:00Z'),
  urlOf: { name: 'genaiPricesUrl', resolve: genaiPricesUrl },
  envName: URL_ENV,
  defaultUrl: DEFAULT_URL,
  defaultDescription: 'the raw file on genai-prices main',
  catalog: gpCatalog,
  catalogDescription: 'price file',
  // OpenRouter's copy inside the file is left out: 7 of its 8 records.
  expectedFacts: { count: 7, key: 'anthropic/claude-sonnet-5', price: { input: 2, output: 10, cache_read: 0.2, cache_write: 2.5 } },
});
