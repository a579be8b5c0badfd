/**
 * The package's fetch: what the shared client (generator/client/client.ts) calls for every
 * request. It turns the failures a user can meet into clear ModelPulseErrors (a base URL that
 * cannot be reached, a server that answers something other than JSON) and keeps answers for as
 * long as the API says they stay good (`Cache-Control: max-age`, at least 60 s). No Node.js
 * imports: this module runs in browsers too.
 */
import { ModelPulseError } from '../../../generator/client/client.js';

/** The part of a fetch Response the shared client reads. */
export interface FetchedResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

/** The standard `fetch`, or anything that answers like it. */
export type FetchLike = (url: string) => Promise<{ ok: boolean; status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;

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

function answer(status: number, text: string): FetchedResponse {
  return { ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) as unknown };
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
}

/** The fetch the shared client gets: clear errors, and a cache of successful JSON answers. */
export function packageFetch({ baseUrl, fetch, cache, now }: HttpOptions): (url: string) => Promise<FetchedResponse> {
  return async (url) => {
    const kept = await cache?.get(url);
    if (kept && kept.expiresAt > now()) return answer(kept.status, kept.body);
    let response: Awaited<ReturnType<FetchLike>>;
    let body: string;
    try {
      response = await fetch(url);
      body = await response.text();
    } catch (error) {
      throw new ModelPulseError(0, 'unreachable', `Cannot reach ${baseUrl}: ${networkReason(error)} (GET ${url})`, url);
    }
    const contentType = response.headers.get('content-type') ?? '';
    let json = true;
    try {
      JSON.parse(body);
    } catch {
      json = false;
    }
    // A success that is not JSON is not our API (a login page, a proxy, a host's own page):
    // report it, never read it as data. Errors that are not JSON are left to the shared client,
    // which knows which ones it can answer anyway (a host without a precomputed file).
    if (!json && response.ok) {
      throw new ModelPulseError(response.status, 'bad_response', `${url} answered ${described(contentType, body)}: is ${baseUrl} a ModelPulse site?`, url);
    }
    if (json && response.status === 200) {
      await cache?.set({ url, status: 200, contentType, body, expiresAt: now() + freshSeconds(response.headers.get('cache-control')) * 1000 });
    }
    return answer(response.status, body);
  };
}
