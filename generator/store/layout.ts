/**
 * Where every data file lives, by kind: the one place that decides it (docs/operation.md, "Where
 * the data lives"). Paths are relative to a data root and use `/`.
 *
 * - curated: written by people and reviewed in pull requests (the services registry, identity
 *   overrides, curated corrections). Always read from main's data/; a refresh never writes them.
 * - catalog: what the sources say about models (model records, the secondary sources' last good
 *   reads, the disagreement report). Kept in the state store; main's data/ holds a snapshot of it,
 *   the embedded default, renewed on a material change at most once a day.
 * - volatile: observations and bookkeeping that move with every run. Kept in the state store;
 *   the status histories, per-source freshness and the run's time (content-freshness.json, with
 *   the catalog digest) travel to main with each catalog snapshot, so a fresh clone builds the
 *   status as of that snapshot; the rest (the catalog's content times, the endpoints rotation,
 *   the endpoint statistics and model states, held additions, deploy records, the store's
 *   marker) never do: live figures move every run and stay out of main's history. Without its content times a
 *   fresh clone's build dates every catalog response at the snapshot's run.
 *
 * Without a state directory (a fresh clone, a maintainer's own `npm run update`) every kind lives
 * in data/, laid out as on main.
 */
export const FILE_KINDS = ['curated', 'catalog', 'volatile'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface LayoutEntry {
  /** A file, or a directory and everything below it when it ends with `/`. */
  path: string;
  kind: FileKind;
  /** Copied to main's data/ with a snapshot (never true for curated files: they are main's own). */
  snapshot: boolean;
  what: string;
}

/** Relative paths of the data files, by what they hold. */
export const DATA_FILES = {
  services: 'services.json',
  identity: 'identity.json',
  overrides: 'overrides.json',
  makerPrices: 'maker-prices.json',
  models: 'models/',
  facts: 'facts/',
  priceHistory: 'price-history/',
  disagreements: 'reports/disagreements.json',
  sources: 'sources.json',
  status: 'status/',
  content: 'state/content.json',
  contentFreshness: 'state/content-freshness.json',
  endpointsRotation: 'state/openrouter-endpoints.json',
  endpointStats: 'state/endpoint-stats.json',
  modelStates: 'state/model-states.json',
  pendingAdditions: 'state/openrouter-pending-additions.json',
  publish: 'state/publish.json',
  marker: 'state/store.json',
} as const;

export const DATA_LAYOUT: readonly LayoutEntry[] = [
  { path: DATA_FILES.services, kind: 'curated', snapshot: false, what: 'the monitored services registry' },
  { path: DATA_FILES.identity, kind: 'curated', snapshot: false, what: 'identity overrides and exclusions' },
  { path: DATA_FILES.overrides, kind: 'curated', snapshot: false, what: 'curated corrections and retirements' },
  { path: DATA_FILES.makerPrices, kind: 'curated', snapshot: false, what: "what the makers' own pages said their prices were, cited (for makers whose page the update does not read)" },
  { path: DATA_FILES.models, kind: 'catalog', snapshot: true, what: 'one record per model ever seen, with its price history and offers' },
  { path: DATA_FILES.facts, kind: 'catalog', snapshot: true, what: "the secondary sources' last good reads" },
  { path: DATA_FILES.priceHistory, kind: 'catalog', snapshot: true, what: "every price each price source showed, by the source's key, kept when the key leaves" },
  { path: DATA_FILES.disagreements, kind: 'catalog', snapshot: true, what: 'where the secondary sources disagree with the catalog' },
  { path: DATA_FILES.sources, kind: 'volatile', snapshot: true, what: "each source's last attempt, success and error" },
  { path: DATA_FILES.status, kind: 'volatile', snapshot: true, what: "each service's official status, probes, daily counts and incidents" },
  { path: DATA_FILES.content, kind: 'volatile', snapshot: false, what: 'when each catalog response last changed, and materially' },
  { path: DATA_FILES.contentFreshness, kind: 'volatile', snapshot: true, what: "the last run, the data's as-of, the catalog's digest, and when each freshness response (index, status) last changed" },
  { path: DATA_FILES.endpointsRotation, kind: 'volatile', snapshot: false, what: "when each model's offers were last asked for" },
  { path: DATA_FILES.endpointStats, kind: 'volatile', snapshot: false, what: "OpenRouter's real-traffic figures of each model's endpoints, the sweep's rotation and pace" },
  { path: DATA_FILES.modelStates, kind: 'volatile', snapshot: false, what: "each model's state and the first run that judged it" },
  { path: DATA_FILES.pendingAdditions, kind: 'volatile', snapshot: false, what: 'new models held back by the growth guard' },
  { path: DATA_FILES.publish, kind: 'volatile', snapshot: false, what: 'the deploys the refresh made' },
  { path: DATA_FILES.marker, kind: 'volatile', snapshot: false, what: "the state store's format and where it was rebuilt from" },
];

/** A path the layout does not list: the store refuses to guess where it lives. */
export class UnknownDataFileError extends Error {
  override readonly name = 'UnknownDataFileError';
  constructor(readonly path: string) {
    super(`${JSON.stringify(path)} is not a data file the layout knows (see generator/store/layout.ts)`);
  }
}

/** The layout entry a relative path belongs to (a directory entry covers everything below it). */
export function layoutEntry(relative: string): LayoutEntry {
  const entry = DATA_LAYOUT.find((e) => (e.path.endsWith('/') ? relative === e.path || relative === e.path.slice(0, -1) || relative.startsWith(e.path) : relative === e.path));
  if (entry === undefined) throw new UnknownDataFileError(relative);
  return entry;
}

/** The entries the state store holds (everything but the curated files). */
export const STATE_ENTRIES: readonly LayoutEntry[] = DATA_LAYOUT.filter((e) => e.kind !== 'curated');
/** The entries a snapshot copies from the state store to main's data/. */
export const SNAPSHOT_ENTRIES: readonly LayoutEntry[] = DATA_LAYOUT.filter((e) => e.snapshot);
