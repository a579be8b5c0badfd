import { describe, expect, it } from 'vitest';
import type { StatusPageTarget } from '../types.js';
import { BIGQUERY, gcpIncident, VERTEX_GEMINI, without } from './fixtures.js';
import { GCP_STATUS_PAGE_URL, gcpApiUrl, parseGcp, translateGcp } from './gcp.js';
import { STATUS_ADAPTERS } from './index.js';
import { FAULTS, itRejectsFaults, upstreamFailure, useLocalUpstream } from '../../testing/upstream-faults.js';

const target: StatusPageTarget = { service_id: 'gemini', type: 'gcp', url: 'https://status.cloud.google.com', products: ['Vertex Gemini API'] };
const URL_ = 'https://status.cloud.google.com/incidents.json';

function read(json: unknown, over: Partial<StatusPageTarget> = {}) {
  return translateGcp(parseGcp(json, URL_, 'status:gemini'), { ...target, ...over });
}

describe('gcp translate', () => {
  it('is all clear when no ongoing incident touches the product', () => {
    const status = read([
      gcpIncident({ id: 'ended1', end: '2026-08-01T19:25:45+00:00' }),
      gcpIncident({ id: 'bq1', affected_products: [BIGQUERY], status_impact: 'SERVICE_OUTAGE', severity: 'high' }),
    ]);
    expect(status).toEqual({ indicator: 'none', description: 'All Systems Operational', url: GCP_STATUS_PAGE_URL, active_incidents: [], components: [] });
  });

  it('lists ongoing incidents of the product, matched by title or id, and takes the worst impact', () => {
    const status = read(
      [
        gcpIncident(),
        gcpIncident({ id: 'byid', affected_products: [BIGQUERY, { title: 'Renamed', id: VERTEX_GEMINI.id }], status_impact: 'SERVICE_INFORMATION', severity: 'high' }),
        gcpIncident({ id: 'ended', end: '2026-08-01T15:00:00+00:00', status_impact: 'SERVICE_OUTAGE' }),
      ],
      { products: ['vertex gemini api', 'z0fzjamveb4j3nbcjs6b'] },
    );
    expect(status.indicator).toBe('critical');
    expect(status.description).toBe('Major Service Outage');
    expect(status.active_incidents).toEqual([
      {
        id: 'TaA75H7XA1DQyM2ReK2f',
        name: 'Elevated error rates for Gemini models',
        status: 'investigating',
        impact: 'major',
        started_at: '2026-08-01T13:37:44Z',
        updated_at: '2026-08-01T14:05:03Z',
        url: 'https://status.cloud.google.com/incidents/TaA75H7XA1DQyM2ReK2f',
      },
      expect.objectContaining({ id: 'byid', impact: 'critical' }),
    ]);
  });

  it('maps impact and severity, and calls a restored but open incident monitoring', () => {
    const impacts = read([
      gcpIncident({ id: 'i', status_impact: 'SERVICE_INFORMATION', severity: 'low' }),
      gcpIncident({ id: 'o', status_impact: 'SERVICE_OUTAGE', severity: 'low', most_recent_update: { status: 'AVAILABLE' } }),
    ]).active_incidents;
    expect(impacts.map((i) => [i.id, i.impact, i.status])).toEqual([
      ['i', 'minor', 'investigating'],
      ['o', 'critical', 'monitoring'],
    ]);
  });

  it('turns unrecognized values into unknown', () => {
    const status = read([gcpIncident({ status_impact: 'SERVICE_MELTDOWN', severity: 'extreme', most_recent_update: { status: 'WOBBLY' } })]);
    expect(status.active_incidents[0]).toMatchObject({ impact: 'unknown', status: 'unknown' });
    expect(status.indicator).toBe('minor');
  });

  it('fills missing fields, uses the number when the id is missing, and drops the unidentifiable', () => {
    const status = read([
      without(gcpIncident(), 'id', 'external_desc', 'uri', 'begin', 'modified'),
      without(gcpIncident(), 'id', 'number', 'external_desc'),
      gcpIncident({ id: 'evil', uri: 'https://phish.example/incidents/evil' }),
    ]);
    expect(status.active_incidents).toEqual([
      {
        id: '15267780622191605299',
        name: 'Untitled incident',
        status: 'investigating',
        impact: 'major',
        started_at: null,
        updated_at: '2026-08-01T14:05:02Z',
        url: 'https://status.cloud.google.com/incidents/15267780622191605299',
      },
      expect.objectContaining({ id: 'evil', url: 'https://status.cloud.google.com/incidents/evil' }),
    ]);
  });

  it('counts every ongoing incident when no product is named', () => {
    const status = read([gcpIncident({ id: 'bq', affected_products: [BIGQUERY] }), gcpIncident({ id: 'none', affected_products: null })], { products: undefined });
    expect(status.active_incidents.map((i) => i.id)).toEqual(['bq', 'none']);
  });

  it('rejects an object where the incident list should be', async () => {
    const error = await upstreamFailure(() => parseGcp({ incidents: [] }, URL_, 'status:gemini'));
    expect(error.kind).toBe('invalid_schema');
    expect(error.detail).toMatch(/array/);
  });
});

describe('gcp read (local server)', () => {
  const upstream = useLocalUpstream();

  const local = (): StatusPageTarget => ({ ...target, url: upstream.server.url });

  it('fetches, parses and translates incidents.json', async () => {
    upstream.server.setRoutes({ '/incidents.json': { kind: 'json', body: [gcpIncident(), gcpIncident({ id: 'bq', affected_products: [BIGQUERY] })] } });
    expect(gcpApiUrl(local())).toBe(`${upstream.server.url}/incidents.json`);
    const status = await STATUS_ADAPTERS.gcp.read(upstream.http, local());
    expect(status.url).toBe(GCP_STATUS_PAGE_URL);
    expect(status.indicator).toBe('major');
    expect(status.active_incidents.map((i) => i.id)).toEqual(['TaA75H7XA1DQyM2ReK2f']);
  });

  itRejectsFaults(upstream, (http) => STATUS_ADAPTERS.gcp.read(http, local()), '/incidents.json', [
    FAULTS.overSizeCap(),
    { ...FAULTS.wrongShape([{ id: 'x', affected_products: 'Vertex Gemini API' }]), detail: /affected_products/ },
  ]);
});
