import type { HttpClient } from '../../http/client.js';
import type { FactsObservation } from '../facts.js';
import { fetchGenaiPrices } from './fetch.js';
import { parseGenaiPrices } from './parse.js';
import { translateGenaiPrices } from './translate.js';

export { DEFAULT_URL, URL_ENV, fetchGenaiPrices, genaiPricesUrl } from './fetch.js';
export { SOURCE_ID, SKIPPED_PROVIDERS, parseGenaiPrices, type ParsedGenaiPrices } from './parse.js';
export { MAKER_BY_PROVIDER, translateGenaiPrices } from './translate.js';

/**
 * Pydantic's genai-prices as facts: fetch → parse → translate, the price in force at `now` (the
 * read's time). Throws UpstreamError when unusable.
 */
export async function readGenaiPrices(http: HttpClient, url: string, now: string): Promise<FactsObservation> {
  return translateGenaiPrices(parseGenaiPrices(await fetchGenaiPrices(http, url), url), now);
}
