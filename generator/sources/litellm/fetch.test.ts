import { describeJsonFileFetch } from '../../testing/json-source.js';
import { DEFAULT_URL, liteLlmUrl, URL_ENV } from './fetch.js';
import { llmCatalog } from './fixtures.js';
import { readLiteLlm } from './index.js';

describeJsonFileFetch({
  name: 'readLiteLlm',
  source: 'litellm',
  path: '/BerriAI/litellm/main/model_prices_and_context_window.json',
  read: readLiteLlm,
  urlOf: { name: 'liteLlmUrl', resolve: liteLlmUrl },
  envName: URL_ENV,
  defaultUrl: DEFAULT_URL,
  defaultDescription: 'the raw file on LiteLLM main',
  catalog: llmCatalog,
  catalogDescription: 'price map',
  expectedFacts: { count: 7, key: 'gpt-4o', price: { input: 2.5, output: 10, cache_read: 1.25, cache_write: null } },
});
