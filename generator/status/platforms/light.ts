/**
 * The adapters of the light current-state endpoints, which the edge monitor reads every minute
 * as well as `update` every 15 minutes: Statuspage and incident.io `summary.json`, Instatus
 * `summary.json`, Better Stack `index.json`. Google Cloud's only feed is its whole incident list
 * (gcp.ts, hundreds of KB): it stays with the 15-minute refresh.
 */
import { adapter, type StatusAdapter } from './adapter.js';
import { betterstackApiUrl, fetchBetterstack, parseBetterstack, translateBetterstack } from './betterstack.js';
import { fetchIncidentio, incidentioApiUrl, parseIncidentio, translateIncidentio } from './incidentio.js';
import { fetchInstatus, instatusApiUrl, parseInstatus, translateInstatus } from './instatus.js';
import type { LightPlatform } from './light-schemas.js';
import { fetchStatuspage, parseStatuspage, statuspageApiUrl, translateStatuspage } from './statuspage.js';

export type { LightPlatform } from './light-schemas.js';

export const LIGHT_ADAPTERS: Record<LightPlatform, StatusAdapter> = {
  statuspage: adapter('statuspage', statuspageApiUrl, fetchStatuspage, parseStatuspage, translateStatuspage),
  incidentio: adapter('incidentio', incidentioApiUrl, fetchIncidentio, parseIncidentio, translateIncidentio),
  instatus: adapter('instatus', instatusApiUrl, fetchInstatus, parseInstatus, translateInstatus),
  betterstack: adapter('betterstack', betterstackApiUrl, fetchBetterstack, parseBetterstack, translateBetterstack),
};

export function isLightPlatform(platform: string): platform is LightPlatform {
  return Object.hasOwn(LIGHT_ADAPTERS, platform);
}
