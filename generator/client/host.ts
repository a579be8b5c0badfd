/**
 * What the site this client is published on does beyond its files. The defaults here are a host
 * with files only; the build bundles the client with this module replaced (assemble/bundles.ts)
 * for a host that does more. `createClient` options override each one.
 */

/**
 * Whether the host answers `cheapest` queries off the precomputed grid itself (Cloudflare's
 * Worker). False here: the client computes those queries from the model index without asking, so
 * no request fails. `createClient({ queryForm })` overrides it.
 */
export const HOST_ANSWERS_QUERIES: boolean = false;

/**
 * Where status is live (docs/hosting.md, "Live status on every host"), read before the site's own
 * status files: `self`, the site's own path forms (Cloudflare's Worker, or Netlify proxying them to
 * a live status URL); an origin, another site's path forms (LIVE_STATUS_URL on GitHub Pages or a
 * server of your own); null, nowhere (the files only). `createClient({ liveStatusUrl })` overrides it.
 */
export const LIVE_STATUS: 'self' | string | null = null;
