/**
 * The bench's scripted world speaks the real formats: each platform's page, as the monitor's own
 * adapters read it (through the Worker's fetch transport, answered from memory), says what the
 * script set, and each probe answers as scripted. Figures measured against a world the monitor
 * could not read would measure nothing.
 */
import { describe, expect, it } from 'vitest';
import { FetchTransport } from '../http/fetch-transport.js';
import { isUpstreamError } from '../http/errors.js';
import { LIGHT_ADAPTERS, isLightPlatform } from '../status/platforms/light.js';
import { probeService } from '../status/probe.js';
import { statusPageTarget, type ServiceDefinition } from '../status/registry.js';
import { loadServices } from '../store/services-store.js';
import { memoryFetch, worldRegistry, worldRoutes, type PageState, type ServiceState } from './monitor-world.js';

const registry = worldRegistry(await loadServices('data'), 'https://world.invalid', 2);

function transportFor(states: Map<string, ServiceState>) {
  const routes = worldRoutes(registry, states);
  return new FetchTransport({ userAgent: 'ModelPulse-test', totalMs: 2_000, fetch: memoryFetch(() => routes) });
}

async function readPage(service: ServiceDefinition, page: PageState) {
  const target = statusPageTarget(service)!;
  return LIGHT_ADAPTERS[target.type as keyof typeof LIGHT_ADAPTERS].read(transportFor(new Map([[service.id, { page, probe: 'up' }]])), target);
}

describe("the monitor bench's world", () => {
  it('holds the registry twice over under new ids, every page and probe on the world', () => {
    expect(registry).toHaveLength(36);
    expect(new Set(registry.map((s) => s.id)).size).toBe(36);
    for (const service of registry) {
      // A page of type none is never read: its address stays as the registry has it.
      if (service.status_page.type !== 'none') expect(service.status_page.url).toMatch(/^https:\/\/world\.invalid\//);
      if (service.probe !== null) expect(service.probe.url).toMatch(/^https:\/\/world\.invalid\//);
    }
  });

  it("serves each light platform's page in its real format: fine, saying major, and broken", async () => {
    const paged = registry.filter((s) => isLightPlatform(s.status_page.type));
    expect(new Set(paged.map((s) => s.status_page.type))).toEqual(new Set(['statuspage', 'incidentio', 'instatus', 'betterstack']));
    for (const service of paged) {
      expect((await readPage(service, 'ok')).indicator, service.id).toBe('none');
      const major = await readPage(service, 'major');
      expect(['major', 'critical'].includes(major.indicator) || major.active_incidents.some((i) => ['major', 'critical'].includes(i.impact)), service.id).toBe(true);
      for (const broken of ['html', 'truncated', 'error'] as const) {
        const failure = await readPage(service, broken).then(() => null, (error: unknown) => error);
        expect(isUpstreamError(failure), `${service.id} ${broken}`).toBe(true);
      }
    }
  });

  it('answers each probe as scripted: up, down, and a hang the probe gives up on', async () => {
    const service = { ...registry.find((s) => s.probe !== null)!, probe: { ...registry.find((s) => s.probe !== null)!.probe!, timeout_ms: 400 } };
    const probe = async (state: ServiceState['probe']) =>
      probeService(transportFor(new Map([[service.id, { page: 'ok', probe: state }]])), service, { now: '2026-11-27T00:00:00Z', deadline: Date.now() + 5_000, mayRetry: () => false });
    expect(await probe('up')).toMatchObject({ ok: true, http_status: 401 });
    expect(await probe('down')).toMatchObject({ ok: false, http_status: 503 });
    expect(await probe('hang')).toMatchObject({ ok: false, http_status: null });
  });
});
