import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { loadSources } from '../store/data-store.js';
import { loadStatusHistories } from '../store/status-store.js';
import { bsIndex, gcpIncident, instatusIncident, instatusSummary, ioSummary, spIncident, spSummary } from '../status/platforms/fixtures.js';
import type { ServiceDefinition } from '../status/registry.js';
import { startUpstreamServer, type Routes, type UpstreamServer } from '../testing/upstream-server.js';
import { renderSite } from '../testing/rendered-site.js';
import { tempDir } from '../testing/tree.js';
import { updateStatus } from './status.js';

let server: UpstreamServer;
let dataDir: string;
let pageHttp: HttpClient;
let probeHttp: HttpClient;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
/**
 * Long enough for a local answer on a loaded machine (a hang still ends the run within 1.4× it):
 * a shorter one made a busy machine's slow answer look like an outage.
 */
const PROBE_TIMEOUT = 3_000;
/**
 * The probe that never answers has a timeout of its own (services.json's `timeout_ms`): it is
 * given up at that timeout and once more at the retry whatever it is, so a short one ends each
 * run that probes it in well under a second (it took the run's whole budget, 4.2 s, before).
 */
const HANGING_PROBE_TIMEOUT = 300;

beforeEach(async () => {
  dataDir = await tempDir('status');
  const t = PROBE_TIMEOUT;
  pageHttp = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: t, headersMs: t, bodyMs: t, totalMs: t }, retry: { retries: 0 }, maxBytes: 32 * 1024 });
  probeHttp = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: t }, retry: { retries: 0 } });
});
afterEach(async () => {
  await Promise.all([pageHttp.close(), probeHttp.close()]);
});


function service(id: string, type: ServiceDefinition['status_page']['type'], probePath: string | null, extra: Partial<ServiceDefinition['status_page']> = {}): ServiceDefinition {
  return {
    id,
    name: id.toUpperCase(),
    url: `https://${id}.example.com`,
    status_page: type === 'none' ? { type } : { type, url: `${server.url}/${id}`, ...extra },
    probe: probePath === null ? null : { url: `${server.url}${probePath}`, method: 'GET', timeout_ms: PROBE_TIMEOUT },
  };
}

async function writeRegistry(services: ServiceDefinition[]): Promise<void> {
  await writeFile(join(dataDir, 'services.json'), JSON.stringify(services, null, 2));
}

/**
 * The run's budget is a deadline, not a wait: no run here reaches it (the hanging probe gives up at
 * its own timeout, a hanging page at the client's), so it is generous. A tight one made a loaded
 * machine's retry of the 500 probe start with too little time left and time out, reading as no
 * answer at all.
 */
const run = (now: string) => updateStatus({ store: dataDir, now, pageHttp, probeHttp, budgetMs: 10 * PROBE_TIMEOUT });

const HEALTHY_ROUTES: Routes = {
  '/sp/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', incidents: [spIncident()] }) },
  '/io/api/v2/summary.json': { kind: 'json', body: ioSummary({ indicator: 'none' }) },
  '/ins/summary.json': { kind: 'json', body: instatusSummary({ status: 'UP', activeIncidents: [instatusIncident({ impact: 'PARTIALOUTAGE' })] }) },
  '/bs/index.json': { kind: 'json', body: bsIndex({ aggregate_state: 'operational' }) },
  '/gcp/incidents.json': { kind: 'json', body: [gcpIncident()] },
  '/probe/401': { kind: 'json', status: 401, body: { error: { message: 'no api key' } } },
  '/probe/500': { kind: 'json', status: 500, body: { error: 'internal' } },
  '/probe/hang': { kind: 'hang' },
};

const REGISTRY = () => [
  service('sp', 'statuspage', '/probe/401'),
  service('io', 'incidentio', '/probe/401'),
  service('ins', 'instatus', '/probe/401'),
  service('bs', 'betterstack', '/probe/500'),
  service('gcp', 'gcp', '/probe/401', { products: ['Vertex Gemini API'] }),
  { ...service('none', 'none', '/probe/hang'), probe: { url: `${server.url}/probe/hang`, method: 'GET' as const, timeout_ms: HANGING_PROBE_TIMEOUT } },
];

describe('status update against local status pages and probe targets', () => {
  it('combines each platform\'s official status with our probes, and renders both endpoints', async () => {
    server.setRoutes(HEALTHY_ROUTES);
    await writeRegistry(REGISTRY());
    const report = await run('2026-11-21T10:00:00Z');
    expect(report.ok).toBe(true);
    expect(Object.fromEntries(report.services.map((s) => [s.id, s.status]))).toEqual({
      sp: 'partial_outage', // official major, incident open, probe answers 401 (up)
      io: 'operational', // incident.io "none", probe up
      ins: 'partial_outage', // Instatus says UP, but an open partial outage incident
      bs: 'partial_outage', // page says operational, our probe gets 500 twice: silent degradation
      gcp: 'partial_outage', // an ongoing Vertex Gemini API disruption
      none: 'partial_outage', // no page, and the probe never answers
    });

    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const list = site.json<{ data: Array<{ id: string; official: { indicator: string }; probe: { ok: boolean; latency_ms: number | null; http_status: number | null } }>; meta: { checked_at: string } }>('api/v1/status.json');
    expect(list.meta.checked_at).toBe('2026-11-21T10:00:00Z');
    const byId = Object.fromEntries(list.data.map((s) => [s.id, s]));
    expect(byId.io?.official.indicator).toBe('none');
    expect(byId.io?.probe).toMatchObject({ ok: true, http_status: 401 });
    expect(byId.io?.probe.latency_ms).toBeGreaterThanOrEqual(0);
    expect(byId.bs?.probe).toMatchObject({ ok: false, http_status: 500 });
    expect(byId.none?.probe).toMatchObject({ ok: false, http_status: null });

    const sp = site.json<{ data: { active_incidents: Array<{ name: string; impact: string }>; uptime_90d: Array<{ date: string; uptime: number | null }>; recent_incidents: unknown[] } }>('api/v1/status/sp.json');
    expect(sp.data.active_incidents).toEqual([expect.objectContaining({ name: 'Elevated errors across many models', impact: 'major' })]);
    expect(sp.data.uptime_90d).toHaveLength(90);
    expect(sp.data.uptime_90d.at(-1)).toMatchObject({ date: '2026-11-21', uptime: 1, probe: 1 });
    expect(sp.data.uptime_90d.filter((d) => d.uptime === null)).toHaveLength(89);
    const none = site.json<{ data: { recent_incidents: Array<{ source: string }> } }>('api/v1/status/none.json');
    expect(none.data.recent_incidents).toEqual([expect.objectContaining({ source: 'probe' })]);
  });

  it('keeps the last good official data, marked stale, when pages hang, fail or send garbage; the others are unaffected', async () => {
    server.setRoutes(HEALTHY_ROUTES);
    await writeRegistry([...REGISTRY(), service('huge', 'statuspage', '/probe/401'), service('odd', 'statuspage', '/probe/401')]);
    server.setRoutes({
      ...HEALTHY_ROUTES,
      '/huge/api/v2/summary.json': { kind: 'json', body: spSummary() },
      '/odd/api/v2/summary.json': { kind: 'json', body: spSummary() },
    });
    await run('2026-11-21T10:00:00Z');
    const before = await loadStatusHistories(dataDir);

    server.setRoutes({
      ...HEALTHY_ROUTES,
      '/sp/api/v2/summary.json': { kind: 'hang' },
      '/io/api/v2/summary.json': { kind: 'json', status: 500, body: {} },
      '/ins/summary.json': { kind: 'text', status: 403, body: '<!DOCTYPE html><title>Just a moment...</title>' },
      '/bs/index.json': { kind: 'redirect', location: '/bs/index.json' },
      '/gcp/incidents.json': { kind: 'text', body: '[{"id": "abc", "begin": ', headers: { 'content-type': 'application/json' } },
      '/huge/api/v2/summary.json': { kind: 'huge', bytes: 64 * 1024, declareLength: false },
      // An unknown indicator and an incident with most fields missing: read, not a crash.
      '/odd/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'purple', incidents: [{ id: 'x1', status: 'weird' }] }) },
    });
    const report = await run('2026-11-21T10:15:00Z');
    expect(report.services.map((s) => s.id)).toEqual(['sp', 'io', 'ins', 'bs', 'gcp', 'none', 'huge', 'odd']);
    // The structured fields the update report relies on (never the wording of the texts).
    const line = (id: string) => report.services.find((s) => s.id === id)!;
    expect(line('sp')).toMatchObject({ officialRead: 'failed', officialError: expect.stringMatching(/^timeout/), probeResult: 'ok', probeError: null });
    expect(line('odd')).toMatchObject({ officialRead: 'ok', officialError: null });
    expect(line('bs')).toMatchObject({ probeResult: 'failed', probeError: expect.stringMatching(/\S/) });
    expect(line('none')).toMatchObject({ officialRead: 'none', officialError: null, probeResult: 'failed', probeError: expect.stringMatching(/^timeout/) });
    const after = await loadStatusHistories(dataDir);
    const expectedErrors: Record<string, RegExp> = { sp: /^timeout/, io: /^http_status/, ins: /^http_status/, bs: /^redirect/, gcp: /^invalid_body/, huge: /^too_large/ };
    for (const [id, error] of Object.entries(expectedErrors)) {
      expect(after.get(id)?.official.error, id).toMatch(error);
      expect(after.get(id)?.official.snapshot, id).toEqual(before.get(id)?.official.snapshot);
      expect(after.get(id)?.official.fetched_at, id).toBe('2026-11-21T10:00:00Z');
    }
    const odd = after.get('odd')!;
    expect(odd.official.error).toBeNull();
    expect(odd.official.snapshot?.indicator).toBe('unknown');
    expect(odd.official.snapshot?.active_incidents).toEqual([expect.objectContaining({ id: 'x1', name: 'Untitled incident', status: 'unknown' })]);
    // The probes still ran for everyone, and the hanging probe was given up within the budget.
    expect(after.get('none')?.probe).toMatchObject({ ok: false, checked_at: '2026-11-21T10:15:00Z' });
    expect(after.get('none')?.probe?.error).toMatch(/^timeout/);

    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const sp = site.json<{ data: { official: { stale: boolean; age_seconds: number; error: string; indicator: string } } }>('api/v1/status/sp.json');
    expect(sp.data.official).toMatchObject({ stale: true, age_seconds: 900, indicator: 'major' });
  });

  it('records probes as inconclusive, not as outages, when every probe fails at once', async () => {
    server.setRoutes(HEALTHY_ROUTES);
    const everyoneDown = REGISTRY().map((s) => ({ ...s, probe: { url: 'http://127.0.0.1:9/', method: 'GET' as const, timeout_ms: PROBE_TIMEOUT } }));
    await writeRegistry(everyoneDown);
    const report = await run('2026-11-21T10:00:00Z');
    expect(report.networkSuspect).toBe(true);
    expect(report.ok).toBe(false);
    const histories = await loadStatusHistories(dataDir);
    for (const history of histories.values()) {
      expect(history.probe?.ok).toBeNull();
      expect(history.days).toEqual([]);
      expect(history.incidents.filter((i) => i.source === 'probe')).toEqual([]);
    }
    expect(report.services.find((s) => s.id === 'io')?.status).toBe('operational');
    for (const line of report.services) expect(line).toMatchObject({ probeResult: 'inconclusive', probeError: expect.stringMatching(/^inconclusive: every probe failed at once/) });
    expect((await loadSources(dataDir)).status).toMatchObject({ ok: false, last_success_at: null });
    // The run still counts as the status time: its official reads are the newest we have.
    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const list = site.json<{ meta: { checked_at: string } }>('api/v1/status.json');
    expect(list.meta.checked_at).toBe('2026-11-21T10:00:00Z');
    // Whether the run was conclusive is freshness: index.json says it.
    const index = site.json<{ data: { freshness: { sources: Array<{ id: string; stale: boolean }> } } }>('api/v1/index.json');
    expect(index.data.freshness.sources).toEqual([expect.objectContaining({ id: 'status', stale: true })]);
  });

  it('refuses to run twice at the same observation time (probes would count twice)', async () => {
    server.setRoutes(HEALTHY_ROUTES);
    await writeRegistry(REGISTRY());
    expect((await run('2026-11-21T10:00:00Z')).ok).toBe(true);
    const again = await run('2026-11-21T10:00:00Z');
    expect(again.error).toMatch(/not after the last recorded attempt/);
    expect((await loadStatusHistories(dataDir)).get('sp')?.days).toEqual([{ date: '2026-11-21', probes: 1, ok: 1 }]);
  });

  it('stops counting official incidents as active once the official data is too old', async () => {
    server.setRoutes(HEALTHY_ROUTES);
    await writeRegistry(REGISTRY());
    await run('2026-11-21T10:00:00Z');
    server.setRoutes({ ...HEALTHY_ROUTES, '/sp/api/v2/summary.json': { kind: 'json', status: 503, body: {} } });
    await run('2026-11-21T13:00:00Z');
    const site = await renderSite(dataDir, 'https://modelpulse.test');
    const sp = site.json<{ data: { status: string; official: { stale: boolean; age_seconds: number }; active_incidents: unknown[]; recent_incidents: unknown[] } }>('api/v1/status/sp.json');
    expect(sp.data.official).toMatchObject({ stale: true, age_seconds: 3 * 3600 });
    expect(sp.data.status).toBe('operational');
    expect(sp.data.active_incidents).toEqual([]);
    expect(sp.data.recent_incidents).toHaveLength(1);
  });

  it('rejects a broken registry with a clear error', async () => {
    await writeFile(join(dataDir, 'services.json'), JSON.stringify([{ id: 'Bad Id', name: 'x' }]));
    await expect(run('2026-11-21T10:00:00Z')).rejects.toThrow(/services.json does not match the services schema/);
  });
});
