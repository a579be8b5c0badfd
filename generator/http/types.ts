/**
 * The shapes of one HTTP request and its answer, shared by every transport: the undici
 * HttpClient in Node (client.ts) and the fetch transport in the Worker (fetch-transport.ts).
 * No imports: this module runs in both.
 */
/** Bounds for one request. Every phase has its own limit, plus a total deadline per attempt. */
export interface Timeouts {
  connectMs: number;
  headersMs: number;
  /** Longest silence allowed between two body chunks. */
  bodyMs: number;
  /** Whole attempt, so a body that trickles forever still ends. */
  totalMs: number;
}

export interface RetryPolicy {
  /** Extra attempts after the first (0 = no retry). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface RequestOptions {
  /** Which upstream this is, for error messages and summaries. */
  source: string;
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  /** A request body (POST only), sent as it is. */
  body?: string;
  /** Statuses that count as an answer; others raise `http_status`. Default: 2xx. */
  acceptStatus?: (status: number) => boolean;
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  maxBytes?: number;
  /**
   * Follow redirects (default true). Requests that carry a secret header must not: undici strips
   * only authorization, cookie and proxy-authorization on a cross-origin redirect.
   */
  followRedirects?: boolean;
  /**
   * Follow redirects to another origin (scheme, host or port). Default false: a redirect elsewhere
   * ends the request as a `redirect` error (or, when `acceptStatus` accepts the 3xx, as that
   * answer), so an upstream cannot make us read and publish a server we never meant to ask.
   */
  crossOriginRedirects?: boolean;
}

export interface HttpResult {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  attempts: number;
  /** Time to response headers of the final attempt, in ms. */
  latencyMs: number;
}
