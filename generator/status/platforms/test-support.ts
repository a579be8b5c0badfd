/** Test helpers shared by the platform tests: a fast-failing HttpClient and error capture. */
import { expect } from 'vitest';
import { HttpClient } from '../../http/client.js';
import { UpstreamError } from '../../http/errors.js';

/** Short timeouts and no retries, so fault tests stay fast; close it after each test. */
export function testClient(): HttpClient {
  return new HttpClient({
    userAgent: 'ModelPulse-test/1.0 (+https://example.test)',
    timeouts: { connectMs: 500, headersMs: 300, bodyMs: 300, totalMs: 1_000 },
    retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 5 },
    maxBytes: 64 * 1024,
    random: () => 1,
  });
}

/** The UpstreamError a promise (or a call) fails with; fails the test when there is none. */
export async function upstreamFailure(run: Promise<unknown> | (() => unknown)): Promise<UpstreamError> {
  const error = await (async () => {
    try {
      await (typeof run === 'function' ? run() : run);
      return null;
    } catch (caught: unknown) {
      return caught;
    }
  })();
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}
