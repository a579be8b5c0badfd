import { describe, expect, it } from 'vitest';
import { STATUS_PLATFORMS, type StatusPageTarget } from '../types.js';
import { bsIndex, gcpIncident, instatusSummary, ioSummary, spSummary } from './fixtures.js';
import { STATUS_ADAPTERS, type AdaptedPlatform } from './index.js';
import { useLocalUpstream } from '../../testing/upstream-faults.js';

describe('STATUS_ADAPTERS', () => {
  it('has one adapter per platform except none, each under its own name', () => {
    expect(Object.keys(STATUS_ADAPTERS).sort()).toEqual(STATUS_PLATFORMS.filter((p) => p !== 'none').sort());
    for (const [platform, adapter] of Object.entries(STATUS_ADAPTERS)) expect(adapter.platform).toBe(platform);
  });

  it.each([
    ['statuspage', 'https://status.claude.com/', 'https://status.claude.com/api/v2/summary.json'],
    ['incidentio', 'https://status.openai.com', 'https://status.openai.com/api/v2/summary.json'],
    ['instatus', 'https://status.perplexity.com', 'https://status.perplexity.com/summary.json'],
    ['betterstack', 'https://status.together.ai//', 'https://status.together.ai/index.json'],
    ['gcp', 'https://status.cloud.google.com', 'https://status.cloud.google.com/incidents.json'],
  ] as const)('%s appends its API path to the base URL', (platform, url, expected) => {
    expect(STATUS_ADAPTERS[platform].apiUrl({ service_id: 's', type: platform, url })).toBe(expected);
  });
});

describe('STATUS_ADAPTERS read through one local server', () => {
  const upstream = useLocalUpstream();

  it('each adapter requests its own path and reads its own format', async () => {
    const pages: Record<AdaptedPlatform, [string, unknown]> = {
      statuspage: ['/sp/api/v2/summary.json', spSummary({ indicator: 'minor', description: 'Minor Service Outage' })],
      incidentio: ['/io/api/v2/summary.json', ioSummary({ indicator: 'major', description: 'Partial System Outage' })],
      instatus: ['/is/summary.json', instatusSummary({ status: 'UNDERMAINTENANCE' })],
      betterstack: ['/bs/index.json', bsIndex({ aggregate_state: 'downtime' })],
      gcp: ['/gcp/incidents.json', [gcpIncident({ status_impact: 'SERVICE_OUTAGE', severity: 'high' })]],
    };
    const { server, http } = upstream;
    server.setRoutes(Object.fromEntries(Object.values(pages).map(([path, body]) => [path, { kind: 'json', body }])));
    const indicators: Record<string, string> = {};
    for (const [platform, [path]] of Object.entries(pages) as [AdaptedPlatform, [string, unknown]][]) {
      const target: StatusPageTarget = { service_id: platform, type: platform, url: `${server.url}/${path.split('/')[1]}`, products: ['Vertex Gemini API'] };
      indicators[platform] = (await STATUS_ADAPTERS[platform].read(http, target)).indicator;
    }
    expect(indicators).toEqual({ statuspage: 'minor', incidentio: 'major', instatus: 'maintenance', betterstack: 'major', gcp: 'critical' });
    expect(server.hits).toEqual(Object.values(pages).map(([path]) => `GET ${path}`));
  });
});
