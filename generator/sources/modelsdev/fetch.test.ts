import { describeJsonFileFetch } from '../../testing/json-source.js';
import { DEFAULT_URL, modelsDevUrl, URL_ENV } from './fetch.js';
import { mdCatalog } from './fixtures.js';
import { readModelsDev } from './index.js';

describeJsonFileFetch({
  name: 'readModelsDev',
  source: 'modelsdev',
  path: '/api.json',
  read: readModelsDev,
  urlOf: { name: 'modelsDevUrl', resolve: modelsDevUrl },
  envName: URL_ENV,
  defaultUrl: DEFAULT_URL,
  defaultDescription: 'models.dev',
  catalog: mdCatalog,
  catalogDescription: 'catalog',
  expectedFacts: { count: 5, key: 'openai/gpt-5.4', price: { input: 2.5, output: 15, cache_read: 0.25, cache_write: null } },
});
