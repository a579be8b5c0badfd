/**
 * What the status code needs from HTTP, whatever runs it: Node's undici HttpClient (client.ts)
 * for `update`, `fetch` with timeouts in the Cloudflare Worker (fetch-transport.ts) for the edge
 * monitor. Failures are UpstreamErrors of the same kinds on both (errors.ts).
 */
import type { HttpResult, RequestOptions } from './types.js';

export interface HttpTransport {
  /** One request, bounded by its timeouts; throws UpstreamError when no attempt gets an accepted answer. */
  request(url: string, options: RequestOptions): Promise<HttpResult>;
  /** Like `request`, and parses the body as JSON (`invalid_body` when it is not JSON). */
  requestJson(url: string, options: RequestOptions): Promise<{ json: unknown; result: HttpResult }>;
}
