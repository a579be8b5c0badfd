/**
 * The HttpTransport of the Cloudflare Worker: the platform's `fetch`, each attempt cut by an
 * AbortController timer (its total timeout, or what is left of the run's deadline), the body read
 * under a size cap, redirects followed only within the origin, failures as the same typed
 * UpstreamErrors as Node's HttpClient (client.ts). Retries only where asked (default none: on the
 * edge every attempt is a subrequest of a budget of 50, and the next minute is the retry).
 * No Node imports: it runs in workerd (and in Node, whose fetch is the same API).
 */
import { UpstreamError, type UpstreamErrorKind } from './errors.js';
import { parseJsonBody } from './json-body.js';
import type { HttpTransport } from './transport.js';
import type { HttpResult, RequestOptions } from './types.js';

export interface FetchTransportOptions {
  userAgent: string;
  /** Per-attempt limit when a request gives none (ms). */
  totalMs?: number;
  maxBytes?: number;
  /** The run's deadline (ms since the epoch): nothing starts after it, and what runs then is cut. */
  deadlineAt?: number;
  /** The fetch to use (the platform's by default). */
  fetch?: typeof fetch;
  clock?: () => number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

class Failure extends Error {
  constructor(readonly kind: UpstreamErrorKind, message: string, readonly status: number | null = null) {
    super(message);
  }
}

export class FetchTransport implements HttpTransport {
  private readonly fetch: typeof fetch;
  private readonly clock: () => number;

  constructor(private readonly options: FetchTransportOptions) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.clock = options.clock ?? Date.now;
  }

  async request(url: string, options: RequestOptions): Promise<HttpResult> {
    const retries = options.retry?.retries ?? 0;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { ...(await this.attempt(url, options)), attempts: attempt };
      } catch (error) {
        if (!(error instanceof Failure)) throw error;
        const retryable = error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http_status' && error.status !== null && (error.status >= 500 || error.status === 408 || error.status === 429));
        if (attempt > retries || !retryable || this.remainingMs() <= 0) {
          throw new UpstreamError({ kind: error.kind, source: options.source, url, status: error.status, message: error.message });
        }
      }
    }
  }

  async requestJson(url: string, options: RequestOptions): Promise<{ json: unknown; result: HttpResult }> {
    const result = await this.request(url, options);
    return { json: parseJsonBody(result, url, options.source), result };
  }

  private remainingMs(): number {
    return (this.options.deadlineAt ?? Number.POSITIVE_INFINITY) - this.clock();
  }

  private async attempt(url: string, options: RequestOptions): Promise<Omit<HttpResult, 'attempts'>> {
    const limit = options.timeouts?.totalMs ?? this.options.totalMs ?? 10_000;
    const left = this.remainingMs();
    if (left <= 0) throw new Failure('timeout', "the run's deadline passed before the request started");
    const cutMs = Math.min(limit, left);
    const why = left < limit ? "the run's deadline passed during the request" : `no complete answer within ${limit} ms`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), cutMs);
    const accept = options.acceptStatus ?? ((s: number) => s >= 200 && s < 300);
    const started = this.clock();
    try {
      let current = new URL(url);
      let method = options.method ?? 'GET';
      let response: Response;
      for (let hop = 0; ; hop += 1) {
        response = await this.send(current, method, options, controller.signal, why);
        const location = response.headers.get('location');
        if (!REDIRECTS.has(response.status) || location === null || options.followRedirects === false) break;
        const next = URL.canParse(location, current) ? new URL(location, current) : null;
        if (next === null || next.origin !== current.origin) {
          if (accept(response.status)) break;
          await response.body?.cancel();
          throw new Failure('redirect', next === null ? `redirect to an invalid location (status ${response.status})` : `refused a redirect to another origin (status ${response.status})`, response.status);
        }
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new Failure('redirect', `stopped after ${MAX_REDIRECTS} redirects (status ${response.status})`, response.status);
        if (response.status === 303 || (method === 'POST' && response.status !== 307 && response.status !== 308)) method = 'GET';
        current = next;
      }
      const latencyMs = Math.max(0, Math.round(this.clock() - started));
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
      const status = response.status;
      const maxBytes = options.maxBytes ?? this.options.maxBytes ?? 2 * 1024 * 1024;
      const body = await readCapped(response, maxBytes, controller.signal, why);
      if (!accept(status)) {
        if (status >= 300 && status < 400) throw new Failure('redirect', `redirects are not followed for this request (status ${status})`, status);
        throw new Failure('http_status', `HTTP ${status}`, status);
      }
      return { url, status, headers, body, latencyMs };
    } finally {
      clearTimeout(timer);
    }
  }

  private async send(url: URL, method: string, options: RequestOptions, signal: AbortSignal, why: string): Promise<Response> {
    try {
      return await this.fetch(url.href, {
        method,
        headers: { 'user-agent': this.options.userAgent, accept: 'application/json', ...options.headers },
        body: method === 'POST' ? options.body : undefined,
        redirect: 'manual',
        signal,
      });
    } catch (cause) {
      if (signal.aborted) throw new Failure('timeout', why);
      // The platform's message names no secret (headers are never in it), but keep it short.
      throw new Failure('network', cause instanceof Error ? cause.message.slice(0, 200) : 'the request failed');
    }
  }
}

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal, why: string): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new Failure('too_large', `declared body of ${declared} bytes exceeds the ${maxBytes}-byte cap`, response.status);
  }
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new Failure('too_large', `body exceeds the ${maxBytes}-byte cap`, response.status);
      }
      chunks.push(value);
    }
  } catch (cause) {
    if (cause instanceof Failure) throw cause;
    if (signal.aborted) throw new Failure('timeout', `body: ${why}`, response.status);
    throw new Failure('network', `body: ${cause instanceof Error ? cause.message.slice(0, 200) : 'read failed'}`, response.status);
  }
  // Decoded once, whole, by the module's one decoder: a decoder made per answer cost more than
  // the decoding itself (a profile of the edge sweep; docs/operation.md, "The edge monitor's sweep").
  if (chunks.length === 1) return UTF8.decode(chunks[0]);
  const whole = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return UTF8.decode(whole);
}

/** UTF-8, a malformed sequence read as U+FFFD (as a streaming decode did). */
const UTF8 = new TextDecoder();
