/**
 * A local server for public/ that behaves like Netlify: the generated _redirects and the
 * netlify.toml headers, matched by Netlify's own engine (see netlify-engine.ts). For previews,
 * self-hosting behind a proxy, and end-to-end tests. Listens on 127.0.0.1 only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { resolveInside, UnsafePathError } from '../store/files.js';
import { loadNetlifyEngine, type NetlifyEngine } from './netlify-engine.js';

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
};

/** A file under the publish directory, or null; directories resolve to their index.html. */
async function findFile(root: string, urlPath: string): Promise<string | null> {
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

/** Netlify's behaviour for one request: rules first (forced, or when no file shadows them), then files, then 404.html. */
export async function handle(engine: NetlifyEngine, root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  const headers = engine.headersFor(path);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', ...lowerCase(headers) });
    res.end();
    return;
  }
  const file = await findFile(root, path);
  const rule = engine.match(path, url.search.slice(1));
  if (rule !== null && (rule.force || file === null)) {
    if ([301, 302, 303, 307, 308].includes(rule.status)) {
      res.writeHead(rule.status, { location: rule.to, ...lowerCase(headers) });
      res.end();
      return;
    }
    const target = await findFile(root, new URL(rule.to, 'http://127.0.0.1').pathname);
    // Netlify does not chain rewrites: a rule pointing at a missing file is a plain 404.
    if (target !== null) return send(req, res, rule.status, target, headers);
    return send(req, res, 404, await findFile(root, '/404.html'), headers);
  }
  if (file !== null) return send(req, res, 200, file, headers);
  return send(req, res, 404, await findFile(root, '/404.html'), headers);
}

export async function startServer(options: ServeOptions): Promise<RunningServer> {
  const engine = await loadNetlifyEngine(options.publishDir, options.netlifyConfigPath);
  const server: Server = createServer((req, res) => {
    handle(engine, options.publishDir, req, res).catch((error: unknown) => {
      console.error(`serve: ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
