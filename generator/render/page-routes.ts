/**
 * The website's addresses, as hash routes: they work on any static host without rewrites. One
 * place for their shape, used by the site's own links and by the build (feeds, calendar, meta).
 */
const withQuery = (query?: URLSearchParams) => (query !== undefined && [...query].length > 0 ? `?${query.toString()}` : '');

export const routes = {
  status: (id?: string) => (id === undefined ? '#/' : `#/status/${encodeURIComponent(id)}`),
  models: (query?: URLSearchParams) => `#/models${withQuery(query)}`,
  cheapest: (query?: URLSearchParams) => `#/cheapest${withQuery(query)}`,
  model: (id: string) => `#/models/${id.split('/').map(encodeURIComponent).join('/')}`,
  changes: () => '#/changes',
  deprecations: () => '#/deprecations',
  docs: (section?: string) => (section === undefined ? '#/docs' : `#/docs/${encodeURIComponent(section)}`),
};

/** A route as an absolute URL of the site at `siteUrl` (no trailing slash). */
export const pageUrl = (siteUrl: string, route: string): string => `${siteUrl}/${route}`;
