/**
 * The Worker's transport, run on Node's fetch (the same API as workerd's) against a local
 * upstream: the same typed errors as the HttpClient for the same faults. Its run in workerd is
 * host/cloudflare/monitor/monitor.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { isUpstreamError, type UpstreamError } from './errors.js';
import { FetchTransport } from './fetch-transport.js';

let upstream: UpstreamServer;

beforeAll(async () => {
  upstream = await startUpstreamServer({
    '/ok': { kind: 'json', body: { fine: true } },
    '/html': { kind: 'text', body: '<html>maintenance</html>' },
    '/cut': { kind: 'text', body: '{"page":{"status":"UP"', headers: { 'content-type': 'application/json' } },
    '/down': { kind: 'json', status: 503, body: {} },
    '/hang': { kind: 'hang' },
    '/big': { kind: 'huge', bytes: 50_000, declareLength: false },
    '/here': { kind: 'redirect', location: '/ok' },
    '/away': { kind: 'redirect', location: 'http://example.invalid/elsewhere' },
    '/echo': { kind: 'json', status: 401, body: {} },
    // Two characters cut between chunks, mid-sequence: the body is decoded whole, never per chunk.
    '/split': { kind: 'slow', chunks: splitBytes('{"name":"Zürich ☃"}', [11, 19]), intervalMs: 20 },
  });
});
afterAll(async () => {
  await upstream?.close();
});

/** The UTF-8 bytes of `text`, cut at the byte offsets `at`. */
function splitBytes(text: string, at: number[]): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  return [0, ...at].map((start, i) => bytes.slice(start, at[i] ?? bytes.length));
}

const transport = (deadlineAt?: number) => new FetchTransport({ userAgent: 'ModelPulse-test', totalMs: 2_000, maxBytes: 10_000, ...(deadlineAt === undefined ? {} : { deadlineAt }) });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isUpstreamError(error)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe('the fetch transport', () => {
  it('reads JSON, follows a redirect within the origin, and times the answer', async () => {
    const { json, result } = await transport().requestJson(`${upstream.url}/here`, { source: 't' });
    expect(json).toEqual({ fine: true });
    expect(result).toMatchObject({ status: 200, attempts: 1, headers: { 'content-type': 'application/json' } });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('reads a body sent in chunks that cut characters in two', async () => {
    expect((await transport().requestJson(`${upstream.url}/split`, { source: 't' })).json).toEqual({ name: 'Zürich ☃' });
  });

  it('names each fault as the HttpClient does, never with upstream text', async () => {
    const t = transport();
    expect(await failure(t.requestJson(`${upstream.url}/html`, { source: 't' }))).toMatchObject({ kind: 'invalid_body', status: 200, detail: 'response is not JSON (text/html, 24 bytes)' });
    expect((await failure(t.requestJson(`${upstream.url}/cut`, { source: 't' }))).kind).toBe('invalid_body');
    expect(await failure(t.request(`${upstream.url}/down`, { source: 't' }))).toMatchObject({ kind: 'http_status', status: 503 });
    expect((await failure(t.request(`${upstream.url}/big`, { source: 't' }))).kind).toBe('too_large');
    expect(await failure(t.request(`${upstream.url}/away`, { source: 't' }))).toMatchObject({ kind: 'redirect', status: 302 });
    expect((await failure(t.request('http://127.0.0.1:1/none', { source: 't' }))).kind).toBe('network');
  });

  it('cuts a hang at the request\'s timeout, or at the run\'s deadline when that comes first', async () => {
    const hang = await failure(transport().request(`${upstream.url}/hang`, { source: 't', timeouts: { totalMs: 300 } }));
    expect([hang.kind, hang.detail]).toEqual(['timeout', 'no complete answer within 300 ms']);
    const late = await failure(transport(Date.now() + 300).request(`${upstream.url}/hang`, { source: 't' }));
    expect([late.kind, late.detail]).toEqual(['timeout', "the run's deadline passed during the request"]);
    expect((await failure(transport(Date.now() - 1).request(`${upstream.url}/ok`, { source: 't' }))).kind).toBe('timeout');
  });

  it('sends a POST body and its headers, and takes any status a probe accepts', async () => {
    const result = await transport().request(`${upstream.url}/echo`, { source: 't', method: 'POST', headers: { authorization: 'Bearer k' }, body: '{"max_tokens":1}', acceptStatus: () => true });
    expect(result.status).toBe(401);
    const seen = upstream.hits.lastIndexOf('POST /echo');
    expect(upstream.headersSeen[seen]).toMatchObject({ authorization: 'Bearer k', 'user-agent': 'ModelPulse-test' });
  });
});
