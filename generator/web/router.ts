import type { Page } from './context.js';

export interface Route {
  page: Page;
  /** Which navigation entry is current. */
  section: string;
  params: string[];
  query: URLSearchParams;
}

export interface RouteTable {
  status: Page;
  service: Page;
  models: Page;
  cheapest: Page;
  model: Page;
  changes: Page;
  deprecations: Page;
  docs: Page;
}

/** Route addresses start with `#/` (or are empty); any other hash is an in-page anchor. */
export const isRouteHash = (hash: string): boolean => hash === '' || hash === '#' || hash.startsWith('#/');

/**
 * Pure: a location hash (`#/models/openai/gpt-4o?x=1`) to the page that shows it, or null for
 * an unknown address. Segments are percent-decoded; a malformed escape is an unknown address.
 */
export function resolveRoute(hash: string, pages: RouteTable): Route | null {
  const raw = hash.replace(/^#/, '');
  const at = raw.indexOf('?');
  const path = at === -1 ? raw : raw.slice(0, at);
  const query = new URLSearchParams(at === -1 ? '' : raw.slice(at + 1));
  let segments: string[];
  try {
    segments = path.split('/').filter((s) => s !== '').map(decodeURIComponent);
  } catch {
    return null;
  }
  const [head, ...rest] = segments;
  const route = (page: Page, section: string, params: string[] = []): Route => ({ page, section, params, query });
  if (head === undefined) return route(pages.status, 'status');
  if (head === 'status' && rest.length === 1) return route(pages.service, 'status', rest);
  // `limit` is the cheapest view's: addresses from before the catalogue keep their meaning.
  if (head === 'models' && rest.length === 0) return route(query.has('limit') ? pages.cheapest : pages.models, 'models');
  if (head === 'cheapest' && rest.length === 0) return route(pages.cheapest, 'models');
  if (head === 'models' && rest.length === 2) return route(pages.model, 'models', rest);
  if (head === 'changes' && rest.length === 0) return route(pages.changes, 'changes');
  if (head === 'deprecations' && rest.length === 0) return route(pages.deprecations, 'deprecations');
  // `#/docs/<section>`: the docs page, scrolled to one endpoint (a link that works from anywhere).
  if (head === 'docs' && rest.length <= 1) return route(pages.docs, 'docs', rest);
  return null;
}
