/**
 * `meta.live` of every status response (docs/api.md, "Live status"): whether the answer comes
 * from the edge monitor's newest observation (the Cloudflare Worker, monitor/live.ts) or from the
 * static file the build wrote, and why. The static files carry a constant value, so their bytes
 * stay stable; the Worker rewrites it.
 */
import { nullableIsoTime } from '../validation/common-schemas.js';

export const LIVE_REASONS = ['static_build', 'monitor_unavailable', 'monitor_empty', 'monitor_stale', 'run_failed'] as const;
export type LiveReason = (typeof LIVE_REASONS)[number];

export interface LiveMeta {
  source: 'monitor' | 'static';
  observed_at: string | null;
  age_seconds: number | null;
  reason: LiveReason | null;
}

/** What the build writes into every static status file. */
export const STATIC_LIVE_META: LiveMeta = { source: 'static', observed_at: null, age_seconds: null, reason: 'static_build' };

export const liveMetaSchema = {
  type: 'object',
  description:
    'where this status answer comes from: `monitor`, the Cloudflare Worker\'s edge monitor (a run every minute; `observed_at` is its newest observation, `age_seconds` its age when answered), or `static`, the file the build wrote (`reason`: static_build for the file itself; monitor_unavailable, monitor_empty, monitor_stale (newest observation over 5 minutes old) or run_failed when the Worker fell back to it)',
  required: ['source', 'observed_at', 'age_seconds', 'reason'],
  additionalProperties: false,
  properties: {
    source: { enum: ['monitor', 'static'] },
    observed_at: nullableIsoTime,
    age_seconds: { type: ['integer', 'null'], minimum: 0 },
    reason: { enum: [...LIVE_REASONS, null] },
  },
} as const;
