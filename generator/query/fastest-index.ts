/**
 * The index `fastest` answers are computed from where no precomputed file holds them: by the
 * Cloudflare Worker and by the client, with the same code and the same bytes as the build's
 * /api/v1/fastest.json. Published as /api/v1/fastest-index.json on every host.
 *
 * The layout of the model index (query/model-index.ts: a small head, then the entries as bytes
 * that are never parsed as a whole): the rows are the candidates in throughput order (those with
 * a throughput, fastest first, then those with a latency only); the head holds, per row, the
 * columns the filters read, how many rows have a throughput, and the rows in latency order. An
 * answer scans its order until `limit` rows match and decodes only those entries. A new isolate
 * parses only the head (its size is the first request's CPU: `npm run bench`). No Node.js imports.
 */
import type { ModelListEntry } from '../types/api-types.js';
import { capabilityFlags, entryEnds, indexDocument, ModelIndexError, readIndexDocument } from './model-index.js';
import { capPrice, compareFastest, fastestQueryPath, isFastestCandidate, matchesFastest, type FastestFields, type FastestQuery } from './fastest.js';

/** Below /api/v1/. */
export const FASTEST_INDEX_FILE = 'fastest-index.json';
export const FASTEST_INDEX_FORMAT = 2;

export interface FastestColumns {
  intelligence_index: Array<number | null>;
  context_length: Array<number | null>;
  /** vision 1, reasoning 2, tools 4. */
  flags: number[];
  /** The blended price as `max_price` compares it (query/fastest.ts capPrice). */
  blended: number[];
  ends: number[];
}

export interface FastestHead {
  format: typeof FASTEST_INDEX_FORMAT;
  head_bytes: number;
  base_path: string;
  /** models.json's `meta.as_of`: what every host judges retirements at. */
  as_of: string | null;
  /** models.json's meta without `count`: the start of every answer's meta. */
  meta: Record<string, unknown>;
  columns: FastestColumns;
  /** Rows 0 to this (exclusive) have a throughput, in answer order. */
  throughput_rows: number;
  /** The rows with a latency, in answer order. */
  latency_order: number[];
}

export interface FastestIndex {
  head: FastestHead;
  entryText(row: number): string;
}

interface ModelsBody {
  data: ModelListEntry[];
  meta: Record<string, unknown> & { as_of?: string | null };
}

/** Pure: the index document, from models.json's published text and the site's base path. */
export function buildFastestIndex(modelsJson: string, basePath: string): string {
  const { data, meta } = JSON.parse(modelsJson) as ModelsBody;
  const { count: _count, ...template } = meta;
  const asOf = meta.as_of ?? null;
  const byThroughput = data.filter((m) => isFastestCandidate(m, 'throughput', asOf)).sort(compareFastest('throughput'));
  const latencyOnly = data.filter((m) => !isFastestCandidate(m, 'throughput', asOf) && isFastestCandidate(m, 'latency', asOf)).sort((a, b) => (a.id < b.id ? -1 : 1));
  const rows = [...byThroughput, ...latencyOnly];
  const texts = rows.map((entry) => JSON.stringify(entry));
  const columns: FastestColumns = {
    intelligence_index: rows.map((m) => m.benchmarks.intelligence_index),
    context_length: rows.map((m) => m.context_length),
    flags: rows.map((m) => capabilityFlags(m.capabilities)),
    blended: rows.map((m) => capPrice(m.price.blended as number)),
    ends: entryEnds(texts),
  };
  const compareLatency = compareFastest('latency');
  const latency_order = rows
    .map((m, row) => ({ m, row }))
    .filter(({ m }) => isFastestCandidate(m, 'latency', asOf))
    .sort((a, b) => compareLatency(a.m, b.m))
    .map(({ row }) => row);
  return indexDocument(FASTEST_INDEX_FORMAT, { base_path: basePath, as_of: asOf, meta: template, columns, throughput_rows: byThroughput.length, latency_order }, texts);
}

/** Reads the index from its bytes (the Worker) or its text (the client). */
export function readFastestIndex(document: Uint8Array | string): FastestIndex {
  const read = readIndexDocument(document, 'fastest index');
  const head = read.head as FastestHead;
  const columns = head.columns;
  const size = Array.isArray(columns?.ends) ? columns.ends.length : -1;
  const sameLength = size >= 0 && [columns.intelligence_index, columns.context_length, columns.flags, columns.blended].every((c) => Array.isArray(c) && c.length === size);
  const ordersOk = Number.isInteger(head.throughput_rows) && head.throughput_rows >= 0 && head.throughput_rows <= size && Array.isArray(head.latency_order) && head.latency_order.every((row) => Number.isInteger(row) && row >= 0 && row < size);
  if (head.format !== FASTEST_INDEX_FORMAT || !sameLength || !ordersOk) throw new ModelIndexError(`the fastest index has another format (${String(head.format)})`);
  if (!read.holds(columns.ends)) throw new ModelIndexError('the fastest index has a row outside its entries');
  return { head, entryText: (row) => read.entryText(columns.ends, row) };
}

/** The rows that answer `query`, in order: the first `limit` of its order that match. */
export function fastestRows(index: Pick<FastestIndex, 'head'>, query: FastestQuery): number[] {
  const { intelligence_index, context_length, flags, blended } = index.head.columns;
  const capabilities = { vision: false, reasoning: false, tools: false };
  const price = { input: null, output: null, blended: 0 as number | null };
  const view: Pick<FastestFields, 'benchmarks' | 'context_length' | 'capabilities' | 'price'> = { benchmarks: { intelligence_index: null }, context_length: null, capabilities, price };
  const rows: number[] = [];
  const order = query.sort === 'latency' ? index.head.latency_order : null;
  const count = order === null ? index.head.throughput_rows : order.length;
  for (let i = 0; i < count && rows.length < query.limit; i += 1) {
    const row = order === null ? i : order[i]!;
    const flag = flags[row]!;
    view.benchmarks.intelligence_index = intelligence_index[row]!;
    view.context_length = context_length[row]!;
    price.blended = blended[row]!;
    capabilities.vision = (flag & 1) !== 0;
    capabilities.reasoning = (flag & 2) !== 0;
    capabilities.tools = (flag & 4) !== 0;
    if (matchesFastest(view, query)) rows.push(row);
  }
  return rows;
}

/** The meta of an answer: the index's template, then the count, the query and its canonical form. */
export function fastestMeta(head: Pick<FastestHead, 'meta' | 'base_path'>, query: FastestQuery, count: number): Record<string, unknown> {
  const path = fastestQueryPath(query);
  return { ...head.meta, count, query, canonical_path: `${head.base_path}/api/v1/${path === 'fastest' ? 'fastest.json' : path}` };
}

/** The answer's bytes: what JSON.stringify({ data, meta }) of the build's file would give for the default. */
export function fastestAnswerText(index: FastestIndex, query: FastestQuery): string {
  const rows = fastestRows(index, query);
  return `{"data":[${rows.map(index.entryText).join(',')}],"meta":${JSON.stringify(fastestMeta(index.head, query, rows.length))}}`;
}
