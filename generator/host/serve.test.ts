import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommittedSite } from '../testing/built-site.js';
import { ODD_API_PATHS } from '../testing/odd-paths.js';
import { rawRequest } from '../testing/raw-http.js';
import { startServer, type RunningServer } from './serve.js';
import { SITE_CSP, TEXT_FILE_TYPES } from './hosts.js';

let server: RunningServer;

beforeAll(async () => {
  const site = await buildCommittedSite();
  server = await startServer({ ...site, port: 0 });
}, 0); // no time limit: the full committed site (built once per run) takes what the machine takes
afterAll(async () => {
  await server.close();
});

/** A raw HTTP request, so paths are sent exactly as written (no client-side normalization). */
const raw = (method: string, path: string, headers: Record<string, string> = {}) => rawRequest(server.url, method, path, headers);

describe('npm run serve, over real HTTP', () => {
  it('serves every documented endpoint as JSON with the production headers', async () => {
    for (const path of ['/api/v1', '/api/v1/models', '/api/v1/models?author=anthropic', '/api/v1/models/openai/gpt-4o', '/api/v1/cheapest?vision=1&limit=5', '/api/v1/price-changes', '/api/v1/deprecations']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin'], path).toBe('*');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['cache-control'], path).toMatch(/max-age=(6\d|[7-9]\d|\d{3,})\b.*stale-while-revalidate/);
      const body = JSON.parse(res.body) as { data: unknown; meta: { api_version: string; cache_seconds: number } };
      expect(body.meta).toMatchObject({ api_version: 'v1', cache_seconds: 60 });
    }
  });

  it('answers unknown paths, ids and bad queries with JSON errors, never HTML', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/v1/models/openai/no-such-model', 404, 'not_found'],
      ['/api/v1/nothing/here', 404, 'not_found'],
      ['/api/v1/models/openai/%2e%2e/%2e%2e/nope', 404, 'not_found'],
      ['/api/v1/cheapest?min_intel=43', 404, 'not_precomputed'],
      ['/api/v1/cheapest?LIMIT=5', 400, 'bad_query'],
    ];
    for (const [path, status, code] of cases) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(status);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code, path).toBe(code);
    }
  });

  it('answers a page address that does not exist with the JSON 404 not_found, labelled as JSON', async () => {
    const res = await raw('GET', '/API/v1/status');
    expect(res.status).toBe(404);
    // Netlify's header paths match regardless of case: /API/ is labelled JSON like /api/, and the body is JSON.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(res.body) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('answers a cheapest query outside the grid from /404.html as JSON naming the grid, as Netlify does', async () => {
    for (const path of ['/api/v1/cheapest?min_intel=43&vision=true', '/api/v1/cheapest?limit=7&min_context=128000']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(res.headers['access-control-allow-origin'], path).toBe('*');
      const { error } = JSON.parse(res.body) as { error: { code: string; precomputed: { points: { min_intel: Record<string, number>; limit: Record<string, number> }; max_points: number } } };
      expect(error.code).toBe('not_precomputed');
      expect(error.precomputed.points.min_intel['40']).toBeLessThanOrEqual(error.precomputed.max_points);
      expect(error.precomputed.points.limit['5']).toBeLessThanOrEqual(error.precomputed.max_points);
    }
  });

  it('never serves files outside the publish directory', async () => {
    for (const path of ['/../../../../etc/passwd', '/api/../../package.json', '/%2e%2e/package.json']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toMatch(/root:|"name": "modelpulse"/);
    }
  });

  it('publishes nothing of the build\'s own: its record and staging area answer the JSON 404', async () => {
    for (const path of ['/.modelpulse-build.json', '/.build-transaction/journal.json', '/.modelpulse-build/public/record.json', '/.modelpulse-build']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code, path).toBe('not_found');
    }
    // Any other path no file has: the JSON 404 not_found too, never the cheapest miss's answer.
    for (const path of ['/record.json', '/no-such-page', '/docs/']) {
      const res = await raw('GET', path);
      expect([res.status, (JSON.parse(res.body) as { error: { code: string } }).error.code], path).toEqual([404, 'not_found']);
    }
    expect((await raw('GET', '/')).status).toBe(200);
  });

  it('serves the client as a JavaScript module, answers HEAD and refuses other methods', async () => {
    const client = await raw('GET', '/api/v1/client.js');
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(client.body).toMatch(/export\s*\{/);
    const head = await raw('HEAD', '/api/v1/models');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const post = await raw('POST', '/api/v1/models');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('website and text files over HTTP', () => {
  it('serves the site with its Content-Security-Policy, and each feed with its own type', async () => {
    const page = await raw('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(SITE_CSP);
    expect(page.body).toContain('<script type="module" src="app.js">');
    const app = await raw('GET', '/app.js');
    expect(app.status).toBe(200);
    expect(app.body).toContain('./api/v1/client.js');
    for (const [path, type] of TEXT_FILE_TYPES) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe(type);
      expect(res.headers['access-control-allow-origin'], path).toBe('*');
    }
  });

  it('answers oversized, malformed and non-GET requests under /api/ with JSON errors and the API headers', async () => {
    const { hostname, port } = new URL(server.url);
    /** Bytes as sent by a broken or hostile client: Node refuses them before any handler runs. */
    const rawBytes = (bytes: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(bytes));
        let answer = '';
        socket.on('data', (chunk) => (answer += String(chunk)));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const cases: Array<[string, string, number, string]> = [
      ['a request line over 16 KiB', `GET /api/v1/models?${'x'.repeat(20_000)}=1 HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'request_too_large'],
      ['raw control bytes in the request line', 'GET /api/v1/\u0001\u0002 HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'bad_request'],
      ['not HTTP at all', '\u0016\u0003\u0001\u0000\u00a5\r\n\r\n', 400, 'bad_request'],
    ];
    for (const [what, bytes, status, code] of cases) {
      const answer = await rawBytes(bytes);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head.split('\r\n')[0], what).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head.toLowerCase(), what).toContain('content-type: application/json; charset=utf-8');
      expect(head.toLowerCase(), what).toContain('access-control-allow-origin: *');
      expect(JSON.parse(body), what).toEqual({ error: { status, code, message: expect.any(String) } });
    }
    const post = await raw('POST', '/api/v1/models');
    expect(post.status).toBe(405);
    expect(post.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(post.body) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });

  it('reads parameter names as sent, as Netlify does: an encoded name is an unknown name, ignored, and the answer says so', async () => {
    for (const [query, minIntel] of [['min_intel=40', 40], ['min_intel=%34%30', 40], ['%6din_intel=40', null], ['min%5Fintel=40', null]] as const) {
      const res = await raw('GET', `/api/v1/cheapest?${query}`);
      expect(res.status, query).toBe(200);
      expect((JSON.parse(res.body) as { meta: { query: { min_intel: number | null } } }).meta.query.min_intel, query).toBe(minIntel);
    }
    expect((await raw('GET', '/api/v1/cheapest?MIN_INTEL=40')).status).toBe(400);
  });
});

describe('serve: preflights, error caching and paths as Netlify\'s engine reads them', () => {
  it('answers a CORS preflight with 204, the allowed methods and headers (If-None-Match included)', async () => {
    const res = await raw('OPTIONS', '/api/v1/models/openai/gpt-4o', { origin: 'https://example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toEqual(expect.arrayContaining(['GET', 'HEAD', 'OPTIONS']));
    expect(String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/)).toContain('if-none-match');
    expect(Number(res.headers['access-control-max-age'])).toBeGreaterThan(0);
  });

  it('never lets its own errors be cached, and keeps the site\'s error files to a short max-age', async () => {
    const post = await raw('POST', '/api/v1/models');
    expect([post.status, post.headers['cache-control']]).toEqual([405, 'no-store']);
    const missing = await raw('GET', '/api/v1/models/openai/no-such-model');
    expect(missing.status).toBe(404);
    expect(Number(/max-age=(\d+)/.exec(String(missing.headers['cache-control']))?.[1])).toBeLessThanOrEqual(60);
  });

  it('never decodes %2F into a path separator, and treats // as the engine does: no file, the JSON 404', async () => {
    for (const path of ['/api/v1/models/openai%2Fgpt-4o', '/api/v1/models/openai%2fgpt-4o.json', '/api//v1/models.json', '/api/v1//models', '/api/v1/models/openai//gpt-4o.json']) {
      const res = await raw('GET', path);
      expect(res.status, path).toBe(404);
      expect((JSON.parse(res.body) as { error: { code: string } }).error.code, path).toBe('not_found');
    }
    // The same model by its real path.
    expect((await raw('GET', '/api/v1/models/openai/gpt-4o')).status).toBe(200);
  });

  it('answers encoded dot segments and other odd ids with the JSON 404, never a redirect or another file', async () => {
    for (const path of ODD_API_PATHS) {
      const res = await raw('GET', path);
      expect([res.status, res.headers.location, res.headers['content-type']], path).toEqual([404, undefined, 'application/json; charset=utf-8']);
      expect(['not_found', 'not_precomputed'], path).toContain((JSON.parse(res.body) as { error: { code: string } }).error.code);
    }
  });
});
