/**
 * models.dev's repository history (every version of every model file of some provider folders,
 * each with its commit and date: ../shared/upstream/modelsdev/history-*.json, SOURCES.md) as the
 * `api.json` catalog models.dev served at a given time (pure), so that a replay reads each time
 * through the update's own models.dev read, as it reads genai-prices' monthly copies.
 *
 * - At a time, each file stands as its last version committed by then; a deleted file is gone.
 * - A version that is not TOML is skipped: models.dev's build would have failed on it, and its
 *   site kept serving the version before (counted in `unreadable`).
 * - `readTimes` chooses when to read: once per ISO week in which a file's `[cost]` changed or a file
 *   came or went, at that week's last such commit (a day's commits would be 184 reads for 13
 *   months; a week is within the slack the witness rule allows, docs/data.md, "Witnesses").
 */
import { compileValidator, createAjv } from '../../validation/ajv.js';
import { apiModelOf, ModelTomlError, readModelToml, type TomlRecord } from './toml.js';

export interface HistoryVersion {
  commit: string;
  /** The commit date, with its offset (`2025-06-05T16:31:32-04:00`). */
  date: string;
  toml?: string;
  deleted?: boolean;
}

export interface ModelsDevHistory {
  repository: string;
  head: string;
  head_date: string;
  providers: string[];
  files: Array<{ path: string; versions: HistoryVersion[] }>;
}

const historySchema = {
  type: 'object',
  required: ['repository', 'head', 'head_date', 'providers', 'files'],
  properties: {
    repository: { type: 'string' },
    head: { type: 'string' },
    head_date: { type: 'string' },
    providers: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9][a-z0-9._-]*$' } },
    files: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'versions'],
        properties: {
          path: { type: 'string', pattern: '^providers/[a-z0-9][a-z0-9._-]*/(provider|models/.+)\\.toml$' },
          versions: {
            type: 'array',
            items: {
              type: 'object',
              required: ['commit', 'date'],
              properties: { commit: { type: 'string' }, date: { type: 'string', format: 'date-time' }, toml: { type: 'string' }, deleted: { type: 'boolean' } },
            },
          },
        },
      },
    },
  },
} as const;

const isHistory = compileValidator<ModelsDevHistory>(createAjv(), historySchema);

/** The history file, checked; a plain Error naming what is wrong otherwise. */
export function parseModelsDevHistory(json: unknown): ModelsDevHistory {
  if (!isHistory(json)) throw new Error(`not a models.dev history file: ${isHistory.errors(3)}`);
  return json;
}

/** `2025-06-05T16:31:32-04:00` → `2025-06-05T20:31:32Z`. */
export const utcSecond = (date: string): string => new Date(Date.parse(date)).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `providers/openai/models/gpt-4o.toml` → `openai`, `gpt-4o` (a model id may hold `/`); null for a provider's own `provider.toml`. */
function fileRef(path: string): { provider: string; model: string } | null {
  const [, provider, folder, ...rest] = path.split('/');
  return folder === 'models' ? { provider: provider!, model: rest.join('/').replace(/\.toml$/, '') } : null;
}

/** A version's cost as models.dev's catalog gives it (undefined: not TOML, so it changes nothing). */
function costOf(version: HistoryVersion): string | null | undefined {
  if (version.deleted === true) return null;
  try {
    return JSON.stringify(apiModelOf('', readModelToml(version.toml ?? ''), () => undefined).cost ?? 'none');
  } catch (error) {
    if (error instanceof ModelTomlError) return undefined;
    throw error;
  }
}

/** When to read the history: one time per ISO week in which a price, a file's arrival or its deletion was committed (its last such commit), ascending. */
export function readTimes(history: ModelsDevHistory, from: string | null = null, until: string | null = null): string[] {
  const moments: string[] = [];
  for (const file of history.files) {
    if (fileRef(file.path) === null) continue;
    let before: string | null | undefined;
    for (const version of file.versions) {
      const cost = costOf(version);
      if (cost === undefined) continue;
      // Arrivals and deletions count; an `[extends]` file's price follows its parent's, whose own versions count.
      if (cost !== before) moments.push(utcSecond(version.date));
      before = cost;
    }
  }
  const byWeek = new Map<string, string>();
  for (const moment of moments) {
    if ((from !== null && moment <= from) || (until !== null && moment > until)) continue;
    const week = isoWeek(moment);
    const latest = byWeek.get(week);
    if (latest === undefined || moment > latest) byWeek.set(week, moment);
  }
  return [...byWeek.values()].sort();
}

/** `2025-W23` for a UTC time (ISO 8601 weeks: Monday first, a week belongs to the year of its Thursday). */
function isoWeek(time: string): string {
  const thursday = new Date(`${time.slice(0, 10)}T00:00:00Z`);
  thursday.setUTCDate(thursday.getUTCDate() - ((thursday.getUTCDay() + 6) % 7) + 3);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface CatalogAt {
  /** `api.json`'s shape: provider id → `{ id, name, models }`. */
  catalog: Record<string, { id: string; name: string; models: Record<string, TomlRecord> }>;
  /** Versions at or before the time that are not TOML, skipped for the one before. */
  unreadable: number;
}

/** The catalog models.dev served at `time` (UTC ISO), from the history's files. */
export function catalogAt(history: ModelsDevHistory, time: string): CatalogAt {
  const records = new Map<string, TomlRecord>();
  let unreadable = 0;
  for (const file of history.files) {
    const ref = fileRef(file.path);
    if (ref === null) continue;
    const { provider, model } = ref;
    let current: TomlRecord | undefined;
    for (const version of file.versions) {
      if (utcSecond(version.date) > time) break;
      if (version.deleted === true) {
        current = undefined;
        continue;
      }
      try {
        current = readModelToml(version.toml ?? '');
      } catch (error) {
        if (!(error instanceof ModelTomlError)) throw error;
        unreadable += 1;
      }
    }
    if (current !== undefined) records.set(`${provider}/${model}`, current);
  }
  const catalog: CatalogAt['catalog'] = {};
  const resolved = new Map<string, TomlRecord | null>();
  const entryOf = (ref: string, seen: Set<string>): TomlRecord | undefined => {
    if (resolved.has(ref)) return resolved.get(ref) ?? undefined;
    const record = records.get(ref);
    // A file that extends itself round a loop stands on its own fields.
    if (record === undefined || seen.has(ref)) return undefined;
    const entry = apiModelOf(ref.slice(ref.indexOf('/') + 1), record, (parent) => entryOf(parent, new Set([...seen, ref])));
    resolved.set(ref, entry);
    return entry;
  };
  for (const ref of [...records.keys()].sort()) {
    const provider = ref.slice(0, ref.indexOf('/'));
    const entry = entryOf(ref, new Set());
    if (entry === undefined) continue;
    catalog[provider] ??= { id: provider, name: provider, models: {} };
    catalog[provider].models[String(entry.id)] = entry;
  }
  return { catalog, unreadable };
}
