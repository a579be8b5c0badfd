import type { HttpClient } from '../../http/client.js';
import { SOURCE_ID } from './parse.js';
import { redact, withoutSecret } from './secret.js';

export const DEFAULT_BASE_URL = 'https://artificialanalysis.ai/api/v2';
export const BASE_URL_ENV = 'MODELPULSE_ARTIFICIAL_ANALYSIS_URL';
/** The key comes from the environment only: never from options, files or data/. */
export const API_KEY_ENV = 'ARTIFICIAL_ANALYSIS_API_KEY';
export const API_KEY_HEADER = 'x-api-key';
export const MODELS_PATH = '/data/llms/models';

export interface ArtificialAnalysisConfig {
  /** Base URL without a trailing slash (`https://artificialanalysis.ai/api/v2`). */
  url: string;
  /** Secret: sent as `x-api-key`, never logged, thrown or returned. */
  key: string;
}

/**
 * The adapter's settings, or null when no key is set (the source is optional: without a key it
 * is simply not called). A blank key counts as no key.
 */
export function artificialAnalysisConfig(env: NodeJS.ProcessEnv = process.env): ArtificialAnalysisConfig | null {
  const key = env[API_KEY_ENV]?.trim() ?? '';
  if (key === '') return null;
  const url = (env[BASE_URL_ENV]?.trim() || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return { url, key };
}

export function modelsUrl(baseUrl: string): string {
  return `${baseUrl}${MODELS_PATH}`;
}

/**
 * `GET /data/llms/models` with the key in `x-api-key`. Every failure is an UpstreamError with
 * the key redacted from its message, URL and cause chain; the returned URL is redacted as well.
 */
export async function fetchArtificialAnalysis(http: HttpClient, config: ArtificialAnalysisConfig): Promise<{ json: unknown; url: string }> {
  const url = modelsUrl(config.url);
  try {
    // No redirects: the key header would follow one to another origin.
    const { json } = await http.requestJson(url, { source: SOURCE_ID, headers: { [API_KEY_HEADER]: config.key }, followRedirects: false });
    return { json, url: redact(url, config.key) };
  } catch (error) {
    throw withoutSecret(error, config.key);
  }
}
