import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { UpstreamError } from '../http/errors.js';
import type { FactSource, FactsObservation, ModelFacts } from '../sources/facts.js';
import { FAULTS, itRejectsFaults, useLocalUpstream, type FaultCase, type LocalUpstream } from './upstream-faults.js';

/**
 * Test scaffolding for the fact sources (LiteLLM, models.dev, Artificial Analysis), on top of the
 * shared local-upstream support: a real local server, a retrying client per test, and the fetch
 * cases every source read from one JSON file must pass. Nothing here mocks the HTTP stack.
 */

export { upstreamFailure } from './upstream-faults.js';

/** The body cap of the test client; `huge` replies are sized against it. */
export const SOURCE_TEST_MAX_BYTES = 64 * 1024;

/** Short timeouts like the platform test client, but with one retry: the source tests count retries. */
export function sourceTestClient(): HttpClient {
  return new HttpClient({
    userAgent: 'ModelPulse-test',
    timeouts: { connectMs: 300, headersMs: 300, bodyMs: 300, totalMs: 800 },
    retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 },
    maxBytes: SOURCE_TEST_MAX_BYTES,
  });
}

/**
 * Registers the hooks for reading a source through a real local server: the server of
 * `useLocalUpstream`, with its hits and headers cleared before each test, and a fresh
 * `sourceTestClient()` per test, closed after it. Call it at the top of a file or inside `describe`.
 */
export function useLocalSource(): LocalUpstream {
  const upstream = useLocalUpstream();
  let http: HttpClient | undefined;
  beforeEach(() => {
    http = sourceTestClient();
    upstream.server.hits.length = 0;
    upstream.server.headersSeen.length = 0;
  });
  afterEach(async () => {
    await http?.close();
    http = undefined;
  });
  return {
    get server() {
      return upstream.server;
    },
    get http() {
      if (http === undefined) throw new Error('the source test client is only there while a test runs');
      return http;
    },
  };
}

/** The UpstreamError a synchronous call (a parser) throws; fails the test if it returns or throws anything else. */
export function parseFailure(parse: () => unknown): UpstreamError {
  try {
    parse();
  } catch (error) {
    if (error instanceof UpstreamError) return error;
    throw error;
  }
  throw new Error('parse did not fail');
}

/** The fact with the given source key; fails the test when there is none. */
export function factOf(observation: FactsObservation, key: string): ModelFacts {
  const fact = observation.facts.find((f) => f.source_key === key);
  if (fact === undefined) throw new Error(`no fact for ${key}`);
  return fact;
}

export interface JsonFileFetchSpec {
  /** The reader under test (fetch → parse → translate), as its name reads in test titles. */
  name: string;
  read: (http: HttpClient, url: string) => Promise<FactsObservation>;
  /** The `source` every error carries. */
  source: FactSource;
  /** Where the local server serves the file. */
  path: string;
  /** The URL resolver, as its name reads in test titles, and the environment variable that overrides it. */
  urlOf: { name: string; resolve: (env: NodeJS.ProcessEnv) => string };
  envName: string;
  defaultUrl: string;
  /** What the default URL is, for the test title (`models.dev`). */
  defaultDescription: string;
  /** A valid upstream file, and what it is, for the test title (`catalog`). */
  catalog: () => unknown;
  catalogDescription: string;
  /** What reading `catalog()` must give: how many facts, and one of them by key with its price. */
  expectedFacts: { count: number; key: string; price: ModelFacts['price'] };
}

/**
 * The cases every source read from one JSON file over HTTP must pass: the URL override, the happy
 * path, and typed failures for truncated JSON, an HTML page, a body over the size cap (with and
 * without Content-Length) and JSON of the wrong shape.
 */
export function describeJsonFileFetch(spec: JsonFileFetchSpec): void {
  const { source, path } = spec;

  describe(spec.urlOf.name, () => {
    it(`defaults to ${spec.defaultDescription}, overridden by the full URL in the environment`, () => {
      const override = `http://127.0.0.1:9${path}`;
      expect(spec.urlOf.resolve({})).toBe(spec.defaultUrl);
      expect(spec.urlOf.resolve({ [spec.envName]: '  ' })).toBe(spec.defaultUrl);
      expect(spec.urlOf.resolve({ [spec.envName]: override })).toBe(override);
    });
  });

  describe(`${spec.name} against a local server`, () => {
    const local = useLocalSource();

    it(`fetches, parses and translates the ${spec.catalogDescription}`, async () => {
      const { server, http } = local;
      server.setRoutes({ [path]: { kind: 'json', body: spec.catalog() } });
      const observation = await spec.read(http, spec.urlOf.resolve({ [spec.envName]: `${server.url}${path}` }));
      expect(observation.issues).toEqual([]);
      expect(observation.facts).toHaveLength(spec.expectedFacts.count);
      expect(factOf(observation, spec.expectedFacts.key).price).toEqual(spec.expectedFacts.price);
      expect(server.hits).toEqual([`GET ${path}`]);
      expect(server.headersSeen.at(-1)?.['user-agent']).toBe('ModelPulse-test');
    });

    const text = JSON.stringify(spec.catalog());
    const typed = (fault: FaultCase, detail?: RegExp): FaultCase => ({ ...fault, source, namesUrl: true, ...(detail && { detail }) });
    itRejectsFaults(local, (http) => spec.read(http, `${local.server.url}${path}`), path, [
      typed(FAULTS.truncatedJson(text.slice(0, text.length / 2)), /not JSON/),
      typed(FAULTS.htmlInsteadOfJson('<!DOCTYPE html><html><body>429: Too Many Requests</body></html>'), /not JSON/),
      typed({ ...FAULTS.overSizeCap(), title: 'a body over the size cap without Content-Length as too_large' }),
      typed({
        title: 'a body over the size cap with Content-Length as too_large',
        reply: { kind: 'huge', bytes: SOURCE_TEST_MAX_BYTES * 2, declareLength: true },
        kind: 'too_large',
      }),
      typed(FAULTS.wrongShape({ data: [{ id: 'openai/gpt-4o' }] })),
    ]);
  });
}
