/**
 * The package's fetch: what the shared client (generator/client/client.ts) calls for every
 * request. It turns the failures a user can meet into clear ModelPulseErrors (a base URL that
 * cannot be reached, a server that answers something other than JSON) and keeps answers for as
 * long as the API says they stay good (`Cache-Control: max-age`, at least 60 s). No Node.js
 * imports: this module runs in browsers too.
 */
import { ModelPulseError } from '../../../generator/client/client.js';

/** The part of a fetch Response the shared client reads (as text or as JSON). */
export interface FetchedResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * What `FetchLike` answers: the parts of a standard Response the package reads, typed without
 * the DOM or Node.js typings so the package's types stand alone.
 */
export interface FetchLikeResponse {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  /** Read in chunks when present, so an oversized answer is stopped early. */
  body?: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> } } | null;
  text(): Promise<string>;
}

/**
 * The standard `fetch`, or anything that answers like it. `init.signal` is an AbortSignal that
 * ends the request at the timeout (typed `any` so that `fetch` itself fits, with or without the
 * DOM typings).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FetchLike = (url: string, init?: { signal?: any }) => Promise<FetchLikeResponse>;

/** One kept answer: what the server said, and until when (epoch milliseconds) it stays good. */
export interface CachedAnswer {
  url: string;
  status: number;
  contentType: string;
  body: string;
  expiresAt: number;
}

/** Where answers are kept: in memory (`memoryCache`), on disk (the CLI), or anything alike. */
export interface ResponseCache {
  get(url: string): Promise<CachedAnswer | null> | CachedAnswer | null;
  set(answer: CachedAnswer): Promise<void> | void;
}

/** The API asks every consumer to keep an answer at least this long (`meta.cache_seconds`). */
export const MIN_CACHE_SECONDS = 60;
/** A request with no complete answer by then fails, rather than hang a script. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Far above any API response (models.json is about 150 KB): more is not this API. */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export function memoryCache(): ResponseCache {
  const answers = new Map<string, CachedAnswer>();
  return { get: (url) => answers.get(url) ?? null, set: (answer) => void answers.set(answer.url, answer) };
}

/** Seconds an answer stays good: the larger of its `max-age` and the API's 60 s. */
export function freshSeconds(cacheControl: string | null): number {
  const maxAge = /(?:^|[\s,])max-age=(\d+)/i.exec(cacheControl ?? '')?.[1];
  return Math.max(MIN_CACHE_SECONDS, maxAge === undefined ? 0 : Number(maxAge));
}

/** A short description of what came back, for error messages: never the body itself. */
function described(contentType: string, body: string): string {
  const type = contentType.split(';')[0]!.trim() || 'no content type';
  return /^\s*</.test(body) ? `an HTML or XML page (${type})` : `${body.length} bytes of ${type} that are not JSON`;
}

/** The body parsed once: `{ value }`, or null when it is not JSON. */
function parsed(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/** What the shared client reads; `json()` rejects a body that is not JSON, as a Response does. */
function answer(status: number, text: string, body: { value: unknown } | null): FetchedResponse {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
    json: async () => {
      if (body === null) throw new SyntaxError('the answer is not JSON');
      return body.value;
    },
  };
}

/** Why a request failed before any answer, in a few words (`ECONNREFUSED`, `ENOTFOUND`, …). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}

export interface HttpOptions {
  baseUrl: string;
  fetch: FetchLike;
  cache: ResponseCache | null;
  now: () => number;
  timeoutMs: number;
}

/** A body over the size a reader accepts (readTextUpTo). */
export class TooLarge extends Error {}

type BodyReader = ReturnType<NonNullable<FetchLikeResponse['body']>['getReader']>;

/** Reads on without keeping anything, up to `budget` bytes more, then stops the stream. */
async function discard(reader: BodyReader, budget: number): Promise<void> {
  for (let left = budget; left > 0; ) {
    const chunk = await reader.read();
    if (chunk.done) return;
    left -= chunk.value?.byteLength ?? 0;
  }
  await reader.cancel();
}

/**
 * A message's body (a response's, or a request's) as text, stopped with TooLarge past `maxBytes`,
 * declared or not: an oversized body is never kept. A server answering a request early may read
 * the rest and drop it (`drainBytes` at most), so the connection it came on stays usable.
 */
export async function readTextUpTo(message: Pick<FetchLikeResponse, 'headers' | 'body' | 'text'>, maxBytes: number, drainBytes = 0): Promise<string> {
  const reader = message.body?.getReader() ?? null;
  if (Number(message.headers.get('content-length')) > maxBytes) {
    if (reader !== null) await discard(reader, drainBytes);
    throw new TooLarge();
  }
  if (reader === null) return message.text();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (chunk.value === undefined) continue;
    bytes += chunk.value.byteLength;
    if (bytes > maxBytes) {
      await discard(reader, drainBytes - bytes);
      throw new TooLarge();
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

/** The fetch the shared client gets: clear errors, and a cache of successful JSON answers. */
export function packageFetch({ baseUrl, fetch, cache, now, timeoutMs }: HttpOptions): (url: string, init?: { signal?: AbortSignal }) => Promise<FetchedResponse> {
  return async (url, init) => {
    const kept = await cache?.get(url);
    const keptBody = kept && kept.expiresAt > now() ? parsed(kept.body) : null;
    if (kept && keptBody !== null) return answer(kept.status, kept.body, keptBody);
    let response: FetchLikeResponse;
    let body: string;
    // The caller's signal too (the shared client ends a live status read sooner than the timeout).
    const signal = init?.signal === undefined || typeof AbortSignal.any !== 'function' ? AbortSignal.timeout(timeoutMs) : AbortSignal.any([AbortSignal.timeout(timeoutMs), init.signal]);
    try {
      response = await fetch(url, { signal });
      body = await readTextUpTo(response, MAX_ANSWER_BYTES);
    } catch (error) {
      if (error instanceof TooLarge) throw new ModelPulseError(0, 'bad_response', `${url} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB: not a ModelPulse response`, url);
      if (signal.aborted) throw new ModelPulseError(0, 'timeout', `No complete answer from ${baseUrl} within ${timeoutMs / 1000} s (GET ${url})`, url);
      throw new ModelPulseError(0, 'unreachable', `Cannot reach ${baseUrl}: ${networkReason(error)} (GET ${url})`, url);
    }
    const contentType = response.headers.get('content-type') ?? '';
    const json = parsed(body);
    // A success that is not JSON is not our API (a login page, a proxy, a host's own page):
    // report it, never read it as data. Errors that are not JSON are left to the shared client,
    // which knows which ones it can answer anyway (a host without a precomputed file).
    if (json === null && response.ok) {
      throw new ModelPulseError(response.status, 'bad_response', `${url} answered ${described(contentType, body)}: is ${baseUrl} a ModelPulse site?`, url);
    }
    if (json !== null && response.status === 200) {
      await cache?.set({ url, status: 200, contentType, body, expiresAt: now() + freshSeconds(response.headers.get('cache-control')) * 1000 });
    }
    return answer(response.status, body, json);
  };
}
