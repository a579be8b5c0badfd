/**
 * Where OpenRouter publishes a model's endpoints and their real-traffic figures. Pure, no Node.js
 * imports: `update` (fetch.ts) and the edge monitor (host/cloudflare/monitor/sweep.ts) ask the
 * same URL, below the base URL the build and the update take from MODELPULSE_OPENROUTER_URL.
 */

export const DEFAULT_BASE_URL = 'https://openrouter.ai/api/v1';

/** `GET /models/<author>/<slug>/endpoints` for one upstream model id. */
export function endpointsUrl(baseUrl: string, upstreamId: string): string {
  const path = upstreamId.split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/models/${path}/endpoints`;
}
