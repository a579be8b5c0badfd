/**
 * The client's live status read (client.ts `status`, `service`, `modelStatus`, `liveModel`): one request to where status is
 * live, bounded by a timeout, judged before it is used. Any failure is a reason to read the static
 * file instead, never an error: the file form is the fallback on every host.
 */

/** What the client fetches with; `init.signal` ends a live status read at its timeout (a fetch may ignore it). */
export type Fetch = (url: string, init?: { signal?: AbortSignal }) => Promise<{ status: number; text(): Promise<string> }>;

/** A response's envelope (client.ts ApiResponse). */
interface ApiResponse<T = unknown> {
  data: T;
  meta: Record<string, unknown>;
}

/**
 * The query parameter a live model detail read carries (`/api/v1/models/<author>/<slug>?live=1`).
 * A Netlify build with LIVE_STATUS_URL proxies only the path form asked with it to the Worker
 * (host/redirects.ts): readers of the plain path form keep the static file, which costs no Worker
 * request and never fails with the Worker, and the readers that fall back (this client, the website,
 * the package) get the live detail. Elsewhere hosts ignore it (docs/hosting.md, "Live status on every host").
 */
export const LIVE_DETAIL_PARAM = ['live', '1'] as const;

/** How long a live status read may take before the static file is read instead. */
export const LIVE_STATUS_TIMEOUT_MS = 5_000;

/** Why a status answer is the static file although a live one was asked for: where, and what failed. */
export interface LiveFallback {
  url: string;
  reason: string;
}

/** A status answer, and `fallback` when the live read failed (null: live, or no live URL to read). */
export type StatusAnswer<T = unknown> = ApiResponse<T> & { fallback: LiveFallback | null };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Whether a body is a status list (`id` null) or the status of service `id`: what a live read must answer. */
export function isStatusAnswer(body: unknown, id: string | null): body is ApiResponse<unknown> {
  if (!isObject(body) || !isObject(body.meta)) return false;
  // A service (its `status`), or a model of /api/v1/status/models (its `state`).
  const isService = (row: unknown) => isObject(row) && typeof row.id === 'string' && (typeof row.status === 'string' || typeof row.state === 'string');
  return id === null ? Array.isArray(body.data) && body.data.every(isService) : isService(body.data) && (body.data as { id: string }).id === id;
}

/** Whether a body is model `id`'s detail with its status (`status` an object, `endpoints` a list): what a live model read must answer. */
export function isModelAnswer(body: unknown, id: string): body is ApiResponse<unknown> {
  if (!isObject(body) || !isObject(body.meta) || !isObject(body.data)) return false;
  return body.data.id === id && isObject(body.data.status) && Array.isArray(body.data.endpoints);
}

class LiveTimeout extends Error {}

/** A failed request in a few words: fetch's own TypeError is no connection (with its cause's code), else the fetch's message. */
function failure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return error instanceof TypeError ? `unreachable: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}` : error.message;
}

/** The live answer at `url` if `accepts` it, or why it cannot be used. Never throws, never waits past `timeoutMs`. */
export async function readLive(doFetch: Fetch, url: string, accepts: (body: unknown) => boolean, timeoutMs: number): Promise<{ body: ApiResponse<unknown> } | LiveFallback> {
  const controller = typeof AbortController === 'function' ? new AbortController() : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settled before the abort, which rejects the request at once in some browsers: the reason is the timeout.
      reject(new LiveTimeout());
      controller?.abort();
    }, timeoutMs);
  });
  try {
    // The body too: a server may send its headers and then hang.
    const response = await Promise.race([doFetch(url, controller === null ? undefined : { signal: controller.signal }), timeout]);
    const text = await Promise.race([response.text(), timeout]);
    if (response.status < 200 || response.status >= 300) return { url, reason: `HTTP ${response.status}` };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { url, reason: 'the answer is not JSON' };
    }
    return accepts(body) ? { body: body as ApiResponse<unknown> } : { url, reason: 'the answer is JSON but not a status response' };
  } catch (error) {
    return { url, reason: error instanceof LiveTimeout || controller?.signal.aborted === true ? `no answer within ${timeoutMs / 1000} s` : failure(error) };
  } finally {
    clearTimeout(timer);
  }
}
