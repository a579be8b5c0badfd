import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { startUpstreamServer, type UpstreamServer } from '../testing/upstream-server.js';
import { probeService } from './probe.js';
import type { ServiceDefinition } from './registry.js';

let server: UpstreamServer;
let http: HttpClient;
beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  http = new HttpClient({ userAgent: 'ModelPulse-test', retry: { retries: 0 } });
});
afterEach(async () => {
  await http.close();
});

const NOW = '2026-11-21T10:00:00Z';
const svc = (path: string, extra: Partial<NonNullable<ServiceDefinition['probe']>> = {}): ServiceDefinition => ({
  id: 'svc',
  name: 'Service',
  url: 'https://example.com',
  status_page: { type: 'none' },
  probe: { url: `${server.url}${path}`, method: 'GET', timeout_ms: 300, ...extra },
});
const probe = (service: ServiceDefinition, budgetMs = 2_000) => probeService(http, service, { now: NOW, deadline: Date.now() + budgetMs });

describe('probeService', () => {
  it('counts 401, 403 and 429 as up: the API front door answered', async () => {
    for (const status of [401, 403, 429]) {
      server.setRoutes({ '/p': { kind: 'json', status, body: {} } });
      expect(await probe(svc('/p'))).toMatchObject({ ok: true, http_status: status, error: null, attempts: 1, checked_at: NOW });
    }
  });

  it('retries a failure once before it counts', async () => {
    server.setRoutes({ '/flaky': [{ kind: 'json', status: 503, body: {} }, { kind: 'json', status: 401, body: {} }] });
    expect(await probe(svc('/flaky'))).toMatchObject({ ok: true, http_status: 401, attempts: 2 });
    server.setRoutes({ '/down': { kind: 'json', status: 502, body: {} } });
    expect(await probe(svc('/down'))).toMatchObject({ ok: false, http_status: 502, attempts: 2, error: 'http_status: HTTP 502' });
  });

  it('gives up on a target that accepts the connection but never answers, within its timeout', async () => {
    server.setRoutes({ '/hang': { kind: 'hang' } });
    const result = await probe(svc('/hang'), 450);
    expect(result).toMatchObject({ ok: false, http_status: null, attempts: 1 });
    expect(result?.error).toMatch(/^timeout/);
  });

  it('honours a service\'s expected statuses', async () => {
    server.setRoutes({ '/p': { kind: 'json', status: 404, body: {} } });
    expect(await probe(svc('/p', { expect: [200, 401] }))).toMatchObject({ ok: false, http_status: 404 });
  });

  it('records a probe that could not start before the run\'s deadline as inconclusive, not down', async () => {
    server.setRoutes({ '/p': { kind: 'json', status: 401, body: {} } });
    expect(await probe(svc('/p'), -1)).toMatchObject({ ok: null, attempts: 0, error: expect.stringMatching(/^not probed/) });
  });

  it('returns null for a service without a probe', async () => {
    expect(await probe({ ...svc('/p'), probe: null })).toBeNull();
  });
});
