/**
 * The index `fastest` answers are computed from where no precomputed file holds them: by the
 * Cloudflare Worker and by the client, with the same code and the same bytes as the build's
 * /api/v1/fastest.json. Published as /api/v1/fastest-index.json on every host.
 *
 * The layout of the model index (query/model-index.ts: a small head, then the entries as bytes
 * that are never parsed as a whole): the head holds, per candidate, the columns the filters and
 * the orders read, and each order's rows in answer order; an answer scans its order until
 * `limit` rows match and decodes only those entries. No Node.js imports.
 */
import type { ModelListEntry } from '../types/api-types.js';
import { capabilityFlags, entryEnds, indexDocument, ModelIndexError, readIndexDocument } from './model-index.js';
import { compareFastest, fastestQueryPath, isFastestCandidate, matchesFastest, FASTEST_SORTS, type FastestFields, type FastestQuery, type FastestSort } from './fastest.js';

/** Below /api/v1/. */
export const FASTEST_INDEX_FILE = 'fastest-index.json';
export const FASTEST_INDEX_FORMAT = 1;

export interface FastestColumns {
  intelligence_index: Array<number | null>;
  context_length: Array<number | null>;
  /** vision 1, reasoning 2, tools 4. */
  flags: number[];
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
  /** Each order's candidate rows, fastest first. */
  orders: Record<FastestSort, number[]>;
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
  const rows = data.filter((m) => FASTEST_SORTS.some((sort) => isFastestCandidate(m, sort, asOf))).sort((a, b) => (a.id < b.id ? -1 : 1));
  const texts = rows.map((entry) => JSON.stringify(entry));
  const columns: FastestColumns = {
    intelligence_index: rows.map((m) => m.benchmarks.intelligence_index),
    context_length: rows.map((m) => m.context_length),
    flags: rows.map((m) => capabilityFlags(m.capabilities)),
    blended: rows.map((m) => m.price.blended as number),
    ends: entryEnds(texts),
  };
  const orderOf = (sort: FastestSort) => {
    const compare = compareFastest(sort);
    return rows
      .map((m, row) => ({ m, row }))
      .filter(({ m }) => isFastestCandidate(m, sort, asOf))
      .sort((a, b) => compare(a.m, b.m))
      .map(({ row }) => row);
  };
  const orders = Object.fromEntries(FASTEST_SORTS.map((sort) => [sort, orderOf(sort)])) as Record<FastestSort, number[]>;
  return indexDocument(FASTEST_INDEX_FORMAT, { base_path: basePath, as_of: asOf, meta: template, columns, orders }, texts);
}

/** Reads the index from its bytes (the Worker) or its text (the client). */
export function readFastestIndex(document: Uint8Array | string): FastestIndex {
  const read = readIndexDocument(document, 'fastest index');
  const head = read.head as FastestHead;
  const columns = head.columns;
  const size = Array.isArray(columns?.ends) ? columns.ends.length : -1;
  const sameLength = size >= 0 && [columns.intelligence_index, columns.context_length, columns.flags, columns.blended].every((c) => Array.isArray(c) && c.length === size);
  const ordersOk = typeof head.orders === 'object' && head.orders !== null && FASTEST_SORTS.every((s) => Array.isArray(head.orders[s]) && head.orders[s].every((row) => Number.isInteger(row) && row >= 0 && row < size));
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
  for (const row of index.head.orders[query.sort]) {
    if (rows.length === query.limit) break;
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
