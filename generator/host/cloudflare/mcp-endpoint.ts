/**
 * The Worker's remote MCP endpoint, `/mcp` (docs/hosting.md, "The remote MCP endpoint"): MCP's
 * Streamable HTTP transport through the official SDK's web-standard transport, stateless (no
 * session, a new server per request) and answering in JSON (no event stream), with the very
 * tools of the stdio server (packages/modelpulse/src/mcp/create-server.ts). The tools read the
 * site's own files through the package's client, and off-grid `cheapest` queries through the
 * Worker's own query route: the same answers as `/api/v1/…`.
 *
 * Before the SDK sees a request, this checks what it would accept or crash on: the method (GET
 * gets a clear 405 naming what this is), the body's size (at most MAX_MCP_BODY_BYTES, read in
 * chunks), malformed JSON and batches (one message per request since MCP 2025-06-18). Every
 * refusal is a JSON-RPC error with CORS, never an HTML page; a notification gets the transport's
 * 202 with no body (a JSON-RPC notification is never answered).
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createClient, type ClientOptions } from '../../../packages/modelpulse/src/client.js';
import { readTextUpTo, TooLarge } from '../../../packages/modelpulse/src/http.js';
import { createMcpServer } from '../../../packages/modelpulse/src/mcp/create-server.js';
import { PACKAGE_VERSION } from '../../../packages/modelpulse/src/version.js';
import { MAX_MCP_BODY_BYTES } from '../../bounds/site.js';

export const MCP_PATH = '/mcp';
export { MAX_MCP_BODY_BYTES };
/**
 * A refused body up to this size is read to its end and dropped: a runtime whose request is
 * answered before its body arrived may fail the next request (wrangler dev does). Past it, the
 * stream is cut.
 */
const DRAIN_BYTES = 1024 * 1024;

export interface McpSite {
  /** The site's URL (origin and base path), which the tools read. */
  baseUrl: string;
  /** How the site is read: its files and its query routes, never the network. */
  fetch: NonNullable<ClientOptions['fetch']>;
  documentation: string;
}

const MCP_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'access-control-expose-headers': 'Mcp-Session-Id, Mcp-Protocol-Version',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** JSON-RPC's own codes (-32700 parse error, -32600 invalid request, -32603 internal error). */
function rpcError(status: number, code: number, message: string, extra: Record<string, string> = {}, withBody = true): Response {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  return new Response(withBody ? body : null, { status, headers: { 'content-type': 'application/json; charset=utf-8', ...MCP_HEADERS, ...extra } });
}

/** The one JSON-RPC message of a POST, or the JSON-RPC error that refuses it. */
async function readMessage(request: Request): Promise<{ message: object } | { refusal: Response }> {
  let text: string;
  try {
    text = await readTextUpTo(request, MAX_MCP_BODY_BYTES, DRAIN_BYTES);
  } catch (error) {
    if (!(error instanceof TooLarge)) throw error;
    return { refusal: rpcError(413, -32600, `Invalid Request: the body is over ${MAX_MCP_BODY_BYTES} bytes, the most this endpoint reads.`) };
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { refusal: rpcError(400, -32700, 'Parse error: the body is not JSON.') };
  }
  if (Array.isArray(message)) return { refusal: rpcError(400, -32600, 'Invalid Request: batches are not supported; send one JSON-RPC message per request (MCP 2025-06-18 and later).') };
  if (message === null || typeof message !== 'object') return { refusal: rpcError(400, -32600, 'Invalid Request: the body must be one JSON-RPC message (an object).') };
  return { message };
}

function notAStream(request: Request, site: McpSite): Response {
  const message = `This is the ModelPulse MCP endpoint (MCP Streamable HTTP, stateless): POST one JSON-RPC message per request; answers are JSON, and there is no event stream to GET. Add ${site.baseUrl}${MCP_PATH} to an MCP client as a remote (HTTP) server; tools/list names the tools. Documentation: ${site.documentation}`;
  return rpcError(405, -32000, message, { allow: 'POST, OPTIONS' }, request.method !== 'HEAD');
}

/** The SDK's answer, read whole before its server closes, with this endpoint's headers (CORS, never cached). */
async function withHeaders(response: Response): Promise<Response> {
  const body = await response.text();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(MCP_HEADERS)) headers.set(name, value);
  return new Response(body === '' ? null : body, { status: response.status, headers });
}

export async function answerMcp(request: Request, site: McpSite): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { ...MCP_HEADERS, 'access-control-max-age': '86400' } });
  if (request.method !== 'POST') return notAStream(request, site);
  const read = await readMessage(request);
  if ('refusal' in read) return read.refusal;
  const client = createClient({ baseUrl: site.baseUrl, fetch: site.fetch, queryForm: true });
  const server = createMcpServer(client, { version: PACKAGE_VERSION });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    return await withHeaders(await transport.handleRequest(request, { parsedBody: read.message }));
  } catch (error) {
    return rpcError(500, -32603, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await server.close();
  }
}

/**
 * Runs a session's first requests once, against no site: V8 compiles the SDK's code and zod builds
 * its schemas while the Worker starts (Cloudflare allows 1 s for that), not in the 10 ms of CPU an
 * assistant's first request may take. Nothing leaves the Worker: the site answers 404 here.
 */
export async function warmUpMcp(): Promise<void> {
  const site: McpSite = { baseUrl: 'https://warm-up.invalid', fetch: async () => new Response('{}', { status: 404 }), documentation: 'https://warm-up.invalid/' };
  const calls = [
    { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'warm-up', version: '0' } } },
    { method: 'tools/list' },
    { method: 'tools/call', params: { name: 'cheapest', arguments: { min_intel: 1 } } },
  ];
  for (const call of calls) {
    const request = new Request(`${site.baseUrl}${MCP_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...call }) });
    await (await answerMcp(request, site)).text();
  }
}
