/**
 * A local server for public/ that behaves like Netlify: the generated _redirects and the
 * netlify.toml headers, matched by Netlify's own engine (see netlify-engine.ts), paths as that
 * engine reads them (`%2F` is no separator, `//` is not collapsed), a 200 rewrite to another origin
 * proxied as Netlify proxies it (the live status URL: host/live-status.ts). For previews, self-hosting
 * behind a proxy, and end-to-end tests. Listens on 127.0.0.1 only. (`--host cloudflare` runs
 * Cloudflare's own runtime instead: cloudflare/dev-server.ts.)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { resolveInside, UnsafePathError } from '../store/files.js';
import { loadNetlifyEngine, type NetlifyEngine } from './netlify-engine.js';
import { CORS_ALLOW_METHODS } from './hosts.js';

export interface ServeOptions {
  publishDir: string;
  netlifyConfigPath: string;
  port: number;
  host?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.atom': 'application/atom+xml',
  '.ics': 'text/calendar; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.tgz': 'application/gzip',
};

/** A file under the publish directory, or null; directories resolve to their index.html. */
async function findFile(root: string, urlPath: string): Promise<string | null> {
  // An empty segment is not collapsed: Netlify's engine matches `/api//v1` as a path of its own.
  if (urlPath.includes('//')) return null;
  let path: string;
  try {
    // `/` and `/dir/` mean their index.html (the root itself is not a file path inside root).
    path = resolveInside(root, `.${urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath}`);
  } catch (error) {
    if (error instanceof UnsafePathError) return null;
    throw error;
  }
  const info = await stat(path).catch(() => null);
  if (info?.isFile()) return path;
  if (info?.isDirectory()) {
    const index = `${path}/index.html`;
    return (await stat(index).catch(() => null))?.isFile() ? index : null;
  }
  return null;
}

async function send(req: IncomingMessage, res: ServerResponse, status: number, file: string | null, headers: Record<string, string>): Promise<void> {
  const body = file === null ? Buffer.from('Not Found\n') : await readFile(file);
  const type = file === null ? 'text/plain; charset=utf-8' : (CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
  const custom = lowerCase(headers);
  // A plain-text fallback must not be labelled as whatever the path's header rules say.
  if (file === null) delete custom['content-type'];
  res.writeHead(status, { 'content-type': type, 'content-length': String(body.length), ...custom });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
/** `/mcp` answers every method by its rule (a JSON error naming the remote endpoint: host/mcp-elsewhere.ts). */
const isMcpPath = (path: string) => path === '/mcp' || path === '/mcp/';

/** A JSON error in the API's shape, for answers no file of the site holds. */
function errorBody(status: number, code: string, message: string): string {
  return JSON.stringify({ error: { status, code, message } });
}

/** serve's own errors (not the site's error files) are never cached: they say nothing about the URL. */
const OWN_ERROR_HEADERS = { 'cache-control': 'no-store' };

/**
 * The request path as the engine sees it: percent-decoded, except `%2F`, which stays an encoded
 * character inside its segment and never becomes a path separator. An absolute or `//`-led
 * request target is read as a path, never as another host.
 */
export function requestPath(target: string): { path: string; search: string } {
  const url = new URL(target.startsWith('/') ? `http://127.0.0.1${target}` : target, 'http://127.0.0.1');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname.replace(/%2f/gi, '%252F'));
  } catch {
    path = url.pathname;
  }
  return { path, search: url.search };
}

/** A proxy rewrite (`200` to another origin: the live status URL, host/live-status.ts). */
const isProxy = (rule: { status: number; to: string }) => rule.status === 200 && /^https?:\/\//.test(rule.to);

/** How long a proxied request may take (Netlify gives a proxy 26 s, then answers an error). */
export const PROXY_TIMEOUT_MS = 26_000;

/** The upstream's headers a proxied answer carries (Netlify applies no custom headers to proxied content). */
const PROXIED_HEADERS = ['content-type', 'cache-control', 'etag', 'last-modified', 'location', 'access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'];

/**
 * A 200 rewrite to another origin, as Netlify proxies it: the request (query string included)
 * goes there and its answer comes back with its own status and headers; an origin that cannot be
 * reached in time is a JSON 502 (what the client's fallback to the static file is for).
 */
async function proxy(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
  let upstream: Response;
  let body: Buffer;
  try {
    upstream = await fetch(target, { method: req.method === 'HEAD' ? 'HEAD' : 'GET', redirect: 'manual', signal: AbortSignal.timeout(PROXY_TIMEOUT_MS) });
    body = Buffer.from(await upstream.arrayBuffer());
  } catch (error) {
    const text = errorBody(502, 'upstream_unavailable', `The proxied origin did not answer: ${(error as Error).message}`);
    if (res.destroyed) return;
    res.writeHead(502, { 'content-type': 'application/json; charset=utf-8', ...OWN_ERROR_HEADERS, 'content-length': String(Buffer.byteLength(text)) });
    res.end(req.method === 'HEAD' ? undefined : text);
    return;
  }
  const headers: Record<string, string> = { 'content-length': String(body.length) };
  for (const name of PROXIED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  res.writeHead(upstream.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Netlify's behaviour for one request: rules first (forced, or when no file shadows them), then files, then 404.html. */
export async function handle(engine: NetlifyEngine, root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { path, search } = requestPath(req.url ?? '/');
  const headers = engine.headersFor(path);
  if (req.method === 'OPTIONS') {
    // A CORS preflight (a browser sending If-None-Match by hand asks first): the path's own
    // headers (the /api/ rule allows the methods and headers) and how long to remember them.
    res.writeHead(204, { allow: CORS_ALLOW_METHODS, ...lowerCase(headers), 'access-control-max-age': '86400', 'content-length': '0' });
    res.end();
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD' && !isMcpPath(path)) {
    const body = isApiPath(path) ? errorBody(405, 'method_not_allowed', 'The API is read-only: use GET or HEAD.') : '';
    res.writeHead(405, { allow: CORS_ALLOW_METHODS, ...lowerCase(headers), ...(body === '' ? {} : { 'content-type': 'application/json; charset=utf-8' }), ...OWN_ERROR_HEADERS, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
    return;
  }
  const file = await findFile(root, path);
  const rule = engine.match(path, search.slice(1));
  if (rule !== null && (rule.force || file === null)) {
    if ([301, 302, 303, 307, 308].includes(rule.status)) {
      res.writeHead(rule.status, { location: rule.to, ...lowerCase(headers) });
      res.end();
      return;
    }
    if (isProxy(rule)) return proxy(req, res, `${rule.to}${search}`);
    const target = await findFile(root, new URL(rule.to, 'http://127.0.0.1').pathname);
    // Netlify does not chain rewrites: a rule pointing at a missing file is a plain 404.
    if (target !== null) return send(req, res, rule.status, target, headers);
    return send(req, res, 404, await findFile(root, '/404.html'), headers);
  }
  if (file !== null) return send(req, res, 200, file, headers);
  return send(req, res, 404, await findFile(root, '/404.html'), headers);
}

/**
 * Requests Node refuses before they reach `handle` (a request line or headers over its limit,
 * bytes that are not HTTP) still get an answer in the API's JSON shape, with the API's headers:
 * 431 for too large, 400 otherwise. Whatever the path was, it cannot be trusted here.
 */
function answerClientError(engine: NetlifyEngine, error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_OVERFLOW';
  const [status, reason, code, message] = tooLarge
    ? [431, 'Request Header Fields Too Large', 'request_too_large', 'The request line or its headers are too large (at most 16 KiB).']
    : [400, 'Bad Request', 'bad_request', 'The request is not valid HTTP.'];
  const body = errorBody(status, code, message);
  const headers = { ...lowerCase(engine.headersFor('/api/v1/')), 'content-type': 'application/json; charset=utf-8', ...OWN_ERROR_HEADERS, 'content-length': String(Buffer.byteLength(body)), connection: 'close' };
  const head = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n${body}`);
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const engine = await loadNetlifyEngine(options.publishDir, options.netlifyConfigPath);
  const server: Server = createServer((req, res) => {
    handle(engine, options.publishDir, req, res).catch((error: unknown) => {
      console.error(`serve: ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', ...OWN_ERROR_HEADERS });
      res.end(errorBody(500, 'internal_error', 'The local server failed on this request; see its console.'));
    });
  });
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => answerClientError(engine, error, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // A request still waiting on a proxied origin must not hold the server open.
        server.closeAllConnections();
      }),
  };
}
