/**
 * Endpoint statistics for every model OpenRouter lists, made up deterministically: what the file
 * budgets are checked with (assemble/budget.test.ts at today's catalog, `npm run bench` at ten
 * times it), a worst case where every model has figures, several providers each, and a share of
 * them in trouble (listed in /api/v1/status/models with all their endpoints).
 */
import type { ModelRecord } from '../models/types.js';
import type { EndpointFigures } from '../status/endpoint-stats.js';
import type { TrafficState } from '../store/traffic-store.js';

/** Providers per model (OpenRouter lists 1 to 14; the recorded Kimi K3 had 14). */
export const SYNTHETIC_PROVIDERS = ['fireworks', 'together', 'deepinfra', 'groq', 'novita'];

/** A number in [0, 1) fixed by the text (FNV-1a). */
function unit(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash / 2 ** 32;
}

/** Every listed model's figures, read at `observedAt`; `troubleShare` of them with no provider up. */
export function syntheticTraffic(records: Iterable<ModelRecord>, observedAt: string, troubleShare = 0.05): TrafficState {
  const models: TrafficState['models'] = {};
  for (const record of records) {
    if (record.delisted_at !== null || record.origin === 'first-party') continue;
    const trouble = unit(`${record.id}|trouble`) < troubleShare;
    const endpoints: EndpointFigures[] = SYNTHETIC_PROVIDERS.map((tag) => {
      const r = unit(`${record.id}|${tag}`);
      const uptime = trouble ? Math.round(r * 9000) / 10_000 : Math.round((0.97 + 0.03 * r) * 10_000) / 10_000;
      return {
        tag,
        provider: tag,
        provider_name: tag.replace(/^./, (c) => c.toUpperCase()),
        uptime_5m: uptime,
        uptime_30m: uptime,
        uptime_1d: Math.round((0.98 + 0.02 * r) * 10_000) / 10_000,
        latency_ms: { p50: Math.round(200 + 3000 * r), p90: Math.round(600 + 9000 * r) },
        throughput_tps: { p50: Math.round(200 * r * 10) / 10 + 5, p90: Math.round(300 * r * 10) / 10 + 8 },
      };
    });
    models[record.id] = { attempted_at: observedAt, succeeded_at: observedAt, error: null, latest: { observed_at: observedAt, endpoints }, day_first: null };
  }
  return { pace: { level: 0, resume_at: null }, models };
}
