import { describe, expect, it } from 'vitest';
import { boundEndpointFigures, checkStoredFigures, MAX_ENDPOINTS, withPreviousUptime } from './endpoint-stats.js';

/** One endpoint as OpenRouter's endpoints answer carries it (the fields this module reads, and others). */
const endpoint = (tag: string, extra: Record<string, unknown> = {}) => ({
  name: `Acme | acme/model-1`,
  model_id: 'acme/model-1',
  provider_name: tag.split('/')[0]!.replace(/^./, (c) => c.toUpperCase()),
  tag,
  status: 0,
  uptime_last_5m: 99.5,
  uptime_last_30m: 99.8,
  uptime_last_1d: 99.67730332459791,
  latency_last_30m: { p50: 814.5, p75: 1760.25, p90: 3894.1000000000004, p99: 46297.8 },
  throughput_last_30m: { p50: 86, p75: 106.25, p90: 128.3, p99: 161.8 },
  ...extra,
});

describe('boundEndpointFigures', () => {
  it('turns percent into fractions, rounds and keeps the window figures', () => {
    const { endpoints, issues } = boundEndpointFigures([endpoint('fireworks/fast')], 'acme/model-1');
    expect(issues).toEqual([]);
    expect(endpoints).toEqual([
      { tag: 'fireworks/fast', provider: 'fireworks', provider_name: 'Fireworks', uptime_5m: 0.995, uptime_30m: 0.998, uptime_1d: 0.9968, latency_ms: { p50: 815, p90: 3894 }, throughput_tps: { p50: 86, p90: 128.3 } },
    ]);
  });

  it('keeps a figure OpenRouter leaves null as unknown, silently', () => {
    const { endpoints, issues } = boundEndpointFigures([endpoint('morph/fast', { uptime_last_5m: null, latency_last_30m: null })], 'acme/model-1');
    expect(issues).toEqual([]);
    expect(endpoints[0]).toMatchObject({ uptime_5m: null, uptime_30m: 0.998, latency_ms: { p50: null, p90: null } });
  });

  it('refuses what is missing, NaN, negative, over 100% or huge, and says which', () => {
    const { endpoints, issues } = boundEndpointFigures(
      [
        endpoint('a', { uptime_last_5m: 'NaN', uptime_last_30m: -3, uptime_last_1d: 250 }),
        endpoint('b', { latency_last_30m: { p50: 1e12, p90: 2e12 }, throughput_last_30m: { p50: 90, p90: 10 } }),
        endpoint('c', { latency_last_30m: 'fast' }),
      ],
      'acme/model-1',
    );
    expect(endpoints.map((e) => [e.tag, e.uptime_5m, e.uptime_30m, e.uptime_1d, e.latency_ms, e.throughput_tps])).toEqual([
      ['a', null, null, null, { p50: 815, p90: 3894 }, { p50: 86, p90: 128.3 }],
      ['b', 0.995, 0.998, 0.9968, { p50: null, p90: null }, { p50: null, p90: null }],
      ['c', 0.995, 0.998, 0.9968, { p50: null, p90: null }, { p50: 86, p90: 128.3 }],
    ]);
    expect(issues).toEqual([
      'a: uptime_last_5m is not a finite number ("NaN"): refused',
      'a: uptime_last_30m is negative (-3): refused',
      'a: uptime_last_1d is over 100% (250): refused',
      'b: latency_last_30m.p50 is implausibly large (1000000000000, the ceiling is 600000): refused',
      'b: latency_last_30m.p90 is implausibly large (2000000000000, the ceiling is 600000): refused',
      'b: throughput_last_30m: p90 (10) is below p50 (90): both refused',
      'c: latency_last_30m is not an object of percentiles: refused',
    ]);
  });

  it("refuses another model's endpoints, odd tags and repeats, and cuts a huge list", () => {
    const { endpoints, issues } = boundEndpointFigures(
      [endpoint('x', { model_id: 'other/model' }), endpoint('../etc'), endpoint('ok'), endpoint('ok'), 'junk', endpoint('free', { model_id: 'acme/model-1:free' })],
      'acme/model-1',
    );
    expect(endpoints.map((e) => e.tag)).toEqual(['free', 'ok']);
    expect(issues).toEqual([
      'x: filed under another model ("other/model"): refused',
      'endpoint 1: its tag "../etc" is not one we can publish: refused',
      'ok: repeated tag: kept the first',
      'endpoint 4 is not an object: refused',
    ]);
    const many = boundEndpointFigures(Array.from({ length: MAX_ENDPOINTS + 5 }, (_, i) => endpoint(`p${i}`)), 'acme/model-1');
    expect(many.endpoints).toHaveLength(MAX_ENDPOINTS);
    expect(many.issues).toEqual([`5 endpoints past the first ${MAX_ENDPOINTS}: cut`]);
    expect(boundEndpointFigures({ endpoints: [] }, 'acme/model-1').issues).toEqual(['the answer holds no list of endpoints: refused']);
  });
});

describe('checkStoredFigures', () => {
  const stored = { observed_at: '2026-08-25T10:00:00Z', endpoints: boundEndpointFigures([endpoint('fireworks')], 'acme/model-1').endpoints };

  it('passes good stored figures unchanged', () => {
    const issues: string[] = [];
    expect(checkStoredFigures(stored, '2026-08-25T10:05:00Z', (i) => issues.push(i))).toEqual(stored);
    expect(issues).toEqual([]);
  });

  it('refuses figures from the future and bounds a hand-edited value', () => {
    const issues: string[] = [];
    expect(checkStoredFigures(stored, '2026-08-25T09:00:00Z', (i) => issues.push(i))).toBeNull();
    const edited = { ...stored, endpoints: [{ ...stored.endpoints[0]!, uptime_5m: 7 }] };
    expect(checkStoredFigures(edited, '2026-08-25T10:05:00Z', (i) => issues.push(i))!.endpoints[0]!.uptime_5m).toBeNull();
    expect(issues).toEqual(['figures observed at "2026-08-25T10:00:00Z", after 2026-08-25T09:00:00Z or not a time: refused', 'fireworks: uptime_last_5m is over 100% (700): refused']);
  });
});

describe('withPreviousUptime', () => {
  const at = (time: string, uptime5m: number | null, tag = 'fireworks') => ({ observed_at: time, endpoints: [{ ...boundEndpointFigures([endpoint(tag)], 'acme/model-1').endpoints[0]!, uptime_5m: uptime5m }] });

  it("keeps each endpoint's 5-minute uptime of a read less than a window before, matched by tag, and carries nothing further back", () => {
    const previous = withPreviousUptime(at('2026-08-25T10:00:00Z', 0.2), at('2026-08-25T09:59:00Z', 0.1));
    expect(previous.endpoints[0]!.uptime_5m_before).toEqual({ uptime: 0.1, seconds: 60 });
    const current = withPreviousUptime(at('2026-08-25T10:01:00Z', 0.4), previous);
    expect(current.endpoints[0]!.uptime_5m_before).toEqual({ uptime: 0.2, seconds: 60 });
    // The checked copy keeps it, as D1 stores it.
    expect(checkStoredFigures(current, '2026-08-25T10:02:00Z', () => undefined)).toEqual(current);
  });

  it('adds nothing when the reads are a window or more apart, out of order, about another endpoint, or without a 5-minute figure', () => {
    const now = at('2026-08-25T10:00:00Z', 0.9);
    expect(withPreviousUptime(now, at('2026-08-25T09:54:59Z', 0.1))).toEqual(now);
    expect(withPreviousUptime(now, at('2026-08-25T10:00:00Z', 0.1))).toEqual(now);
    expect(withPreviousUptime(now, at('2026-08-25T10:01:00Z', 0.1))).toEqual(now);
    expect(withPreviousUptime(now, at('2026-08-25T09:59:00Z', 0.1, 'together'))).toEqual(now);
    expect(withPreviousUptime(now, at('2026-08-25T09:59:00Z', null))).toEqual(now);
    expect(withPreviousUptime(now, null)).toEqual(now);
  });

  it('drops a stored previous uptime that is not a share over a window, and says so', () => {
    const issues: string[] = [];
    const base = at('2026-08-25T10:00:00Z', 0.9);
    for (const bad of [{ uptime: 1.5, seconds: 60 }, { uptime: 0.5, seconds: 0 }, { uptime: 0.5, seconds: 301 }, { uptime: 'NaN', seconds: 60 }]) {
      const stored = { ...base, endpoints: [{ ...base.endpoints[0]!, uptime_5m_before: bad as never }] };
      expect(checkStoredFigures(stored, '2026-08-25T10:05:00Z', (i) => issues.push(i))!.endpoints[0]!.uptime_5m_before).toBeUndefined();
    }
    expect(issues).toEqual(Array(4).fill('fireworks: uptime_5m_before is not a share over 0 to 300 seconds: refused'));
  });
});
