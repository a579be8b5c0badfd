/**
 * The edge monitor in Cloudflare's own runtime: a small Cloudflare build whose services point at
 * a local upstream replaying the platforms' formats, served by one wrangler dev (workerd, a local
 * D1 with the site's migrations), its scheduled handler driven at chosen times through the dev
 * server's local route. Faults: a hanging probe, a 500 page, an HTML page, truncated JSON, a page
 * that says "major outage", a probe that answers 503, then every probe failing at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { apiSchemas } from '../../../render/schemas.js';
import type { ServiceDetail, ServiceListEntry } from '../../../render/status.js';
import { bsIndex, instatusSummary, ioSummary, spIncident, spSummary } from '../../../status/platforms/fixtures.js';
import type { ServiceDefinition } from '../../../status/registry.js';
import { buildMonitorSite } from '../../../testing/monitor-site.js';
import { SMALL_SITE_URL } from '../../../testing/small-site.js';
import { startUpstreamServer, type Routes, type UpstreamServer } from '../../../testing/upstream-server.js';
import { createAjv } from '../../../validation/ajv.js';
import { API_CACHE_CONTROL } from '../../hosts.js';
import { startCloudflareDev, type CloudflareDevServer } from '../dev-server.js';
import { LOCAL_NOW_HEADER } from '../dev-trigger.js';
import { decodeRun, type MonitorState } from './state.js';
import { orEndpoints } from '../../../sources/openrouter/fixtures.js';
import type { ModelStatus, ModelStatusEntry } from '../../../types/api-types.js';
import type { ModelFigures } from '../../../status/endpoint-stats.js';
import { runCacheDir } from '../../../testing/tree.js';

/** A made-up key: it must reach the upstream's header and nothing else. */
const FAKE_KEY = 'sk-test-f4k3-k3y-7a1b2c3d4e5f60718293';

let upstream: UpstreamServer;
let server: CloudflareDevServer;
let publishDir: string;
const bodies: string[] = [];
let check: Record<'status' | 'service' | 'badge' | 'model' | 'status-models', ReturnType<Ajv2020['compile']>>;

const healthy = (): Routes => ({
  '/sp/api/v2/summary.json': { kind: 'json', body: spSummary() },
  '/io/api/v2/summary.json': { kind: 'json', body: ioSummary() },
  '/is/summary.json': { kind: 'json', body: instatusSummary() },
  '/bs/index.json': { kind: 'json', body: bsIndex() },
  '/gcp/incidents.json': { kind: 'json', body: [] },
  '/probe/alpha': { kind: 'json', status: 401, body: { error: 'no key' } },
  '/probe/beta': { kind: 'json', status: 200, body: { data: [] } },
  '/probe/gamma': { kind: 'json', status: 200, body: { data: [] } },
  '/probe/delta': { kind: 'json', status: 200, body: { data: [] } },
  '/probe/eps': { kind: 'json', status: 200, body: { data: [] } },
  '/probe/zeta': { kind: 'json', status: 401, body: {} },
  '/deep/zeta': { kind: 'json', status: 200, body: { choices: [{ message: { content: 'o' } }] } },
  ...statistics(),
});

/** OpenRouter's endpoint statistics of the site's two models (the sweep's world): healthy unless given. */
const GPT = '/or/models/openai/gpt-test/endpoints';
const CLAUDE = '/or/models/anthropic/claude-test/endpoints';
const endpoint = (provider: string, stats: Record<string, unknown> = {}) => ({ provider, prompt: '0.000001', completion: '0.000004', stats });
const statistics = (over: Routes = {}): Routes => ({
  [GPT]: { kind: 'json', body: orEndpoints('openai/gpt-test', [endpoint('Fireworks'), endpoint('Together')]) },
  [CLAUDE]: { kind: 'json', body: orEndpoints('anthropic/claude-test', [endpoint('Anthropic')]) },
  ...over,
});

const faulty = (): Routes => ({
  ...healthy(),
  '/sp/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'critical', description: 'Major System Outage', incidents: [spIncident({ impact: 'critical' })] }) },
  '/io/api/v2/summary.json': { kind: 'text', body: '<!doctype html><html><body>Service Unavailable</body></html>' },
  '/is/summary.json': { kind: 'text', body: '{"page":{"name":"Example","status":"UP"', headers: { 'content-type': 'application/json' } },
  '/bs/index.json': { kind: 'json', status: 500, body: { error: 'internal' } },
  '/probe/delta': { kind: 'hang' },
  '/probe/eps': { kind: 'json', status: 503, body: {} },
});

const everyProbeDown = (): Routes => {
  const routes = healthy();
  for (const path of Object.keys(routes)) if (path.startsWith('/probe/') || path.startsWith('/deep/')) routes[path] = { kind: 'json', status: 503, body: {} };
  return routes;
};

function services(base: string): ServiceDefinition[] {
  const probe = (id: string) => ({ url: `${base}/probe/${id}`, method: 'GET' as const, timeout_ms: 1_000 });
  return [
    // Alpha's page speaks for the two models' makers (its incidents may name them).
    { id: 'alpha', name: 'Alpha', url: 'https://alpha.example', status_page: { type: 'statuspage', url: `${base}/sp` }, probe: probe('alpha'), catalog: { authors: ['alpha', 'anthropic', 'openai'], providers: ['alpha'] } },
    { id: 'beta', name: 'Beta', url: 'https://beta.example', status_page: { type: 'incidentio', url: `${base}/io` }, probe: probe('beta') },
    { id: 'gamma', name: 'Gamma', url: 'https://gamma.example', status_page: { type: 'instatus', url: `${base}/is` }, probe: probe('gamma') },
    { id: 'delta', name: 'Delta', url: 'https://delta.example', status_page: { type: 'betterstack', url: `${base}/bs` }, probe: probe('delta') },
    { id: 'eps', name: 'Eps', url: 'https://eps.example', status_page: { type: 'none' }, probe: probe('eps') },
    {
      id: 'zeta',
      name: 'Zeta',
      url: 'https://zeta.example',
      status_page: { type: 'gcp', url: `${base}/gcp` },
      probe: { ...probe('zeta'), deep: { url: `${base}/deep/zeta`, auth: 'bearer', body: { model: 'zeta-mini', max_tokens: 1, messages: [{ role: 'user', content: 'Say o' }] }, model: 'zeta/zeta-mini' } },
    },
  ];
}

/** The runs' times are set around this, taken once the runtime is up (a loaded machine may take minutes to start it). */
let NOW: number;
const minuteOf = (ms: number) => Math.floor(ms / 60_000);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

beforeAll(async () => {
  upstream = await startUpstreamServer(healthy());
  // The static files: one 15-minute refresh an hour ago.
  ({ publishDir } = await buildMonitorSite(services(upstream.url), iso(Date.now() - 3_600_000), `${upstream.url}/or`));
  server = await startCloudflareDev({ publishDir, port: 0, secrets: { PROBE_KEY_ZETA: FAKE_KEY }, migratedD1Cache: runCacheDir('workerd') });
  NOW = Date.now();
  const schemas = apiSchemas(SMALL_SITE_URL);
  const ajv = createAjv();
  check = { status: ajv.compile(schemas.status), service: ajv.compile(schemas.service), badge: ajv.compile(schemas.badge), model: ajv.compile(schemas.model), 'status-models': ajv.compile(schemas['status-models']) };
}, 0); // a build and a runtime start: no time limit (what the machine takes)
afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

/** The time the live answers judge at (the dev server's clock header), when the runs are ahead of the clock. */
let localNow: number | null = null;

/**
 * wrangler's output once it holds `pattern`: a run's log lines come through wrangler's own stdout,
 * which may reach us after the run's HTTP answer. A bound on that lag (30 s), never a measure.
 */
async function outputWith(pattern: string): Promise<string> {
  for (let waited = 0; waited < 30_000 && !server.output().includes(pattern); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return server.output();
}

async function get(path: string): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(`${server.url}${path}`, localNow === null ? {} : { headers: { [LOCAL_NOW_HEADER]: String(localNow) } });
  const text = await response.text();
  bodies.push(text);
  return { status: response.status, headers: response.headers, text };
}

async function getJson<T>(path: string, schema: keyof typeof check): Promise<T> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
  expect(res.headers.get('cache-control'), path).toBe(API_CACHE_CONTROL);
  const body = JSON.parse(res.text) as T;
  expect(check[schema](body), `${path}: ${JSON.stringify(check[schema].errors)}`).toBe(true);
  return body;
}

type List = { data: ServiceListEntry[]; meta: { live: Record<string, unknown>; checked_at: string } };
type Detail = { data: ServiceDetail & { probe: { ttfb_ms?: number | null } | null }; meta: { live: Record<string, unknown>; checked_at: string } };
const byId = (list: List) => new Map(list.data.map((entry) => [entry.id, entry]));

async function staticFile(path: string): Promise<{ data: unknown }> {
  const { readFile } = await import('node:fs/promises');
  return JSON.parse(await readFile(`${publishDir}/api/v1/${path}`, 'utf8')) as { data: unknown };
}

describe('the edge monitor in workerd', () => {
  it('answers the static files, saying why, until the monitor has a fresh observation', async () => {
    const empty = await getJson<List>('/api/v1/status', 'status');
    expect(empty.meta.live).toEqual({ source: 'static', observed_at: null, age_seconds: null, reason: 'monitor_empty' });
    expect(empty.data).toEqual((await staticFile('status.json')).data);
    expect(empty.data.length).toBe(6);
    // The isolate's first run (eleven minutes ago) observes half the services (plan.ts), the next all.
    expect(await server.runScheduled(NOW - 660_000)).toBe(200);
    // A run ten minutes ago: written, but too old to answer for now.
    expect(await server.runScheduled(NOW - 600_000)).toBe(200);
    for (const path of ['/api/v1/status', '/api/v1/status/', '/api/v1/status/alpha']) {
      const stale = await getJson<List>(path, path.endsWith('alpha') ? 'service' : 'status');
      expect(stale.meta.live, path).toMatchObject({ source: 'static', reason: 'monitor_stale', observed_at: null });
    }
    // The file forms stay the build's files, whatever the monitor holds.
    const file = await getJson<List>('/api/v1/status.json', 'status');
    expect(file.meta.live).toEqual({ source: 'static', observed_at: null, age_seconds: null, reason: 'static_build' });
  });

  it('answers live after a run, each fault read as `update` reads it, the last good page kept with its age', async () => {
    upstream.setRoutes(faulty());
    expect(await server.runScheduled(NOW)).toBe(200);
    const live = await getJson<List>('/api/v1/status', 'status');
    expect(live.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(NOW), reason: null });
    expect(live.meta.checked_at).toBe(iso(NOW));
    const s = byId(live);
    // The page says "major outage": the worst status, its incident listed.
    expect(s.get('alpha')).toMatchObject({ status: 'major_outage', official: { indicator: 'critical', stale: false, fetched_at: iso(NOW) } });
    expect(s.get('alpha')!.active_incidents.map((i) => i.impact)).toContain('critical');
    // HTML, truncated JSON, a 500: the last good read (ten minutes ago) stays, with the error and its age.
    for (const [id, kind] of [['beta', 'invalid_body'], ['gamma', 'invalid_body'], ['delta', 'http_status']] as const) {
      expect(s.get(id)!.official, id).toMatchObject({ indicator: 'none', fetched_at: iso(NOW - 600_000), age_seconds: 600 });
      expect(s.get(id)!.official.error, id).toMatch(new RegExp(`^${kind}:`));
    }
    // A probe that hangs past its timeout, and one that answers 503: failed, so at least a partial outage.
    expect(s.get('delta')).toMatchObject({ status: 'partial_outage', probe: { ok: false } });
    expect(s.get('delta')!.probe!.error).toMatch(/^timeout:/);
    expect(s.get('eps')).toMatchObject({ status: 'partial_outage', probe: { ok: false, http_status: 503 } });
    // Google Cloud's page is left to the 15-minute refresh: its official part is the static file's.
    const zetaStatic = ((await staticFile('status/zeta.json')).data as ServiceDetail).official;
    expect(s.get('zeta')!.official).toMatchObject({ platform: 'gcp', fetched_at: zetaStatic.fetched_at, indicator: zetaStatic.indicator });

    const badge = await getJson<{ message: string; color: string }>('/api/v1/badges/alpha/status.json', 'badge');
    expect(badge).toMatchObject({ message: 'major outage', color: 'red' });
    await getJson('/api/v1/badges/alpha/uptime.json', 'badge');
  });

  it('probes deep with the key where one is given, reporting the time to first byte, and never shows the key', async () => {
    const zeta = await getJson<Detail>('/api/v1/status/zeta', 'service');
    expect(zeta.meta.live).toMatchObject({ source: 'monitor' });
    expect(zeta.data.probe).toMatchObject({ ok: true, http_status: 200, error: null });
    expect(zeta.data.probe!.ttfb_ms).toEqual(expect.any(Number));
    const deep = upstream.hits.findIndex((hit) => hit === 'POST /deep/zeta');
    expect(deep).toBeGreaterThanOrEqual(0);
    expect(upstream.headersSeen[deep]!.authorization).toBe(`Bearer ${FAKE_KEY}`);
    // A service without a key keeps the front-door probe.
    expect(upstream.hits).toContain('GET /probe/alpha');
  });

  it('falls back to the static files when a run fails, then answers live again, having lost nothing', async () => {
    upstream.setRoutes(everyProbeDown());
    expect(await server.runScheduled(NOW + 60_000)).toBe(200);
    const failed = await getJson<List>('/api/v1/status', 'status');
    expect(failed.meta.live).toMatchObject({ source: 'static', reason: 'run_failed' });
    expect(failed.data).toEqual((await staticFile('status.json')).data);
    // A failed run leaves the static badge.
    expect((await get('/api/v1/badges/eps/status.json')).text).toBe(JSON.stringify(JSON.parse(await (await import('node:fs/promises')).readFile(`${publishDir}/api/v1/badges/eps/status.json`, 'utf8'))));

    upstream.setRoutes(healthy());
    expect(await server.runScheduled(NOW + 120_000)).toBe(200);
    // A time at or before the newest is refused: nothing written twice.
    expect(await server.runScheduled(NOW + 90_000)).toBe(200);
    const again = await getJson<Detail>('/api/v1/status/alpha', 'service');
    expect(again.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(NOW + 120_000) });
    expect(again.data.status).toBe('operational');
    // Judged six minutes after that run (the dev server's clock header), the same state is stale.
    const later = await fetch(`${server.url}/api/v1/status/alpha`, { headers: { [LOCAL_NOW_HEADER]: String(NOW + 120_000 + 360_000) } });
    expect(((await later.json()) as Detail).meta.live).toMatchObject({ source: 'static', reason: 'monitor_stale' });

    // The same minute twice at once (a cron event delivered twice): one writes, the other leaves it.
    expect(await Promise.all([server.runScheduled(NOW + 180_000), server.runScheduled(NOW + 180_000)])).toEqual([200, 200]);
    expect(((await getJson<Detail>('/api/v1/status/alpha', 'service')).meta.live)).toMatchObject({ source: 'monitor', observed_at: iso(NOW + 180_000) });
    // Each run says what it did in the Worker's log, a refused time too.
    expect(server.output()).toContain(`monitor ${iso(NOW + 90_000)}: skipped, the run's time ${iso(NOW + 90_000)} is not after the last observation ${iso(NOW + 120_000)}`);
    const db = await server.readD1();
    const rows = db.runs;
    expect(rows.map((r) => [r.minute, r.ok])).toEqual([[minuteOf(NOW - 660_000), 1], [minuteOf(NOW - 600_000), 1], [minuteOf(NOW), 1], [minuteOf(NOW + 60_000), 0], [minuteOf(NOW + 120_000), 1], [minuteOf(NOW + 180_000), 1]]);
    const ids = ['alpha', 'beta', 'gamma', 'delta', 'eps', 'zeta'];
    // The first run's half: service i where i mod 2 is its minute mod 2.
    const half = ids.filter((_, i) => i % 2 === minuteOf(NOW - 660_000) % 2);
    expect(decodeRun(String(rows[0]!.observations)).map((o) => o.id)).toEqual(half);
    for (const row of rows.slice(1)) expect(decodeRun(String(row.observations)).map((o) => o.id)).toEqual(ids);
    expect(decodeRun(String(rows[2]!.observations)).find((o) => o.id === 'eps')).toMatchObject({ status: 'partial_outage', probe: false, http_status: 503 });
    // Every counted probe of every run is in the counts (the failed run's were inconclusive: not counted).
    const state = JSON.parse(String(db.latest[0]!.state)) as MonitorState;
    const rollup = db.rollup[0];
    const closed = rollup === undefined ? {} : (JSON.parse(String(rollup.days)) as Record<string, Record<string, [number, number]>>);
    const counts = (id: string): Array<[number, number]> => [state.services[id]!.today, ...Object.values(closed).map((day) => day[id] ?? ([0, 0] as [number, number]))];
    const sum = (id: string, at: 0 | 1) => counts(id).reduce((total, pair) => total + pair[at], 0);
    const inHalf = (id: string) => (half.includes(id) ? 1 : 0);
    expect([sum('alpha', 0), sum('alpha', 1)]).toEqual([4 + inHalf('alpha'), 4 + inHalf('alpha')]);
    expect([sum('eps', 0), sum('eps', 1)]).toEqual([4 + inHalf('eps'), 3 + inHalf('eps')]);
    // The detail's uptime shows those probes.
    const eps = await getJson<Detail>('/api/v1/status/eps', 'service');
    const probed = eps.data.uptime_90d.filter((d) => d.probe !== null && d.date >= iso(NOW - 600_000).slice(0, 10));
    expect(probed.length).toBeGreaterThan(0);
  });

  it('sweeps the endpoint statistics: a provider losing one model, statistics that change, that go bad, and a sweep that fails', async () => {
    type ModelDetail = { data: { status: ModelStatus }; meta: { live: Record<string, unknown> } };
    type Trouble = { data: ModelStatusEntry[]; meta: { live: Record<string, unknown>; unknown: Record<string, number> } };
    // Five minutes apart: the more used model (the rotation's hot one) is due again in each run.
    const at = (step: number) => NOW + 480_000 + step * 300_000;
    // Before the sweep read them, the static files answer, saying why.
    // Before the sweep read them (for this clock), the path form is the file itself.
    const before = await getJson<ModelDetail>('/api/v1/models/openai/gpt-test', 'model');
    expect(before.meta.live).toBeUndefined();

    // A provider loses one model: Together fails gpt-test, Fireworks still serves it: not down.
    upstream.setRoutes({ ...healthy(), ...statistics({ [GPT]: { kind: 'json', body: orEndpoints('openai/gpt-test', [endpoint('Fireworks'), endpoint('Together', { uptime_last_5m: 12, uptime_last_30m: 40 })]) }, [CLAUDE]: { kind: 'json', body: orEndpoints('anthropic/claude-test', [endpoint('Anthropic', { uptime_last_5m: 3, uptime_last_30m: 20 })]) } }) });
    expect(await server.runScheduled(at(0))).toBe(200);
    localNow = at(0);
    // The sweep asked OpenRouter's stand-in (the build's MODELPULSE_OPENROUTER_URL) for both models.
    expect(upstream.hits).toContain(`GET ${GPT}`);
    expect(upstream.hits).toContain(`GET ${CLAUDE}`);
    const gpt = await getJson<ModelDetail>('/api/v1/models/openai/gpt-test', 'model');
    expect(gpt.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(at(0)), reason: null });
    expect(gpt.data.status).toMatchObject({ state: 'operational', reason: 'some_providers_failing', providers: { up: 1, down: 1 } });
    // The client's live read (`?live=1`, what other hosts proxy or ask here) is the same answer.
    expect((await getJson<ModelDetail>('/api/v1/models/openai/gpt-test?live=1', 'model')).data).toEqual(gpt.data);
    // The file form stays the build's file.
    expect(JSON.parse((await get('/api/v1/models/openai/gpt-test.json')).text).meta.live).toBeUndefined();
    // Its only provider lost claude-test: an outage, listed live with its endpoint's figures.
    const trouble = await getJson<Trouble>('/api/v1/status/models', 'status-models');
    expect(trouble.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(at(0)) });
    expect(trouble.data.map((e) => [e.id, e.state, e.reason])).toEqual([['anthropic/claude-test', 'outage', 'all_providers_down']]);
    expect(trouble.data[0]!.endpoints[0]).toMatchObject({ tag: 'anthropic', health: 'down', stats: { uptime_5m: 0.03 } });

    // The statistics change: the provider is back.
    upstream.setRoutes(healthy());
    expect(await server.runScheduled(at(1))).toBe(200);
    localNow = at(1);
    expect((await getJson<Trouble>('/api/v1/status/models', 'status-models')).data).toEqual([]);
    expect((await getJson<ModelDetail>('/api/v1/models/anthropic/claude-test', 'model')).data.status).toMatchObject({ state: 'operational', reason: 'providers_up', since: iso(Math.floor(at(1) / 60_000) * 60_000) });

    // Statistics that go bad: huge, NaN, negative, over 100%, and an answer about another model.
    upstream.setRoutes({ ...healthy(), ...statistics({
      [GPT]: { kind: 'json', body: orEndpoints('openai/gpt-test', [endpoint('Fireworks', { latency_last_30m: { p50: 1e12, p90: 2e12 }, uptime_last_1d: 'NaN' }), endpoint('Together', { uptime_last_5m: -4, uptime_last_30m: 250 })]) },
      [CLAUDE]: { kind: 'json', body: orEndpoints('anthropic/claude-nope', [endpoint('Anthropic', { uptime_last_5m: 0 })]) },
    }) });
    expect(await server.runScheduled(at(2))).toBe(200);
    localNow = at(2);
    const bad = await getJson<ModelDetail>('/api/v1/models/openai/gpt-test', 'model');
    // What D1 keeps of them: each bad figure refused (null), the rest kept.
    const kept0 = (await server.readD1()).figures.find((row) => row.id === 'openai/gpt-test')!;
    const endpoints = new Map((JSON.parse(String(kept0.body)) as { figures: ModelFigures }).figures.endpoints.map((e) => [e.tag, e]));
    expect(endpoints.get('fireworks')).toMatchObject({ latency_ms: { p50: null, p90: null }, uptime_1d: null, uptime_5m: 1 });
    expect(endpoints.get('together')).toMatchObject({ uptime_5m: null, uptime_30m: null, uptime_1d: 0.9925 });
    // Fireworks is still up over 5 minutes; Together has no uptime left to judge.
    expect(bad.data.status).toMatchObject({ state: 'operational', providers: { up: 1, unknown: 1 } });
    // The answer about another model is refused whole: claude-test keeps its last good figures.
    const claude = await getJson<ModelDetail>('/api/v1/models/anthropic/claude-test', 'model');
    expect(claude.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(at(1)), age_seconds: Math.round((at(2) - Date.parse(iso(at(1)))) / 1000) });
    expect(claude.data.status.state).toBe('operational');
    const log = await outputWith(`sweep ${iso(at(2))}:`);
    for (const refused of ['latency_last_30m.p50 is implausibly large', 'uptime_last_1d is not a finite number', 'uptime_last_5m is negative', 'uptime_last_30m is over 100%', 'the answer is about another model']) expect(log).toContain(refused);

    // A sweep that fails: 500s for both; the last good figures stay, with their age; no retry storm.
    upstream.setRoutes({ ...healthy(), ...statistics({ [GPT]: { kind: 'json', status: 500, body: {} }, [CLAUDE]: { kind: 'json', status: 500, body: {} } }) });
    const asked = upstream.hits.filter((hit) => hit.endsWith('/endpoints')).length;
    expect(await server.runScheduled(at(3))).toBe(200);
    localNow = at(3);
    expect(upstream.hits.filter((hit) => hit.endsWith('/endpoints')).length - asked).toBe(2);
    const kept = await getJson<ModelDetail>('/api/v1/models/anthropic/claude-test', 'model');
    expect(kept.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(at(1)), age_seconds: Math.round((at(3) - Date.parse(iso(at(1)))) / 1000) });
    expect(await outputWith(`sweep ${iso(at(3))}:`)).toMatch(/anthropic\/claude-test: endpoint statistics not read: http_status/);
    const db = await server.readD1();
    expect(db.figures.map((row) => row.id)).toEqual(['anthropic/claude-test', 'openai/gpt-test']);
    expect(db.sweep[0]).toMatchObject({ observed_at: iso(at(3)), run_ok: 1 });
    // A model OpenRouter does not have a row for (an unknown id) is a JSON 404 from the asset, never a Worker error.
    expect((await get('/api/v1/models/openai/no-such-model')).status).toBe(404);
    localNow = null;
  });

  it('attaches the official incidents the monitor reads to the models they name, live, and rides out garbage, hangs and figures from the future', async () => {
    type ModelDetail = { data: { status: ModelStatus }; meta: { live?: Record<string, unknown> } };
    type Trouble = { data: ModelStatusEntry[]; meta: { live: Record<string, unknown> } };
    const at = (step: number) => NOW + 480_000 + step * 300_000;
    // Alpha's page opens three incidents: one names claude-test, one a model we do not list, one "multiple models".
    const incidents = [
      spIncident({ id: 'inc-claude', name: 'Elevated errors on claude-test', impact: 'major' }),
      spIncident({ id: 'inc-unknown', name: 'Degraded performance for Claude Nine 9', impact: 'minor' }),
      spIncident({ id: 'inc-many', name: 'Elevated errors across multiple models', impact: 'critical' }),
    ];
    upstream.setRoutes({ ...healthy(), '/sp/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', description: 'Partial System Outage', incidents }) } });
    expect(await server.runScheduled(at(4))).toBe(200);
    localNow = at(4);
    const claude = await getJson<ModelDetail>('/api/v1/models/anthropic/claude-test', 'model');
    expect(claude.meta.live).toMatchObject({ source: 'monitor', reason: null });
    expect(claude.data.status).toMatchObject({ state: 'degraded', reason: 'incident' });
    expect(claude.data.status.open_incidents.map((i) => [i.service_id, i.id, i.impact, i.resolved_at])).toEqual([['alpha', 'inc-claude', 'major', null]]);
    expect(claude.data.status.recent_incidents.map((i) => i.id)).toContain('inc-claude');
    // The unknown name and "multiple models" attach to nothing: gpt-test stays as its traffic says.
    const gpt = await getJson<ModelDetail>('/api/v1/models/openai/gpt-test', 'model');
    expect(gpt.data.status).toMatchObject({ state: 'operational', open_incidents: [] });
    const trouble = await getJson<Trouble>('/api/v1/status/models', 'status-models');
    expect(trouble.meta.live).toMatchObject({ source: 'monitor' });
    expect(trouble.data.map((e) => [e.id, e.state, e.reason, e.open_incidents.map((i) => i.id)])).toEqual([['anthropic/claude-test', 'degraded', 'incident', ['inc-claude']]]);
    expect(server.output()).toContain('3 new incidents matched to models');
    // The build's files knew nothing of it.
    expect(((await staticFile('models/anthropic/claude-test.json')).data as { status: ModelStatus }).status.open_incidents).toEqual([]);

    // The next run with the same incidents matches nothing again; garbage and a hang from OpenRouter keep the last good figures, with their age.
    upstream.setRoutes({
      ...healthy(),
      '/sp/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', description: 'Partial System Outage', incidents }) },
      [GPT]: { kind: 'text', body: '<!doctype html><title>Just a moment...</title>', status: 200 },
      [CLAUDE]: { kind: 'hang' },
    });
    expect(await server.runScheduled(at(5))).toBe(200);
    localNow = at(5);
    const log = await outputWith(`sweep ${iso(at(5))}:`);
    expect(log).toMatch(/openai\/gpt-test: endpoint statistics not read: invalid_body/);
    expect(log).toMatch(/anthropic\/claude-test: endpoint statistics not read: timeout/);
    expect(log.split(`monitor ${iso(at(5))}:`)[1]).not.toContain('new incidents matched');
    const kept = await getJson<ModelDetail>('/api/v1/models/openai/gpt-test', 'model');
    expect(kept.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(at(4)), age_seconds: Math.round((at(5) - Date.parse(iso(at(4)))) / 1000) });
    expect((await getJson<ModelDetail>('/api/v1/models/anthropic/claude-test', 'model')).data.status).toMatchObject({ state: 'degraded', reason: 'incident' });

    // Figures from the future (an answer judged before the run that read them): never shown as newer than now.
    upstream.setRoutes({ ...healthy(), '/sp/api/v2/summary.json': { kind: 'json', body: spSummary({ indicator: 'major', description: 'Partial System Outage', incidents }) } });
    expect(await server.runScheduled(at(6))).toBe(200);
    localNow = at(6) - 120_000;
    const early = await getJson<ModelDetail>('/api/v1/models/openai/gpt-test', 'model');
    if (early.meta.live?.observed_at !== undefined) expect(Date.parse(String(early.meta.live.observed_at))).toBeLessThanOrEqual(localNow);

    // The incident is resolved: the model reads operational again, live.
    upstream.setRoutes(healthy());
    expect(await server.runScheduled(at(7))).toBe(200);
    localNow = at(7);
    const resolved = await getJson<ModelDetail>('/api/v1/models/anthropic/claude-test', 'model');
    expect(resolved.meta.live).toMatchObject({ source: 'monitor', observed_at: iso(at(7)) });
    expect(resolved.data.status).toMatchObject({ state: 'operational', open_incidents: [] });
    expect((await getJson<Trouble>('/api/v1/status/models', 'status-models')).data).toEqual([]);
    localNow = null;
  });

  it('keeps the monitor internal and the key out of every answer, log line and row', async () => {
    expect((await get('/_monitor/status.json')).status).toBe(404);
    const unknown = await get('/api/v1/status/nope');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: { status: 404, code: 'not_found' } });
    const db = JSON.stringify(await server.readD1());
    expect(db).toContain('zeta');
    for (const text of [...bodies, server.output(), db]) expect(text.includes(FAKE_KEY)).toBe(false);
  });
});
