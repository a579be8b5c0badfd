import { describe, expect, it } from 'vitest';
import type { ServiceObservation } from '../../../status/history.js';
import type { ServiceDefinition } from '../../../status/registry.js';
import { applyRun, decodeRun, encodeRun, rollUp, ROLLUP_DAYS, type ObservedService } from './state.js';

const service = (id: string): ServiceDefinition => ({ id, name: id, url: `https://${id}.example`, status_page: { type: 'statuspage', url: `https://status.${id}.example` }, probe: { url: `https://api.${id}.example`, method: 'GET' } });
const page = (indicator: 'none' | 'critical'): ServiceObservation['official'] => ({ ok: true, status: { indicator, description: indicator, url: 'https://status.example', active_incidents: [], components: [] } });
const probe = (ok: boolean | null, at: string): ServiceObservation['probe'] => ({ ok, latency_ms: ok === null ? null : 120, http_status: ok ? 401 : ok === false ? 503 : null, checked_at: at, error: ok ? null : 'x', attempts: 1 });
const observed = (id: string, official: ServiceObservation['official'], p: ServiceObservation['probe']): ObservedService => ({ service: service(id), observation: { official, probe: p } });

describe('one monitor run applied to the state', () => {
  it('keeps the last good page with its time when a read fails, and counts only conclusive probes', () => {
    const first = applyRun(null, [observed('a', page('none'), probe(true, '2026-11-27T10:00:00Z'))], '2026-11-27T10:00:00Z');
    expect(first.closed).toBeNull();
    expect(first.statuses.get('a')).toBe('operational');
    const second = applyRun(first.state, [observed('a', { ok: false, error: 'invalid_body: response is not JSON' }, probe(null, '2026-11-27T10:01:00Z'))], '2026-11-27T10:01:00Z');
    expect(second.state.services.a).toMatchObject({ official: { fetched_at: '2026-11-27T10:00:00Z', error: 'invalid_body: response is not JSON', snapshot: { indicator: 'none' } }, today: [1, 1] });
    const third = applyRun(second.state, [observed('a', page('critical'), probe(false, '2026-11-27T10:02:00Z'))], '2026-11-27T10:02:00Z');
    expect(third.state.services.a!.today).toEqual([2, 1]);
    expect(third.statuses.get('a')).toBe('major_outage');
  });

  it('leaves the services a run did not observe as they were (another minute\'s group)', () => {
    const both = applyRun(null, [observed('a', page('none'), probe(true, '2026-11-27T10:00:00Z')), observed('b', page('none'), probe(true, '2026-11-27T10:00:00Z'))], '2026-11-27T10:00:00Z');
    const onlyB = applyRun(both.state, [observed('b', page('none'), probe(false, '2026-11-27T10:01:00Z'))], '2026-11-27T10:01:00Z');
    expect(onlyB.state.services.a).toEqual(both.state.services.a);
    expect(onlyB.state.services.b!.today).toEqual([2, 1]);
  });

  it('closes a day with the first run of the next: its counts go to the roll-up, today starts at zero', () => {
    const late = applyRun(null, [observed('a', page('none'), probe(false, '2026-11-27T23:59:00Z'))], '2026-11-27T23:59:00Z');
    const next = applyRun(late.state, [observed('a', page('none'), probe(true, '2026-11-28T00:00:00Z'))], '2026-11-28T00:00:00Z');
    expect(next.closed).toEqual({ day: '2026-11-27', counts: { a: [1, 0] } });
    expect(next.state.day).toBe('2026-11-28');
    expect(next.state.services.a!.today).toEqual([1, 1]);
    const rolled = rollUp({ '2026-08-01': { a: [1440, 1440] }, '2026-11-26': { a: [1440, 1439] } }, next.closed!, '2026-11-28');
    // Exactly the last 90 days before today: the 1st of August fell out.
    expect(Object.keys(rolled).sort()).toEqual(['2026-11-26', '2026-11-27']);
    expect(ROLLUP_DAYS).toBe(90);
  });

  it('writes each observation in a few bytes and reads it back', () => {
    const run = [observed('openai', page('none'), probe(true, '2026-11-27T10:00:00Z')), observed('x-ai', { ok: false, error: 'e' }, probe(false, '2026-11-27T10:00:00Z')), observed('none', null, null)];
    const applied = applyRun(null, run, '2026-11-27T10:00:00Z');
    const text = encodeRun(run, applied.statuses);
    expect(text).toBe('openai:o1,120,401,n;x-ai:p0,120,503,!;none:u-,,,-');
    expect(decodeRun(text)).toEqual([
      { id: 'openai', status: 'operational', probe: true, latency_ms: 120, http_status: 401 },
      { id: 'x-ai', status: 'partial_outage', probe: false, latency_ms: 120, http_status: 503 },
      { id: 'none', status: 'unknown', probe: undefined, latency_ms: null, http_status: null },
    ]);
  });
});
