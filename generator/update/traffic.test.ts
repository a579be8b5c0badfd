import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { orEndpoints, orModel, type FixtureEndpointOptions } from '../sources/openrouter/fixtures.js';
import { loadSources } from '../store/data-store.js';
import { loadTraffic } from '../store/traffic-store.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer, type Routes, type UpstreamServer } from '../testing/upstream-server.js';
import { MAX_ERRORS_PER_RUN } from '../status/sweep-rotation.js';
import { updateTraffic } from './traffic.js';

let server: UpstreamServer;
let http: HttpClient;
let dataDir: string;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  dataDir = await tempDir('traffic');
  // As the stage makes it: no retry, short timeouts for what never answers.
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 300, headersMs: 300, bodyMs: 300, totalMs: 800 }, retry: { retries: 0 }, maxBytes: 64 * 1024 });
});
afterEach(async () => {
  await http.close();
});

const ids = ['acme/alpha', 'acme/beta', 'acme/gamma', 'acme/delta'];
const seed = (now = '2026-08-25T09:00:00Z') => seedCatalog(dataDir, ids.map((id) => orModel({ id, prompt: '0.000001', completion: '0.000002' })), now);
const endpoints = (id: string, list: Array<Partial<FixtureEndpointOptions> & { provider: string }>) => ({
  kind: 'json' as const,
  body: orEndpoints(id, list.map((e) => ({ prompt: '0.000001', completion: '0.000002', ...e }))),
});
const url = (id: string) => `/api/v1/models/${id}/endpoints`;

/** A run with the clock and the wait recorded, not waited: the pace is checked without sleeping. */
async function sweep(now: string, perRun = 10, alreadyRead?: Map<string, unknown>) {
  let clock = 0;
  const waits: number[] = [];
  const report = await updateTraffic({
    store: dataDir,
    now,
    http,
    baseUrl: `${server.url}/api/v1`,
    perRun,
    alreadyRead,
    clock: () => clock,
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
  });
  return { report, waits };
}

describe('the endpoint statistics sweep against a local OpenRouter', () => {
  it('reads every model one a second, bounds the figures and keeps the first of the day', async () => {
    await seed();
    const routes: Routes = Object.fromEntries(ids.map((id) => [url(id), endpoints(id, [{ provider: 'Fireworks', stats: { uptime_last_5m: 72.5 } }, { provider: 'Together' }])]));
    server.setRoutes(routes);
    const { report, waits } = await sweep('2026-08-25T10:00:00Z');
    expect(report).toMatchObject({ ok: true, read: 4, requests: 4, failed: 0, limited: false, paceLevel: 0, issues: [] });
    // One request a second: each of the three after the first waited the whole second (the clock stood still).
    expect(waits).toEqual([1000, 1000, 1000]);
    const state = await loadTraffic(dataDir);
    expect(state.models['acme/alpha']).toEqual({
      attempted_at: '2026-08-25T10:00:00Z',
      succeeded_at: '2026-08-25T10:00:00Z',
      error: null,
      latest: {
        observed_at: '2026-08-25T10:00:00Z',
        endpoints: [
          { tag: 'fireworks', provider: 'fireworks', provider_name: 'Fireworks', uptime_5m: 0.725, uptime_30m: 0.995, uptime_1d: 0.9925, latency_ms: { p50: 800, p90: 2000 }, throughput_tps: { p50: 40, p90: 60 } },
          { tag: 'together', provider: 'together', provider_name: 'Together', uptime_5m: 1, uptime_30m: 0.995, uptime_1d: 0.9925, latency_ms: { p50: 800, p90: 2000 }, throughput_tps: { p50: 40, p90: 60 } },
        ],
      },
      day_first: null,
    });
    expect((await loadSources(dataDir))['openrouter-endpoints']).toEqual({ last_attempt_at: '2026-08-25T10:00:00Z', last_success_at: '2026-08-25T10:00:00Z', ok: true, error: null, items: 4 });

    // Later that day the newest figures move on and the day's first stay; the next day starts afresh.
    server.setRoutes(Object.fromEntries(ids.map((id) => [url(id), endpoints(id, [{ provider: 'Fireworks' }])])));
    await sweep('2026-08-25T10:15:00Z');
    let alpha = (await loadTraffic(dataDir)).models['acme/alpha']!;
    expect(alpha.latest!.observed_at).toBe('2026-08-25T10:15:00Z');
    expect(alpha.day_first!.observed_at).toBe('2026-08-25T10:00:00Z');
    await sweep('2026-08-26T00:00:00Z');
    alpha = (await loadTraffic(dataDir)).models['acme/alpha']!;
    expect([alpha.latest!.observed_at, alpha.day_first]).toEqual(['2026-08-26T00:00:00Z', null]);
  });

  it('refuses hostile figures and answers about another model, and says which', async () => {
    await seed();
    server.setRoutes({
      [url('acme/alpha')]: endpoints('acme/alpha', [
        { provider: 'Huge', stats: { latency_last_30m: { p50: 9e15, p90: 9e16 }, throughput_last_30m: { p50: 5e9, p90: 6e9 } } },
        { provider: 'Odd', stats: { uptime_last_5m: 'NaN', uptime_last_30m: -1, uptime_last_1d: 140 } },
        { provider: 'Missing', stats: { uptime_last_5m: undefined, latency_last_30m: undefined } },
      ]),
      [url('acme/beta')]: endpoints('acme/gamma', [{ provider: 'Fireworks' }]),
      [url('acme/gamma')]: endpoints('acme/gamma', [{ provider: 'Fireworks' }]),
      [url('acme/delta')]: endpoints('acme/delta', [{ provider: 'Fireworks' }]),
    });
    const { report } = await sweep('2026-08-25T10:00:00Z');
    expect(report.issues).toEqual([
      'acme/alpha: huge: latency_last_30m.p50 is implausibly large (9000000000000000, the ceiling is 600000): refused',
      'acme/alpha: huge: latency_last_30m.p90 is implausibly large (90000000000000000, the ceiling is 600000): refused',
      'acme/alpha: huge: throughput_last_30m.p50 is implausibly large (5000000000, the ceiling is 100000): refused',
      'acme/alpha: huge: throughput_last_30m.p90 is implausibly large (6000000000, the ceiling is 100000): refused',
      'acme/alpha: odd: uptime_last_5m is not a finite number ("NaN"): refused',
      'acme/alpha: odd: uptime_last_30m is negative (-1): refused',
      'acme/alpha: odd: uptime_last_1d is over 100% (140): refused',
      'acme/beta: the answer is about another model ("acme/gamma"), not acme/beta: refused',
    ]);
    const state = await loadTraffic(dataDir);
    expect(state.models['acme/beta']).toMatchObject({ succeeded_at: null, latest: null });
    expect(state.models['acme/alpha']!.latest!.endpoints.find((e) => e.tag === 'missing')).toMatchObject({ uptime_5m: null, latency_ms: { p50: null, p90: null } });
    // Nothing refused reaches the file: every stored figure is within bounds.
    expect(await readFile(join(dataDir, 'state/endpoint-stats.json'), 'utf8')).not.toMatch(/9000000|NaN|-1\b/);
  });

  it('stops at a 429, keeps the last good figures with their age and slows the next runs', async () => {
    await seed();
    server.setRoutes(Object.fromEntries(ids.map((id) => [url(id), endpoints(id, [{ provider: 'Fireworks' }])])));
    await sweep('2026-08-25T10:00:00Z');
    server.setRoutes({ [url('acme/alpha')]: { kind: 'json', status: 429, body: { error: { message: 'Rate limit exceeded' } } } });
    const hitsBefore = server.hits.length;
    const { report } = await sweep('2026-08-25T11:00:00Z');
    expect(report).toMatchObject({ ok: false, limited: true, requests: 1, failed: 1, paceLevel: 1 });
    expect(server.hits.length - hitsBefore).toBe(1);
    const state = await loadTraffic(dataDir);
    expect(state.pace).toEqual({ level: 1, resume_at: null });
    expect(state.models['acme/alpha']).toMatchObject({ attempted_at: '2026-08-25T11:00:00Z', succeeded_at: '2026-08-25T10:00:00Z', latest: { observed_at: '2026-08-25T10:00:00Z' } });
    expect(state.models['acme/alpha']!.error).toMatch(/HTTP 429/);
    expect((await loadSources(dataDir))['openrouter-endpoints']).toMatchObject({ ok: false, last_success_at: '2026-08-25T10:00:00Z' });
    // Level 1 halves the requests a run: 5 of 10.
    server.setRoutes(Object.fromEntries(ids.map((id) => [url(id), endpoints(id, [{ provider: 'Fireworks' }])])));
    const slower = await sweep('2026-08-25T11:15:00Z', 10);
    expect(slower.report.requests).toBe(4);
    expect(slower.report.paceLevel).toBe(0);
  });

  it(`stops after ${MAX_ERRORS_PER_RUN} failures (hang, 500, HTML), never retrying`, async () => {
    await seed();
    server.setRoutes({
      [url('acme/alpha')]: { kind: 'hang' },
      [url('acme/beta')]: { kind: 'json', status: 500, body: {} },
      [url('acme/delta')]: { kind: 'text', body: '<html>challenge</html>' },
      [url('acme/gamma')]: endpoints('acme/gamma', [{ provider: 'Fireworks' }]),
    });
    const hitsBefore = server.hits.length;
    const { report } = await sweep('2026-08-25T10:00:00Z');
    // Never-read models go in id order: alpha (hang), beta (500), delta (HTML): three failures, gamma never asked.
    expect(report).toMatchObject({ ok: false, failed: 3, requests: 3, read: 0, paceLevel: 1 });
    expect(server.hits.length - hitsBefore).toBe(3);
    expect(report.warnings.at(-1)).toBe('3 requests failed: the sweep stopped for this run and slows down');
  });

  it('takes the answers the models stage read, and forgets models we no longer list', async () => {
    const six = [...ids, 'acme/epsilon', 'acme/zeta'];
    const catalog = await seedCatalog(dataDir, six.map((id) => orModel({ id, prompt: '0.000001', completion: '0.000002' })), '2026-08-25T09:00:00Z');
    server.setRoutes({});
    const handed = new Map<string, unknown>([['acme/alpha', orEndpoints('acme/alpha', [{ provider: 'Fireworks', prompt: '0.000001', completion: '0.000002' }])]]);
    const { report } = await sweep('2026-08-25T10:00:00Z', 0, handed);
    expect(report).toMatchObject({ read: 1, requests: 0 });
    // acme/alpha leaves the catalog: its figures go.
    await seedCatalog(dataDir, six.slice(1).map((id) => orModel({ id, prompt: '0.000001', completion: '0.000002' })), '2026-08-25T10:10:00Z', catalog);
    const next = await sweep('2026-08-25T10:15:00Z', 0);
    expect(next.report.warnings).toEqual(['dropped the figures of 1 models no longer listed (acme/alpha)']);
    expect((await loadTraffic(dataDir)).models).toEqual({});
  });
});
