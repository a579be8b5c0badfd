/**
 * The model index that `cheapest` answers are computed from where no precomputed file holds them:
 * by the Cloudflare Worker at the edge and by the client in the browser, with the same code and
 * the same bytes. Published as /api/v1/cheapest-index.json on every host.
 *
 * It is one JSON document, built so that a new Worker isolate reads it within Cloudflare's Free
 * plan (10 ms of CPU per request) even at ten times today's catalog:
 * - every key but the last is a small head: the candidates in answer order (the shared sort,
 *   done at build) as columns of just what the filters read, and where each entry's bytes end;
 * - the last, `entries`, holds each candidate's full entry as published.
 * The reader decodes the head's bytes alone (the document's first key says where the head ends),
 * scans the columns until `limit` candidates match, and decodes only those entries' bytes: no
 * object per model, no sort, and the entries never parsed nor decoded as a whole.
 * No Node.js imports: the Worker and the client bundle this file.
 */
import type { ModelEntry } from '../types/api-types.js';
import { cheapestPath, compareCheapest, isCheapestCandidate, matchesQuery, type CheapestFields, type CheapestQuery } from './cheapest.js';

/** Below /api/v1/. */
export const INDEX_FILE = 'cheapest-index.json';
export const INDEX_FORMAT = 3;

/** The candidates in answer order, one value per candidate in each column. */
export interface IndexColumns {
  intelligence_index: Array<number | null>;
  context_length: Array<number | null>;
  /** vision 1, reasoning 2, tools 4. */
  flags: number[];
  /** Where each entry's UTF-8 bytes end, counted from the first entry's first byte (entries are joined by a comma). */
  ends: number[];
}

export interface IndexHead {
  format: typeof INDEX_FORMAT;
  /** The bytes of the document up to the entries marker (below): where the head ends. */
  head_bytes: number;
  /** The site's path below its origin (`/repo` on a GitHub Pages project site, else empty). */
  base_path: string;
  /** models.json's `meta.as_of`: the time every host judged retirements at, so all answer alike. */
  as_of: string | null;
  /** Every author with a file (models/<author>.json): what `models?author=` may name. */
  authors: string[];
  /** models.json's meta without `count`: the start of every answer's meta. */
  meta: Record<string, unknown>;
  columns: IndexColumns;
}

/** Where the head ends in the document: the last key, whose value is the entries. */
const ENTRIES_KEY = ',"entries":[';
/** The head's length is written in this many characters (padded with JSON's own spaces), so it is known before the head is. */
const LENGTH_WIDTH = 10;
const PREFIX = `{"format":${INDEX_FORMAT},"head_bytes":`;

/** vision 1, reasoning 2, tools 4. */
export function capabilityFlags(c: Pick<CheapestFields['capabilities'], 'vision' | 'reasoning' | 'tools'>): number {
  return (c.vision ? 1 : 0) | (c.reasoning ? 2 : 0) | (c.tools ? 4 : 0);
}

interface ModelsBody {
  data: Array<ModelEntry & { status?: unknown }>;
  meta: Record<string, unknown> & { as_of?: string | null };
}

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Pure: the index document, from models.json's published text, the authors and the base path. */
export function buildModelIndex(modelsJson: string, authors: readonly string[], basePath: string): string {
  const { data, meta } = JSON.parse(modelsJson) as ModelsBody;
  const { count: _count, ...template } = meta;
  const asOf = meta.as_of ?? null;
  const columns: IndexColumns = { intelligence_index: [], context_length: [], flags: [], ends: [] };
  const texts: string[] = [];
  // In answer order, so that an answer is the first `limit` rows that match: nothing is sorted at the edge.
  // The lists' compact `status` is not part of a `cheapest` answer (render/site.ts).
  for (const { status: _status, ...entry } of data.filter((m) => isCheapestCandidate(m, asOf)).sort(compareCheapest)) {
    columns.intelligence_index.push(entry.benchmarks.intelligence_index);
    columns.context_length.push(entry.context_length);
    columns.flags.push(capabilityFlags(entry.capabilities));
    texts.push(JSON.stringify(entry));
  }
  columns.ends = entryEnds(texts);
  return indexDocument(INDEX_FORMAT, { base_path: basePath, as_of: asOf, authors: [...authors], meta: template, columns }, texts);
}

/**
 * A document of this layout (shared with the fastest index, query/fastest-index.ts): the format,
 * where the head ends, the head's other keys, then `entries`, the texts joined by commas.
 */
export function indexDocument(format: number, rest: Record<string, unknown>, texts: readonly string[]): string {
  const prefix = `{"format":${format},"head_bytes":`;
  const body = JSON.stringify(rest).slice(1, -1);
  // The head's own text never holds the marker: its strings escape every quote.
  if (body.includes(ENTRIES_KEY)) throw new Error('index: the head holds the entries marker');
  const headBytes = prefix.length + LENGTH_WIDTH + 1 + utf8Length(body);
  return `${prefix}${String(headBytes).padEnd(LENGTH_WIDTH)},${body}${ENTRIES_KEY}${texts.join(',')}]}`;
}

/** Where each entry's bytes end, counted from the first entry's first byte (entries joined by a comma). */
export function entryEnds(texts: readonly string[]): number[] {
  const ends: number[] = [];
  let offset = 0;
  for (const text of texts) {
    offset += utf8Length(text);
    ends.push(offset);
    offset += 1;
  }
  return ends;
}

/** The index could not be read: missing, cut short or of another format. */
export class ModelIndexError extends Error {
  override readonly name = 'ModelIndexError';
}

/** The head of an index document and a way to read one entry's text, without reading the others. */
export interface ModelIndex {
  head: IndexHead;
  /** How many candidates the index holds. */
  size: number;
  entryText(row: number): string;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const MARKER = encoder.encode(ENTRIES_KEY);

const sameLength = (columns: IndexColumns) =>
  [columns.intelligence_index, columns.context_length, columns.flags].every((column) => Array.isArray(column) && column.length === columns.ends.length);

/** A document of the layout above, its head parsed, its entries left as bytes. */
export interface IndexDocument {
  head: unknown;
  /** Reads the text of entry `row` from the entries' `ends`. */
  entryText(ends: readonly number[], row: number): string;
  /** Whether `ends` stays inside the entries. */
  holds(ends: readonly number[]): boolean;
}

/** Reads a document of the layout above (any format) from its bytes or its text; ModelIndexError when it is not one. */
export function readIndexDocument(document: Uint8Array | string, what: string): IndexDocument {
  const bytes = typeof document === 'string' ? encoder.encode(document) : document;
  const at = Number(/^\{"format":\d+,"head_bytes":(\d+) *,/.exec(decoder.decode(bytes.subarray(0, PREFIX.length + LENGTH_WIDTH + 1)))?.[1] ?? NaN);
  const start = at + MARKER.length;
  const end = bytes.length - 2;
  if (!(start <= end) || !MARKER.every((byte, i) => bytes[at + i] === byte) || bytes[end] !== 0x5d || bytes[end + 1] !== 0x7d) {
    throw new ModelIndexError(`the ${what} is cut short or not an index`);
  }
  let head: unknown;
  try {
    head = JSON.parse(`${decoder.decode(bytes.subarray(0, at))}}`) as unknown;
  } catch (cause) {
    throw new ModelIndexError(`the ${what} head is not JSON`, { cause });
  }
  return {
    head,
    entryText: (ends, row) => decoder.decode(bytes.subarray(start + (row === 0 ? 0 : ends[row - 1]! + 1), start + ends[row]!)),
    holds: (ends) => ends.length === 0 || start + ends[ends.length - 1]! <= end,
  };
}

/** Reads the index from its bytes (the Worker) or its text (the client, which has it as text). */
export function readModelIndex(document: Uint8Array | string): ModelIndex {
  const read = readIndexDocument(document, 'model index');
  const head = read.head as IndexHead;
  const columns = head.columns;
  if (head.format !== INDEX_FORMAT || !Array.isArray(head.authors) || typeof columns !== 'object' || columns === null || !Array.isArray(columns.ends) || !sameLength(columns)) {
    throw new ModelIndexError(`the model index has another format (${String(head.format)})`);
  }
  const size = columns.ends.length;
  if (!read.holds(columns.ends)) throw new ModelIndexError('the model index has a row outside its entries');
  return { head, size, entryText: (row) => read.entryText(columns.ends, row) };
}

/** The meta of an answer: the index's template, then what a precomputed file adds, in its order. */
export function answerMeta(head: IndexHead, query: CheapestQuery, count: number): Record<string, unknown> {
  return { ...head.meta, count, query, canonical_path: `${head.base_path}/api/v1/${cheapestPath(query)}.json` };
}

/**
 * The rows that answer `query`, in order: the first `limit` that match, as `cheapest` over the
 * entries would give (the rows are its candidates in its order, which is total: ids differ).
 */
export function answerRows(index: Pick<ModelIndex, 'head' | 'size'>, query: CheapestQuery): number[] {
  const { intelligence_index, context_length, flags } = index.head.columns;
  // One view, refilled per row: the shared matcher reads it as it reads an entry.
  const capabilities = { vision: false, reasoning: false, tools: false };
  const view: Pick<CheapestFields, 'benchmarks' | 'context_length' | 'capabilities'> = { benchmarks: { intelligence_index: null }, context_length: null, capabilities };
  const rows: number[] = [];
  for (let row = 0; row < index.size && rows.length < query.limit; row += 1) {
    const flag = flags[row]!;
    view.benchmarks.intelligence_index = intelligence_index[row]!;
    view.context_length = context_length[row]!;
    capabilities.vision = (flag & 1) !== 0;
    capabilities.reasoning = (flag & 2) !== 0;
    capabilities.tools = (flag & 4) !== 0;
    if (matchesQuery(view, query)) rows.push(row);
  }
  return rows;
}

/** The answer's bytes: what JSON.stringify({ data, meta }) of a precomputed file would give. */
export function answerText(index: ModelIndex, query: CheapestQuery): string {
  const rows = answerRows(index, query);
  return `{"data":[${rows.map(index.entryText).join(',')}],"meta":${JSON.stringify(answerMeta(index.head, query, rows.length))}}`;
}
