import { describe, expect, it } from 'vitest';
import { deepProbeMonthlyCost, deepProbeRequest, deepVerdict, probeKeyName, PROBES_PER_MONTH } from './deep-probe.js';

describe('the deep probe', () => {
  it('reads its key from PROBE_KEY_<ID> and sends it only in the header the API reads', () => {
    expect(probeKeyName('google-gemini')).toBe('PROBE_KEY_GOOGLE_GEMINI');
    const body = { model: 'm', max_tokens: 1 };
    const bearer = deepProbeRequest({ url: 'https://api.example/v1/chat', auth: 'bearer', body, model: 'a/m' }, 'k-123');
    expect(bearer).toEqual({ url: 'https://api.example/v1/chat', headers: { 'content-type': 'application/json', authorization: 'Bearer k-123' }, body: JSON.stringify(body) });
    const header = deepProbeRequest({ url: 'https://api.example/v1/messages', auth: 'x-api-key', headers: { 'anthropic-version': '2023-06-01' }, body, model: 'a/m' }, 'k-123');
    expect(header.headers).toEqual({ 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': 'k-123' });
    expect(`${header.url} ${header.body}`).not.toContain('k-123');
  });

  it('reads an answer as a user would: up, down, or our own request to fix', () => {
    expect([200, 429].map(deepVerdict)).toEqual([{ ok: true }, { ok: true }]);
    expect(deepVerdict(503)).toEqual({ ok: false, error: 'http_status: HTTP 503' });
    for (const status of [400, 401, 403, 404]) expect(deepVerdict(status).ok, String(status)).toBeNull();
  });

  it('costs, a month at one probe a minute, 10 input and 1 output token a probe at the model\'s price', () => {
    expect(PROBES_PER_MONTH).toBe(43_200);
    expect(deepProbeMonthlyCost({ input: 1, output: 10 })).toBeCloseTo((43_200 * 20) / 1e6, 10);
  });
});
