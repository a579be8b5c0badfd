import { Agent, request, type Dispatcher } from 'undici';
import { UpstreamError, type UpstreamErrorKind } from './errors.js';
import { parseJsonBody } from './json-body.js';
import type { HttpTransport } from './transport.js';
import type { HttpResult, RequestOptions, RetryPolicy, Timeouts } from './types.js';

export type { HttpResult, RequestOptions, RetryPolicy, Timeouts } from './types.js';
export { describeBody } from './json-body.js';

export interface HttpClientOptions {
  userAgent: string;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  maxBytes?: number;
  maxRedirections?: number;
  /** Injected for deterministic tests of backoff; defaults to Math.random. */
  random?: () => number;
  /**
   * The stage's deadline (ms since the epoch, as Date.now()): no request or retry starts after
   * it, and a request running at that moment is cut (a `timeout` error saying so), whatever the
   * upstream does. Default: none.
   */
  deadlineAt?: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000, totalMs: 30_000 };
export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 500, maxDelayMs: 8_000 };
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

const RETRYABLE_STATUSES = new Set([408, 429]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status) || status >= 500;
}

function isRetryableKind(kind: UpstreamErrorKind): boolean {
  return kind === 'network' || kind === 'timeout';
}

/**
 * The one HTTP helper every upstream goes through: bounded phases, a size cap, retries only
 * where a retry can help (network errors, 408, 429, 5xx) with jittered exponential backoff.
 */
export class HttpClient implements HttpTransport {
  private readonly agent: Agent;
  private readonly options: Required<Omit<HttpClientOptions, 'timeouts' | 'retry' | 'deadlineAt'>> & {
    timeouts: Timeouts;
    retry: RetryPolicy;
    deadlineAt: number;
  };

  constructor(options: HttpClientOptions) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.options = {
      userAgent: options.userAgent,
      timeouts,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      maxRedirections: options.maxRedirections ?? 5,
      random: options.random ?? Math.random,
      deadlineAt: options.deadlineAt ?? Number.POSITIVE_INFINITY,
    };
    this.agent = new Agent({ connect: { timeout: timeouts.connectMs } });
  }

  private closed = false;

  /** Releases pooled connections; safe to call more than once. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.agent.close();
  }

  /** Requests `url`, retrying where sensible; throws UpstreamError when no attempt succeeds. */
  async request(url: string, options: RequestOptions): Promise<HttpResult> {
    const retry = { ...this.options.retry, ...options.retry };
    let attempt = 0;
    for (;;) {
      attempt += 1;
      if (this.remainingMs() <= 0) throw this.pastDeadline(url, options, attempt === 1 ? 'before the request started' : 'before a retry');
      try {
        const result = await this.attempt(url, options);
        return { ...result, attempts: attempt };
      } catch (error) {
        if (!(error instanceof AttemptFailure) || attempt > retry.retries || !error.retryable) {
          throw error instanceof AttemptFailure ? error.error : error;
        }
        // The upstream asked us to wait longer than we are willing to: give up now rather than
        // come back sooner than asked.
        if (error.retryAfterMs !== null && error.retryAfterMs > retry.maxDelayMs) throw error.error;
        const delay = this.backoffMs(attempt, retry, error.retryAfterMs);
        // A retry that could not start before the deadline is not waited for.
        if (delay >= this.remainingMs()) throw error.error;
        await sleep(delay);
      }
    }
  }

  private remainingMs(): number {
    return this.options.deadlineAt - Date.now();
  }

  private pastDeadline(url: string, options: RequestOptions, when: string): UpstreamError {
    return new UpstreamError({ kind: 'timeout', source: options.source, url, message: `the stage's deadline passed ${when}` });
  }

  /** Like `request`, and parses the body as JSON (`invalid_body` when it is not JSON). */
  async requestJson(url: string, options: RequestOptions): Promise<{ json: unknown; result: HttpResult }> {
    const result = await this.request(url, options);
    return { json: parseJsonBody(result, url, options.source), result };
  }

  private backoffMs(attempt: number, retry: RetryPolicy, retryAfterMs: number | null): number {
    // Full jitter: spreads retries of many clients hitting the same upstream.
    const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1));
    const jittered = Math.round(this.options.random() * ceiling);
    return retryAfterMs === null ? jittered : Math.max(jittered, retryAfterMs);
  }

  private async attempt(url: string, options: RequestOptions): Promise<Omit<HttpResult, 'attempts'>> {
    const timeouts = { ...this.options.timeouts, ...options.timeouts };
    const maxBytes = options.maxBytes ?? this.options.maxBytes;
    const fail = (kind: UpstreamErrorKind, message: string, extra: { status?: number; cause?: unknown; retryAfterMs?: number | null } = {}) =>
      new AttemptFailure(
        new UpstreamError({ kind, source: options.source, url, status: extra.status ?? null, message, cause: extra.cause }),
        extra.status !== undefined && kind === 'http_status' ? isRetryableStatus(extra.status) : isRetryableKind(kind),
        extra.retryAfterMs ?? null,
      );

    const controller = new AbortController();
    // The attempt's own limit, or what is left of the stage's deadline when that comes first.
    const stageLeft = this.remainingMs();
    const cutMs = Math.max(0, Math.min(timeouts.totalMs, stageLeft));
    const why = stageLeft < timeouts.totalMs ? "the stage's deadline passed during the request" : `no complete answer within ${timeouts.totalMs} ms`;
    const deadline = setTimeout(() => controller.abort(new DeadlineError(why)), cutMs);
    const started = performance.now();
    const accept = options.acceptStatus ?? ((s: number) => s >= 200 && s < 300);
    try {
      let response: Dispatcher.ResponseData;
      let method = options.method ?? 'GET';
      let current = new URL(url);
      for (let hop = 0; ; hop += 1) {
        try {
          response = await request(current, {
            dispatcher: this.agent,
            method,
            headers: { 'user-agent': this.options.userAgent, accept: 'application/json', ...options.headers },
            body: method === 'POST' ? options.body : undefined,
            headersTimeout: timeouts.headersMs,
            bodyTimeout: timeouts.bodyMs,
            signal: controller.signal,
          });
        } catch (cause) {
          throw fail(classify(cause), describe(cause), { cause });
        }
        const location = response.headers.location;
        if (!REDIRECT_STATUSES.has(response.statusCode) || typeof location !== 'string' || options.followRedirects === false) break;
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          discard(response.body);
          throw fail('redirect', `redirect to an invalid location (status ${response.statusCode})`, { status: response.statusCode });
        }
        if (next.origin !== current.origin && options.crossOriginRedirects !== true) {
          // The 3xx itself may be the answer (a probe); otherwise we stop without naming the target.
          if (accept(response.statusCode)) break;
          discard(response.body);
          throw fail('redirect', `refused a redirect to another origin (status ${response.statusCode})`, { status: response.statusCode });
        }
        discard(response.body);
        if (hop >= this.options.maxRedirections) {
          throw fail('redirect', `stopped after ${this.options.maxRedirections} redirects (status ${response.statusCode})`, { status: response.statusCode });
        }
        if (response.statusCode === 303 || (method === 'POST' && response.statusCode !== 307 && response.statusCode !== 308)) method = 'GET';
        current = next;
      }
      const latencyMs = Math.round(performance.now() - started);
      const headers = flattenHeaders(response.headers);
      const status = response.statusCode;

      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(response.body);
        throw fail('too_large', `declared body of ${declared} bytes exceeds the ${maxBytes}-byte cap`, { status });
      }
      let body: string;
      try {
        body = await readCapped(response.body, maxBytes);
      } catch (cause) {
        if (cause instanceof TooLargeError) {
          throw fail('too_large', `body exceeds the ${maxBytes}-byte cap`, { status, cause });
        }
        throw fail(classify(cause), `body: ${describe(cause)}`, { status, cause });
      }

      if (!accept(status)) {
        if (status >= 300 && status < 400) throw fail('redirect', `redirects are not followed for this request (status ${status})`, { status });
        const retryAfterMs = parseRetryAfter(headers['retry-after']);
        throw fail('http_status', `HTTP ${status}`, { status, retryAfterMs });
      }
      return { url, status, headers, body, latencyMs };
    } finally {
      clearTimeout(deadline);
    }
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Internal: one failed attempt plus whether another attempt may help. */
class AttemptFailure extends Error {
  constructor(
    readonly error: UpstreamError,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null,
  ) {
    super(error.message, { cause: error });
  }
}

class DeadlineError extends Error {}

class TooLargeError extends Error {}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) {
      discard(body);
      throw new TooLargeError(`over ${maxBytes} bytes`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Stops reading a body we will not use; the resulting abort is expected, not an error. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

/** Retry-After in seconds or as an HTTP date (relative to now), in ms; null when absent/invalid. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  if (value === undefined || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

function classify(cause: unknown): UpstreamErrorKind {
  if (cause instanceof DeadlineError) return 'timeout';
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return 'timeout';
  if (cause instanceof Error && (cause.name === 'AbortError' || cause.cause instanceof DeadlineError)) return 'timeout';
  // undici's redirect handler throws plain errors for loops and for exceeding its limit.
  if (cause instanceof Error && /redirect/i.test(cause.message)) return 'redirect';
  return 'network';
}

function describe(cause: unknown): string {
  if (cause instanceof DeadlineError) return cause.message;
  if (cause instanceof Error) {
    if (cause.cause instanceof DeadlineError) return cause.cause.message;
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
