import { describe, expect, it } from 'vitest';
import type { EndpointFigures } from './endpoint-stats.js';
import { endpointHealth, judgeModelState, serviceTraffic, successSincePrevious } from './model-state.js';

const NOW = '2026-08-25T10:30:00Z';
const fig = (tag: string, uptime5m: number | null, uptime30m: number | null = uptime5m): EndpointFigures => ({
  tag,
  provider: tag.split('/')[0]!,
  provider_name: tag,
  uptime_5m: uptime5m,
  uptime_30m: uptime30m,
  uptime_1d: 0.99,
  latency_ms: { p50: 800, p90: 3000 },
  throughput_tps: { p50: 80, p90: 120 },
});
const read = (...endpoints: EndpointFigures[]) => ({ observed_at: '2026-08-25T10:20:00Z', endpoints });

describe('endpointHealth', () => {
  it('reads the 5-minute uptime against the documented thresholds, the 30-minute one without it', () => {
    expect(endpointHealth(fig('a', 0.95), '2026-08-25T10:20:00Z', NOW)).toBe('up');
    expect(endpointHealth(fig('a', 0.9499), '2026-08-25T10:20:00Z', NOW)).toBe('degraded');
    expect(endpointHealth(fig('a', 0.5), '2026-08-25T10:20:00Z', NOW)).toBe('degraded');
    expect(endpointHealth(fig('a', 0.4999), '2026-08-25T10:20:00Z', NOW)).toBe('down');
    expect(endpointHealth(fig('a', null, 0.2), '2026-08-25T10:20:00Z', NOW)).toBe('down');
    expect(endpointHealth(fig('a', null, null), '2026-08-25T10:20:00Z', NOW)).toBe('unknown');
    // Over an hour old, or from after now: no verdict.
    expect(endpointHealth(fig('a', 1), '2026-08-25T09:29:59Z', NOW)).toBe('unknown');
    expect(endpointHealth(fig('a', 1), '2026-08-25T10:31:00Z', NOW)).toBe('unknown');
  });
});

describe('successSincePrevious', () => {
  const since = (uptime5m: number | null, before: number, seconds: number) => ({ ...fig('a', uptime5m), uptime_5m_before: { uptime: before, seconds } });

  it('is the least share that can have succeeded between two reads whose 5-minute windows overlap', () => {
    // A minute apart: the window gained a minute and lost one; a rise of 20 points is a clean minute at least.
    expect(successSincePrevious(since(0.2, 0, 60))).toBe(1);
    expect(successSincePrevious(since(0.1, 0, 60))).toBe(0.5);
    // Two minutes apart, rising by 0.38: at least 95% of those two minutes succeeded.
    expect(successSincePrevious(since(0.58, 0.2, 120))).toBe(0.95);
    // A fall, or no change, says nothing of success: 0, never below.
    expect(successSincePrevious(since(0.1, 0.3, 60))).toBe(0);
    expect(successSincePrevious(since(0.5, 0.5, 60))).toBe(0);
    // No previous read, no 5-minute figure, or a previous read a window or more before: nothing.
    expect(successSincePrevious(fig('a', 0.2))).toBeNull();
    expect(successSincePrevious(since(null, 0, 60))).toBeNull();
    expect(successSincePrevious(since(0.9, 0, 301))).toBeNull();
  });

  it("lets a recovering endpoint read up before its 5-minute window forgets the failure, and never hides a failing one", () => {
    const at = '2026-08-25T10:29:00Z';
    // Down a minute ago (0%), 20% now: every request of the last minute succeeded.
    expect(endpointHealth(since(0.2, 0, 60), at, NOW)).toBe('up');
    // Half of them: degraded, not yet up.
    expect(endpointHealth(since(0.1, 0, 60), at, NOW)).toBe('degraded');
    // Falling: the window alone decides.
    expect(endpointHealth(since(0.9, 1, 60), at, NOW)).toBe('degraded');
    expect(judgeModelState({ incidents: [], figures: { observed_at: at, endpoints: [since(0.2, 0, 60)] }, now: NOW })).toMatchObject({ state: 'operational', reason: 'providers_up' });
  });
});

describe('judgeModelState', () => {
  it('is not down when one provider is lost and others serve it', () => {
    expect(judgeModelState({ incidents: [], figures: read(fig('a', 0.1), fig('b', 0.99), fig('c', 1)), now: NOW })).toEqual({
      state: 'operational',
      reason: 'some_providers_failing',
      providers: { up: 2, degraded: 0, down: 1, unknown: 0 },
    });
    expect(judgeModelState({ incidents: [], figures: read(fig('a', 0.1), fig('b', 0.99)), now: NOW }).state).toBe('operational');
  });

  it('reads degraded when none is up or most fail, outage when all are down', () => {
    expect(judgeModelState({ incidents: [], figures: read(fig('a', 0.1), fig('b', 0.7)), now: NOW })).toMatchObject({ state: 'degraded', reason: 'no_provider_up' });
    expect(judgeModelState({ incidents: [], figures: read(fig('a', 0.1), fig('b', 0.2), fig('c', 1)), now: NOW })).toMatchObject({ state: 'degraded', reason: 'most_providers_failing' });
    expect(judgeModelState({ incidents: [], figures: read(fig('a', 0.1), fig('b', 0), fig('c', null, null)), now: NOW })).toMatchObject({
      state: 'outage',
      reason: 'all_providers_down',
      providers: { up: 0, degraded: 0, down: 2, unknown: 1 },
    });
  });

  it('takes the worse of the traffic and the open incidents that count', () => {
    const figures = read(fig('a', 1));
    expect(judgeModelState({ incidents: [{ impact: 'minor', counts: true }], figures, now: NOW })).toMatchObject({ state: 'degraded', reason: 'incident' });
    expect(judgeModelState({ incidents: [{ impact: 'critical', counts: true }], figures, now: NOW })).toMatchObject({ state: 'outage', reason: 'incident' });
    expect(judgeModelState({ incidents: [{ impact: 'critical', counts: false }, { impact: 'none', counts: true }], figures, now: NOW })).toMatchObject({ state: 'operational' });
    expect(judgeModelState({ incidents: [{ impact: 'major', counts: true }], figures: null, now: NOW })).toMatchObject({ state: 'degraded', reason: 'incident' });
  });

  it('reads unknown with the reason when the figures say nothing', () => {
    expect(judgeModelState({ incidents: [], figures: null, now: NOW })).toMatchObject({ state: 'unknown', reason: 'no_figures' });
    expect(judgeModelState({ incidents: [], figures: { observed_at: '2026-08-25T08:00:00Z', endpoints: [fig('a', 0.1)] }, now: NOW })).toMatchObject({ state: 'unknown', reason: 'figures_stale' });
    expect(judgeModelState({ incidents: [], figures: read(fig('a', null, null)), now: NOW })).toMatchObject({ state: 'unknown', reason: 'no_traffic' });
  });
});

describe('serviceTraffic', () => {
  it("is the share failing on the service's own endpoints, fresh figures only", () => {
    const figures: Array<[string, ReturnType<typeof read>]> = [
      ['anthropic/claude-opus-5', read(fig('anthropic', 0.8), fig('amazon-bedrock', 0.1))],
      ['anthropic/claude-sonnet-5', read(fig('anthropic', 1))],
      ['anthropic/old', { observed_at: '2026-08-25T07:00:00Z', endpoints: [fig('anthropic', 0)] }],
    ];
    expect(serviceTraffic(figures, new Set(['anthropic']), NOW)).toEqual({ failing_share: 0.1, health: 'degraded', endpoints: 2, models: 2, observed_at: '2026-08-25T10:20:00Z' });
    expect(serviceTraffic(figures, new Set(['amazon-bedrock']), NOW)).toMatchObject({ failing_share: 0.9, health: 'down', endpoints: 1 });
    expect(serviceTraffic(figures, new Set(['openai']), NOW)).toEqual({ failing_share: null, health: 'unknown', endpoints: 0, models: 0, observed_at: null });
  });
});
