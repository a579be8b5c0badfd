import type { HttpClient } from '../../http/client.js';
import type { FactsObservation } from '../facts.js';
import { fetchLiteLlm } from './fetch.js';
import { parseLiteLlm } from './parse.js';
import { translateLiteLlm } from './translate.js';

export { DEFAULT_URL, URL_ENV, fetchLiteLlm, liteLlmUrl } from './fetch.js';
export { SOURCE_ID, parseLiteLlm, type ParsedLiteLlm } from './parse.js';
export { AUTHOR_BY_PROVIDER, translateLiteLlm } from './translate.js';

/** LiteLLM's price map as facts: fetch → parse → translate. Throws UpstreamError when unusable. */
export async function readLiteLlm(http: HttpClient, url: string): Promise<FactsObservation> {
  return translateLiteLlm(parseLiteLlm(await fetchLiteLlm(http, url), url));
}
