import { describe, expect, it } from 'vitest';
import { uptime90d } from '../render/status.js';
import { emptyHistory, mergeServiceRun, type ServiceHistory, type ServiceObservation } from './history.js';
import type { ProbeResult } from './probe.js';
import type { OfficialIncident, OfficialStatus } from './types.js';

const incident = (id: string, extra: Partial<OfficialIncident> = {}): OfficialIncident => ({
  id,
  name: `Incident ${id}`,
  status: 'investigating',
  impact: 'major',
  started_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
  url: null,
  ...extra,
});
const page = (incidents: OfficialIncident[] = []): OfficialStatus => ({ indicator: incidents.length ? 'major' : 'none', description: 'x', url: 'https://s', components: [], active_incidents: incidents });
const probe = (ok: boolean | null, at: string): ProbeResult => ({ ok, latency_ms: ok ? 100 : null, http_status: ok ? 401 : null, checked_at: at, error: ok ? null : 'timeout: no answer', attempts: 1 });
const ok = (status: OfficialStatus): ServiceObservation['official'] => ({ ok: true, status });

function run(steps: Array<[string, ServiceObservation]>, start: ServiceHistory = emptyHistory('svc')): ServiceHistory {
  return steps.reduce((history, [now, observation]) => mergeServiceRun(history, observation, now), start);
}

describe('mergeServiceRun', () => {
  it('tracks official incidents until they leave the active list', () => {
    const history = run([
      ['2026-11-20T10:15:00Z', { official: ok(page([incident('a')])), probe: null }],
      ['2026-11-20T10:30:00Z', { official: ok(page([incident('a', { status: 'monitoring' }), incident('b')])), probe: null }],
      ['2026-11-20T10:45:00Z', { official: ok(page([incident('b')])), probe: null }],
    ]);
    // Newest start first; these two started at the same time, so by id.
    expect(history.incidents.map((i) => [i.id, i.status, i.resolved_at])).toEqual([
      ['official:a', 'resolved', '2026-11-20T10:45:00Z'],
      ['official:b', 'investigating', null],
    ]);
  });

  it('keeps the last good official snapshot and its incidents when a read fails', () => {
    const history = run([
      ['2026-11-20T10:00:00Z', { official: ok(page([incident('a')])), probe: null }],
      ['2026-11-20T10:15:00Z', { official: { ok: false, error: 'timeout: no answer' }, probe: null }],
    ]);
    expect(history.official).toMatchObject({ fetched_at: '2026-11-20T10:00:00Z', last_attempt_at: '2026-11-20T10:15:00Z', error: 'timeout: no answer' });
    expect(history.official.snapshot?.active_incidents).toHaveLength(1);
    expect(history.incidents[0]?.resolved_at).toBeNull();
  });

  it('opens no probe incident during announced maintenance', () => {
    const maintenance: OfficialStatus = { ...page(), indicator: 'maintenance' };
    const history = run([['2026-11-20T10:00:00Z', { official: ok(maintenance), probe: probe(false, '2026-11-20T10:00:00Z') }]]);
    expect(history.incidents).toEqual([]);
  });

  it('opens one incident while our probes fail and closes it when they succeed', () => {
    const history = run([
      ['2026-11-20T10:00:00Z', { official: null, probe: probe(false, '2026-11-20T10:00:00Z') }],
      ['2026-11-20T10:15:00Z', { official: null, probe: probe(false, '2026-11-20T10:15:00Z') }],
      ['2026-11-20T10:30:00Z', { official: null, probe: probe(true, '2026-11-20T10:30:00Z') }],
    ]);
    expect(history.incidents).toEqual([
      expect.objectContaining({ id: 'probe:2026-11-20T10:00:00Z', source: 'probe', status: 'resolved', resolved_at: '2026-11-20T10:30:00Z' }),
    ]);
  });

  it('counts conclusive probes per day, and inconclusive ones not at all', () => {
    const history = run([
      ['2026-11-20T23:45:00Z', { official: null, probe: probe(true, '2026-11-20T23:45:00Z') }],
      ['2026-11-21T00:00:00Z', { official: null, probe: probe(false, '2026-11-21T00:00:00Z') }],
      ['2026-11-21T00:15:00Z', { official: null, probe: probe(true, '2026-11-21T00:15:00Z') }],
      ['2026-11-21T00:30:00Z', { official: null, probe: probe(null, '2026-11-21T00:30:00Z') }],
    ]);
    expect(history.days).toEqual([
      { date: '2026-11-20', probes: 1, ok: 1 },
      { date: '2026-11-21', probes: 2, ok: 1 },
    ]);
    const uptime = uptime90d(history, '2026-11-21T00:30:00Z');
    expect(uptime).toHaveLength(90);
    // No official history here: the days are the probes' alone.
    expect(uptime[0]).toEqual({ date: '2026-08-24', uptime: null, probe: null, official: null });
    expect(uptime.slice(-3)).toEqual([
      { date: '2026-11-19', uptime: null, probe: null, official: null },
      { date: '2026-11-20', uptime: 1, probe: 1, official: null },
      { date: '2026-11-21', uptime: 0.5, probe: 0.5, official: null },
    ]);
  });
});

describe('incidents without an id', () => {
  it('keep the same id when a later read adds their start time', async () => {
    const { completeIncident } = await import('./platforms/common.js');
    const first = completeIncident({ id: null, name: 'API errors', status: 'investigating', impact: 'major', started_at: null, updated_at: null, url: null });
    const later = completeIncident({ id: '', name: 'API errors', status: 'identified', impact: 'major', started_at: '2026-11-20T10:00:00Z', updated_at: null, url: null });
    expect(first?.id).toMatch(/^untitled-[0-9a-f]{16}$/);
    expect(later?.id).toBe(first?.id);
  });
});
