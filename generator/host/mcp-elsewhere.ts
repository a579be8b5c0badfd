/**
 * `/mcp` on hosts without code (Netlify's rules, GitHub Pages, nginx and other plain hosts):
 * there is no MCP endpoint there, so `/mcp` answers a JSON error that names where the remote
 * endpoint lives (MCP_URL, else the project's: config.ts) and how to run the MCP server locally
 * from this very site's package. On Cloudflare the Worker answers `/mcp` itself.
 * - Netlify: a rule sends `/mcp` to the error file with status 404 (netlify.toml labels it JSON);
 * - GitHub Pages and `none`: a file named `mcp` holds the same JSON (Pages serves it as it is,
 *   status 200; nginx's config in docs/hosting.md answers it as a JSON 404).
 */
import { PACKAGE_TARBALL } from './hosts.js';
import type { ApiError } from '../render/errors.js';
import type { RedirectRule } from './redirects.js';

export const MCP_ERROR_FILE = 'api/v1/errors/mcp.json';
/** The extensionless file plain hosts serve at `/mcp`. */
export const MCP_PLAIN_FILE = 'mcp';

export interface McpElsewhere extends ApiError {
  /** Where the remote MCP endpoint (Streamable HTTP) lives. */
  endpoint: string;
}

export function mcpElsewhere(siteUrl: string, endpoint: string, documentation: string): McpElsewhere {
  const tarball = `${siteUrl}/${PACKAGE_TARBALL}`;
  return {
    status: 404,
    code: 'mcp_elsewhere',
    message: `No MCP endpoint on this host: it serves static files only. The remote MCP endpoint (Streamable HTTP) is ${endpoint}; add that URL to your MCP client. Or run the MCP server on your machine from this site's package: npx -y ${tarball} mcp`,
    endpoint,
    documentation,
  };
}

/** Netlify's rules for `/mcp`, and for the error file itself (fetched directly it is still a 404). */
export function mcpRedirectRules(): RedirectRule[] {
  const to = `/${MCP_ERROR_FILE}`;
  return ['/mcp', '/mcp/', to].map((from) => ({ from, query: [], to, status: 404, force: true }));
}
