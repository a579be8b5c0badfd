import { describe, expect, it } from 'vitest';
import type { StatusPageTarget } from '../types.js';
import { ioIncident, ioSummary, spComponent, spMaintenance } from './fixtures.js';
import { parseIncidentio, translateIncidentio } from './incidentio.js';
import { STATUS_ADAPTERS } from './index.js';
import { parseStatuspage } from './statuspage.js';
import { FAULTS, itRejectsFaults, upstreamFailure, useLocalUpstream } from '../../testing/upstream-faults.js';

const target: StatusPageTarget = { service_id: 'exampleai', type: 'incidentio', url: 'https://status.example.ai' };
const URL_ = 'https://status.example.ai/api/v2/summary.json';

function read(json: unknown, over: Partial<StatusPageTarget> = {}) {
  return translateIncidentio(parseIncidentio(json, URL_, 'status:exampleai'), { ...target, ...over });
}

describe('incidentio translate', () => {
  it('reads a healthy reply that has only page and status (which strict Statuspage parsing rejects)', async () => {
    const reply = ioSummary();
    expect(read(reply)).toEqual({
      indicator: 'none',
      description: 'All Systems Operational',
      url: 'https://status.example.ai',
      active_incidents: [],
      components: [],
    });
    expect((await upstreamFailure(() => parseStatuspage(reply, URL_, 'status:exampleai'))).kind).toBe('invalid_schema');
  });

  it('reads an outage whose incidents lack shortlink and impact', () => {
    const status = read(
      ioSummary({
        indicator: 'major',
        description: 'Partial System Outage',
        components: [{ name: 'Chat Completions', status: 'full_outage' }, spComponent('Files', 'operational')],
        incidents: [ioIncident(), ioIncident({ id: '01K2ZQAAAA', impact: 'full_outage', status: 'investigating' })],
        scheduled_maintenances: [spMaintenance({ status: 'maintenance_in_progress', shortlink: undefined }), spMaintenance({ id: 'next', status: 'scheduled' })],
      }),
    );
    expect(status.indicator).toBe('major');
    expect(status.active_incidents).toEqual([
      {
        id: '01K2ZQ8V3W4X5Y6Z7A8B9C0D1E',
        name: 'Increased latency for chat completions',
        status: 'identified',
        impact: 'unknown',
        started_at: '2026-09-15T08:12:40Z',
        updated_at: '2026-09-15T08:40:02Z',
        url: 'https://status.example.ai/incidents/01K2ZQ8V3W4X5Y6Z7A8B9C0D1E',
      },
      expect.objectContaining({ id: '01K2ZQAAAA', status: 'investigating', impact: 'critical' }),
      expect.objectContaining({ id: 'm4int3n4nc3x', status: 'in_progress', impact: 'maintenance', url: 'https://status.example.ai/incidents/m4int3n4nc3x' }),
    ]);
    expect(status.components).toEqual([
      { name: 'Chat Completions', status: 'major_outage' },
      { name: 'Files', status: 'operational' },
    ]);
  });

  it('turns unrecognized values into unknown and tolerates null sections', () => {
    const status = read(ioSummary({ indicator: 'degraded', description: null, components: null, incidents: [ioIncident({ status: 'triage', impact: 'sev0' })] }));
    expect(status.indicator).toBe('unknown');
    expect(status.description).toBe('Status Unknown');
    expect(status.active_incidents[0]).toMatchObject({ status: 'unknown', impact: 'unknown' });
    expect(status.components).toEqual([]);
  });

  it('keeps incidents with missing fields and drops the one with neither id nor name', () => {
    const status = read(ioSummary({ indicator: 'minor', incidents: [{ id: 'x1' }, { name: '' }, { status: 'identified' }, { name: 'Slow uploads' }] }));
    expect(status.active_incidents.map((i) => [i.name, i.url])).toEqual([
      ['Untitled incident', 'https://status.example.ai/incidents/x1'],
      ['Slow uploads', null],
    ]);
  });

  it('still requires the indicator it reads', async () => {
    const error = await upstreamFailure(() => parseIncidentio({ page: { name: 'x' }, status: { description: 'fine' } }, URL_, 'status:exampleai'));
    expect(error.kind).toBe('invalid_schema');
    expect(error.detail).toMatch(/indicator/);
  });
});

describe('incidentio read (local server)', () => {
  const upstream = useLocalUpstream();

  const local = (): StatusPageTarget => ({ service_id: 'exampleai', type: 'incidentio', url: upstream.server.url });

  it('fetches, parses and translates the compat summary', async () => {
    upstream.server.setRoutes({ '/api/v2/summary.json': { kind: 'json', body: ioSummary({ indicator: 'minor', description: 'Minor Service Outage', incidents: [ioIncident()] }) } });
    const status = await STATUS_ADAPTERS.incidentio.read(upstream.http, local());
    expect(status.indicator).toBe('minor');
    expect(status.description).toBe('Minor Service Outage');
    expect(status.active_incidents).toHaveLength(1);
  });

  itRejectsFaults(upstream, (http) => STATUS_ADAPTERS.incidentio.read(http, local()), '/api/v2/summary.json', [{ ...FAULTS.neverAnswers(), namesUrl: true }]);
});
