/**
 * Status per model end to end, through the real stages against local upstreams (a Statuspage
 * and OpenRouter's endpoints): incidents that name models, a provider losing one model,
 * statistics that change, statistics that go bad and a sweep that fails, as the build publishes
 * them (rendered, not written).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import type { EndpointRecord } from '../models/types.js';
import { saveModels } from '../store/data-store.js';
import { orEndpoints, orModel } from '../sources/openrouter/fixtures.js';
import { spIncident, spSummary } from '../status/platforms/fixtures.js';
import { loadModelStates } from '../store/traffic-store.js';
import { renderSite } from '../testing/rendered-site.js';
import { seedCatalog } from '../testing/seed.js';
import { tempDir } from '../testing/tree.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import type { ModelDetail, ModelListEntry, ModelStatusEntry } from '../types/api-types.js';
import type { ServiceDetail } from '../render/status.js';
import { recordContent } from './content.js';
import { updateStatus } from './status.js';
import { updateTraffic } from './traffic.js';

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
  dataDir = await tempDir('model-status');
  http = new HttpClient({ userAgent: 'ModelPulse-test', timeouts: { connectMs: 1000, headersMs: 1000, bodyMs: 1000, totalMs: 2000 }, retry: { retries: 0 }, maxBytes: 64 * 1024 });
});
afterEach(async () => {
  await http.close();
});

const SITE = 'https://modelpulse.test';
const catalog = [
  orModel({ id: 'anthropic/claude-opus-9', name: 'Anthropic: Claude Opus 9', prompt: '0.000005', completion: '0.000025', supported_parameters: ['tools'] }),
  orModel({ id: 'anthropic/claude-haiku-9.5', name: 'Anthropic: Claude Haiku 9.5', prompt: '0.000001', completion: '0.000005' }),
  orModel({ id: 'meta-llama/llama-9-70b-instruct', name: 'Meta: Llama 9 70B Instruct', prompt: '0.0000006', completion: '0.0000008', supported_parameters: ['tools'] }),
  orModel({ id: 'acme/quiet', name: 'Acme: Quiet 1', prompt: '0.0000001', completion: '0.0000002' }),
];

/** The Statuspage of a service `anthropic` at the local server: the summary and its incident history. */
function statusPage(incidents: Array<Record<string, unknown>>, open: Array<Record<string, unknown>> = []) {
  return {
    '/anthropic/api/v2/summary.json': { kind: 'json' as const, body: spSummary({ indicator: open.length > 0 ? 'minor' : 'none', incidents: open }) },
    '/anthropic/api/v2/incidents.json': { kind: 'json' as const, body: { page: spSummary().page, incidents } },
  };
}
const stats = (uptime5m: number, throughput = 40, latency = 800) => ({ uptime_last_5m: uptime5m, uptime_last_30m: uptime5m, throughput_last_30m: { p50: throughput, p90: throughput * 1.5 }, latency_last_30m: { p50: latency, p90: latency * 3 } });
function endpoints(id: string, list: Array<[string, Record<string, unknown>]>) {
  return { kind: 'json' as const, body: orEndpoints(id, list.map(([provider, s]) => ({ provider, tag: provider.toLowerCase().replace(/ /g, '-'), prompt: '0.000001', completion: '0.000002', stats: s }))) };
}
const url = (id: string) => `/api/v1/models/${id}/endpoints`;

async function run(now: string, sweep = true) {
  await updateStatus({ store: dataDir, now, pageHttp: http, probeHttp: http, budgetMs: 5000 });
  if (sweep) await updateTraffic({ store: dataDir, now, http, baseUrl: `${server.url}/api/v1`, perRun: 10, intervalMs: 0 });
  await recordContent(dataDir, now);
  return renderSite(dataDir, SITE);
}

describe('status per model, through update and the build', () => {
  it('attaches incidents to the models they name, judges each model by its providers, and survives bad and failed sweeps', async () => {
    const seeded = await seedCatalog(dataDir, catalog, '2026-08-25T09:00:00Z');
    // Opus's offers as the catalog holds them (the models stage's endpoint lists): each gets its figures.
    const offer = (provider: string, tag: string): EndpointRecord => ({ provider, tag, price: { input: 5, output: 25, cache_read: null, cache_write: null }, context_length: 200000, max_output: null, quantization: null, capabilities: { vision: false, reasoning: false, tools: true }, free: false, uptime_1d: 0.99 });
    const opusRecord = seeded.get('anthropic/claude-opus-9')!;
    await saveModels(dataDir, [{ ...opusRecord, endpoints: { updated_at: '2026-08-25T09:00:00Z', items: [offer('Anthropic', 'anthropic'), offer('Amazon Bedrock', 'amazon-bedrock')] } }]);
    await writeFile(
      join(dataDir, 'services.json'),
      JSON.stringify([
        { id: 'anthropic', name: 'Anthropic', url: 'https://www.anthropic.com', status_page: { type: 'statuspage', url: `${server.url}/anthropic` }, probe: null },
        { id: 'together', name: 'Together', url: 'https://together.ai', status_page: { type: 'none' }, catalog: { authors: [], providers: ['together'] }, probe: null },
      ]),
    );
    const opusDegraded = spIncident({ id: 'inc-open', name: 'Degraded performance for Claude Opus 9 and Haiku 9.5', impact: 'minor', created_at: '2026-08-25T09:50:00Z', started_at: '2026-08-25T09:50:00Z', resolved_at: null });
    const resolved = spIncident({ id: 'inc-old', name: 'Elevated errors on requests to multiple models', status: 'resolved', resolved_at: '2026-08-20T10:00:00Z', created_at: '2026-08-20T09:00:00Z', started_at: '2026-08-20T09:00:00Z' });
    server.setRoutes({
      ...statusPage([opusDegraded, resolved], [opusDegraded]),
      [url('anthropic/claude-opus-9')]: endpoints('anthropic/claude-opus-9', [['Anthropic', stats(100, 60, 900)], ['Amazon Bedrock', stats(99, 50, 700)]]),
      [url('anthropic/claude-haiku-9.5')]: endpoints('anthropic/claude-haiku-9.5', [['Anthropic', stats(100, 150, 400)]]),
      // One provider of three has lost the model: it is still served.
      [url('meta-llama/llama-9-70b-instruct')]: endpoints('meta-llama/llama-9-70b-instruct', [['Together', stats(12, 90, 300)], ['Groq', stats(100, 400, 200)], ['Fireworks', stats(99.5, 120, 350)]]),
      [url('acme/quiet')]: endpoints('acme/quiet', []),
    });
    let site = await run('2026-08-25T10:00:00Z');

    // The incident names two models (one by its family name "Haiku 9.5"); "multiple models" names none.
    const anthropic = site.json<{ data: ServiceDetail }>('api/v1/status/anthropic.json').data;
    expect(anthropic.recent_incidents.map((i) => [i.id, i.models])).toEqual([
      ['official:inc-open', ['anthropic/claude-haiku-9.5', 'anthropic/claude-opus-9']],
      ['official:inc-old', []],
    ]);
    const opus = site.json<{ data: ModelDetail }>('api/v1/models/anthropic/claude-opus-9.json').data;
    expect(opus.status).toMatchObject({ state: 'degraded', reason: 'incident', since: '2026-08-25T10:00:00Z', providers: { up: 2, degraded: 0, down: 0, unknown: 0 } });
    expect(opus.status.open_incidents.map((i) => [i.service_id, i.id])).toEqual([['anthropic', 'official:inc-open']]);
    expect(opus.status.speed.openrouter).toEqual({ throughput_tps: 60, latency_ms: 700, observed_at: '2026-08-25T10:00:00Z' });
    // OpenRouter's provider endpoints carry figures; its own listing (tag null, OpenRouter as the provider) has none of its own.
    expect(opus.endpoints.filter((e) => e.source === 'openrouter' && e.tag !== null).map((e) => [e.tag, e.stats?.uptime_5m, e.stats?.throughput_30m])).toEqual([
      ['anthropic', 1, { p50_tps: 60, p90_tps: 90 }],
      ['amazon-bedrock', 0.99, { p50_tps: 50, p90_tps: 75 }],
    ]);

    const llama = site.json<{ data: ModelDetail }>('api/v1/models/meta-llama/llama-9-70b-instruct.json').data;
    expect(llama.status).toMatchObject({ state: 'operational', reason: 'some_providers_failing', providers: { up: 2, degraded: 0, down: 1, unknown: 0 } });
    const trouble = site.json<{ data: ModelStatusEntry[]; meta: { unknown: Record<string, number> } }>('api/v1/status/models.json');
    expect(trouble.data.map((m) => [m.id, m.state, m.reason])).toEqual([
      ['anthropic/claude-haiku-9.5', 'degraded', 'incident'],
      ['anthropic/claude-opus-9', 'degraded', 'incident'],
    ]);
    expect(trouble.data[1]!.endpoints.map((e) => [e.provider, e.health, e.stats.uptime_5m])).toEqual([
      ['amazon-bedrock', 'up', 0.99],
      ['anthropic', 'up', 1],
    ]);
    expect(trouble.meta.unknown).toEqual({ no_figures: 1 });
    // Together's own endpoints: one of one failing 88% of its requests.
    const together = site.json<{ data: ServiceDetail }>('api/v1/status/together.json').data;
    expect(together.traffic).toMatchObject({ health: 'down', failing_share: 0.88, counted_endpoints: 1, counted_models: 1 });
    // Fastest by throughput, as the models list shows each model's speed.
    const fastestList = site.json<{ data: ModelListEntry[] }>('api/v1/fastest.json').data;
    expect(fastestList.map((m) => [m.id, m.status.throughput_tps])).toEqual([
      ['meta-llama/llama-9-70b-instruct', 400],
      ['anthropic/claude-haiku-9.5', 150],
      ['anthropic/claude-opus-9', 60],
    ]);
    expect((await loadModelStates(dataDir))['anthropic/claude-opus-9']).toEqual({ state: 'degraded', reason: 'incident', since: '2026-08-25T10:00:00Z' });

    // Every provider loses the llama, the incident ends, and the statistics go bad for opus.
    server.setRoutes({
      ...statusPage([{ ...opusDegraded, status: 'resolved', resolved_at: '2026-08-25T10:10:00Z' }, resolved]),
      [url('anthropic/claude-opus-9')]: endpoints('anthropic/claude-opus-9', [['Anthropic', { uptime_last_5m: 'NaN', uptime_last_30m: -4 }], ['Amazon Bedrock', { uptime_last_5m: 170, uptime_last_30m: null }]]),
      [url('anthropic/claude-haiku-9.5')]: endpoints('anthropic/claude-haiku-9.5', [['Anthropic', stats(100, 150, 400)]]),
      [url('meta-llama/llama-9-70b-instruct')]: endpoints('meta-llama/llama-9-70b-instruct', [['Together', stats(0)], ['Groq', stats(10)], ['Fireworks', stats(30)]]),
      [url('acme/quiet')]: endpoints('acme/quiet', []),
    });
    site = await run('2026-08-25T10:15:00Z');
    const after = site.json<{ data: ModelStatusEntry[] }>('api/v1/status/models.json').data;
    expect(after.map((m) => [m.id, m.state, m.reason, m.since])).toEqual([['meta-llama/llama-9-70b-instruct', 'outage', 'all_providers_down', '2026-08-25T10:15:00Z']]);
    // Refused figures are unknown, never a guess: opus has no verdict from its endpoints now.
    expect(site.json<{ data: ModelDetail }>('api/v1/models/anthropic/claude-opus-9.json').data.status).toMatchObject({ state: 'unknown', reason: 'no_traffic' });
    // The catalog files keep the day's first figures: llama's speed in the list did not move.
    expect(site.json<{ data: ModelListEntry[] }>('api/v1/models.json').data.find((m) => m.id === 'meta-llama/llama-9-70b-instruct')!.status).toMatchObject({ state: 'outage', throughput_tps: 400 });

    // The sweep fails (OpenRouter answers 500): the last good figures stay, with their age, until they are too old.
    server.setRoutes({ ...statusPage([resolved]), [url('acme/quiet')]: { kind: 'json', status: 500, body: {} } });
    site = await run('2026-08-25T10:30:00Z');
    const stale = site.json<{ data: ModelStatusEntry[] }>('api/v1/status/models.json').data[0]!;
    expect([stale.id, stale.state, stale.endpoints[0]!.stats.observed_at]).toEqual(['meta-llama/llama-9-70b-instruct', 'outage', '2026-08-25T10:15:00Z']);
    site = await run('2026-08-25T11:30:00Z', false);
    expect(site.json<{ data: ModelDetail }>('api/v1/models/meta-llama/llama-9-70b-instruct.json').data.status).toMatchObject({ state: 'unknown', reason: 'figures_stale' });
    expect(site.json<{ data: unknown[]; meta: { unknown: Record<string, number> } }>('api/v1/status/models.json').meta.unknown).toMatchObject({ figures_stale: 3 });
  });
});
