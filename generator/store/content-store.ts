/**
 * The fingerprint and change time of every published response (see publish/content-times.ts), one
 * line per file so the files diff and pack well in git:
 *   "api/v1/models.json": "<content> <updated_at>"                         material = content
 *   "api/v1/status.json": "<content> <updated_at> <material> <material_at>"
 * in two files by how often they change: state/content-freshness.json holds the run's time, the
 * catalog digest (below) and the responses that change with every run by nature (index.json's
 * freshness, the status files); state/content.json the rest (17,000 lines that change only with
 * the catalog), so a quiet run rewrites a few kilobytes, not two megabytes. The files are state,
 * not curation: when they are missing or unreadable the build still works (every response then
 * carries the last run's time) and the next `update` starts them afresh.
 *
 * state/content.json never goes to main (a material change to one cheap model rewrites thousands
 * of its lines, through the `cheapest` grid): main's snapshot carries only the freshness file, whose
 * catalog digest says whether the catalog changed materially since (store/snapshot.ts).
 */
import { createHash } from 'node:crypto';
import { EMPTY_CONTENT_STATE, isFreshnessResponse, type ContentEntry, type ContentState } from '../publish/content-times.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { nullableIsoTime } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { stableStringify } from '../text/stable-json.js';
import { asStore, type StoreRef } from './store.js';

export const CONTENT_STATE_FILE = DATA_FILES.content;
export const CONTENT_FRESHNESS_FILE = DATA_FILES.contentFreshness;

const TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z';
const HASH = '[0-9a-f]*';
const ENTRY = `^${HASH} ${TIME}( ${HASH} ${TIME})?$`;

interface StoredContentState {
  /** In the freshness file (and in content.json as older versions wrote it). */
  last_run_at?: string | null;
  /** In the freshness file: the data's as-of time (publish/content-times.ts); older versions wrote none. */
  as_of?: string | null;
  /** In the freshness file: catalogDigest of the state saved with it. */
  catalog?: string;
  files: Record<string, string>;
}

const isStored = compileValidator<StoredContentState>(createAjv(), {
  type: 'object',
  required: ['files'],
  additionalProperties: false,
  properties: {
    last_run_at: nullableIsoTime,
    as_of: nullableIsoTime,
    catalog: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    files: { type: 'object', additionalProperties: { type: 'string', pattern: ENTRY } },
  },
});

function encode(entry: ContentEntry): string {
  const head = `${entry.content} ${entry.updated_at}`;
  return entry.material === entry.content && entry.material_at === entry.updated_at ? head : `${head} ${entry.material} ${entry.material_at}`;
}

function decode(line: string): ContentEntry {
  const [content, updatedAt, material, materialAt] = line.split(' ') as [string, string, string?, string?];
  return { content, updated_at: updatedAt, material: material ?? content, material_at: materialAt ?? updatedAt };
}

async function loadPart(path: string): Promise<StoredContentState | null> {
  const stored = await readJsonFile(path, null);
  if (stored === null) return null;
  if (!isStored(stored)) throw new DataFileError(path, `is invalid: ${isStored.errors()}`);
  return stored;
}

/** The stored state; missing files are the empty state, a broken one a DataFileError (callers decide). */
export async function loadContentState(ref: StoreRef): Promise<ContentState> {
  const store = asStore(ref);
  const catalog = await loadPart(store.path(CONTENT_STATE_FILE));
  const freshness = await loadPart(store.path(CONTENT_FRESHNESS_FILE));
  if (catalog === null && freshness === null) return EMPTY_CONTENT_STATE;
  const lines = { ...catalog?.files, ...freshness?.files };
  const lastRunAt = freshness?.last_run_at ?? catalog?.last_run_at ?? null;
  return { last_run_at: lastRunAt, as_of: freshness?.as_of ?? null, files: Object.fromEntries(Object.entries(lines).map(([p, line]) => [p, decode(line)])) };
}

/**
 * Pure: one hash of what the catalog responses say materially (every path outside the freshness
 * set with its material fingerprint): it changes exactly when some catalog response changes
 * materially, or appears or goes.
 */
export function catalogDigest(state: ContentState): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(state.files).sort()) if (!isFreshnessResponse(path)) hash.update(`${path} ${state.files[path]!.material}\n`);
  return hash.digest('hex');
}

/** The catalog digest recorded with the content times (main's: as of its snapshot); null when none is. */
export async function loadCatalogDigest(ref: StoreRef): Promise<string | null> {
  return (await loadPart(asStore(ref).path(CONTENT_FRESHNESS_FILE)))?.catalog ?? null;
}

export async function saveContentState(ref: StoreRef, state: ContentState): Promise<void> {
  const store = asStore(ref);
  const catalog: Record<string, string> = {};
  const freshness: Record<string, string> = {};
  for (const [path, entry] of Object.entries(state.files)) (isFreshnessResponse(path) ? freshness : catalog)[path] = encode(entry);
  await writeFileAtomic(store.path(CONTENT_STATE_FILE), stableStringify({ files: catalog }));
  await writeFileAtomic(store.path(CONTENT_FRESHNESS_FILE), stableStringify({ last_run_at: state.last_run_at, as_of: state.as_of, catalog: catalogDigest(state), files: freshness }));
}
