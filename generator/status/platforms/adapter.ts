/**
 * One status-page adapter: fetch (the only I/O) → parse (the platform's checker; throws
 * UpstreamError kind 'invalid_schema') → translate (pure), over any HttpTransport (Node's
 * HttpClient in `update`, fetch in the Worker's monitor).
 */
import type { HttpTransport } from '../../http/transport.js';
import type { OfficialStatus, StatusPageTarget, StatusPlatform } from '../types.js';
import { statusSource } from './common.js';

export type AdaptedPlatform = Exclude<StatusPlatform, 'none'>;

export interface StatusAdapter {
  platform: AdaptedPlatform;
  /** The URL fetched for a target (for logs and errors). */
  apiUrl(target: StatusPageTarget): string;
  /** fetch (only I/O) → parse (throws UpstreamError kind 'invalid_schema') → translate (pure). */
  read(http: HttpTransport, target: StatusPageTarget): Promise<OfficialStatus>;
}

export function adapter<P>(
  platform: AdaptedPlatform,
  apiUrl: (target: StatusPageTarget) => string,
  fetch: (http: HttpTransport, target: StatusPageTarget) => Promise<unknown>,
  parse: (json: unknown, url: string, source: string) => P,
  translate: (parsed: P, target: StatusPageTarget) => OfficialStatus,
): StatusAdapter {
  return {
    platform,
    apiUrl,
    async read(http, target) {
      const json = await fetch(http, target);
      return translate(parse(json, apiUrl(target), statusSource(target)), target);
    },
  };
}
