import type { ModelRecord } from '../models/types.js';
import type { EndpointsRotation } from '../store/data-store.js';

/**
 * Which models get their per-provider endpoints refreshed this run. OpenRouter has one endpoint
 * request per model, so we refresh a few per run (politely) instead of hundreds: models never
 * checked first, then models whose price just changed, then the longest-unchecked ones.
 */
export function pickEndpointRefreshes(
  models: Iterable<ModelRecord>,
  checks: Readonly<EndpointsRotation>,
  priceChanged: ReadonlySet<string>,
  limit: number,
): ModelRecord[] {
  const candidates = [...models].filter((m) => m.delisted_at === null && m.origin !== 'first-party');
  const rank = (m: ModelRecord): [number, string, string] => {
    const checked = checks[m.id]?.attempted_at;
    if (checked === undefined) return [0, '', m.id];
    if (priceChanged.has(m.id)) return [1, checked, m.id];
    return [2, checked, m.id];
  };
  return candidates
    .map((model) => ({ model, key: rank(model) }))
    .sort((a, b) => a.key[0] - b.key[0] || cmp(a.key[1], b.key[1]) || cmp(a.key[2], b.key[2]))
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.model);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
