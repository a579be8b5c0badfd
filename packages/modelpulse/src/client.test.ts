import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapest as computeCheapest, cheapestPath, type CheapestQuery as Normalized } from '../../../generator/query/cheapest.js';
import { createClient as createSharedClient, normalizeQuery } from '../../../generator/client/client.js';
import { createClient, DEFAULT_BASE_URL, ModelPulseError, normalizeBaseUrl, type CheapestQuery, type FastestQuery } from './client.js';
import type { ModelResponse } from './generated/api.js';
import { CostInputError, ResolveError } from './index.js';
import { freshSeconds, memoryCache, type FetchLike } from './http.js';
import { startForeignServer, startSmallSite, unusedBaseUrl, type SmallSite } from '../../../generator/testing/small-site.js';
import { startUpstreamServer } from '../../../generator/testing/upstream-server.js';
import { cheapestEntries, type ModelsList } from '../../../generator/testing/cheapest-entries.js';

let site: SmallSite;
beforeAll(async () => {
  site = await startSmallSite();
}, 300_000); // bounds a hang on a busy machine; measures nothing
afterAll(async () => {
  await site?.server.close();
});

/** The error a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<ModelPulseError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ModelPulseError);
  return error as ModelPulseError;
}

describe('the package client against a running serve', () => {
  it('answers every endpoint with what the API serves', async () => {
    const client = createClient({ baseUrl: site.server.url });
    expect(await client.index()).toEqual(await site.file('index.json'));
    // Status reads the path form first (live where the site proxies or answers it; here the rules' file), then the file.
    expect(await client.status()).toEqual({ ...(await site.file('status.json')), fallback: null });
    expect(await client.service('openai')).toEqual({ ...(await site.file('status/openai.json')), fallback: null });
    expect(await client.models()).toEqual(await site.file('models.json'));
    expect(await client.models('openai')).toEqual(await site.file('models/openai.json'));
    expect(await client.model('openai/gpt-test')).toEqual(await site.file('models/openai/gpt-test.json'));
    expect(await client.priceChanges()).toEqual(await site.file('price-changes.json'));
    expect(await client.deprecations()).toEqual(await site.file('deprecations.json'));
  });

  it('answers cheapest exactly as the API, precomputed or computed with the same code', async () => {
    const client = createClient({ baseUrl: `${site.server.url}/` });
    const index = cheapestEntries((await site.file('models.json')) as unknown as ModelsList);
    const queries: CheapestQuery[] = [{}, { min_intel: 40, vision: true, limit: 5 }, { min_intel: 43, reasoning: 1 }, { min_context: 150000, tools: 'true', limit: '2' }];
    const computed: boolean[] = [];
    for (const query of queries) {
      const normalized: Normalized = normalizeQuery({ ...query });
      const answer = await client.cheapest(query);
      expect(answer.data, JSON.stringify(query)).toEqual(computeCheapest(index.data, normalized, index.meta.as_of));
      expect(answer.meta.query).toEqual(normalized);
      computed.push(answer.computed);
      if (!answer.computed) expect({ data: answer.data, meta: answer.meta }).toEqual(await site.file(`${cheapestPath(normalized)}.json`));
    }
    expect(computed).toEqual([false, false, true, true]);
  });

  it('refuses bad queries and ids before asking, naming the parameter', async () => {
    const client = createClient({ baseUrl: site.server.url });
    expect((await failure(client.cheapest({ min_intel: 'abc' }))).message).toMatch(/min_intel/);
    expect((await failure(client.cheapest({ limit: 0 }))).message).toMatch(/limit/);
    // A name the API lists as wrong (a case variant) is refused; other names are ignored, as on every host.
    expect((await failure(client.cheapest({ MIN_INTEL: 40 } as CheapestQuery))).message).toMatch(/MIN_INTEL|min_intel/);
    expect((await client.cheapest({ no_such_name: 1 } as CheapestQuery)).meta.query).toEqual(normalizeQuery({}));
    // Refused without a request (ids are lower case).
    expect((await failure(client.model('OpenAI/GPT-Test'))).url).toBeNull();
  });

  it("reports the API's JSON errors with their code", async () => {
    const client = createClient({ baseUrl: site.server.url });
    const error = await failure(client.model('openai/no-such-model'));
    expect([error.status, error.code]).toEqual([404, 'not_found']);
    expect(error.url).toBe(`${site.server.url}/api/v1/models/openai/no-such-model.json`);
  });
});

describe("the package client's model status and fastest", () => {
  const refusal = async (promise: Promise<unknown>): Promise<ResolveError> => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ResolveError);
    return error as ResolveError;
  };

  it('lists the models not operational as the status files are read, and answers one model by any of its names', async () => {
    const client = createClient({ baseUrl: site.server.url, liveStatusUrl: null });
    const list = await client.modelStatus();
    expect(list).toEqual({ ...(await site.file('status/models.json')), fallback: null });
    expect(list.data.map((m) => [m.id, m.state])).toEqual([['anthropic/claude-test', 'degraded']]);
    const detail = (await site.file('models/anthropic/claude-test.json')) as unknown as ModelResponse;
    const byId = await client.modelStatus('anthropic/claude-test');
    expect([byId.meta, byId.fallback]).toEqual([detail.meta, null]);
    expect(byId.data).toEqual({
      id: 'anthropic/claude-test',
      name: detail.data.name,
      author: 'anthropic',
      asked: { name: 'anthropic/claude-test', match: 'id', providers: [] },
      status: detail.data.status,
      // Its OpenRouter endpoints (a tag), cheapest first as in the detail, with their figures.
      endpoints: detail.data.endpoints.filter((e) => e.tag !== null).map(({ provider, provider_name, tag, stats }) => ({ provider, provider_name, tag, stats })),
    });
    expect(byId.data.status).toMatchObject({ state: 'degraded', reason: 'no_provider_up', providers: { up: 0, degraded: 1, down: 1, unknown: 0 } });
    expect(byId.data.endpoints.map((e) => [e.tag, e.stats?.uptime_5m])).toEqual([['anthropic', 0.9], ['amazon-bedrock', 0.3]]);
    // An API name at any provider, a form of one, an OpenRouter id, one provider's name.
    const named: Array<[string | { provider: string; model: string }, string, object]> = [
      ['mistral-test-2507', 'mistralai/mistral-test', { match: 'exact', providers: ['mistral'] }],
      ['Mistral-Test-2507', 'mistralai/mistral-test', { match: 'form', providers: ['mistral'] }],
      ['deepseek/r-test:free', 'deepseek/r-test', { match: 'form', providers: ['openrouter'] }],
      [{ provider: 'bedrock', model: 'us.deepseek.r-test-v1:0' }, 'deepseek/r-test', { match: 'exact', providers: ['amazon-bedrock'] }],
    ];
    for (const [name, id, asked] of named) {
      const answer = await client.modelStatus(name);
      expect(answer.data.id, JSON.stringify(name)).toBe(id);
      expect(answer.data.asked, JSON.stringify(name)).toMatchObject(asked);
      expect(answer.data.status, JSON.stringify(name)).toEqual(((await site.file(`models/${id}.json`)).data as ModelResponse['data']).status);
    }
  });

  it("reads one model's detail live first where status is live (asked with ?live=1, what Netlify proxies), and the file when that fails", async () => {
    const live = await startUpstreamServer();
    try {
      const detail = (await site.file('models/anthropic/claude-test.json')) as unknown as ModelResponse;
      const monitor = { source: 'monitor' as const, observed_at: '2026-08-02T00:14:00Z', age_seconds: 60, reason: null };
      const liveDetail = { data: { ...detail.data, status: { ...detail.data.status!, state: 'outage' as const } }, meta: { ...detail.meta, live: monitor } };
      const path = '/api/v1/models/anthropic/claude-test';
      live.setRoutes({ [path]: { kind: 'json', body: liveDetail } });
      const client = createClient({ baseUrl: site.server.url, liveStatusUrl: live.url });
      // By our id and by an API name alike: the live detail's status, meta.live saying so.
      for (const name of ['anthropic/claude-test', 'anthropic/claude-test:free']) {
        const answer = await client.modelStatus(name);
        // meta.live: the Worker's word on a live detail (the static file has none).
        expect([answer.fallback, answer.data.status.state, (answer.meta as Record<string, unknown>).live], JSON.stringify(name)).toEqual([null, 'outage', monitor]);
      }
      expect(live.hits).toEqual([`GET ${path}?live=1`, `GET ${path}?live=1`]);
      live.setRoutes({ [path]: { kind: 'json', status: 500, body: { error: 'internal' } } });
      const fallback = await client.modelStatus('anthropic/claude-test');
      expect([fallback.fallback, fallback.data.status, fallback.meta]).toEqual([{ url: `${live.url}${path}?live=1`, reason: 'HTTP 500' }, detail.data.status, detail.meta]);
    } finally {
      await live.close();
    }
  });

  it('never guesses: an unknown name gets the closest ones, a name two models claim names both', async () => {
    const client = createClient({ baseUrl: site.server.url });
    const unknown = await refusal(client.modelStatus('mistral-test-2508'));
    expect([unknown.code, unknown.suggestions.slice(0, 2)]).toEqual(['unknown_model', ['mistral-test-2507', 'mistral-test-latest']]);
    // Id-shaped, but no such model: read as a name, and not found as one either.
    expect((await refusal(client.modelStatus('openai/no-such-model'))).code).toBe('unknown_model');
    const claimed = await refusal(client.modelStatus('shared-test'));
    expect([claimed.code, claimed.candidates]).toEqual(['ambiguous_model', ['deepseek/r-test', 'mistralai/mistral-test']]);
    expect((await refusal(client.modelStatus({ provider: 'nobody', model: 'x' }))).code).toBe('unknown_provider');
    expect((await refusal(client.modelStatus(' '))).code).toBe('bad_request');
  });

  it('answers fastest as the shared client does, typed, and refuses a bad query naming the parameter', async () => {
    const client = createClient({ baseUrl: site.server.url });
    expect(await client.fastest()).toEqual({ ...(await site.file('fastest.json')), computed: false });
    const query: FastestQuery = { sort: 'latency', max_price: 5, tools: true, limit: 3 };
    const answer = await client.fastest(query);
    expect(answer).toEqual(await createSharedClient({ baseUrl: site.server.url }).fastest({ ...query }));
    expect(answer.computed).toBe(true);
    expect(answer.data.length).toBeGreaterThan(1);
    const latencies = answer.data.map((m) => m.status.latency_ms!);
    expect(latencies).toEqual([...latencies].sort((a, b) => a - b));
    expect(answer.data.every((m) => m.price.blended! <= 5 && m.capabilities.tools)).toBe(true);
    expect((await failure(client.fastest({ sort: 'speed' as 'latency' }))).parameter).toBe('sort');
    expect((await failure(client.fastest({ max_price: -1 }))).parameter).toBe('max_price');
  });
});

describe('the package client with a base URL that is not a ModelPulse site', () => {
  it('defaults to the public site (in Node.js too), and refuses a base URL that is not an http(s) URL', async () => {
    expect(createClient().baseUrl).toBe(DEFAULT_BASE_URL);
    // The public site, answered here by the small site: the default needs no page to be loaded from.
    const asked: string[] = [];
    const client = createClient({ fetch: (url) => (asked.push(url), fetch(url.replace(DEFAULT_BASE_URL, site.server.url))) });
    expect((await client.cheapest()).data).toEqual((await site.file('cheapest.json')).data);
    expect(asked).toEqual([`${DEFAULT_BASE_URL}/api/v1/cheapest.json`]);
    expect(normalizeBaseUrl('https://example.test/api/v1/')).toBe('https://example.test');
    expect(normalizeBaseUrl('https://example.test/mirror/?x=1')).toBe('https://example.test/mirror');
    for (const bad of ['example.test', 'ftp://example.test', '']) expect(() => createClient({ baseUrl: bad }), bad).toThrow(/base URL/);
  });

  it('reads status live first and the static file when that fails; liveStatusUrl: null reads the file only', async () => {
    const down = await startForeignServer(503, 'text/html', '<html>over quota</html>');
    try {
      const asked: string[] = [];
      const counting: FetchLike = (url, init) => (asked.push(url), fetch(url, init));
      const list = await createClient({ baseUrl: site.server.url, liveStatusUrl: down.url, fetch: counting }).status();
      expect(list).toEqual({ ...(await site.file('status.json')), fallback: { url: `${down.url}/api/v1/status`, reason: 'HTTP 503' } });
      expect(asked).toEqual([`${down.url}/api/v1/status`, `${site.server.url}/api/v1/status.json`]);
      asked.length = 0;
      await createClient({ baseUrl: site.server.url, liveStatusUrl: null, fetch: counting }).service('openai');
      expect(asked).toEqual([`${site.server.url}/api/v1/status/openai.json`]);
      expect(() => createClient({ liveStatusUrl: 'status.example.com' })).toThrow(/base URL/);
    } finally {
      await down.close();
    }
  });

  it('names the base URL it cannot reach', async () => {
    const baseUrl = await unusedBaseUrl();
    const error = await failure(createClient({ baseUrl }).status());
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain(`Cannot reach ${baseUrl}`);
  });

  it('reports an HTML page and JSON of another shape instead of returning them as data', async () => {
    const html = await startForeignServer(200, 'text/html', '<!doctype html><title>Sign in</title>');
    const other = await startForeignServer(200, 'application/json', JSON.stringify({ data: [{ name: 'x' }], meta: { api_version: 'v1', attribution: { text: 'x', url: 'https://x' } } }));
    const notOurs = await startForeignServer(200, 'application/json', JSON.stringify({ items: [] }));
    try {
      const page = await failure(createClient({ baseUrl: html.url }).status());
      expect(page.code).toBe('bad_response');
      expect(page.message).toMatch(/answered an HTML or XML page \(text\/html\): is http:\/\/127\.0\.0\.1:\d+ a ModelPulse site\?/);
      const shape = await failure(createClient({ baseUrl: other.url }).models());
      expect([shape.code, shape.message]).toEqual(['bad_response', `${other.url} answered JSON that is not a ModelPulse models response: data[0] has no id`]);
      expect((await failure(createClient({ baseUrl: notOurs.url }).deprecations())).message).toMatch(/meta\.api_version/);
      // A model answer for another id is not the model asked for.
      const wrongModel = await failure(createClient({ baseUrl: site.server.url, fetch: (url) => fetch(url.replace('anthropic/claude-test', 'openai/gpt-test')) }).model('anthropic/claude-test'));
      expect(wrongModel.message).toMatch(/data\.id is "openai\/gpt-test", not "anthropic\/claude-test"/);
      // JSON that is not a model detail or a cost index is not priced.
      const usage = { input_tokens: 10, output_tokens: 1 };
      const object = await startForeignServer(200, 'application/json', JSON.stringify({ data: { id: 'x' }, meta: { api_version: 'v1', attribution: { text: 'x', url: 'https://x' } } }));
      try {
        expect((await failure(createClient({ baseUrl: object.url }).cost('openai/gpt-test', usage))).code).toBe('bad_response');
        expect((await failure(createClient({ baseUrl: object.url }).cheapestForUsage(usage))).message).toMatch(/not a ModelPulse cost-index\.json: the cost index has another format/);
      } finally {
        await object.close();
      }
    } finally {
      await Promise.all([html.close(), other.close(), notOurs.close()]);
    }
  });

  it('refuses a bad token mix before asking anything', async () => {
    let asked = 0;
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', fetch: () => ((asked += 1), Promise.reject(new Error('no request expected'))) });
    for (const bad of [{ input_tokens: 5, cache_read_tokens: 6, output_tokens: 1 }, { input_tokens: -1, output_tokens: 1 }]) {
      await expect(client.cost('openai/gpt-test', bad)).rejects.toBeInstanceOf(CostInputError);
      await expect(client.cheapestForUsage(bad)).rejects.toBeInstanceOf(CostInputError);
    }
    expect(asked).toBe(0);
  });
});

describe('the package client with a server that never finishes', () => {
  it('gives up after its timeout, naming the base URL, and refuses an answer far larger than any API response', async () => {
    const sockets = new Set<Socket>();
    const server = createServer((req, res) => {
      if (req.url?.endsWith('/models.json')) {
        // 33 MiB of JSON-looking bytes, streamed without a length.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i < 33; i += 1) res.write(chunk);
        res.end('{}');
      }
      // Anything else: headers never come.
    });
    server.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const silent = await failure(createClient({ baseUrl, timeoutMs: 200 }).status());
      expect([silent.code, silent.message]).toEqual(['timeout', `No complete answer from ${baseUrl} within 0.2 s (GET ${baseUrl}/api/v1/status.json)`]);
      const huge = await failure(createClient({ baseUrl }).models());
      expect([huge.code, huge.message]).toEqual(['bad_response', `${baseUrl}/api/v1/models.json answered more than 32 MiB: not a ModelPulse response`]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the package cache', () => {
  it('keeps an answer for its max-age, at least 60 s', () => {
    expect(freshSeconds('public, max-age=60, stale-while-revalidate=300')).toBe(60);
    expect(freshSeconds('max-age=600')).toBe(600);
    expect(freshSeconds('max-age=5')).toBe(60);
    expect(freshSeconds(null)).toBe(60);
  });

  it('asks the server once while an answer is fresh, and again once it is not', async () => {
    let now = 1_000_000;
    const asked: string[] = [];
    const counting: FetchLike = (url) => {
      asked.push(new URL(url).pathname);
      return fetch(url);
    };
    const client = createClient({ baseUrl: site.server.url, fetch: counting, cache: memoryCache(), now: () => now });
    const first = await client.status();
    now += 59_000;
    expect(await client.status()).toEqual(first);
    expect(asked).toEqual(['/api/v1/status']);
    now += 2_000;
    await client.status();
    expect(asked).toEqual(['/api/v1/status', '/api/v1/status']);
    // Errors are not kept: the next request asks again.
    await failure(client.model('openai/no-such-model'));
    await failure(client.model('openai/no-such-model'));
    expect(asked.filter((p) => p.includes('no-such-model'))).toHaveLength(2);
  });
});
