/**
 * What a Cloudflare build gives the monitor's sweep: an internal asset (`_monitor/models.json`,
 * never answered to the public) listing the models OpenRouter publishes statistics for, the
 * refresh's own candidates (status/sweep-rotation.ts `sweepCandidates`): each one's id, OpenRouter's
 * id where it differs, its name and author (for the live model status list) and how many providers
 * OpenRouter lists for it (the rotation's usage signal). Compact rows sorted by id (the cursor's
 * order); beside them, made once at build time so no run sorts the catalog: the most used models
 * (by providers, then id) and a digest of the ids, which tells a run the list changed. The run
 * reads it once per isolate, at ten times the catalog too.
 */
import type { SweepCandidate } from '../../../status/sweep-rotation.js';
import { loadInternalAsset, type AssetsBinding } from './asset.js';

export const SWEEP_ASSET = '_monitor/models.json';
/** How many of the most used models the asset ranks (the sweep's hot list takes the first of them). */
export const RANKED_MOST_USED = 32;

export interface SweepModel extends SweepCandidate {
  name: string;
  author: string;
  providers: number;
}

/** The asset as the run uses it: its rows kept as they are (a run makes a model of the few it asks). */
export interface SweepCatalog {
  /** Sorted by id (the cursor's binary searches). */
  ids: string[];
  /** The asset's rows, in the same order. */
  rows: Row[];
  /** The most used first (RANKED_MOST_USED at most). */
  mostUsed: string[];
  /** Changes whenever the list of ids does. */
  digest: string;
}

/** [id, upstream id or null when the same, name, author, providers]. */
export type Row = [string, string | null, string, string, number];

/** The model of row `at`. */
export const modelAt = (catalog: SweepCatalog, at: number): SweepModel => {
  const [id, upstream, name, author, providers] = catalog.rows[at]!;
  return { id, upstream_id: upstream ?? id, name, author, providers };
};

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** FNV-1a (32 bits) of the ids, one a line: a change detector, not a secret. */
export function idsDigest(ids: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const id of ids) {
    for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 10, 0x01000193);
  }
  return `${ids.length}-${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

export function sweepAssetText(models: readonly SweepModel[]): string {
  const sorted = [...models].sort(byId);
  const rows: Row[] = sorted.map((m) => [m.id, m.upstream_id === m.id ? null : m.upstream_id, m.name, m.author, m.providers]);
  const mostUsed = [...sorted].sort((a, b) => b.providers - a.providers || byId(a, b)).slice(0, RANKED_MOST_USED).map((m) => m.id);
  return `${JSON.stringify({ models: rows, most_used: mostUsed, digest: idsDigest(sorted.map((m) => m.id)) })}\n`;
}

export function readSweepAsset(text: string): SweepCatalog {
  const parsed = JSON.parse(text) as { models?: unknown; most_used?: unknown; digest?: unknown };
  if (!Array.isArray(parsed.models)) throw new Error(`${SWEEP_ASSET} is not the sweep's asset`);
  // Sorted by id at build time (sweepAssetText).
  const rows = parsed.models as Row[];
  const ids = rows.map((row) => row[0]);
  const mostUsed = Array.isArray(parsed.most_used) ? (parsed.most_used as string[]) : [];
  return { ids, rows, mostUsed, digest: typeof parsed.digest === 'string' ? parsed.digest : idsDigest(ids) };
}

const EMPTY: SweepCatalog = { ids: [], rows: [], mostUsed: [], digest: idsDigest([]) };

/** The asset, read once per isolate (a missing one is no models: a site built before the sweep); `fresh`: this call read it. */
export async function loadSweepAsset(assets: AssetsBinding, basePath: string): Promise<{ catalog: SweepCatalog; fresh: boolean }> {
  const { value, fresh } = await loadInternalAsset(assets, basePath, SWEEP_ASSET, readSweepAsset, { value: EMPTY });
  return { catalog: value, fresh };
}
