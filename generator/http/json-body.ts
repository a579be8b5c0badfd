/**
 * Reading an answer's body as JSON, the same way on every transport (Node's HttpClient and the
 * Worker's fetch transport). No Node imports: this module runs in both.
 */
import { findUnrepresentableNumber } from '../text/json-syntax.js';
import { UpstreamError } from './errors.js';
import type { HttpResult } from './types.js';

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/**
 * What an answer was, in our words: its media type (when it is a well-formed one) and its size.
 * Used instead of upstream text in errors, which end up in data/ and public/.
 */
export function describeBody(result: Pick<HttpResult, 'headers' | 'body'>): string {
  const declared = result.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  const type = declared === undefined || declared === '' ? 'no content type' : MEDIA_TYPE.test(declared) ? declared : 'an unrecognized content type';
  return `${type}, ${new TextEncoder().encode(result.body).length} bytes`;
}

/** The body as JSON; `invalid_body` when it is not JSON or holds a number JSON.parse would bend. */
export function parseJsonBody(result: HttpResult, url: string, source: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(result.body) as unknown;
  } catch (cause) {
    // Our classification only: upstream bytes never reach an error message (it is published).
    throw new UpstreamError({ kind: 'invalid_body', source, url, status: result.status, message: `response is not JSON (${describeBody(result)})`, cause });
  }
  // JSON.parse reads 1e-400 as 0 (a free price) and 1e400 as Infinity without a word.
  const number = findUnrepresentableNumber(result.body);
  if (number !== null) {
    throw new UpstreamError({
      kind: 'invalid_body',
      source,
      url,
      status: result.status,
      message: `a number at line ${number.line}, column ${number.column} cannot be represented (it would read as 0 or Infinity)`,
    });
  }
  return json;
}
