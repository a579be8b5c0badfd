/**
 * The hosts the build writes host files for (docs/hosting.md has what works where):
 * - netlify: `_redirects` (query matching through Netlify's rules; headers in netlify.toml);
 * - cloudflare: Workers static assets with `_headers`, `_redirects` for the path forms, JSON 404
 *   pages and a Worker on the query routes (generator/host/cloudflare/);
 * - github-pages: plain files, an honest HTML 404 page and `meta.cache_seconds` of 600 (what
 *   GitHub Pages sends, whatever the site asks);
 * - none: plain files (nginx, S3: the server's own config does the rest).
 */
export const HOSTS = ['netlify', 'cloudflare', 'github-pages', 'none'] as const;
export type Host = (typeof HOSTS)[number];

/** The npm package's tarball every build publishes at the site's root (packed by assemble/site-package.ts). */
export const PACKAGE_TARBALL = 'modelpulse.tgz';

/** Where a build keeps its record and staging area: `<parent>/.modelpulse-build/<output name>/`, beside the output. */
export const INTERNAL_ROOT = '.modelpulse-build';
/** Names an earlier build kept inside the output. */
export const LEGACY_INTERNAL_NAMES = ['.modelpulse-build.json', '.build-transaction'] as const;

/**
 * The paths of the build's own files, as rules spell them (`/*` ends a prefix): nothing is
 * published there, and every host answers them with the JSON 404 `not_found`, never the site's
 * page (Netlify's rules; on Cloudflare the Worker runs first on them).
 */
export const INTERNAL_PATHS: readonly string[] = [`/${INTERNAL_ROOT}/*`, `/${LEGACY_INTERNAL_NAMES[0]}`, `/${LEGACY_INTERNAL_NAMES[1]}/*`];

/** Whether a request path (below the base path) is one of INTERNAL_PATHS. */
export function isInternalPath(path: string): boolean {
  return INTERNAL_PATHS.some((rule) => (rule.endsWith('/*') ? path === rule.slice(0, -2) || path.startsWith(rule.slice(0, -1)) : path === rule));
}

/** What each host sends as `max-age` for the API, so `meta.cache_seconds` says what is true. */
export const HOST_CACHE_SECONDS: Record<Host, number> = { netlify: 60, cloudflare: 60, 'github-pages': 600, none: 60 };

/** The API's caching where we set the headers (netlify.toml, _headers, the Worker, serve, nginx). */
export const API_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** Errors may be cached briefly, never served stale. */
export const ERROR_CACHE_CONTROL = 'public, max-age=60';

/** What a browser may send cross-origin: conditional requests need a preflight when set by hand. */
export const CORS_ALLOW_METHODS = 'GET, HEAD, OPTIONS';
export const CORS_ALLOW_HEADERS = 'If-None-Match, If-Modified-Since';

/**
 * The website's Content-Security-Policy: our own script and style only, nothing inline, no
 * framing. netlify.toml carries the same string (a test keeps the two equal).
 */
export const SITE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Non-JSON files under /api/ and their types. */
export const TEXT_FILE_TYPES: ReadonlyArray<[string, string]> = [
  ['/api/v1/client.js', 'text/javascript; charset=utf-8'],
  ['/api/v1/feeds/price-changes.atom', 'application/atom+xml; charset=utf-8'],
  ['/api/v1/feeds/deprecations.atom', 'application/atom+xml; charset=utf-8'],
  ['/api/v1/feeds/incidents.atom', 'application/atom+xml; charset=utf-8'],
  ['/api/v1/feeds/retirements.ics', 'text/calendar; charset=utf-8'],
  ['/api/v1/export/models.csv', 'text/csv; charset=utf-8'],
  ['/api/v1/export/offers.csv', 'text/csv; charset=utf-8'],
  ['/api/v1/export/price-history.csv', 'text/csv; charset=utf-8'],
];
