/**
 * What a Cloudflare build gives the monitor to match official incidents to models: an internal
 * asset (`_monitor/model-names.json`, never answered to the public) holding the name table the
 * build's matcher makes of the catalog (status/incident-models.ts `buildModelNameTable`: display
 * names, API names, the makers' family names), made once at build time so the Worker only parses
 * it, and each model's author, providers and delisting (the matcher's scope and time filters).
 * Only models some monitored service's scope can reach are in it: a model no service's scope
 * holds is never a candidate (the matcher counts it as absent), so the answers are the build's.
 * Read once per isolate, and only by a run that meets an incident it has not matched yet.
 */
import { buildModelNameTable, type ModelNameTable } from '../../../status/incident-models.js';
import { serviceCatalog, type ServiceDefinition } from '../../../status/registry.js';
import type { IncidentModelSource } from '../../../render/incident-models.js';
import { loadInternalAsset, type AssetsBinding } from './asset.js';

export const NAMES_ASSET = '_monitor/model-names.json';

/** A model as the matcher's scope and the live answers read it. */
export interface NamedModel {
  id: string;
  name: string;
  author: string;
  providers: ReadonlySet<string>;
}

export interface NamesAsset {
  table: ModelNameTable;
  models: { get(id: string): NamedModel | undefined; ids(): string[] };
}

/** [id, name, author, delisted_at, providers some service's scope names]. */
type ModelRow = [string, string, string, string | null, string[]];
/** Normalized name → [own model indices, family model indices]. */
type NameRows = Record<string, [number[], number[]]>;

/** Build side: the asset's text for the catalog's incident sources (render/incident-models.ts) and the registry. */
export function namesAssetText(sources: readonly IncidentModelSource[], services: readonly ServiceDefinition[]): string {
  const authors = new Set<string>();
  const providers = new Set<string>();
  for (const service of services) {
    const scope = serviceCatalog(service);
    for (const a of scope.authors) authors.add(a);
    for (const p of scope.providers) providers.add(p);
  }
  const reachable = sources.filter((m) => authors.has(m.author) || [...m.providers].some((p) => providers.has(p))).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const index = new Map(reachable.map((m, i) => [m.id, i]));
  const table = buildModelNameTable(reachable);
  const models: ModelRow[] = reachable.map((m) => [m.id, m.name, m.author, m.delisted_at, [...m.providers].filter((p) => providers.has(p)).sort()]);
  const names: NameRows = {};
  for (const [name, ids] of [...(table.names as Map<string, { own: string[]; family: string[] }>)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) names[name] = [ids.own.map((id) => index.get(id)!), ids.family.map((id) => index.get(id)!)];
  return `${JSON.stringify({ max_words: table.maxWords, models, names })}\n`;
}

/**
 * Worker side: the table and the models back from the asset's text. Only the parse is paid up
 * front (a run's CPU is budgeted): a name, a model, a delisting is converted when looked up.
 */
export function readNamesAsset(text: string): NamesAsset {
  const parsed = JSON.parse(text) as { max_words?: unknown; models?: unknown; names?: unknown };
  if (typeof parsed.max_words !== 'number' || !Array.isArray(parsed.models) || typeof parsed.names !== 'object' || parsed.names === null) throw new Error(`${NAMES_ASSET} is not the monitor's name table`);
  const rows = parsed.models as ModelRow[];
  const names = parsed.names as NameRows;
  let index: Map<string, number> | null = null;
  const rowOf = (id: string) => rows[(index ??= new Map(rows.map((r, i) => [r[0], i]))).get(id) ?? -1];
  const own = Object.prototype.hasOwnProperty;
  const modelCache = new Map<string, NamedModel>();
  return {
    table: {
      names: { get: (name) => (own.call(names, name) ? { own: names[name]![0].map((i) => rows[i]![0]), family: names[name]![1].map((i) => rows[i]![0]) } : undefined) },
      delisted: { get: (id) => rowOf(id)?.[3] },
      maxWords: parsed.max_words,
    },
    models: {
      get: (id) => {
        let model = modelCache.get(id);
        const row = model === undefined ? rowOf(id) : undefined;
        if (row !== undefined) modelCache.set(id, (model = { id: row[0], name: row[1], author: row[2], providers: new Set(row[4]) }));
        return model;
      },
      ids: () => rows.map((r) => r[0]),
    },
  };
}

/** The asset, read once per isolate (null: the site has none, built before it); `fresh`: this call read it (a subrequest). */
export async function loadNamesAsset(assets: AssetsBinding, basePath: string): Promise<{ asset: NamesAsset | null; fresh: boolean }> {
  const { value, fresh } = await loadInternalAsset(assets, basePath, NAMES_ASSET, readNamesAsset, { value: null });
  return { asset: value, fresh };
}
