/**
 * The website's addresses, as hash routes: they work on any static host without rewrites. One
 * place for their shape, used by the site's own links and by the build (feeds, calendar, meta).
 */
export const routes = {
  status: (id?: string) => (id === undefined ? '#/' : `#/status/${encodeURIComponent(id)}`),
  models: (query?: URLSearchParams) => `#/models${query !== undefined && [...query].length > 0 ? `?${query.toString()}` : ''}`,
  model: (id: string) => `#/models/${id.split('/').map(encodeURIComponent).join('/')}`,
  changes: () => '#/changes',
  deprecations: () => '#/deprecations',
  docs: () => '#/docs',
};

/** A route as an absolute URL of the site at `siteUrl` (no trailing slash). */
export const pageUrl = (siteUrl: string, route: string): string => `${siteUrl}/${route}`;
