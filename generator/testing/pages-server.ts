/**
 * A local static server that behaves like GitHub Pages for a project site (`https://<owner>.github.io/<repo>/`),
 * for the tests of a site built for a sub-path: the publish directory under `/<repo>/` and
 * nothing at the root, no rewrites, query strings ignored, the same fixed headers on every file
 * (`Cache-Control: max-age=600`, `Access-Control-Allow-Origin: *`, a type from the extension), a
 * directory without its slash redirected to it, and every miss answered with the site's own
 * `404.html`, labelled HTML, with status 404. (What GitHub Pages does, as observed and documented
 * in docs/hosting.md; its CDN is not reproduced.) A path is read as Netlify's engine reads it
 * (host/serve.ts): percent-decoded, an encoded `/` a character of its segment, never a separator
 * (not observed on Pages: the rule every other host here follows).
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { requestPath } from '../host/serve.js';
import { resolveInside, UnsafePathError } from '../store/files.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.atom': 'application/octet-stream',
  '.ics': 'text/calendar; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

export const PAGES_CACHE_CONTROL = 'max-age=600';

export interface PagesServer {
  /** The site's address: origin and `/<repo>`, without a trailing slash. */
  siteUrl: string;
  origin: string;
  close(): Promise<void>;
}

async function kind(path: string): Promise<'file' | 'dir' | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? 'file' : info?.isDirectory() ? 'dir' : null;
}

export async function startPagesServer(publishDir: string, repo: string): Promise<PagesServer> {
  const prefix = `/${repo}/`;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const { pathname } = new URL(`http://127.0.0.1${req.url ?? '/'}`);
      const headers = { 'cache-control': PAGES_CACHE_CONTROL, 'access-control-allow-origin': '*' };
      const send = async (status: number, file: string) => {
        const body = await readFile(file);
        res.writeHead(status, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': String(body.length) });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      const notFound = () => send(404, resolveInside(publishDir, '404.html'));
      if (pathname === `/${repo}`) {
        res.writeHead(301, { ...headers, location: prefix });
        return res.end();
      }
      if (!pathname.startsWith(prefix)) return notFound();
      let path: string;
      try {
        const rest = requestPath(pathname).path.slice(prefix.length);
        path = resolveInside(publishDir, `./${rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest}`);
      } catch (error) {
        if (error instanceof UnsafePathError) return notFound();
        throw error;
      }
      const found = await kind(path);
      if (found === 'file') return send(200, path);
      if (found === 'dir') {
        res.writeHead(301, { ...headers, location: `${pathname}/` });
        return res.end();
      }
      return notFound();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { siteUrl: `${origin}/${repo}`, origin, close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))) };
}
