/**
 * What grows with time stays bounded: a service's stored history (data/status/<id>.json) after
 * a year and more of 15-minute runs, through the real pure merge (status/history.ts), with
 * incidents at the recorded rate and occasional probe failures. Its size must level off at the
 * documented windows (400 days of probe counts, 200 incidents).
 */
import { emptyHistory, mergeServiceRun, type ServiceHistory } from '../status/history.js';
import type { OfficialIncident } from '../status/types.js';
import { stableStringify } from '../text/stable-json.js';
import { MEAN_INCIDENT_MINUTES, poisson, RATES_PER_DAY, seededRandom } from './world-evolution.js';

const RUNS_PER_DAY = 96;

export function boundedGrowth(days: number, seed = 7): string[] {
  const random = seededRandom(seed);
  let history: ServiceHistory = emptyHistory('sim');
  let open: OfficialIncident[] = [];
  let serial = 0;
  const lines: string[] = [];
  const checkpoints = new Set([30, 90, 180, 365, days]);
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let run = 1; run <= days * RUNS_PER_DAY; run += 1) {
    const now = new Date(start + run * 15 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    open = open.filter(() => random() >= 15 / MEAN_INCIDENT_MINUTES);
    for (let i = poisson(random, RATES_PER_DAY.incidentsPerService, 15); i > 0; i -= 1) {
      serial += 1;
      open.push({ id: `i${serial}`, name: 'Elevated errors', status: 'investigating', impact: 'minor', started_at: now, updated_at: now, url: null });
    }
    const failing = open.length > 0 && random() < 0.3;
    history = mergeServiceRun(
      history,
      {
        official: { ok: true, status: { indicator: open.length > 0 ? 'minor' : 'none', description: 'x', url: 'https://status.example.com', active_incidents: open, components: [] } },
        probe: { ok: !failing, latency_ms: Math.round(100 + random() * 400), http_status: failing ? 500 : 401, checked_at: now, error: null, attempts: 1 },
      },
      now,
    );
    const day = run / RUNS_PER_DAY;
    if (checkpoints.has(day)) {
      lines.push(`day ${String(day).padStart(3)}: ${(Buffer.byteLength(stableStringify(history)) / 1024).toFixed(1)} KiB per service (${history.days.length} days of probe counts, ${history.incidents.length} incidents)`);
    }
  }
  return lines;
}
