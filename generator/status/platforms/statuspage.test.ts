import { describe, expect, it } from 'vitest';
import type { StatusPageTarget } from '../types.js';
import { spComponent, spIncident, spMaintenance, spSummary, without } from './fixtures.js';
import { STATUS_ADAPTERS } from './index.js';
import { parseStatuspage, statuspageApiUrl, translateStatuspage } from './statuspage.js';
import { FAULTS, itRejectsFaults, upstreamFailure, useLocalUpstream } from '../../testing/upstream-faults.js';

const target: StatusPageTarget = { service_id: 'example', type: 'statuspage', url: 'https://status.example.com/' };
const URL_ = 'https://status.example.com/api/v2/summary.json';

function read(json: unknown, over: Partial<StatusPageTarget> = {}) {
  return translateStatuspage(parseStatuspage(json, URL_, 'status:example'), { ...target, ...over });
}

describe('statuspage translate', () => {
  it('reads a healthy page', () => {
    const status = read(spSummary());
    expect(status).toEqual({
      indicator: 'none',
      description: 'All Systems Operational',
      url: 'https://status.example.com',
      active_incidents: [],
      components: [
        { name: 'API', status: 'operational' },
        { name: 'Console', status: 'operational' },
      ],
    });
  });

  it('lists open incidents and maintenance in progress, not resolved or upcoming ones', () => {
    const status = read(
      spSummary({
        indicator: 'major',
        description: 'Partial System Outage',
        components: [spComponent('API', 'major_outage'), spComponent('Console', 'partial_outage')],
        incidents: [
          spIncident(),
          spIncident({ id: 'old1', status: 'postmortem' }),
          spIncident({ id: 'tz1', status: 'monitoring', impact: 'minor', started_at: '2026-08-04T12:00:19.418-06:00', updated_at: '2026-08-04T13:11:24.478-06:00', shortlink: null }),
        ],
        scheduled_maintenances: [spMaintenance(), spMaintenance({ id: 'later1', status: 'scheduled' })],
      }),
    );
    expect(status.indicator).toBe('major');
    expect(status.description).toBe('Partial System Outage');
    expect(status.active_incidents).toEqual([
      {
        id: 'bdr3fq2rkchr',
        name: 'Elevated errors across many models',
        status: 'investigating',
        impact: 'major',
        started_at: '2026-08-04T20:48:20Z',
        updated_at: '2026-08-04T21:04:57Z',
        url: 'https://stspg.io/smnf386prrtx',
      },
      {
        id: 'tz1',
        name: 'Elevated errors across many models',
        status: 'monitoring',
        impact: 'minor',
        started_at: '2026-08-04T18:00:19Z',
        updated_at: '2026-08-04T19:11:24Z',
        url: 'https://status.example.com/incidents/tz1',
      },
      {
        id: 'm4int3n4nc3x',
        name: 'Database upgrade',
        status: 'in_progress',
        impact: 'maintenance',
        started_at: '2026-08-01T02:00:00Z',
        updated_at: '2026-08-01T02:00:05Z',
        url: 'https://stspg.io/m41nt',
      },
    ]);
    expect(status.components).toEqual([
      { name: 'API', status: 'major_outage' },
      { name: 'Console', status: 'partial_outage' },
    ]);
  });

  it('turns unrecognized indicator, status, impact and component values into unknown', () => {
    const status = read(
      spSummary({
        indicator: 'catastrophic',
        description: '',
        components: [spComponent('API', 'melting')],
        incidents: [spIncident({ status: 'pondering', impact: 'apocalyptic' })],
      }),
    );
    expect(status.indicator).toBe('unknown');
    expect(status.description).toBe('Status Unknown');
    expect(status.active_incidents[0]).toMatchObject({ status: 'unknown', impact: 'unknown' });
    expect(status.components).toEqual([{ name: 'API', status: 'unknown' }]);
  });

  it('fills the gaps of incidents with missing fields and drops only the unidentifiable', () => {
    const bare = { id: 'bare1' };
    const nameOnly = { name: 'Login failures', status: 'identified', started_at: '2026-08-04T10:00:00Z' };
    const status = read(
      spSummary({
        indicator: 'minor',
        incidents: [bare, nameOnly, { status: 'investigating', impact: 'major' }, spIncident({ id: 'badtime', started_at: 'yesterday', updated_at: '2026-13-45T99:00:00Z' })],
      }),
    );
    expect(status.active_incidents).toHaveLength(3);
    expect(status.active_incidents[0]).toEqual({
      id: 'bare1',
      name: 'Untitled incident',
      status: 'unknown',
      impact: 'unknown',
      started_at: null,
      updated_at: null,
      url: 'https://status.example.com/incidents/bare1',
    });
    const derived = status.active_incidents[1]!;
    expect(derived).toMatchObject({ name: 'Login failures', status: 'identified', started_at: '2026-08-04T10:00:00Z', url: null });
    expect(derived.id).toMatch(/^untitled-[0-9a-f]{16}$/);
    // The same incident read again keeps its derived id, so history can follow it.
    expect(read(spSummary({ incidents: [nameOnly] })).active_incidents[0]?.id).toBe(derived.id);
    expect(status.active_incidents[2]).toMatchObject({ id: 'badtime', started_at: null, updated_at: null });
  });

  it('keeps only the watched components and judges them when no incident is open', () => {
    const page = spSummary({
      indicator: 'critical',
      description: 'Major Service Outage',
      components: [spComponent('API Requests', 'degraded_performance'), spComponent('Webhooks', 'major_outage'), spComponent('Pages', 'operational')],
    });
    const watched = read(page, { components: ['api requests', 'PAGES'] });
    expect(watched.components).toEqual([
      { name: 'API Requests', status: 'degraded_performance' },
      { name: 'Pages', status: 'operational' },
    ]);
    expect(watched.indicator).toBe('minor');
    expect(watched.description).toBe('Minor Service Outage');

    const withIncident = read({ ...page, incidents: [spIncident()] }, { components: ['Pages'] });
    expect(withIncident.indicator).toBe('critical');
    expect(withIncident.description).toBe('Major Service Outage');

    const renamed = read(page, { components: ['No Such Component'] });
    expect(renamed.components).toEqual([]);
    expect(renamed.indicator).toBe('critical');
  });
});

describe('statuspage parse', () => {
  it('rejects a payload without the summary sections as invalid_schema', async () => {
    const error = await upstreamFailure(() => parseStatuspage({ page: {}, status: { indicator: 'none', description: 'ok' } }, URL_, 'status:example'));
    expect(error.kind).toBe('invalid_schema');
    expect(error.source).toBe('status:example');
    expect(error.url).toBe(URL_);
    expect(error.detail).toMatch(/components/);
  });

  it('rejects a wrongly typed field we read, even inside an incident', async () => {
    const error = await upstreamFailure(() => parseStatuspage(spSummary({ incidents: [spIncident({ name: { en: 'x' } })] }), URL_, 'status:example'));
    expect(error.kind).toBe('invalid_schema');
    expect(error.detail).toMatch(/incidents\/0\/name/);
  });

  it('accepts an incident that merely omits fields', () => {
    expect(() => parseStatuspage(spSummary({ incidents: [without(spIncident(), 'name', 'impact', 'shortlink', 'started_at')] }), URL_, 's')).not.toThrow();
  });
});

describe('statuspage read (local server)', () => {
  const upstream = useLocalUpstream();

  const local = (): StatusPageTarget => ({ service_id: 'example', type: 'statuspage', url: `${upstream.server.url}/` });

  it('fetches, parses and translates the summary', async () => {
    const { server } = upstream;
    server.setRoutes({ '/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', description: 'Partial System Outage', incidents: [spIncident()] }) } });
    const status = await STATUS_ADAPTERS.statuspage.read(upstream.http, local());
    expect(statuspageApiUrl(local())).toBe(`${server.url}/api/v2/summary.json`);
    expect(server.hits.at(-1)).toBe('GET /api/v2/summary.json');
    expect(status.indicator).toBe('major');
    expect(status.url).toBe(server.url);
    expect(status.active_incidents.map((i) => i.id)).toEqual(['bdr3fq2rkchr']);
  });

  itRejectsFaults(upstream, (http) => STATUS_ADAPTERS.statuspage.read(http, local()), '/api/v2/summary.json', [
    { ...FAULTS.forbidden('<!DOCTYPE html><html><title>Just a moment...</title></html>'), source: 'status:example' },
    FAULTS.truncatedJson('{"page":{"id":"k1t2'),
    { ...FAULTS.wrongShape([{ indicator: 'none' }]), namesUrl: true },
  ]);
});
