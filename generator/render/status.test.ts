import { describe, expect, it } from 'vitest';
import { emptyHistory, mergeServiceRun, type ServiceHistory } from '../status/history.js';
import type { ServiceDefinition } from '../status/registry.js';
import { apiSchemas } from './schemas.js';
import { serviceDetail, serviceListEntry } from './status.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { STATIC_LIVE_META } from '../types/api-types.js';

const withProbe: ServiceDefinition = { id: 'acme', name: 'Acme', url: 'https://acme.example.com', status_page: { type: 'none' }, probe: { url: 'https://api.acme.example.com/v1', method: 'GET' } };
const withoutProbe: ServiceDefinition = { ...withProbe, id: 'bolt', probe: null };

function probed(runs: Array<[string, boolean]>): ServiceHistory {
  return runs.reduce(
    (history, [at, ok]) => mergeServiceRun(history, { official: null, probe: { ok, latency_ms: 100, http_status: ok ? 401 : 500, checked_at: at, error: null, attempts: 1 } }, at),
    emptyHistory('acme'),
  );
}

describe('status.json entries', () => {
  const history = probed([['2026-11-20T10:00:00Z', true], ['2026-11-21T10:00:00Z', true], ['2026-11-21T10:15:00Z', false]]);
  const asOf = '2026-11-21T10:15:00Z';

  it("carry the combined figure of every day of the service's 90-day bar, from its first date", () => {
    const entry = serviceListEntry(withProbe, history, asOf);
    const detail = serviceDetail(withProbe, history, asOf);
    expect(entry.uptime_90d_summary.first_date).toBe(detail.uptime_90d[0]!.date);
    expect(entry.uptime_90d_summary.uptime).toEqual(detail.uptime_90d.map((d) => d.uptime));
    expect(entry.uptime_90d_summary.uptime.slice(-3)).toEqual([null, 1, 0.5]);
    // The detail has the full days; it does not repeat them in the compact form.
    expect('uptime_90d_summary' in detail).toBe(false);
  });

  it('say whether a probe is configured and which page platform there is, so empty fields explain themselves', () => {
    expect(serviceListEntry(withProbe, undefined, asOf)).toMatchObject({ probe_configured: true, probe: null });
    expect(serviceListEntry(withoutProbe, undefined, asOf)).toMatchObject({ probe_configured: false, probe: null });
    // A page for people only (no machine-readable API): the platform says there is nothing to read.
    const peopleOnly: ServiceDefinition = { ...withProbe, status_page: { type: 'none', url: 'https://status.acme.example.com' } };
    expect(serviceListEntry(peopleOnly, undefined, asOf).official).toMatchObject({ platform: 'none', url: 'https://status.acme.example.com', fetched_at: null });
    expect(serviceListEntry({ ...withProbe, status_page: { type: 'statuspage', url: 'https://s.example.com' } }, undefined, asOf).official).toMatchObject({ platform: 'statuspage', description: 'Not read yet' });
  });

  it('match the published status schema, which bounds the summary to exactly 90 days', () => {
    const validate = compileValidator(createAjv(), apiSchemas('https://modelpulse.test').status);
    const entry = serviceListEntry(withProbe, history, asOf);
    const body = (data: unknown) => ({ data, meta: { api_version: 'v1', attribution: { text: 't', url: 'https://modelpulse.test' }, cache_seconds: 60, updated_at: asOf, as_of: asOf, sources: [], documentation: 'https://modelpulse.test/#/docs', checked_at: asOf, live: STATIC_LIVE_META, count: 1 } });
    expect(validate(body([entry])), validate.errors()).toBe(true);
    const short = { ...entry, uptime_90d_summary: { ...entry.uptime_90d_summary, uptime: entry.uptime_90d_summary.uptime.slice(1) } };
    expect(validate(body([short]))).toBe(false);
    // meta.live as the contract gives it: the build's constant, a Worker's live answer; nothing else.
    const withLive = (live: unknown) => ({ ...body([entry]), meta: { ...body([entry]).meta, live } });
    expect(validate(withLive({ source: 'monitor', observed_at: asOf, age_seconds: 42, reason: null })), validate.errors()).toBe(true);
    expect(validate(withLive({ source: 'static', observed_at: null, age_seconds: null, reason: 'monitor_stale' }))).toBe(true);
    expect(validate(withLive({ source: 'live', observed_at: null, age_seconds: null, reason: null }))).toBe(false);
    expect(validate(withLive({ source: 'static', observed_at: null, age_seconds: null, reason: 'because' }))).toBe(false);
  });
});
