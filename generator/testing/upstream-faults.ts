/**
 * Test helpers shared by the platform tests: a fast-failing HttpClient, error capture, one local
 * upstream server per describe block, and the fault cases every adapter must report typed.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { UpstreamError, type UpstreamErrorKind } from '../http/errors.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from './upstream-server.js';

/** Short timeouts and no retries, so fault tests stay fast; close it after each test. */
export function testClient(): HttpClient {
  return new HttpClient({
    userAgent: 'ModelPulse-test/1.0 (+https://example.test)',
    timeouts: { connectMs: 500, headersMs: 300, bodyMs: 300, totalMs: 1_000 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 5 },
    maxBytes: 64 * 1024,
    random: () => 1,
  });
}

/** The UpstreamError a promise (or a call) fails with; fails the test when there is none. */
export async function upstreamFailure(run: Promise<unknown> | (() => unknown)): Promise<UpstreamError> {
  const error = await (async () => {
    try {
      await (typeof run === 'function' ? run() : run);
      return null;
    } catch (caught: unknown) {
      return caught;
    }
  })();
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

/** The server of the enclosing describe block and the client of the running test. */
export interface LocalUpstream {
  readonly server: UpstreamServer;
  readonly http: HttpClient;
}

/**
 * Registers the hooks for reading through a real local server: one server for the describe block
 * (starting one per test would only slow the suite), a fresh test client per test, closed after
 * it so no socket outlives its test. Call it inside `describe`.
 */
export function useLocalUpstream(): LocalUpstream {
  let server: UpstreamServer | undefined;
  let http: HttpClient | undefined;
  beforeAll(async () => {
    server = await startUpstreamServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    http = testClient();
  });
  afterEach(async () => {
    await http?.close();
    http = undefined;
  });
  return {
    get server() {
      if (server === undefined) throw new Error('the local upstream server is only there while a test runs');
      return server;
    },
    get http() {
      if (http === undefined) throw new Error('the test client is only there while a test runs');
      return http;
    },
  };
}

/** A fault the local server injects, and what the read must fail with. */
export interface FaultCase {
  /** Completes "reports …" in the test name, e.g. "a page that never answers as a timeout". */
  title: string;
  reply: Reply;
  kind: UpstreamErrorKind;
  status?: number;
  source?: string;
  /** The error must name the URL that was read (only known once the server runs). */
  namesUrl?: boolean;
  detail?: RegExp;
}

/** The faults every platform meets in the wild; bodies that must look like one platform are passed in. */
export const FAULTS = {
  /** What a bot-protection front (e.g. Cloudflare) serves instead of the JSON. */
  forbidden: (body: string): FaultCase => ({ title: 'a 403 challenge page as http_status', reply: { kind: 'text', status: 403, body }, kind: 'http_status', status: 403 }),
  htmlInsteadOfJson: (body: string): FaultCase => ({ title: 'an HTML page instead of JSON as invalid_body', reply: { kind: 'text', body }, kind: 'invalid_body' }),
  truncatedJson: (body: string): FaultCase => ({
    title: 'truncated JSON as invalid_body',
    reply: { kind: 'text', body, headers: { 'content-type': 'application/json' } },
    kind: 'invalid_body',
  }),
  wrongShape: (body: unknown): FaultCase => ({ title: 'a wrong shape as invalid_schema', reply: { kind: 'json', body }, kind: 'invalid_schema' }),
  neverAnswers: (): FaultCase => ({ title: 'a page that never answers as a timeout', reply: { kind: 'hang' }, kind: 'timeout' }),
  // Larger than testClient's 64 KiB cap, and without Content-Length so the cap must hold mid-body.
  overSizeCap: (): FaultCase => ({ title: 'a body over the size cap as too_large', reply: { kind: 'huge', bytes: 200 * 1024, declareLength: false }, kind: 'too_large' }),
};

/** One test per fault: the server answers `routePath` with it and `read` must fail as the case says. */
export function itRejectsFaults(upstream: LocalUpstream, read: (http: HttpClient) => Promise<unknown>, routePath: string, faults: readonly FaultCase[]): void {
  for (const fault of faults) {
    it(`reports ${fault.title}`, async () => {
      upstream.server.setRoutes({ [routePath]: fault.reply });
      const error = await upstreamFailure(read(upstream.http));
      expect(error.kind).toBe(fault.kind);
      if (fault.status !== undefined) expect(error.status).toBe(fault.status);
      if (fault.source !== undefined) expect(error.source).toBe(fault.source);
      if (fault.namesUrl) expect(error.url).toBe(`${upstream.server.url}${routePath}`);
      if (fault.detail !== undefined) expect(error.detail).toMatch(fault.detail);
    });
  }
}
