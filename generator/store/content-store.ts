/**
 * data/state/content.json: the fingerprint and change time of every published response (see
 * publish/content-times.ts), one line per file so the file diffs and packs well in git:
 *   "api/v1/models.json": "<content> <updated_at>"                         material = content
 *   "api/v1/status.json": "<content> <updated_at> <material> <material_at>"
 * The file is state, not curation: when it is missing or unreadable the build still works (every
 * response then carries the last run's time) and the next `update` starts it afresh.
 */
import { EMPTY_CONTENT_STATE, type ContentEntry, type ContentState } from '../publish/content-times.js';
import { compileValidator, createAjv } from '../validation/ajv.js';
import { nullableIsoTime } from '../validation/common-schemas.js';
import { DataFileError, readJsonFile, writeFileAtomic } from './files.js';
import { DATA_FILES } from './layout.js';
import { stableStringify } from './stable-json.js';
import { asStore, type StoreRef } from './store.js';

export const CONTENT_STATE_FILE = DATA_FILES.content;

const TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z';
const HASH = '[0-9a-f]*';
const ENTRY = `^${HASH} ${TIME}( ${HASH} ${TIME})?$`;

interface StoredContentState {
  last_run_at: string | null;
  files: Record<string, string>;
}

const isStored = compileValidator<StoredContentState>(createAjv(), {
  type: 'object',
  required: ['last_run_at', 'files'],
  additionalProperties: false,
  properties: {
    last_run_at: nullableIsoTime,
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

/** The stored state; a missing file is the empty state, a broken one a DataFileError (callers decide). */
export async function loadContentState(ref: StoreRef): Promise<ContentState> {
  const path = asStore(ref).path(CONTENT_STATE_FILE);
  const stored = await readJsonFile(path, EMPTY_CONTENT_STATE);
  if (stored === EMPTY_CONTENT_STATE) return EMPTY_CONTENT_STATE;
  if (!isStored(stored)) throw new DataFileError(path, `is invalid: ${isStored.errors()}`);
  return { last_run_at: stored.last_run_at, files: Object.fromEntries(Object.entries(stored.files).map(([p, line]) => [p, decode(line)])) };
}

export async function saveContentState(ref: StoreRef, state: ContentState): Promise<void> {
  const files = Object.fromEntries(Object.entries(state.files).map(([p, entry]) => [p, encode(entry)]));
  await writeFileAtomic(asStore(ref).path(CONTENT_STATE_FILE), stableStringify({ last_run_at: state.last_run_at, files }));
}
