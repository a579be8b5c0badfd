import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, parseRetryAfter } from './client.js';
import { UpstreamError } from './errors.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';

let server: UpstreamServer;
let client: HttpClient;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(async () => {
  await client?.close();
});

function makeClient(retries = 2): HttpClient {
  client = new HttpClient({
    userAgent: 'ModelPulse-test/1.0 (+https://example.test)',
    timeouts: { connectMs: 500, headersMs: 300, bodyMs: 300, totalMs: 1_000 },
    retry: { retries, baseDelayMs: 1, maxDelayMs: 5 },
    maxBytes: 1024,
    random: () => 1,
  });
  return client;
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('HttpClient', () => {
  it('returns JSON and sends a descriptive User-Agent', async () => {
    server.setRoutes({ '/ok': { kind: 'json', body: { hello: 'world' } } });
    const { json, result } = await makeClient().requestJson(`${server.url}/ok`, { source: 'test' });
    expect(json).toEqual({ hello: 'world' });
    expect(result.status).toBe(200);
    expect(result.attempts).toBe(1);
    expect(server.headersSeen.at(-1)?.['user-agent']).toBe('ModelPulse-test/1.0 (+https://example.test)');
  });

  it('retries a 500 and succeeds on the next answer', async () => {
    server.setRoutes({
      '/flaky': [
        { kind: 'json', status: 500, body: { error: 'boom' } },
        { kind: 'json', body: { ok: true } },
      ],
    });
    const { json, result } = await makeClient().requestJson(`${server.url}/flaky`, { source: 'test' });
    expect(json).toEqual({ ok: true });
    expect(result.attempts).toBe(2);
  });

  it('gives up after the retry budget with a typed http_status error', async () => {
    server.setRoutes({ '/down': { kind: 'json', status: 503, body: {} } });
    const before = server.hits.length;
    const error = await failure(makeClient(2).request(`${server.url}/down`, { source: 'svc' }));
    expect(error.kind).toBe('http_status');
    expect(error.status).toBe(503);
    expect(error.source).toBe('svc');
    expect(error.url).toBe(`${server.url}/down`);
    expect(server.hits.length - before).toBe(3);
  });

  it('retries 429 and 408 but never 404 or 403', async () => {
    server.setRoutes({
      '/limited': [
        { kind: 'json', status: 429, body: {}, headers: { 'retry-after': '0' } },
        { kind: 'json', status: 408, body: {} },
        { kind: 'json', body: { ok: 1 } },
      ],
      '/missing': { kind: 'json', status: 404, body: {} },
      '/forbidden': { kind: 'text', status: 403, body: '<html>challenge</html>' },
    });
    const http = makeClient(3);
    expect((await http.request(`${server.url}/limited`, { source: 't' })).attempts).toBe(3);
    for (const path of ['/missing', '/forbidden']) {
      const before = server.hits.length;
      const error = await failure(http.request(`${server.url}${path}`, { source: 't' }));
      expect(error.kind).toBe('http_status');
      expect(server.hits.length - before).toBe(1);
    }
  });

  it('gives up at once when Retry-After asks for longer than the longest backoff', async () => {
    server.setRoutes({ '/busy': { kind: 'json', status: 429, body: {}, headers: { 'retry-after': '3600' } } });
    const before = server.hits.length;
    const error = await failure(makeClient(3).request(`${server.url}/busy`, { source: 't' }));
    expect(error).toMatchObject({ kind: 'http_status', status: 429 });
    expect(server.hits.length - before).toBe(1);
  });

  it('times out on an upstream that never answers, and retries it within bounds', async () => {
    server.setRoutes({ '/hang': { kind: 'hang' } });
    const before = server.hits.length;
    const error = await failure(makeClient(1).request(`${server.url}/hang`, { source: 't' }));
    expect(error.kind).toBe('timeout');
    expect(error.cause).toBeDefined();
    expect(server.hits.length - before).toBe(2);
  });

  it('times out a body that trickles past the total deadline', async () => {
    server.setRoutes({ '/slow': { kind: 'slow', chunks: ['{"a":', '1', ',"b":', '2', '}'], intervalMs: 250 } });
    const error = await failure(makeClient(0).request(`${server.url}/slow`, { source: 't' }));
    expect(error.kind).toBe('timeout');
  });

  it('accepts a slow body that finishes within its limits', async () => {
    server.setRoutes({ '/slowok': { kind: 'slow', chunks: ['{"a":', '1}'], intervalMs: 50 } });
    const { json } = await makeClient(0).requestJson(`${server.url}/slowok`, { source: 't' });
    expect(json).toEqual({ a: 1 });
  });

  it('rejects bodies over the size cap, declared or not, without retrying', async () => {
    server.setRoutes({
      '/huge-declared': { kind: 'huge', bytes: 5000, declareLength: true },
      '/huge-chunked': { kind: 'huge', bytes: 5000, declareLength: false },
    });
    for (const path of ['/huge-declared', '/huge-chunked']) {
      const before = server.hits.length;
      const error = await failure(makeClient().request(`${server.url}${path}`, { source: 't' }));
      expect(error.kind).toBe('too_large');
      expect(server.hits.length - before).toBe(1);
    }
  });

  it('reports HTML and truncated JSON as invalid_body', async () => {
    server.setRoutes({
      '/html': { kind: 'text', body: '<!doctype html><html><body>Just a moment...</body></html>' },
      '/truncated': { kind: 'text', body: '{"data":[{"id":"a/b"', headers: { 'content-type': 'application/json' } },
    });
    const http = makeClient();
    const html = await failure(http.requestJson(`${server.url}/html`, { source: 't' }));
    expect(html.kind).toBe('invalid_body');
    // Our classification only: the upstream's bytes are never part of a (published) error.
    expect(html.summary()).toMatch(/^invalid_body: response is not JSON \(text\/html, 57 bytes\)/);
    expect(html.message).not.toContain('Just a moment');
    const truncated = await failure(http.requestJson(`${server.url}/truncated`, { source: 't' }));
    expect(truncated.kind).toBe('invalid_body');
    expect(truncated.cause).toBeInstanceOf(SyntaxError);
  });

  it('follows a redirect but stops a redirect loop', async () => {
    server.setRoutes({
      '/moved': { kind: 'redirect', location: '/ok' },
      '/ok': { kind: 'json', body: { ok: true } },
      '/loop-a': { kind: 'redirect', location: '/loop-b' },
      '/loop-b': { kind: 'redirect', location: '/loop-a' },
    });
    const http = makeClient();
    expect((await http.requestJson(`${server.url}/moved`, { source: 't' })).json).toEqual({ ok: true });
    const error = await failure(http.request(`${server.url}/loop-a`, { source: 't' }));
    expect(error.kind).toBe('redirect');
  });

  it('refuses a redirect to another port, host or scheme, without reading or naming it', async () => {
    const elsewhere = await startUpstreamServer({ '/page': { kind: 'text', body: 'SECRET-INTRANET-PAGE: [Re-login](https://evil.example/phish)' } });
    try {
      server.setRoutes({
        '/to-port': { kind: 'redirect', location: `${elsewhere.url}/page` },
        '/to-host': { kind: 'redirect', location: `${elsewhere.url.replace('127.0.0.1', 'localhost')}/page`, status: 301 },
        '/to-scheme': { kind: 'redirect', location: `${server.url.replace('http:', 'https:')}/ok`, status: 307 },
      });
      const http = makeClient();
      for (const path of ['/to-port', '/to-host', '/to-scheme']) {
        const error = await failure(http.requestJson(`${server.url}${path}`, { source: 't' }));
        expect(error, path).toMatchObject({ kind: 'redirect', url: `${server.url}${path}` });
        expect(error.summary(), path).toMatch(/refused a redirect to another origin \(status 30[127]\)/);
        expect(error.summary(), path).not.toMatch(/SECRET|localhost|https:/);
      }
      expect(elsewhere.hits).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('follows a redirect to another origin only when the caller allows it, and hands a probe the 3xx itself', async () => {
    const elsewhere = await startUpstreamServer({ '/ok': { kind: 'json', body: { from: 'elsewhere' } } });
    try {
      server.setRoutes({ '/away': { kind: 'redirect', location: `${elsewhere.url}/ok` } });
      const http = makeClient();
      expect((await http.requestJson(`${server.url}/away`, { source: 't', crossOriginRedirects: true })).json).toEqual({ from: 'elsewhere' });
      const probe = await http.request(`${server.url}/away`, { source: 'probe', acceptStatus: (s) => s < 500 });
      expect(probe.status).toBe(302);
      expect(elsewhere.hits).toEqual(['GET /ok']);
    } finally {
      await elsewhere.close();
    }
  });

  it('does not follow redirects when asked not to (requests carrying secrets)', async () => {
    server.setRoutes({ '/moved': { kind: 'redirect', location: '/ok' }, '/ok': { kind: 'json', body: { ok: true } } });
    const before = server.hits.length;
    const error = await failure(makeClient().request(`${server.url}/moved`, { source: 't', followRedirects: false }));
    expect(error).toMatchObject({ kind: 'redirect', status: 302 });
    expect(server.hits.length - before).toBe(1);
  });

  it('reports a connection reset and a refused connection as network errors', async () => {
    server.setRoutes({ '/reset': { kind: 'reset' } });
    const http = makeClient(1);
    expect((await failure(http.request(`${server.url}/reset`, { source: 't' }))).kind).toBe('network');
    // Port 9 (discard) on loopback: nothing listens there in the test environment.
    expect((await failure(http.request('http://127.0.0.1:9/', { source: 't' }))).kind).toBe('network');
  });

  it('lets a caller accept non-2xx answers (probes count 401 as reachable)', async () => {
    server.setRoutes({ '/auth': { kind: 'json', status: 401, body: { error: 'no key' } } });
    const result = await makeClient().request(`${server.url}/auth`, { source: 'probe', acceptStatus: (s) => s < 500 });
    expect(result.status).toBe(401);
  });

  it('refuses a JSON body with a number a double cannot hold (1e-400 would read as 0, free), naming where', async () => {
    const body = '{"data": [{"id": "a", "note": "1e-400 in a string is text", "price": 1e-400}]}';
    server.setRoutes({ '/tiny': { kind: 'text', body, headers: { 'content-type': 'application/json' } }, '/fine': { kind: 'text', body: body.replace('1e-400}', '1e-300}') } });
    const error = await failure(makeClient().requestJson(`${server.url}/tiny`, { source: 'test' }));
    expect(error.kind).toBe('invalid_body');
    expect(error.detail).toBe('a number at line 1, column 70 cannot be represented (it would read as 0 or Infinity)');
    expect((await makeClient().requestJson(`${server.url}/fine`, { source: 'test' })).json).toEqual({ data: [{ id: 'a', note: '1e-400 in a string is text', price: 1e-300 }] });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores garbage', () => {
    const now = Date.parse('2026-11-21T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
