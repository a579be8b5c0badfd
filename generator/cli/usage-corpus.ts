/**
 * The names bench's real-log corpus (generator/testing/genai-prices-usages/: genai-prices' own
 * test set of recorded API responses, cut by generator/tools/cut-genai-usages.ts): each response's
 * model name priced as a user of the API would price it (`resolveModel`, then `estimateCost` with
 * the usage genai-prices extracted), and the total compared with genai-prices' (pure, but for
 * reading the file). A name genai-prices prices is judged by it, the one source whose records give
 * it here; docs/api.md ("How right it is") judges each difference.
 */
import { readFile } from 'node:fs/promises';
import { estimateCost, type CostModel, type TokenUsage } from '../query/cost.js';
import { resolveModel, ResolveError, type ResolveData } from '../query/resolve.js';
import { providerId } from '../sources/providers.js';

export const CORPUS_FILE = 'generator/testing/genai-prices-usages/usages.json';

/** provider (genai-prices id), model, usage (genai-prices units), input price, output price (USD), responses. */
export type CorpusRow = [string, string, Record<string, number>, string, string, number];

export interface Corpus {
  commit: string;
  commit_date: string;
  rows: CorpusRow[];
}

export function readCorpus(json: unknown): Corpus {
  const c = json as Partial<Corpus> | null;
  if (c === null || typeof c !== 'object' || typeof c.commit !== 'string' || !Array.isArray(c.rows) || c.rows.some((r) => !Array.isArray(r) || r.length !== 6)) throw new Error('not a cut of genai-prices\' usages.json (generator/tools/cut-genai-usages.ts)');
  return c as Corpus;
}

export const loadCorpus = async (path = CORPUS_FILE): Promise<Corpus> => readCorpus(JSON.parse(await readFile(path, 'utf8')));

/** genai-prices' usage in our fields: its other counts are parts of these, which the cut left out. */
export function corpusUsage(usage: Readonly<Record<string, number>>): TokenUsage {
  const out: TokenUsage = { input_tokens: usage.input_tokens ?? 0, output_tokens: usage.output_tokens ?? 0 };
  for (const field of ['cache_read_tokens', 'cache_write_tokens', 'input_audio_tokens', 'cache_audio_read_tokens', 'output_image_tokens', 'output_audio_tokens'] as const) if (usage[field] !== undefined) out[field] = usage[field];
  return out;
}

export type CorpusVerdict =
  | { kind: 'same'; model: string; offer: string }
  | { kind: 'differs'; model: string; offer: string; ours: number; theirs: number }
  | { kind: 'unpriced'; model: string; offer: string; missing: string[] }
  | { kind: 'unresolved'; code: string };

/** Same to the micro-dollar (our totals are rounded there; genai-prices' are not). */
const same = (a: number, b: number) => Math.abs(a - b) <= 1.5e-6 || Math.abs(a - b) <= 1e-6 * Math.max(a, b);

/** genai-prices' `google` prices Gemini at Google AI Studio and other makers' models (Claude) at Vertex AI, as its translation reads it. */
function resolveAt(provider: string, name: string, day: string | null, data: ResolveData) {
  try {
    return resolveModel({ provider: providerId(provider), model: name, at: day }, data);
  } catch (error) {
    if (provider !== 'google' || !(error instanceof ResolveError) || error.code !== 'unknown_model') throw error;
    try {
      return resolveModel({ provider: 'google-vertex', model: name, at: day }, data);
    } catch {
      throw error;
    }
  }
}

/** One row priced by its name on `day` (the day genai-prices priced it: its commit's). */
export function priceRow(row: CorpusRow, data: ResolveData, day: string | null = null): CorpusVerdict {
  const [provider, name, usage, input, output] = row;
  try {
    const r = resolveAt(provider, name, day, data);
    const detail = data.detail(r.model) as CostModel;
    const estimate = estimateCost(detail, corpusUsage(usage), { provider: r.provider, model: r.offer.api_name, at: r.at });
    const offer = `${r.offer.source} ${r.offer.source_key}`;
    if (estimate.total_usd === null) return { kind: 'unpriced', model: r.model, offer, missing: estimate.missing };
    const theirs = Number(input) + Number(output);
    return same(estimate.total_usd, theirs) ? { kind: 'same', model: r.model, offer } : { kind: 'differs', model: r.model, offer, ours: estimate.total_usd, theirs };
  } catch (error) {
    if (error instanceof ResolveError) return { kind: 'unresolved', code: error.code };
    throw error;
  }
}

export interface NameResult {
  provider: string;
  name: string;
  responses: number;
  /** Responses by verdict kind. */
  kinds: Partial<Record<CorpusVerdict['kind'], number>>;
  /** The verdict of its first row that is not `same` (else its first). */
  example: CorpusVerdict;
}

export interface CorpusFigures {
  commit: string;
  responses: number;
  /** Responses by verdict. */
  kinds: Record<CorpusVerdict['kind'], number>;
  names: NameResult[];
}

/** Every row priced, by response and by name (provider and name as the log has them). */
export function corpusFigures(corpus: Corpus, data: ResolveData): CorpusFigures {
  const kinds: CorpusFigures['kinds'] = { same: 0, differs: 0, unpriced: 0, unresolved: 0 };
  const names = new Map<string, NameResult>();
  // genai-prices priced the rows on its commit's day; a day after our data's is priced as of our data.
  const day = data.asOf !== null && corpus.commit_date > data.asOf.slice(0, 10) ? null : corpus.commit_date;
  for (const row of corpus.rows) {
    const verdict = priceRow(row, data, day);
    const count = row[5];
    kinds[verdict.kind] += count;
    const key = `${row[0]}\u0000${row[1]}`;
    const name = names.get(key) ?? { provider: row[0], name: row[1], responses: 0, kinds: {}, example: verdict };
    name.responses += count;
    name.kinds[verdict.kind] = (name.kinds[verdict.kind] ?? 0) + count;
    if (name.example.kind === 'same' && verdict.kind !== 'same') name.example = verdict;
    names.set(key, name);
  }
  return { commit: corpus.commit, responses: corpus.rows.reduce((n, r) => n + r[5], 0), kinds, names: [...names.values()].sort((a, b) => (a.provider !== b.provider ? (a.provider < b.provider ? -1 : 1) : a.name < b.name ? -1 : 1)) };
}

/** The bench's lines: the totals, then every name that is not priced as genai-prices prices it. */
export function corpusLines(f: CorpusFigures): string[] {
  const k = f.kinds;
  const agree = f.names.filter((n) => n.example.kind === 'same').length;
  const lines = [
    `  real logs (genai-prices' usages.json @ ${f.commit.slice(0, 8)}: ${f.responses} responses, ${f.names.length} names): ${k.same} responses priced as genai-prices prices them, ${k.differs} otherwise, ${k.unpriced} without a known price, ${k.unresolved} not resolved; by name: ${agree} of ${f.names.length} agree`,
  ];
  for (const n of f.names) {
    const e = n.example;
    if (e.kind === 'same') continue;
    const what =
      e.kind === 'differs'
        ? `${e.model} at ${e.offer}: $${e.ours} against genai-prices' $${Number(e.theirs.toPrecision(6))} (${(e.ours / e.theirs).toFixed(2)}×)`
        : e.kind === 'unpriced'
          ? `${e.model} at ${e.offer}: ${e.missing.join(', ')} unknown`
          : e.code;
    lines.push(`  real logs: ${n.provider} ${n.name} (${n.responses} responses; ${Object.entries(n.kinds).map(([kind, count]) => `${count} ${kind}`).join(', ')}): ${what}`);
  }
  return lines;
}
