/** Why an upstream request failed. Every adapter and probe reports failures in these terms. */
export const UPSTREAM_ERROR_KINDS = [
  'timeout', // connect, headers, body or total deadline passed
  'network', // connection refused/reset, DNS, TLS, socket errors
  'http_status', // an HTTP answer outside the accepted statuses
  'too_large', // body over the size cap
  'redirect', // too many redirects (loops)
  'invalid_body', // not parseable (HTML instead of JSON, truncated JSON)
  'invalid_schema', // parseable, but not the upstream's documented shape
] as const;
export type UpstreamErrorKind = (typeof UPSTREAM_ERROR_KINDS)[number];

export interface UpstreamErrorInit {
  kind: UpstreamErrorKind;
  source: string;
  url: string;
  status?: number | null;
  message: string;
  cause?: unknown;
}

/** A typed failure of one upstream request; keeps the underlying cause. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  readonly kind: UpstreamErrorKind;
  readonly source: string;
  readonly url: string;
  readonly status: number | null;
  /** The problem alone, without source and URL. */
  readonly detail: string;

  constructor(init: UpstreamErrorInit) {
    super(`${init.source}: ${init.message} (${init.url})`, { cause: init.cause });
    this.detail = init.message;
    this.kind = init.kind;
    this.source = init.source;
    this.url = init.url;
    this.status = init.status ?? null;
  }

  /** A one-line, secret-free description for summaries and data/sources.json. */
  summary(): string {
    return `${this.kind}: ${this.detail} (${this.url})`;
  }
}

export function isUpstreamError(error: unknown): error is UpstreamError {
  return error instanceof UpstreamError;
}
