/**
 * Bounds on the published site as a whole, within what every host accepts (docs/hosting.md,
 * "Budget and sources"): Cloudflare Workers static assets take at most 20,000 files a version and
 * 25 MiB a file; Netlify counts 54,000 files a directory and no total; GitHub Pages takes 1 GB a
 * site. A build over a budget fails and writes nothing (assemble/budget.ts).
 */

/** Files in the publish directory: Cloudflare's 20,000 a version, the lowest count of our hosts. */
export const MAX_PUBLISHED_FILES = 20_000;

/**
 * Files that list the whole catalog (models.json, the model and fastest indexes, the models not
 * operational (at most MAX_LISTED_NOT_OPERATIONAL), the API-name index, the cost index, the CSV
 * exports, each author's list, the deprecations and price changes and their feeds) grow with it
 * (the CSV price history holds every offer's history, OpenRouter's listing of each model
 * included: 1.4 MiB at ten times today's catalog): at ten times today's catalog
 * models.json is 1.4 MiB and the model index 1.6 MiB. They may be 4 MiB: room for about 25 times
 * today's catalog, far within Cloudflare's 25 MiB a file, and an index the Worker still reads
 * within its CPU limit. Every other file (a model's own, a `cheapest` variant of at most 100
 * models) keeps MAX_FILE_BYTES (bounds/text.ts, 1 MiB).
 */
export const MAX_LIST_FILE_BYTES = 4 * 1024 * 1024;

const CATALOG_LISTS = /^api\/v1\/(?:models\.json|cheapest-index\.json|fastest-index\.json|status\/models\.json|api-names\.json|cost-index\.json|export\/[^/]+\.csv|models\/[^/]+\.json|deprecations\.json|price-changes\.json|feeds\/[^/]+)$/;

/** Whether `path` (relative to the publish directory) is a file that lists the whole catalog. */
export const isCatalogList = (path: string): boolean => CATALOG_LISTS.test(path);

/**
 * The most models /api/v1/status/models lists (worst first; `meta.omitted` counts the rest): a
 * whole catalog in trouble at once (an upstream that answers every endpoint as down) keeps the
 * file within MAX_LIST_FILE_BYTES at ten times today's catalog.
 */
export const MAX_LISTED_NOT_OPERATIONAL = 1000;

/** The largest request body the remote MCP endpoint reads (a tools/call is a few hundred bytes): more is a 413. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;
