/** Settings that come from the environment, read in one place. */

export const DEFAULT_SITE_URL = 'https://modelpulse.netlify.app';
export const PRODUCT_VERSION = '0.1.0';
/**
 * The project's remote MCP endpoint: its Cloudflare deployment's `/mcp` (the remote in
 * packages/modelpulse/server.json; a test keeps the two equal). Hosts without code name it at
 * their `/mcp`; a fork sets its own with MCP_URL (docs/hosting.md, "The remote MCP endpoint").
 */
export const DEFAULT_MCP_URL = 'https://modelpulse.modelpulse.workers.dev/mcp';

/** The public site URL: SITE_URL, else Netlify's URL, else the project's default. */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SITE_URL || env.URL || DEFAULT_SITE_URL;
  return raw.replace(/\/+$/, '');
}

/**
 * The Cloudflare D1 database the Worker's monitor writes (wrangler.json `d1_databases`): its id from
 * STATUS_DB_ID (`wrangler d1 create` prints it), else none: `wrangler deploy` then provisions the
 * database by its name itself, and `wrangler dev` keeps a local one.
 */
export function statusDatabaseId(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.STATUS_DB_ID?.trim() || null;
}

/** Where this deployment's hosts without code send MCP clients: MCP_URL, else the project's endpoint. */
export function mcpUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.MCP_URL || DEFAULT_MCP_URL).trim();
}

/** The site's path below its origin, without a trailing slash: `/repo` for `https://owner.github.io/repo`, else empty. */
export function sitePath(siteUrl: string): string {
  return new URL(siteUrl).pathname.replace(/\/+$/, '');
}

export function userAgent(env: NodeJS.ProcessEnv = process.env): string {
  return `ModelPulse/${PRODUCT_VERSION} (+${siteUrl(env)}; free public API on AI models and services)`;
}
