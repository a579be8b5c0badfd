/**
 * The registry of official status-page adapters, one per platform (`none` has no adapter).
 * Each adapter is fetch (the only I/O) → parse (ajv; throws UpstreamError kind
 * 'invalid_schema') → translate (pure), composed here; the steps are exported by each module.
 */
import type { HttpClient } from '../../http/client.js';
import type { OfficialStatus, StatusPageTarget, StatusPlatform } from '../types.js';
import { betterstackApiUrl, fetchBetterstack, parseBetterstack, translateBetterstack } from './betterstack.js';
import { statusSource } from './common.js';
import { fetchGcp, gcpApiUrl, parseGcp, translateGcp } from './gcp.js';
import { fetchIncidentio, incidentioApiUrl, parseIncidentio, translateIncidentio } from './incidentio.js';
import { fetchInstatus, instatusApiUrl, parseInstatus, translateInstatus } from './instatus.js';
import { fetchStatuspage, parseStatuspage, statuspageApiUrl, translateStatuspage } from './statuspage.js';

export type AdaptedPlatform = Exclude<StatusPlatform, 'none'>;

export interface StatusAdapter {
  platform: AdaptedPlatform;
  /** The URL fetched for a target (for logs and errors). */
  apiUrl(target: StatusPageTarget): string;
  /** fetch (only I/O) → parse (ajv, throws UpstreamError kind 'invalid_schema') → translate (pure). */
  read(http: HttpClient, target: StatusPageTarget): Promise<OfficialStatus>;
}

function adapter<P>(
  platform: AdaptedPlatform,
  apiUrl: (target: StatusPageTarget) => string,
  fetch: (http: HttpClient, target: StatusPageTarget) => Promise<unknown>,
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

export const STATUS_ADAPTERS: Record<AdaptedPlatform, StatusAdapter> = {
  statuspage: adapter('statuspage', statuspageApiUrl, fetchStatuspage, parseStatuspage, translateStatuspage),
  incidentio: adapter('incidentio', incidentioApiUrl, fetchIncidentio, parseIncidentio, translateIncidentio),
  instatus: adapter('instatus', instatusApiUrl, fetchInstatus, parseInstatus, translateInstatus),
  betterstack: adapter('betterstack', betterstackApiUrl, fetchBetterstack, parseBetterstack, translateBetterstack),
  gcp: adapter('gcp', gcpApiUrl, fetchGcp, parseGcp, translateGcp),
};
