/**
 * The registry of official status-page adapters, one per platform (`none` has no adapter).
 * Each adapter is fetch (the only I/O) → parse (throws UpstreamError kind 'invalid_schema') →
 * translate (pure), composed in adapter.ts; the steps are exported by each module. The light
 * ones (light.ts) also run in the Worker's monitor; gcp only in `update`.
 */
import { adapter, type AdaptedPlatform, type StatusAdapter } from './adapter.js';
import { fetchGcp, gcpApiUrl, parseGcp, translateGcp } from './gcp.js';
import { LIGHT_ADAPTERS } from './light.js';

export type { AdaptedPlatform, StatusAdapter } from './adapter.js';

export const STATUS_ADAPTERS: Record<AdaptedPlatform, StatusAdapter> = {
  ...LIGHT_ADAPTERS,
  gcp: adapter('gcp', gcpApiUrl, fetchGcp, parseGcp, translateGcp),
};
