import { describe, expect, it } from 'vitest';
import type { StatusPageTarget } from '../types.js';
import { instatusIncident, instatusMaintenance, instatusSummary, without } from './fixtures.js';
import { STATUS_ADAPTERS } from './index.js';
import { instatusApiUrl, parseInstatus, translateInstatus } from './instatus.js';
import { FAULTS, itRejectsFaults, upstreamFailure, useLocalUpstream } from '../../testing/upstream-faults.js';

const target: StatusPageTarget = { service_id: 'mistral', type: 'instatus', url: 'https://status.example.com' };
const URL_ = 'https://status.example.com/summary.json';

function read(json: unknown, over: Partial<StatusPageTarget> = {}) {
  return translateInstatus(parseInstatus(json, URL_, 'status:mistral'), { ...target, ...over });
}

describe('instatus translate', () => {
  it('reads a healthy page whose incident arrays are absent', () => {
    expect(read(instatusSummary())).toEqual({
      indicator: 'none',
      description: 'All Systems Operational',
      url: 'https://status.example.com',
      active_incidents: [],
      components: [],
    });
  });

  it('raises an UP page to the open incident it lists', () => {
    const status = read(instatusSummary({ status: 'UP', activeIncidents: [instatusIncident()] }));
    expect(status.indicator).toBe('minor');
    expect(status.description).toBe('Minor Service Outage');
    expect(status.active_incidents).toEqual([
      {
        id: 'cmmxljn3s01ntuud42lsa7zud',
        name: 'Delays in automation',
        status: 'identified',
        impact: 'minor',
        started_at: '2026-03-17T03:00:00Z',
        updated_at: '2026-05-06T15:19:52Z',
        url: 'https://status.example.com/cmmxljn3s01ntuud42lsa7zud',
      },
    ]);
  });

  it('takes the worst of page status, incident impacts and maintenance in progress', () => {
    const outage = read(
      instatusSummary({
        status: 'HASISSUES',
        activeIncidents: [instatusIncident({ id: 'a', impact: 'PARTIALOUTAGE' }), instatusIncident({ id: 'b', impact: 'MAJOROUTAGE', status: 'INVESTIGATING' })],
        activeMaintenances: [instatusMaintenance(), instatusMaintenance({ id: 'soon', status: 'NOTSTARTEDYET' })],
      }),
    );
    expect(outage.indicator).toBe('critical');
    expect(outage.active_incidents.map((i) => [i.id, i.status, i.impact])).toEqual([
      ['a', 'identified', 'major'],
      ['b', 'investigating', 'critical'],
      ['cmm41nt3n4nc3000000000000', 'in_progress', 'maintenance'],
    ]);
    expect(outage.active_incidents[2]?.started_at).toBe('2026-05-07T01:00:00Z');

    expect(read(instatusSummary({ status: 'HASISSUES' })).indicator).toBe('minor');
    expect(read(instatusSummary({ status: 'UNDERMAINTENANCE', activeMaintenances: [instatusMaintenance()] })).indicator).toBe('maintenance');
    expect(read(instatusSummary({ activeIncidents: [instatusIncident({ status: 'RESOLVED', impact: 'MAJOROUTAGE' })] })).indicator).toBe('none');
  });

  it('turns unrecognized values into unknown', () => {
    expect(read(instatusSummary({ status: 'ONFIRE' })).indicator).toBe('unknown');
    const status = read(instatusSummary({ activeIncidents: [instatusIncident({ impact: 'APOCALYPSE', status: 'PANICKING' })] }));
    expect(status.active_incidents[0]).toMatchObject({ impact: 'unknown', status: 'unknown' });
    // An open incident of unknown impact still means the page is not all clear.
    expect(status.indicator).toBe('minor');
  });

  it('fills missing incident fields and drops the unidentifiable one', () => {
    const status = read(
      instatusSummary({
        activeIncidents: [without(instatusIncident({ id: 'n1' }), 'name', 'url', 'started', 'updatedAt', 'impact'), { status: 'INVESTIGATING', impact: 'MAJOROUTAGE' }],
      }),
    );
    expect(status.active_incidents).toEqual([
      { id: 'n1', name: 'Untitled incident', status: 'identified', impact: 'unknown', started_at: null, updated_at: null, url: 'https://status.example.com/n1' },
    ]);
  });

  it('rejects a page without its status as invalid_schema', async () => {
    const error = await upstreamFailure(() => parseInstatus({ page: { name: 'x', url: 'https://x' } }, URL_, 'status:mistral'));
    expect(error.kind).toBe('invalid_schema');
    expect(error.detail).toMatch(/status/);
  });
});

describe('instatus read (local server)', () => {
  const upstream = useLocalUpstream();

  const local = (): StatusPageTarget => ({ service_id: 'mistral', type: 'instatus', url: upstream.server.url });

  it('fetches, parses and translates the summary', async () => {
    upstream.server.setRoutes({ '/summary.json': { kind: 'json', body: instatusSummary({ activeIncidents: [instatusIncident({ impact: 'PARTIALOUTAGE' })] }) } });
    expect(instatusApiUrl(local())).toBe(`${upstream.server.url}/summary.json`);
    const status = await STATUS_ADAPTERS.instatus.read(upstream.http, local());
    expect(status.indicator).toBe('major');
    expect(status.active_incidents).toHaveLength(1);
  });

  itRejectsFaults(upstream, (http) => STATUS_ADAPTERS.instatus.read(http, local()), '/summary.json', [
    { ...FAULTS.truncatedJson('{"page":{"name":"Example","status":"UP"'), source: 'status:mistral' },
  ]);
});
