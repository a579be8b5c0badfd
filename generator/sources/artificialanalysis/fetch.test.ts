import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../http/client.js';
import type { UpstreamError } from '../../http/errors.js';
import { upstreamFailure as failure, useLocalSource } from '../../testing/json-source.js';
import { startUpstreamServer, type Reply, type UpstreamServer } from '../../testing/upstream-server.js';
import { artificialAnalysisConfig, DEFAULT_BASE_URL, fetchArtificialAnalysis, type ArtificialAnalysisConfig } from './fetch.js';
import { aaEnvelope, aaModel } from './fixtures.js';
import { ARTIFICIAL_ANALYSIS_ATTRIBUTION, readArtificialAnalysis } from './index.js';

const KEY = 'aa_test_0123456789abcdefSECRET';
const PATH = '/api/v2/data/llms/models';

const local = useLocalSource();
let server: UpstreamServer;
let http: HttpClient;
let config: ArtificialAnalysisConfig;

beforeEach(() => {
  ({ server, http } = local);
  config = artificialAnalysisConfig({ ARTIFICIAL_ANALYSIS_API_KEY: KEY, MODELPULSE_ARTIFICIAL_ANALYSIS_URL: `${server.url}/api/v2/` })!;
});

/** The key must not appear anywhere a caller could print: message, detail, url, stack, causes. */
function expectNoKey(error: UpstreamError): void {
  for (const text of [error.message, error.detail, error.url, error.summary(), error.stack ?? '', inspect(error, { depth: null })]) {
    expect(text).not.toContain(KEY);
  }
}

describe('artificialAnalysisConfig', () => {
  it('is null without a key, so the adapter is not called', () => {
    expect(artificialAnalysisConfig({})).toBeNull();
    expect(artificialAnalysisConfig({ ARTIFICIAL_ANALYSIS_API_KEY: '  ' })).toBeNull();
    expect(artificialAnalysisConfig({ MODELPULSE_ARTIFICIAL_ANALYSIS_URL: 'http://127.0.0.1:1' })).toBeNull();
  });

  it('defaults the base URL and lets MODELPULSE_ARTIFICIAL_ANALYSIS_URL override it', () => {
    expect(artificialAnalysisConfig({ ARTIFICIAL_ANALYSIS_API_KEY: ` ${KEY}\n` })).toEqual({ url: DEFAULT_BASE_URL, key: KEY });
    expect(artificialAnalysisConfig({ ARTIFICIAL_ANALYSIS_API_KEY: KEY, MODELPULSE_ARTIFICIAL_ANALYSIS_URL: 'http://127.0.0.1:9/v2//' })?.url).toBe('http://127.0.0.1:9/v2');
  });
});

describe('Artificial Analysis against a local server', () => {
  it('sends the key in x-api-key and reads the models list', async () => {
    server.setRoutes({
      [PATH]: { kind: 'json', body: aaEnvelope([aaModel({ key: 'openai/gpt-test', intelligence_index: 45.5, input: 2.5, output: 10 }), aaModel({ key: 'xai/grok-1', input: 0, output: 0, blended: 0 })]) },
    });
    const observation = await readArtificialAnalysis(http, config);
    expect(server.hits).toEqual([`GET ${PATH}`]);
    expect(server.headersSeen[0]?.['x-api-key']).toBe(KEY);
    expect(server.headersSeen[0]?.accept).toBe('application/json');
    expect(observation.issues).toEqual([]);
    expect(observation.facts.map((f) => [f.source_key, f.benchmarks.intelligence_index, f.price?.input ?? null])).toEqual([
      ['openai/gpt-test', 45.5, 2.5],
      ['xai/grok-1', 41.2, null],
    ]);
    expect(JSON.stringify(observation)).not.toContain(KEY);
  });

  it('returns the raw JSON and the URL from fetch', async () => {
    const body = aaEnvelope([aaModel({ key: 'a/b' })]);
    server.setRoutes({ [PATH]: { kind: 'json', body } });
    expect(await fetchArtificialAnalysis(http, config)).toEqual({ json: body, url: `${server.url}${PATH}` });
  });

  const faults: [string, Reply, UpstreamError['kind'], RegExp][] = [
    ['answers 401 to a bad key', { kind: 'json', status: 401, body: { status: 401, message: 'Invalid API key' } }, 'http_status', /^HTTP 401$/],
    ['answers HTML instead of JSON', { kind: 'text', body: '<!doctype html><html><body>Just a moment...</body></html>' }, 'invalid_body', /not JSON/],
    ['truncates the JSON', { kind: 'text', body: JSON.stringify(aaEnvelope([aaModel({ key: 'a/b' })])).slice(0, 120), headers: { 'content-type': 'application/json' } }, 'invalid_body', /not JSON/],
    ['answers with the wrong shape', { kind: 'json', body: { models: [] } }, 'invalid_schema', /not an Artificial Analysis models list/],
  ];
  it.each(faults)('fails with a typed error when the upstream %s', async (_label, reply, kind, detail) => {
    server.setRoutes({ [PATH]: reply });
    const error = await failure(readArtificialAnalysis(http, config));
    expect(error).toMatchObject({ kind, source: 'artificialanalysis', url: `${server.url}${PATH}` });
    expect(error.detail).toMatch(detail);
    expectNoKey(error);
  });

  it('does not retry a 401', async () => {
    server.setRoutes({ [PATH]: { kind: 'json', status: 401, body: {} } });
    expect((await failure(readArtificialAnalysis(http, config))).status).toBe(401);
    expect(server.hits).toHaveLength(1);
  });

  it('keeps the key out of errors even when the upstream echoes it back', async () => {
    server.setRoutes({ [PATH]: { kind: 'text', status: 200, body: `<html>key ${KEY} is not valid</html>` } });
    const htmlEcho = await failure(fetchArtificialAnalysis(http, config));
    expect(htmlEcho.kind).toBe('invalid_body');
    expect(htmlEcho.detail).toMatch(/^response is not JSON \(text\/html, \d+ bytes\)$/);
    expectNoKey(htmlEcho);

    server.setRoutes({ [PATH]: { kind: 'text', status: 200, body: `${KEY}{`, headers: { 'content-type': 'application/json' } } });
    expectNoKey(await failure(fetchArtificialAnalysis(http, config)));

    server.setRoutes({ [PATH]: { kind: 'json', status: 500, body: { error: `bad key ${KEY}` } } });
    const serverError = await failure(readArtificialAnalysis(http, config));
    expect(serverError).toMatchObject({ kind: 'http_status', status: 500 });
    expect(server.hits).toHaveLength(4); // 1 + 1 retry, twice above
    expectNoKey(serverError);

    server.setRoutes({ [PATH]: { kind: 'json', body: aaEnvelope([aaModel({ key: 'a/b', name: `leaked ${KEY}` })]) } });
    const recordEcho = await failure(readArtificialAnalysis(http, config));
    expect(recordEcho).toMatchObject({ kind: 'invalid_schema', detail: 'the response contains the API key; refused it' });
    expectNoKey(recordEcho);
  });

  it('keeps the key out of timeouts and connection errors', async () => {
    server.setRoutes({ [PATH]: { kind: 'hang' } });
    const timeout = await failure(readArtificialAnalysis(http, config));
    expect(timeout.kind).toBe('timeout');
    expectNoKey(timeout);

    const refused = await failure(readArtificialAnalysis(http, { url: 'http://127.0.0.1:1/api/v2', key: KEY }));
    expect(refused.kind).toBe('network');
    expectNoKey(refused);
  });

  it('exports the attribution AA requires', () => {
    expect(ARTIFICIAL_ANALYSIS_ATTRIBUTION).toEqual({ text: 'Artificial Analysis', url: 'https://artificialanalysis.ai' });
  });
});

describe('a redirect to another origin', () => {
  let elsewhere: UpstreamServer;
  beforeAll(async () => {
    elsewhere = await startUpstreamServer({ '/steal': { kind: 'json', body: aaEnvelope([aaModel({ key: 'a/b' })]) } });
  });
  afterAll(async () => {
    await elsewhere.close();
  });

  // undici strips only authorization, cookie and proxy-authorization across origins, so the
  // adapter asks for no redirects at all: the key must never reach another host.
  it('does not carry the key to the other origin', async () => {
    server.setRoutes({ [PATH]: { kind: 'redirect', location: `${elsewhere.url}/steal` } });
    const error = await readArtificialAnalysis(http, config).then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ kind: 'redirect' });
    expect(elsewhere.headersSeen.map((headers) => headers['x-api-key'])).not.toContain(KEY);
  });
});
