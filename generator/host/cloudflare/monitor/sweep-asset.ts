/**
 * What a Cloudflare build gives the monitor's sweep: an internal asset (`_monitor/models.json`,
 * never answered to the public) listing the models OpenRouter publishes statistics for, the
 * refresh's own candidates (status/sweep-rotation.ts `sweepCandidates`): each one's id, OpenRouter's
 * id where it differs, its name and author (for the live model status list) and how many providers
 * OpenRouter lists for it (the rotation's usage signal).
 *
 * One JSON value a line, so that a run decodes only the rows it asks for, whatever the catalog's
 * size (a new isolate's first run paid JSON.parse of every row: about 8 ms at ten times today's
 * catalog; docs/operation.md, "The edge monitor's sweep"):
 * - the first line, the head: the format, the rows' count, the most used models (by providers,
 *   then id; made at build time so no run sorts the catalog) and a digest of the ids, which tells
 *   a run the list changed;
 * - then one row a line, `[id, upstream id or null when the same, name, author, providers]`,
 *   sorted by id (JavaScript's string order: the cursor's binary searches).
 * JSON.stringify escapes every line break inside a string, so a line is a row. The head also
 * gives where each row's line starts (from the end of the head's line: one JSON.parse of numbers,
 * no scan of the rows); the reader reads an id off the start of its line (a row starts `["<id>"`;
 * an id with an escape in it is read by JSON.parse of its row), keeps the ids it has read for the
 * isolate's next runs, and parses a row only when asked.
 */
import type { SortedIds, SweepCandidate } from '../../../status/sweep-rotation.js';
import { loadInternalAsset, type AssetsBinding } from './asset.js';

export const SWEEP_ASSET = '_monitor/models.json';
/** The head's `format`: a reader refuses any other. */
export const SWEEP_ASSET_FORMAT = 'modelpulse-sweep-models/2';
/** How many of the most used models the asset ranks (the sweep's hot list takes the first of them). */
export const RANKED_MOST_USED = 32;

export interface SweepModel extends SweepCandidate {
  name: string;
  author: string;
  providers: number;
}

/** The asset as a run uses it: ids and rows read one at a time, as asked. */
export interface SweepCatalog {
  /** Sorted by id (the cursor's binary searches). */
  ids: SortedIds;
  /** The model of row `at` (0 ≤ at < ids.length). */
  modelAt(at: number): SweepModel;
  /** The most used first (RANKED_MOST_USED at most). */
  mostUsed: string[];
  /** Changes whenever the list of ids does. */
  digest: string;
}

/** A models asset the reader cannot use: what is wrong, and where. */
export class SweepAssetError extends Error {
  constructor(why: string, options?: { cause?: unknown }) {
    super(`${SWEEP_ASSET} ${why}`, options);
    this.name = 'SweepAssetError';
  }
}

/** [id, upstream id or null when the same, name, author, providers]. */
type Row = [string, string | null, string, string, number];

interface Head {
  format: string;
  count: number;
  most_used: string[];
  digest: string;
  /** Where each row's line starts, counted from the end of the head's line, and then where the rows end: count + 1 numbers. */
  lines: number[];
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** FNV-1a (32 bits) of the ids, one a line: a change detector, not a secret. */
export function idsDigest(ids: Iterable<string>): string {
  let hash = 0x811c9dc5;
  let count = 0;
  for (const id of ids) {
    count += 1;
    for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 10, 0x01000193);
  }
  return `${count}-${(hash >>> 0).toString(16).padStart(8, '0')}`;
}

/** Build side: the asset's text (one id listed twice is an error: the rotation names a model by its id). */
export function sweepAssetText(models: readonly SweepModel[]): string {
  const sorted = [...models].sort(byId);
  for (let i = 1; i < sorted.length; i += 1) if (sorted[i]!.id === sorted[i - 1]!.id) throw new SweepAssetError(`cannot list model ${JSON.stringify(sorted[i]!.id)} twice`);
  const mostUsed = [...sorted].sort((a, b) => b.providers - a.providers || byId(a, b)).slice(0, RANKED_MOST_USED).map((m) => m.id);
  const rows = sorted.map((m) => `${JSON.stringify([m.id, m.upstream_id === m.id ? null : m.upstream_id, m.name, m.author, m.providers] satisfies Row)}\n`);
  const lines = [0];
  for (const row of rows) lines.push(lines[lines.length - 1]! + row.length);
  const head: Head = { format: SWEEP_ASSET_FORMAT, count: sorted.length, most_used: mostUsed, digest: idsDigest(sorted.map((m) => m.id)), lines };
  return `${JSON.stringify(head)}\n${rows.join('')}`;
}

function readHead(line: string): Head {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (cause) {
    throw new SweepAssetError('is not the sweep\'s asset: its first line is not JSON', { cause });
  }
  const head = parsed as Partial<Head> | null;
  if (head === null || typeof head !== 'object' || head.format !== SWEEP_ASSET_FORMAT) throw new SweepAssetError(`is not the sweep's asset of format ${SWEEP_ASSET_FORMAT}`);
  if (typeof head.count !== 'number' || !Number.isInteger(head.count) || head.count < 0) throw new SweepAssetError('has no count of rows in its head');
  if (!Array.isArray(head.most_used) || !head.most_used.every((id) => typeof id === 'string')) throw new SweepAssetError('has no list of the most used models in its head');
  if (typeof head.digest !== 'string') throw new SweepAssetError('has no digest in its head');
  if (!Array.isArray(head.lines) || head.lines.length !== head.count + 1 || head.lines[0] !== 0) throw new SweepAssetError(`has no start for each of its ${head.count} rows in its head`);
  return head as Head;
}

const isRow = (row: unknown): row is Row =>
  Array.isArray(row) && row.length === 5 && typeof row[0] === 'string' && (row[1] === null || typeof row[1] === 'string') && typeof row[2] === 'string' && typeof row[3] === 'string' && typeof row[4] === 'number';

const BRACKET = 0x5b;
const QUOTE = 0x22;
const LINE_BREAK = 0x0a;

/** Worker side: the asset's text; no row parsed until asked (a row's line is checked when it is read). */
export function readSweepAsset(text: string): SweepCatalog {
  const headEnd = text.indexOf('\n');
  if (headEnd < 0) throw new SweepAssetError('is not the sweep\'s asset: it has no line break');
  const head = readHead(text.slice(0, headEnd));
  const body = headEnd + 1;
  const { count, lines } = head;
  if (body + lines[count]! !== text.length) throw new SweepAssetError(`does not end where its head says its ${count} rows end`);
  // Row i's line: from lines[i] to the line break just before lines[i + 1] (both from `body`).
  const lineOf = (i: number): [number, number] => {
    const start = body + lines[i]!;
    const end = body + lines[i + 1]! - 1;
    if (!(start < end) || text.charCodeAt(end) !== LINE_BREAK || text.charCodeAt(start - 1) !== LINE_BREAK) throw new SweepAssetError(`row ${i + 1} is not on the line its head says`);
    return [start, end];
  };
  const rowAt = (i: number): Row => {
    if (!Number.isInteger(i) || i < 0 || i >= count) throw new RangeError(`no row ${i} in ${SWEEP_ASSET} (${count} rows)`);
    const [start, end] = lineOf(i);
    let row: unknown;
    try {
      row = JSON.parse(text.slice(start, end));
    } catch (cause) {
      throw new SweepAssetError(`line ${i + 2} is not JSON`, { cause });
    }
    if (!isRow(row)) throw new SweepAssetError(`line ${i + 2} is not a model row ([id, upstream id or null, name, author, providers])`);
    return row;
  };
  // The ids read so far (a binary search's probes, the cursor's steps), for the isolate's next runs.
  const known: Array<string | undefined> = new Array<string | undefined>(count);
  // An id read off its line's start where it holds no escape: no parse for a probe.
  const idAt = (i: number): string | undefined => {
    if (!Number.isInteger(i) || i < 0 || i >= count) return undefined;
    const seen = known[i];
    if (seen !== undefined) return seen;
    const [start, end] = lineOf(i);
    const close = text.indexOf('"', start + 2);
    let id = text.charCodeAt(start) === BRACKET && text.charCodeAt(start + 1) === QUOTE && close >= 0 && close < end ? text.slice(start + 2, close) : '\\';
    if (id.includes('\\')) id = rowAt(i)[0];
    known[i] = id;
    return id;
  };
  // The models read so far, kept likewise: a model in trouble is looked up every run.
  const models: Array<SweepModel | undefined> = new Array<SweepModel | undefined>(count);
  return {
    ids: { length: count, at: idAt },
    modelAt(i) {
      const kept = Number.isInteger(i) ? models[i] : undefined;
      if (kept !== undefined) return { ...kept };
      const [id, upstream, name, author, providers] = rowAt(i);
      const model: SweepModel = { id, upstream_id: upstream ?? id, name, author, providers };
      models[i] = model;
      return { ...model };
    },
    mostUsed: head.most_used,
    digest: head.digest,
  };
}

/** A site built before the sweep: no models. */
const EMPTY: SweepCatalog = readSweepAsset(sweepAssetText([]));

/** The asset, read once per isolate (a missing one is no models: a site built before the sweep); `fresh`: this call read it. */
export async function loadSweepAsset(assets: AssetsBinding, basePath: string): Promise<{ catalog: SweepCatalog; fresh: boolean }> {
  const { value, fresh } = await loadInternalAsset(assets, basePath, SWEEP_ASSET, readSweepAsset, { value: EMPTY });
  return { catalog: value, fresh };
}
