import type { HttpClient } from '../../http/client.js';
import { SOURCE_ID } from './parse.js';

export const DEFAULT_URL = 'https://models.dev/api.json';
/** The full URL of `api.json` (not a base URL); tests point it at a local server. */
export const URL_ENV = 'MODELPULSE_MODELSDEV_URL';

/** The catalog's URL: the environment override when set and non-blank, else models.dev. */
export function modelsDevUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env[URL_ENV]?.trim() || DEFAULT_URL;
}

/** The only I/O of the adapter: `api.json` as parsed JSON (`invalid_body` when it is not JSON). */
export async function fetchModelsDev(http: HttpClient, url: string): Promise<unknown> {
  const { json } = await http.requestJson(url, { source: SOURCE_ID });
  return json;
}
