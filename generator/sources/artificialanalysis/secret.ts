import { UpstreamError } from '../../http/errors.js';

/**
 * Keeps the API key out of everything we throw. The key travels only in a request header, but an
 * upstream (or a proxy in front of it) can echo it back in a body, and the HTTP helper quotes the
 * start of a non-JSON body in its error and keeps the JSON parser's error as the cause.
 */

export const REDACTED = '[redacted]';
/** How deep into a `cause` chain we look for the secret. */
const MAX_CAUSE_DEPTH = 8;

export function redact(text: string, secret: string): string {
  return secret === '' ? text : text.split(secret).join(REDACTED);
}

/** Whether the secret appears in an error's message, stack or anywhere down its cause chain. */
export function mentionsSecret(value: unknown, secret: string, depth = 0): boolean {
  if (secret === '' || depth > MAX_CAUSE_DEPTH) return false;
  if (typeof value === 'string') return value.includes(secret);
  if (!(value instanceof Error)) return value !== null && value !== undefined && String(value).includes(secret);
  const fields = [value.message, value.stack ?? ''];
  if (value instanceof UpstreamError) fields.push(value.url, value.detail);
  return fields.some((field) => field.includes(secret)) || mentionsSecret(value.cause, secret, depth + 1);
}

/**
 * The same error with the secret replaced by `[redacted]`. An error that does not mention the
 * secret is returned unchanged. A cause that mentions it is replaced by a plain Error carrying
 * its redacted message (its own causes are dropped: they are undici/parser internals).
 */
export function withoutSecret(error: unknown, secret: string): unknown {
  if (!mentionsSecret(error, secret)) return error;
  if (error instanceof UpstreamError) {
    return new UpstreamError({
      kind: error.kind,
      source: error.source,
      url: redact(error.url, secret),
      status: error.status,
      message: redact(error.detail, secret),
      cause: redactedCause(error.cause, secret),
    });
  }
  return redactedCause(error, secret);
}

function redactedCause(cause: unknown, secret: string): unknown {
  if (!mentionsSecret(cause, secret)) return cause;
  const message = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  return new Error(redact(message, secret));
}
