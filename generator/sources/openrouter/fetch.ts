import type { HttpClient } from '../../http/client.js';
import { UpstreamError } from '../../http/errors.js';
import { endpointsUrl } from './endpoints-url.js';
import { parseModelsPage, SOURCE_ID } from './parse.js';

export { endpointsUrl };
import type { ModelsPage } from './schema.js';

import { DEFAULT_BASE_URL } from './endpoints-url.js';

export { DEFAULT_BASE_URL };
export const BASE_URL_ENV = 'MODELPULSE_OPENROUTER_URL';
/** A catalog of a few hundred models fits one page today; this bounds a pagination loop. */
export const MAX_PAGES = 50;

export function openRouterBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env[BASE_URL_ENV] ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/**
 * Fetches every page of `GET /models`, following `links.next`. Only same-origin next links are
 * followed, each at most once, so a broken or hostile link cannot send us elsewhere or loop.
 */
export async function fetchCatalogPages(http: HttpClient, baseUrl: string): Promise<ModelsPage[]> {
  const first = `${baseUrl}/models`;
  const origin = new URL(first).origin;
  const seen = new Set<string>();
  const pages: ModelsPage[] = [];
  let next: string | null = first;
  while (next !== null) {
    if (seen.has(next)) throw paginationError(next, 'pagination loops back to a page already read');
    if (pages.length >= MAX_PAGES) throw paginationError(next, `more than ${MAX_PAGES} pages`);
    seen.add(next);
    const { json } = await http.requestJson(next, { source: SOURCE_ID });
    const page = parseModelsPage(json, next);
    pages.push(page);
    const link = page.links?.next;
    if (link === undefined || link === null || link === '') {
      next = null;
    } else {
      const resolved: URL = new URL(link, next);
      if (resolved.origin !== origin) throw paginationError(next, `next link leaves ${origin} (refused; its target is not recorded)`);
      next = resolved.href;
    }
  }
  return pages;
}

function paginationError(url: string, message: string): UpstreamError {
  return new UpstreamError({ kind: 'invalid_schema', source: SOURCE_ID, url, message });
}


export async function fetchEndpoints(http: HttpClient, baseUrl: string, upstreamId: string): Promise<{ json: unknown; url: string }> {
  const url = endpointsUrl(baseUrl, upstreamId);
  const { json } = await http.requestJson(url, { source: SOURCE_ID });
  return { json, url };
}
