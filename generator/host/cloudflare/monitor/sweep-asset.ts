/**
 * What a Cloudflare build gives the monitor's sweep: an internal asset (`_monitor/models.json`,
 * never answered to the public) listing the models OpenRouter publishes statistics for, the
 * refresh's own candidates (status/sweep-rotation.ts `sweepCandidates`): each one's id, OpenRouter's
 * id where it differs, its name and author (for the live model status list) and how many providers
 * OpenRouter lists for it (the rotation's usage signal). Compact rows: the run reads it once per
 * isolate, at ten times the catalog too.
 */
import type { SweepCandidate } from '../../../status/sweep-rotation.js';
import type { AssetsBinding } from './asset.js';

export const SWEEP_ASSET = '_monitor/models.json';

export interface SweepModel extends SweepCandidate {
  name: string;
  author: string;
  providers: number;
}

/** [id, upstream id or null when the same, name, author, providers]. */
type Row = [string, string | null, string, string, number];

export function sweepAssetText(models: readonly SweepModel[]): string {
  const rows: Row[] = [...models].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((m) => [m.id, m.upstream_id === m.id ? null : m.upstream_id, m.name, m.author, m.providers]);
  return `${JSON.stringify({ models: rows })}\n`;
}

export function readSweepAsset(text: string): SweepModel[] {
  const parsed = JSON.parse(text) as { models?: unknown };
  if (!Array.isArray(parsed.models)) throw new Error(`${SWEEP_ASSET} is not the sweep's asset`);
  return (parsed.models as Row[]).map(([id, upstream, name, author, providers]) => ({ id, upstream_id: upstream ?? id, name, author, providers }));
}

const cache = new WeakMap<AssetsBinding, Promise<SweepModel[]>>();

/** The asset, read once per isolate (a missing one is no models: a site built before the sweep); `fresh`: this call read it. */
export async function loadSweepAsset(assets: AssetsBinding, basePath: string): Promise<{ models: SweepModel[]; fresh: boolean }> {
  let loading = cache.get(assets);
  const fresh = loading === undefined;
  if (loading === undefined) {
    loading = (async () => {
      const response = await assets.fetch(new Request(`https://assets.invalid${basePath}/${SWEEP_ASSET}`));
      if (response.status === 404) return [];
      if (response.status !== 200) throw new Error(`${SWEEP_ASSET} answered ${response.status}`);
      return readSweepAsset(await response.text());
    })();
    cache.set(assets, loading);
    loading.catch(() => cache.delete(assets));
  }
  return { models: await loading, fresh };
}
