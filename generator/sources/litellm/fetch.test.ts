import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../../http/client.js';
import { UpstreamError } from '../../http/errors.js';
import { startUpstreamServer, type UpstreamServer } from '../../testing/upstream-server.js';
import { DEFAULT_URL, liteLlmUrl, URL_ENV } from './fetch.js';
import { llmCatalog } from './fixtures.js';
import { readLiteLlm } from './index.js';

const PATH = '/BerriAI/litellm/main/model_prices_and_context_window.json';
const MAX_BYTES = 64 * 1024;

let server: UpstreamServer;
let http: HttpClient;

beforeAll(async () => {
  server = await startUpstreamServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  http = new HttpClient({
    userAgent: 'ModelPulse-test',
    timeouts: { connectMs: 300, headersMs: 300, bodyMs: 300, totalMs: 800 },
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 },
    maxBytes: MAX_BYTES,
  });
});
afterEach(async () => {
  await http.close();
});

async function failure(): Promise<UpstreamError> {
  const error: unknown = await readLiteLlm(http, `${server.url}${PATH}`).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

describe('liteLlmUrl', () => {
  it('defaults to the raw file on LiteLLM main, overridden by the full URL in the environment', () => {
    expect(liteLlmUrl({})).toBe(DEFAULT_URL);
    expect(liteLlmUrl({ [URL_ENV]: '  ' })).toBe(DEFAULT_URL);
    expect(liteLlmUrl({ [URL_ENV]: 'http://127.0.0.1:9/prices.json' })).toBe('http://127.0.0.1:9/prices.json');
  });
});

describe('readLiteLlm against a local server', () => {
  it('fetches, parses and translates the price map', async () => {
    server.setRoutes({ [PATH]: { kind: 'json', body: llmCatalog() } });
    const observation = await readLiteLlm(http, liteLlmUrl({ [URL_ENV]: `${server.url}${PATH}` }));
    expect(observation.issues).toEqual([]);
    expect(observation.facts).toHaveLength(6);
    expect(observation.facts.find((f) => f.source_key === 'gpt-4o')?.price).toEqual({ input: 2.5, output: 10, cache_read: 1.25, cache_write: null });
    expect(server.headersSeen.at(-1)?.['user-agent']).toBe('ModelPulse-test');
  });

  it('reports truncated JSON as invalid_body', async () => {
    const text = JSON.stringify(llmCatalog());
    server.setRoutes({ [PATH]: { kind: 'text', body: text.slice(0, text.length / 2), headers: { 'content-type': 'application/json' } } });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'invalid_body', source: 'litellm' });
  });

  it('reports an HTML page as invalid_body', async () => {
    server.setRoutes({ [PATH]: { kind: 'text', body: '<!DOCTYPE html><html><body>429: Too Many Requests</body></html>' } });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'invalid_body', source: 'litellm' });
    expect(error.message).toMatch(/not JSON/);
  });

  it.each([true, false])('reports a body over the size cap as too_large (Content-Length declared: %s)', async (declareLength) => {
    server.setRoutes({ [PATH]: { kind: 'huge', bytes: MAX_BYTES * 2, declareLength } });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'too_large', source: 'litellm' });
  });

  it('reports JSON of the wrong shape as invalid_schema', async () => {
    server.setRoutes({ [PATH]: { kind: 'json', body: { data: [{ id: 'openai/gpt-4o' }] } } });
    const error = await failure();
    expect(error).toMatchObject({ kind: 'invalid_schema', source: 'litellm' });
  });
});
