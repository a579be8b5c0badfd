import type { HttpClient } from '../../http/client.js';
import { SOURCE_ID } from './parse.js';

export const DEFAULT_URL = 'https://raw.githubusercontent.com/pydantic/genai-prices/main/prices/data.json';
/** The full URL of the file (not a base URL); tests and replays point it at a local server. */
export const URL_ENV = 'MODELPULSE_GENAI_PRICES_URL';

/** The file's URL: the environment override when set and non-blank, else genai-prices' main branch. */
export function genaiPricesUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env[URL_ENV]?.trim() || DEFAULT_URL;
}

/** The only I/O of the adapter: the file as parsed JSON (`invalid_body` when it is not JSON). */
export async function fetchGenaiPrices(http: HttpClient, url: string): Promise<unknown> {
  const { json } = await http.requestJson(url, { source: SOURCE_ID });
  return json;
}
