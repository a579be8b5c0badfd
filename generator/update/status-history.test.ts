import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import type { ServiceDetail } from '../render/status.js';
import { BIGQUERY, gcpIncident, spComponent, spIncident, spSummary, VERTEX_GEMINI } from '../status/platforms/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { loadStatusHistories } from '../store/status-store.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { renderSite } from '../testing/rendered-site.js';
import { tempDir } from '../testing/tree.js';
import { updateStatus } from './status.js';
import { translateHistory } from '../status/platforms/history.js';

let server: UpstreamServer;
let dataDir: string;
let http: HttpClient;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dataDir = await tempDir('status-history');
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 3_000, headersMs: 3_000, bodyMs: 3_000, totalMs: 3_000 }, retry: { retries: 0 }, maxBytes: 256 * 1024 });
  // Like Anthropic's page: the API beside consumer products; we watch the API only.
  const service: ServiceDefinition = { id: 'lab', name: 'Lab', url: 'https://lab.example.com', status_page: { type: 'statuspage', url: `${server.url}/lab`, components: ['Lab API'] }, probe: null };
  await writeFile(join(dataDir, 'services.json'), JSON.stringify([service]));
});
afterEach(async () => {
  await http.close();
});

/** An incident in Statuspage's incidents.json shape, naming the components its updates touched. */
function historic(id: string, start: string, end: string | null, components: Array<[string, string]>, extra: Record<string, unknown> = {}) {
  return spIncident({
    id,
    name: `Incident ${id}`,
    status: end === null ? 'investigating' : 'resolved',
    created_at: start,
    started_at: start,
    updated_at: end ?? start,
    resolved_at: end,
    incident_updates: [{ id: `${id}-u`, status: 'investigating', body: 'x', incident_id: id, created_at: start, updated_at: start, display_at: start, affected_components: components.map(([name, status]) => ({ code: name, name, old_status: 'operational', new_status: status })) }],
    components: components.map(([name]) => spComponent(name, 'operational')),
    ...extra,
  });
}

const SUMMARY = { kind: 'json' as const, body: spSummary({ components: [spComponent('Lab API', 'operational'), spComponent('lab.chat', 'operational')] }) };
const run = (now: string) => updateStatus({ store: dataDir, now, pageHttp: http, probeHttp: http, budgetMs: 1_000 });

/** A service's detail as the build publishes it (rendered, not written: testing/rendered-site.ts). */
async function detail(id = 'lab'): Promise<ServiceDetail> {
  return (await renderSite(dataDir, 'https://pulse.example.org')).json<{ data: ServiceDetail }>(`api/v1/status/${id}.json`).data;
}

describe('official incident history', () => {
  it('fills recent incidents and official daily uptime on the first run, null before the history covers a day', async () => {
    server.setRoutes({
      '/lab/api/v2/summary.json': SUMMARY,
      '/lab/api/v2/incidents.json': {
        kind: 'json',
        body: {
          page: {},
          incidents: [
            // 12 hours of major outage of the API: half the day lost.
            historic('a', '2026-08-10T00:00:00Z', '2026-08-10T12:00:00Z', [['Lab API', 'major_outage'], ['lab.chat', 'major_outage']]),
            // 10 hours of partial outage: 30% of 10/24 of the day.
            historic('b', '2026-08-12T00:00:00Z', '2026-08-12T10:00:00Z', [['Lab API', 'partial_outage']]),
            // The chat product only: not the service we watch.
            historic('c', '2026-08-13T00:00:00Z', '2026-08-13T20:00:00Z', [['lab.chat', 'major_outage']]),
          ],
        },
      },
    });
    const report = await run('2026-08-20T12:00:00Z');
    expect(report.warnings).toEqual([]);
    const service = await detail();
    const day = (date: string) => service.uptime_90d.find((d) => d.date === date);
    expect(day('2026-08-09')).toEqual({ date: '2026-08-09', uptime: null, probe: null, official: null });
    expect(day('2026-08-10')).toMatchObject({ official: 0.5, uptime: 0.5 });
    expect(day('2026-08-11')).toMatchObject({ official: 1 });
    expect(day('2026-08-12')).toMatchObject({ official: 0.875 });
    expect(day('2026-08-13')).toMatchObject({ official: 1 });
    expect(service.recent_incidents.map((i) => [i.id, i.resolved_at, i.components])).toEqual([
      ['official:b', '2026-08-12T10:00:00Z', ['Lab API']],
      ['official:a', '2026-08-10T12:00:00Z', ['Lab API']],
    ]);
    expect(service.official_history).toEqual({ covered_from: '2026-08-10', fetched_at: '2026-08-20T12:00:00Z', stale: false });
  });

  it('loses nothing to a shrinking list, late or repeated updates, reversed times, a renamed component or a history that times out', async () => {
    server.setRoutes({
      '/lab/api/v2/summary.json': SUMMARY,
      '/lab/api/v2/incidents.json': {
        kind: 'json',
        body: { incidents: [historic('a', '2026-08-10T00:00:00Z', '2026-08-10T06:00:00Z', [['Lab API', 'major_outage']], { updated_at: '2026-08-10T06:00:00Z' }), historic('old', '2026-08-01T00:00:00Z', '2026-08-01T01:00:00Z', [['Lab API', 'major_outage']])] },
      },
    });
    await run('2026-08-20T00:00:00Z');
    server.setRoutes({
      '/lab/api/v2/summary.json': SUMMARY,
      '/lab/api/v2/incidents.json': {
        kind: 'json',
        body: {
          incidents: [
            // An older version of `a` arriving late, and a duplicate of it: the newest stays.
            historic('a', '2026-08-10T00:00:00Z', null, [['Lab API', 'major_outage']], { updated_at: '2026-08-10T01:00:00Z' }),
            historic('a', '2026-08-10T00:00:00Z', null, [['Lab API', 'major_outage']], { updated_at: '2026-08-10T01:00:00Z' }),
            // Resolved before it started: kept, costing nothing.
            historic('rev', '2026-08-15T10:00:00Z', '2026-08-15T08:00:00Z', [['Lab API', 'major_outage']]),
            // The API renamed upstream: not a component we watch any more, so left out (never a crash).
            historic('ren', '2026-08-16T00:00:00Z', '2026-08-16T05:00:00Z', [['Lab API (v2)', 'major_outage']]),
          ],
        },
      },
    });
    await run('2026-08-20T00:15:00Z');
    let stored = (await loadStatusHistories(dataDir)).get('lab')!;
    expect(stored.incidents.map((i) => i.id).sort()).toEqual(['official:a', 'official:old', 'official:rev']);
    expect(stored.incidents.find((i) => i.id === 'official:a')).toMatchObject({ resolved_at: '2026-08-10T06:00:00Z', updated_at: '2026-08-10T06:00:00Z' });
    // The list trimmed `old`: ours still has it, and the coverage still starts there.
    expect(stored.history?.covered_from).toBe('2026-08-01');

    server.setRoutes({ '/lab/api/v2/summary.json': SUMMARY, '/lab/api/v2/incidents.json': { kind: 'hang' } });
    const report = await run('2026-08-20T00:30:00Z');
    expect(report.services[0]).toMatchObject({ officialRead: 'ok' });
    expect(report.warnings[0]).toMatch(/^lab: the incident history was not read \(timeout/);
    stored = (await loadStatusHistories(dataDir)).get('lab')!;
    expect(stored.incidents).toHaveLength(3);
    const service = await detail();
    expect(service.official_history).toMatchObject({ covered_from: '2026-08-01', stale: true });
    expect(service.uptime_90d.find((d) => d.date === '2026-08-15')).toMatchObject({ official: 1 });
    expect(service.uptime_90d.find((d) => d.date === '2026-08-10')).toMatchObject({ official: 0.75 });
  });
});

describe('reading a history list', () => {
  const target = { service_id: 'lab', type: 'statuspage' as const, url: 'https://status.lab.example', components: ['Lab API'] };

  it('counts every component when the page no longer names the watched one anywhere (a rename must not hide an outage)', () => {
    const renamed = translateHistory({ incidents: [historic('x', '2026-08-16T00:00:00Z', '2026-08-16T05:00:00Z', [['Lab API (v2)', 'major_outage']])] } as never, target);
    expect(renamed.incidents.map((i) => [i.id, i.components, i.worst_status])).toEqual([['x', ['Lab API (v2)'], 'major_outage']]);
  });

  it('covers from the oldest incident\'s day, or the day after when the list is full (older ones may be cut)', () => {
    const few = translateHistory({ incidents: [historic('x', '2026-08-16T10:00:00Z', null, [['Lab API', 'partial_outage']])] } as never, target);
    expect(few.covered_from).toBe('2026-08-16');
    const full = Array.from({ length: 50 }, (_, i) => historic(`i${i}`, `2026-08-${String(10 + (i % 10)).padStart(2, '0')}T10:00:00Z`, `2026-08-${String(10 + (i % 10)).padStart(2, '0')}T11:00:00Z`, [['Lab API', 'degraded_performance']]));
    expect(translateHistory({ incidents: full } as never, target).covered_from).toBe('2026-08-11');
  });
});

describe('Google Cloud history', () => {
  it('reads the feed it already reads as the history of the watched products: impact stands in for components', async () => {
    const service: ServiceDefinition = { id: 'gem', name: 'Gem', url: 'https://gem.example.com', status_page: { type: 'gcp', url: `${server.url}/gcp`, products: [VERTEX_GEMINI.id] }, probe: null };
    await writeFile(join(dataDir, 'services.json'), JSON.stringify([service]));
    server.setRoutes({
      '/gcp/incidents.json': {
        kind: 'json',
        body: [
          // A disruption (a partial outage) of 8 hours on 2026-08-12: 30% of a third of the day lost.
          gcpIncident({ id: 'g1', begin: '2026-08-12T00:00:00+00:00', end: '2026-08-12T08:00:00+00:00', severity: 'medium', status_impact: 'SERVICE_DISRUPTION' }),
          // Another product: not ours.
          gcpIncident({ id: 'g2', begin: '2026-08-13T00:00:00+00:00', end: '2026-08-13T08:00:00+00:00', affected_products: [BIGQUERY], severity: 'high', status_impact: 'SERVICE_OUTAGE' }),
        ],
      },
    });
    const report = await run('2026-08-20T00:00:00Z');
    expect(report.warnings).toEqual([]);
    const gem = await detail('gem');
    expect(gem.recent_incidents.map((i) => [i.id, i.status, i.resolved_at])).toEqual([['official:g1', 'resolved', '2026-08-12T08:00:00Z']]);
    expect(gem.uptime_90d.find((d) => d.date === '2026-08-12')).toMatchObject({ official: 0.9 });
    expect(gem.uptime_90d.find((d) => d.date === '2026-08-11')).toMatchObject({ official: null });
    expect(gem.uptime_90d.find((d) => d.date === '2026-08-13')).toMatchObject({ official: 1 });
  });
});
