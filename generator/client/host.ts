/**
 * Whether the site this client is published on answers `cheapest` queries off the precomputed
 * grid itself (Cloudflare's Worker). False here: the client computes those queries from the model
 * index without asking, so no request fails. The client a Cloudflare build publishes is bundled
 * with this module replaced by `true` (assemble/bundles.ts). `createClient({ queryForm })` overrides it.
 */
export const HOST_ANSWERS_QUERIES: boolean = false;
