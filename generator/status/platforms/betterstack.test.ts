import { describe, expect, it } from 'vitest';
import type { StatusPageTarget } from '../types.js';
import { betterstackApiUrl, parseBetterstack, translateBetterstack } from './betterstack.js';
import { bsIndex, bsReport, bsResource } from './fixtures.js';
import { STATUS_ADAPTERS } from './index.js';
import { FAULTS, itRejectsFaults, upstreamFailure, useLocalUpstream } from '../../testing/upstream-faults.js';

const target: StatusPageTarget = { service_id: 'together', type: 'betterstack', url: 'https://status.example.ai' };
const URL_ = 'https://status.example.ai/index.json';

function read(json: unknown, over: Partial<StatusPageTarget> = {}) {
  return translateBetterstack(parseBetterstack(json, URL_, 'status:together'), { ...target, ...over });
}

describe('betterstack translate', () => {
  it('reads a healthy page and its resources as components', () => {
    expect(read(bsIndex())).toEqual({
      indicator: 'none',
      description: 'All Systems Operational',
      url: 'https://status.example.ai',
      active_incidents: [],
      components: [
        { name: 'Inference API', status: 'operational' },
        { name: 'Dashboard', status: 'operational' },
      ],
    });
  });

  it('lists open reports, not ended ones, during downtime', () => {
    const status = read(
      bsIndex({
        aggregate_state: 'downtime',
        included: [
          bsResource('501', 'Inference API', 'downtime'),
          bsResource('502', 'Dashboard', 'degraded'),
          bsReport('9001'),
          bsReport('9000', { title: 'Yesterday', ends_at: '2026-09-01T11:00:00.000Z', aggregate_state: 'Operational' }),
        ],
      }),
    );
    expect(status.indicator).toBe('major');
    expect(status.description).toBe('Partial System Outage');
    expect(status.active_incidents).toEqual([
      {
        id: '9001',
        name: 'Elevated API error rates',
        status: 'investigating',
        impact: 'major',
        started_at: '2026-09-02T10:15:00Z',
        updated_at: null,
        url: 'https://status.example.ai/incident/9001',
      },
    ]);
    expect(status.components).toEqual([
      { name: 'Inference API', status: 'major_outage' },
      { name: 'Dashboard', status: 'degraded_performance' },
    ]);
  });

  it('counts a maintenance report only while the page is in maintenance', () => {
    const report = bsReport('7', { title: 'Database upgrade', report_type: 'maintenance', ends_at: '2026-09-03T04:00:00.000Z', aggregate_state: 'Maintenance' });
    const during = read(bsIndex({ aggregate_state: 'maintenance', included: [bsResource('501', 'Inference API', 'maintenance'), report] }));
    expect(during.indicator).toBe('maintenance');
    expect(during.active_incidents).toEqual([expect.objectContaining({ id: '7', status: 'in_progress', impact: 'maintenance' })]);
    expect(during.components).toEqual([{ name: 'Inference API', status: 'under_maintenance' }]);

    const before = read(bsIndex({ aggregate_state: 'operational', included: [report] }));
    expect(before.active_incidents).toEqual([]);
  });

  it('turns unrecognized values into unknown', () => {
    const status = read(
      bsIndex({ aggregate_state: 'exploded', included: [bsResource('501', 'Inference API', 'not_monitored'), bsReport('1', { aggregate_state: 'Wobbly' })] }),
    );
    expect(status.indicator).toBe('unknown');
    expect(status.components).toEqual([{ name: 'Inference API', status: 'unknown' }]);
    expect(status.active_incidents[0]).toMatchObject({ id: '1', impact: 'unknown' });
  });

  it('fills reports with missing fields and drops the one with neither id nor title', () => {
    const status = read(
      bsIndex({
        aggregate_state: 'degraded',
        included: [
          { id: '42', type: 'status_report', attributes: { starts_at: 'not a date' } },
          { type: 'status_report', attributes: { report_type: 'manual' } },
          { id: 43, type: 'status_report' },
        ],
      }),
    );
    expect(status.active_incidents).toEqual([
      { id: '42', name: 'Untitled incident', status: 'investigating', impact: 'unknown', started_at: null, updated_at: null, url: 'https://status.example.ai/incident/42' },
      { id: '43', name: 'Untitled incident', status: 'investigating', impact: 'unknown', started_at: null, updated_at: null, url: 'https://status.example.ai/incident/43' },
    ]);
  });

  it('judges only the watched resources when no report is open', () => {
    const page = bsIndex({ aggregate_state: 'downtime', included: [bsResource('501', 'Inference API', 'operational'), bsResource('502', 'Dashboard', 'downtime')] });
    const status = read(page, { components: ['inference api'] });
    expect(status.components).toEqual([{ name: 'Inference API', status: 'operational' }]);
    expect(status.indicator).toBe('none');
  });

  it('rejects a resource without the public name it shows', async () => {
    const resource = bsResource('501', 'x', 'operational');
    delete (resource.attributes as Record<string, unknown>).public_name;
    const error = await upstreamFailure(() => parseBetterstack(bsIndex({ included: [resource] }), URL_, 'status:together'));
    expect(error.kind).toBe('invalid_schema');
    expect(error.detail).toMatch(/public_name/);
  });
});

describe('betterstack read (local server)', () => {
  const upstream = useLocalUpstream();

  const local = (): StatusPageTarget => ({ service_id: 'together', type: 'betterstack', url: `${upstream.server.url}/` });

  it('fetches, parses and translates index.json', async () => {
    upstream.server.setRoutes({ '/index.json': { kind: 'json', body: bsIndex({ aggregate_state: 'degraded', included: [bsReport('5', { aggregate_state: 'Degraded' })] }) } });
    expect(betterstackApiUrl(local())).toBe(`${upstream.server.url}/index.json`);
    const status = await STATUS_ADAPTERS.betterstack.read(upstream.http, local());
    expect(status.indicator).toBe('minor');
    expect(status.active_incidents.map((i) => [i.id, i.impact])).toEqual([['5', 'minor']]);
  });

  itRejectsFaults(upstream, (http) => STATUS_ADAPTERS.betterstack.read(http, local()), '/index.json', [
    FAULTS.htmlInsteadOfJson('<html><body>Status</body></html>'),
    FAULTS.forbidden('<html>Forbidden</html>'),
  ]);
});
