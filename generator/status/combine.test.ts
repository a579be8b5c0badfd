import { describe, expect, it } from 'vitest';
import { combineStatus, OFFICIAL_MAX_AGE_S, worstStatus, type CombineInput } from './combine.js';
import type { ProbeResult } from './probe.js';
import type { IncidentImpact, OfficialIndicator, OfficialStatus } from './types.js';

const official = (indicator: OfficialIndicator, impacts: IncidentImpact[] = []): OfficialStatus => ({
  indicator,
  description: '',
  url: 'https://status.example.com',
  components: [],
  active_incidents: impacts.map((impact, i) => ({ id: `i${i}`, name: 'x', status: 'investigating', impact, started_at: null, updated_at: null, url: null })),
});
const probe = (ok: boolean | null, latency: number | null = 120): ProbeResult => ({
  ok,
  latency_ms: ok ? latency : null,
  http_status: ok ? 401 : null,
  checked_at: '2026-11-21T00:00:00Z',
  error: ok ? null : 'timeout',
  attempts: ok ? 1 : 2,
});
const combine = (input: Partial<CombineInput>) => combineStatus({ official: null, officialAgeS: 0, probe: null, slowMs: 5000, ...input });

describe('combineStatus', () => {
  it.each([
    ['none', 'operational'],
    ['minor', 'degraded'],
    ['major', 'partial_outage'],
    ['critical', 'major_outage'],
    ['maintenance', 'maintenance'],
  ] as const)('maps the official indicator %s to %s when probes agree', (indicator, expected) => {
    expect(combine({ official: official(indicator), probe: probe(true) })).toBe(expected);
  });

  it('is not operational when the page says all is well but our probes fail (silent degradation)', () => {
    expect(combine({ official: official('none'), probe: probe(false) })).toBe('partial_outage');
  });

  it('counts a slow probe as degraded', () => {
    expect(combine({ official: official('none'), probe: probe(true, 9000) })).toBe('degraded');
  });

  it('raises the status by the impact of active incidents, even under an "all clear" indicator', () => {
    expect(combine({ official: official('none', ['critical']), probe: probe(true) })).toBe('major_outage');
    expect(combine({ official: official('minor', ['unknown']), probe: probe(true) })).toBe('degraded');
  });

  it('keeps the worse of official and probe opinions', () => {
    expect(combine({ official: official('critical'), probe: probe(false) })).toBe('major_outage');
  });

  it('treats a failed probe during announced maintenance as maintenance', () => {
    expect(combine({ official: official('maintenance'), probe: probe(false) })).toBe('maintenance');
    expect(combine({ official: official('none', ['maintenance']), probe: probe(false) })).toBe('maintenance');
  });

  it('ignores official data that is too old, and inconclusive probes', () => {
    expect(combine({ official: official('critical'), officialAgeS: OFFICIAL_MAX_AGE_S + 1, probe: probe(true) })).toBe('operational');
    expect(combine({ official: official('none'), probe: probe(null) })).toBe('operational');
    expect(combine({ official: official('unknown'), probe: probe(null) })).toBe('unknown');
  });

  it('is unknown with no opinion at all, and relies on the probe alone without a page', () => {
    expect(combine({})).toBe('unknown');
    expect(combine({ probe: probe(true) })).toBe('operational');
    expect(combine({ probe: probe(false) })).toBe('partial_outage');
  });

  it('orders statuses operational < maintenance < degraded < partial_outage < major_outage', () => {
    expect(worstStatus(['maintenance', 'operational'])).toBe('maintenance');
    expect(worstStatus(['degraded', 'maintenance'])).toBe('degraded');
    expect(worstStatus(['unknown', 'operational'])).toBe('operational');
    expect(worstStatus([])).toBe('unknown');
  });
});
