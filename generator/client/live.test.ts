/**
 * The client's live status read and its fallback, against real servers: the committed site served
 * by `serve` (the static files) and a local stand-in for a live status URL (a Worker's monitor)
 * answering live, failing in each way a live read can fail, or not listening at all.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../host/serve.js';
import { buildCommittedSite } from '../testing/built-site.js';
import { unusedBaseUrl } from '../testing/small-site.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from '../testing/upstream-server.js';
import { createClient, type ApiResponse } from './client.js';

let site: RunningServer;
let live: UpstreamServer;
let staticList: ApiResponse<Array<{ id: string; status: string }>>;
let serviceId: string;
let liveList: typeof staticList;
let liveService: ApiResponse<{ id: string; status: string }>;

const MONITOR = { source: 'monitor', observed_at: '2026-11-27T03:00:00Z', age_seconds: 30, reason: null };

beforeAll(async () => {
  const built = await buildCommittedSite();
  site = await startServer({ ...built, port: 0 });
  staticList = JSON.parse(await readFile(join(built.publishDir, 'api/v1/status.json'), 'utf8'));
  serviceId = staticList.data[0]!.id;
  const staticService = JSON.parse(await readFile(join(built.publishDir, `api/v1/status/${serviceId}.json`), 'utf8')) as typeof liveService;
  // What a Worker's monitor answers: the same shape, newer states, meta.live saying so.
  liveList = { data: staticList.data.map((s, i) => (i === 0 ? { ...s, status: 'major_outage' } : s)), meta: { ...staticList.meta, live: MONITOR } };
  liveService = { data: { ...staticService.data, status: 'major_outage' }, meta: { ...staticService.meta, live: MONITOR } };
  live = await startUpstreamServer();
}, 0); // the committed site is built once per run and takes what the machine takes
afterAll(async () => {
  await Promise.all([site?.close(), live?.close()]);
});

const serve = (reply: Reply) => live.setRoutes({ '/api/v1/status': reply, [`/api/v1/status/${serviceId}`]: reply });
/** A read that must answer waits as long as a loaded machine needs; one that hangs is cut at 0.3 s. */
const HANG_TIMEOUT_MS = 300;
const client = (liveStatusUrl: string | null, liveTimeoutMs = 60_000) => createClient({ baseUrl: site.url, liveStatusUrl, liveTimeoutMs });

describe('status and service read where status is live, and the static file on any failure', () => {
  it('take the live answer when it is a status response', async () => {
    live.setRoutes({ '/api/v1/status': { kind: 'json', body: liveList }, [`/api/v1/status/${serviceId}`]: { kind: 'json', body: liveService } });
    const list = await client(live.url).status();
    expect(list.fallback).toBeNull();
    expect(list.meta.live).toEqual(MONITOR);
    expect((list.data as typeof liveList.data)[0]!.status).toBe('major_outage');
    const one = await client(`${live.url}/`).service(serviceId);
    expect(one).toMatchObject({ fallback: null, data: { id: serviceId, status: 'major_outage' }, meta: { live: MONITOR } });
  });

  it.each<[string, Reply, RegExp]>([
    ['a 500', { kind: 'json', status: 500, body: { error: 'internal' } }, /^HTTP 500$/],
    ["a Worker past its daily requests (Cloudflare's 429 page)", { kind: 'text', status: 429, body: '<html>Error 1027</html>' }, /^HTTP 429$/],
    ['an HTML page with 200', { kind: 'text', body: '<!doctype html><title>Sign in</title>' }, /not JSON/],
    ['truncated JSON', { kind: 'text', body: '{"data":[{"id":"openai"', headers: { 'content-type': 'application/json' } }, /not JSON/],
    ['JSON of another shape', { kind: 'json', body: { data: { services: [] }, meta: {} } }, /not a status response/],
    ['a hang', { kind: 'hang' }, /^no answer within 0\.3 s$/],
  ])('fall back to the file form on %s, saying why', async (_, reply, reason) => {
    serve(reply);
    const timeout = reply.kind === 'hang' ? HANG_TIMEOUT_MS : undefined;
    const list = await client(live.url, timeout).status();
    expect(list).toEqual({ ...staticList, fallback: { url: `${live.url}/api/v1/status`, reason: expect.stringMatching(reason) } });
    const one = await client(live.url, timeout).service(serviceId);
    expect(one.fallback).toEqual({ url: `${live.url}/api/v1/status/${serviceId}`, reason: expect.stringMatching(reason) });
    expect(one.meta.live).toEqual({ source: 'static', observed_at: null, age_seconds: null, reason: 'static_build' });
  });

  it('fall back when nothing listens at the live URL, and read only the file without one', async () => {
    const refused = await client(await unusedBaseUrl()).status();
    expect(refused.fallback?.reason).toBe('unreachable: fetch failed (ECONNREFUSED)');
    expect(refused.data).toEqual(staticList.data);
    const before = live.hits.length;
    expect(await client(null).status()).toEqual({ ...staticList, fallback: null });
    expect(live.hits.length).toBe(before);
  });

  it("read a live status for another service as a failure, and an unknown service stays the site's 404", async () => {
    live.setRoutes({ [`/api/v1/status/${serviceId}`]: { kind: 'json', body: { ...liveService, data: { ...liveService.data, id: 'someone-else' } } } });
    await expect(client(live.url).service(serviceId)).resolves.toMatchObject({ fallback: { reason: expect.stringMatching(/not a status response/) }, data: { id: serviceId } });
    await expect(client(live.url).service('no-such-service')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('liveModel: a model detail read where status is live, and the static file on any failure', () => {
  const modelId = 'openai/gpt-4o';
  it('takes a live detail of the model asked for, and the file otherwise, saying why', async () => {
    const file = (await createClient({ baseUrl: site.url, liveStatusUrl: null }).model(modelId)) as ApiResponse<{ id: string; status: { state: string }; endpoints: unknown[] }>;
    const liveDetail = { data: { ...file.data, status: { ...file.data.status, state: 'outage' } }, meta: { ...file.meta, live: MONITOR } };
    live.setRoutes({ [`/api/v1/models/${modelId}`]: { kind: 'json', body: liveDetail } });
    await expect(client(live.url).liveModel(modelId)).resolves.toEqual({ ...liveDetail, fallback: null });
    // Asked live (what Netlify with LIVE_STATUS_URL proxies), the file form only as the fallback.
    expect(live.hits.at(-1)).toBe(`GET /api/v1/models/${modelId}?live=1`);
    // Another model's detail, a status answer, or a detail without its status is not this model's live answer.
    for (const body of [{ ...liveDetail, data: { ...liveDetail.data, id: 'openai/gpt-4' } }, liveService, { ...liveDetail, data: { ...liveDetail.data, status: 'operational' } }]) {
      live.setRoutes({ [`/api/v1/models/${modelId}`]: { kind: 'json', body } });
      await expect(client(live.url).liveModel(modelId)).resolves.toEqual({ ...file, fallback: { url: `${live.url}/api/v1/models/${modelId}?live=1`, reason: 'the answer is JSON but not a status response' } });
    }
    live.setRoutes({ [`/api/v1/models/${modelId}`]: { kind: 'hang' } });
    await expect(client(live.url, HANG_TIMEOUT_MS).liveModel(modelId)).resolves.toMatchObject({ data: { id: modelId }, fallback: { reason: 'no answer within 0.3 s' } });
    // Without a live URL: the file only, as model(id).
    const before = live.hits.length;
    await expect(client(null).liveModel(modelId)).resolves.toEqual({ ...file, fallback: null });
    expect(live.hits.length).toBe(before);
    await expect(client(live.url).liveModel('acme/no-such-model')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(client(live.url).liveModel('Not An Id')).rejects.toMatchObject({ status: 404 });
  });
});
