/**
 * What a Cloudflare build gives the Worker's monitor: an internal asset (`_monitor/status.json`,
 * never answered to the public: the Worker runs first there and says 404) with the services
 * registry the site was built from (data/services.json: pages, probes, deep probes) and each
 * service's official daily uptime as the build computed it (from the page's own incident
 * history, which the 15-minute refresh reads), so a live list can combine it with the monitor's
 * probe counts. An asset rather than part of the bundle: the Worker's bytes stay the same for
 * every site and every refresh.
 */
import type { ServiceDefinition } from '../../../status/registry.js';

export const MONITOR_ASSET = '_monitor/status.json';

export interface OfficialDays {
  /** The first of the 90 days (the static files' window). */
  first_date: string;
  official: Array<number | null>;
}

export interface MonitorAsset {
  services: ServiceDefinition[];
  official: Record<string, OfficialDays>;
}

/** Build side: the asset's text from the registry and the rendered status files. */
export function monitorAssetText(services: readonly ServiceDefinition[], api: ReadonlyMap<string, string>): string {
  const official: Record<string, OfficialDays> = {};
  for (const service of services) {
    const text = api.get(`api/v1/status/${service.id}.json`);
    if (text === undefined) continue;
    const days = (JSON.parse(text) as { data: { uptime_90d: Array<{ date: string; official: number | null }> } }).data.uptime_90d;
    official[service.id] = { first_date: days[0]?.date ?? '', official: days.map((d) => d.official) };
  }
  return `${JSON.stringify({ services: [...services], official } satisfies MonitorAsset)}\n`;
}

/** Worker side: the asset's text read back, with the checks a hand-edited file would need. */
export function readMonitorAsset(text: string): MonitorAsset {
  const parsed = JSON.parse(text) as Partial<MonitorAsset>;
  if (!Array.isArray(parsed.services) || typeof parsed.official !== 'object' || parsed.official === null) throw new Error(`${MONITOR_ASSET} is not the monitor's asset`);
  return { services: parsed.services, official: parsed.official };
}

export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

// Immutable for a deployed version: an isolate reads each internal asset once (one subrequest).
// Keyed by the binding, so callers in one process with other sites (the bench) never share it.
const cache = new WeakMap<AssetsBinding, Map<string, Promise<unknown>>>();

/**
 * An internal asset (`_monitor/…`), read and decoded once per isolate; `missing` (when given) is
 * what a 404 gives (a site built before that asset). `fresh` says whether this call read it (a
 * subrequest). A failed read is not remembered: the next run tries again.
 */
export async function loadInternalAsset<T>(assets: AssetsBinding, basePath: string, path: string, read: (text: string) => T, missing?: { value: T }): Promise<{ value: T; fresh: boolean }> {
  let own = cache.get(assets);
  if (own === undefined) cache.set(assets, (own = new Map()));
  let loading = own.get(path) as Promise<T> | undefined;
  const fresh = loading === undefined;
  if (loading === undefined) {
    loading = (async () => {
      const response = await assets.fetch(new Request(`https://assets.invalid${basePath}/${path}`));
      if (response.status === 404 && missing !== undefined) return missing.value;
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return read(await response.text());
    })();
    own.set(path, loading);
    const map = own;
    loading.catch(() => map.delete(path));
  }
  return { value: await loading, fresh };
}

/** The monitor's asset, read once per isolate; `fresh` says whether this call read it (a subrequest). */
export async function loadMonitorAsset(assets: AssetsBinding, basePath: string): Promise<{ asset: MonitorAsset; fresh: boolean }> {
  const { value, fresh } = await loadInternalAsset(assets, basePath, MONITOR_ASSET, readMonitorAsset);
  return { asset: value, fresh };
}
