import { describe, expect, it } from 'vitest';
import type { ModelStatusResponse } from '../model-status.js';
import { renderModelStatus } from './render-status.js';

const META = {
  attribution: { text: 'ModelPulse', url: 'https://modelpulse.test' },
  benchmarks_attribution: { text: 'Artificial Analysis', url: 'https://artificialanalysis.ai' },
  updated_at: '2026-08-02T00:00:00Z',
} as ModelStatusResponse['meta'];

const incident = (id: string, name: string, resolvedAt: string | null) => ({
  service_id: 'anthropic', id, name, status: resolvedAt === null ? 'investigating' : 'resolved', impact: 'major' as const,
  started_at: '2026-08-01T10:00:00Z', updated_at: '2026-08-01T11:00:00Z', resolved_at: resolvedAt, url: null,
});

/** Claude Opus 5 named by an open incident and a resolved one, with Artificial Analysis' medians and an endpoint without figures. */
const RESPONSE: ModelStatusResponse = {
  data: {
    id: 'anthropic/claude-opus-5',
    name: 'Claude Opus 5',
    author: 'anthropic',
    asked: { name: 'claude-opus-5', match: 'exact', providers: ['anthropic', 'openrouter'] },
    status: {
      state: 'degraded',
      reason: 'incident',
      since: '2026-08-01T10:05:00Z',
      providers: { up: 1, degraded: 0, down: 0, unknown: 1 },
      open_incidents: [incident('inc-2', 'Degraded performance for Claude Opus 5 and Claude Haiku 4.5', null)],
      recent_incidents: [incident('inc-2', 'Degraded performance for Claude Opus 5 and Claude Haiku 4.5', null), incident('inc-1', 'Elevated errors for Claude Opus 5', '2026-07-30T12:00:00Z')],
      speed: { openrouter: { throughput_tps: 52.5, latency_ms: 1900, observed_at: '2026-08-01T10:00:00Z' }, artificial_analysis: { output_tps: 48.1, ttft_ms: 2100, url: 'https://artificialanalysis.ai/models/claude-opus-5' } },
    },
    endpoints: [
      { provider: 'google-vertex', provider_name: 'Google Vertex', tag: 'google-vertex/global', stats: null },
      { provider: 'anthropic', provider_name: 'Anthropic', tag: 'anthropic', stats: { observed_at: '2026-08-01T10:00:00Z', uptime_5m: 0.97, uptime_30m: 0.98, uptime_1d: 0.995, latency_30m: { p50_ms: 1900, p90_ms: 4200 }, throughput_30m: { p50_tps: 52.5, p90_tps: 70 } } },
    ],
  },
  meta: META,
  fallback: null,
};

describe('modelpulse status <model>, printed', () => {
  it('names the incidents, both sources of speed with their links, and puts endpoints without figures last', () => {
    const out = renderModelStatus(RESPONSE);
    expect(out).toMatch(/^Asked as: +claude-opus-5: an API name at anthropic, openrouter \(as listed\)$/m);
    expect(out).toMatch(/^State: +degraded: an open official incident names it \(since 2026-08-01T10:05:00Z\)$/m);
    expect(out).toMatch(/^Artificial Analysis: +48\.1 tokens\/s, 2,100 ms to the first token \(medians across the providers it measures\) <https:\/\/artificialanalysis\.ai\/models\/claude-opus-5>$/m);
    expect(out).toMatch(/^Open incidents naming it \(1\):\nSTARTED +SERVICE +IMPACT +STATUS +INCIDENT\n2026-08-01T10:00:00Z +anthropic +major +investigating +Degraded performance for Claude Opus 5 and Claude Haiku 4\.5$/m);
    expect(out).toMatch(/^Recent incidents naming it \(latest 1\):\n.*\n2026-08-01T10:00:00Z +anthropic +major +resolved +Elevated errors for Claude Opus 5$/m);
    const providers = out.slice(out.indexOf('Providers (2'));
    expect(providers).toMatch(/^Anthropic +1,900 \/ 4,200 ms +52\.5 \/ 70 tok\/s +97\.0% \/ 98\.0% \/ 99\.5% +2026-08-01T10:00:00Z\nGoogle Vertex \(google-vertex\/global\) +no figures +- +- +-$/m);
    // Artificial Analysis' figures are shown with its link.
    expect(out).toMatch(/^Artificial Analysis <https:\/\/artificialanalysis\.ai>$/m);
  });

  it('says why a model reads unknown, and when no endpoint lists it', () => {
    const unknown = { ...RESPONSE, data: { ...RESPONSE.data, asked: { name: 'anthropic/claude-opus-5', match: 'id' as const, providers: [] }, endpoints: [], status: { ...RESPONSE.data.status, state: 'unknown' as const, reason: 'figures_stale' as const, open_incidents: [], recent_incidents: [], speed: { openrouter: null, artificial_analysis: null } } } };
    const out = renderModelStatus(unknown);
    expect(out).not.toMatch(/Asked as/);
    expect(out).toMatch(/^State: +unknown: the newest figures are over an hour old/m);
    expect(out).toMatch(/^OpenRouter: +no figures$/m);
    expect(out).toContain('Open incidents naming it: none.');
    expect(out).toContain('Providers: no OpenRouter endpoint lists it.');
    expect(out).not.toMatch(/^Artificial Analysis </m);
    expect(out).not.toMatch(/^Live:/m);
    const fallback = renderModelStatus({ ...unknown, fallback: { url: 'https://live.test/api/v1/models/anthropic/claude-opus-5', reason: 'HTTP 503' } });
    expect(fallback).toMatch(/^Live: +no, the static file \(https:\/\/live\.test\/api\/v1\/models\/anthropic\/claude-opus-5: HTTP 503\)$/m);
  });
});
