import type { HttpClient } from '../../http/client.js';
import type { FactsObservation } from '../facts.js';
import { fetchModelsDev } from './fetch.js';
import { parseModelsDev } from './parse.js';
import { translateModelsDev } from './translate.js';

export { DEFAULT_URL, URL_ENV, fetchModelsDev, modelsDevUrl } from './fetch.js';
export { SOURCE_ID, parseModelsDev, type ParsedModelsDev } from './parse.js';
export { AUTHOR_BY_PROVIDER, translateModelsDev } from './translate.js';

/** models.dev's catalog as facts: fetch → parse → translate. Throws UpstreamError when unusable. */
export async function readModelsDev(http: HttpClient, url: string): Promise<FactsObservation> {
  return translateModelsDev(parseModelsDev(await fetchModelsDev(http, url), url));
}
