/**
 * The model index that `cheapest` answers are computed from where no precomputed file holds them:
 * by the Cloudflare Worker at the edge and by the client in the browser, with the same code and
 * the same bytes. Published as /api/v1/cheapest-index.json on every host.
 *
 * It is one JSON document, built so that the Worker can read it cheaply (10 ms of CPU per request
 * on Cloudflare's Free plan): every key but the last is a small head (one row per candidate model
 * with just what the query reads), and the last, `entries`, holds each candidate's full entry as
 * published. A row names its entry's characters in that array, so the Worker parses the head
 * alone and copies the entries it answers with as text, never parsing them.
 * No Node.js imports: the Worker and the client bundle this file.
 */
import type { ModelEntry } from '../types/api-types.js';
import { cheapest, cheapestPath, compareCheapest, isCheapestCandidate, type CheapestFields, type CheapestQuery } from './cheapest.js';

/** Below /api/v1/. */
export const INDEX_FILE = 'cheapest-index.json';
export const INDEX_FORMAT = 2;

/** id, input, output, blended, intelligence_index, context_length, flags (vision 1, reasoning 2, tools 4), retirement_date, start, end. */
export type IndexRow = [string, number, number, number, number | null, number | null, number, string | null, number, number];

export interface IndexHead {
  format: typeof INDEX_FORMAT;
  /** The site's path below its origin (`/repo` on a GitHub Pages project site, else empty). */
  base_path: string;
  /** models.json's `meta.as_of`: the time every host judges retirements at, so all answer alike. */
  as_of: string | null;
  /** Every author with a file (models/<author>.json): what `models?author=` may name. */
  authors: string[];
  /** models.json's meta without `count`: the start of every answer's meta. */
  meta: Record<string, unknown>;
  rows: IndexRow[];
}

/** Where the head ends in the document: the last key, whose value is the entries. */
const ENTRIES_KEY = ',"entries":[';

interface ModelsBody {
  data: ModelEntry[];
  meta: Record<string, unknown> & { as_of?: string | null };
}

/** Pure: the index document, from models.json's published text, the authors and the base path. */
export function buildModelIndex(modelsJson: string, authors: readonly string[], basePath: string): string {
  const { data, meta } = JSON.parse(modelsJson) as ModelsBody;
  const { count: _count, ...template } = meta;
  const asOf = meta.as_of ?? null;
  const rows: IndexRow[] = [];
  const texts: string[] = [];
  let offset = 0;
  // In answer order already, so the shared sort has nothing left to do at the edge.
  for (const entry of data.filter((m) => isCheapestCandidate(m, asOf)).sort(compareCheapest)) {
    const text = JSON.stringify(entry);
    const { vision, reasoning, tools } = entry.capabilities;
    const { input, output, blended } = entry.price;
    rows.push([entry.id, input!, output!, blended!, entry.benchmarks.intelligence_index, entry.context_length, (vision ? 1 : 0) | (reasoning ? 2 : 0) | (tools ? 4 : 0), entry.retirement_date, offset, offset + text.length]);
    texts.push(text);
    offset += text.length + 1;
  }
  const head: IndexHead = { format: INDEX_FORMAT, base_path: basePath, as_of: asOf, authors: [...authors], meta: template, rows };
  const headText = JSON.stringify(head);
  // The head's own text never holds the marker: its strings escape every quote.
  if (headText.includes(ENTRIES_KEY)) throw new Error('model index: the head holds the entries marker');
  return `${headText.slice(0, -1)}${ENTRIES_KEY}${texts.join(',')}]}`;
}

/** The index could not be read: missing, cut short or of another format. */
export class ModelIndexError extends Error {
  override readonly name = 'ModelIndexError';
}

/** The head of an index document and a way to read one entry's text, without parsing the entries. */
export interface ModelIndex {
  head: IndexHead;
  candidates: Array<CheapestFields & { row: number }>;
  entryText(row: number): string;
}

function candidate(row: IndexRow, index: number): CheapestFields & { row: number } {
  const [id, input, output, blended, intel, context, flags, retirement] = row;
  return {
    id,
    price: { input, output, blended },
    benchmarks: { intelligence_index: intel },
    context_length: context,
    capabilities: { vision: (flags & 1) !== 0, reasoning: (flags & 2) !== 0, tools: (flags & 4) !== 0 },
    retirement_date: retirement,
    row: index,
  };
}

export function readModelIndex(text: string): ModelIndex {
  const at = text.indexOf(ENTRIES_KEY);
  if (at === -1 || !text.endsWith(']}')) throw new ModelIndexError('the model index is cut short or not an index');
  let head: IndexHead;
  try {
    head = JSON.parse(`${text.slice(0, at)}}`) as IndexHead;
  } catch (cause) {
    throw new ModelIndexError('the model index head is not JSON', { cause });
  }
  if (head.format !== INDEX_FORMAT || !Array.isArray(head.rows) || !Array.isArray(head.authors)) throw new ModelIndexError(`the model index has another format (${String(head.format)})`);
  const start = at + ENTRIES_KEY.length;
  const end = text.length - 2;
  for (const row of head.rows) {
    if (!Array.isArray(row) || row.length !== 10 || start + row[9] > end) throw new ModelIndexError('the model index has a row outside its entries');
  }
  return { head, candidates: head.rows.map(candidate), entryText: (row) => text.slice(start + head.rows[row]![8], start + head.rows[row]![9]) };
}

/** The meta of an answer: the index's template, then what a precomputed file adds, in its order. */
export function answerMeta(head: IndexHead, query: CheapestQuery, count: number): Record<string, unknown> {
  return { ...head.meta, count, query, canonical_path: `${head.base_path}/api/v1/${cheapestPath(query)}.json` };
}

/** The rows that answer `query`, in order. */
export function answerRows(index: Pick<ModelIndex, 'head' | 'candidates'>, query: CheapestQuery): number[] {
  return cheapest(index.candidates, query, index.head.as_of).map((c) => c.row);
}

/** The answer's bytes: what JSON.stringify({ data, meta }) of a precomputed file would give. */
export function answerText(index: ModelIndex, query: CheapestQuery): string {
  const rows = answerRows(index, query);
  return `{"data":[${rows.map(index.entryText).join(',')}],"meta":${JSON.stringify(answerMeta(index.head, query, rows.length))}}`;
}
