/**
 * Cuts genai-prices' real-log test set (`tests/dataset/usages.json`: API responses recorded by
 * pydantic-ai's tests, with the usage genai-prices extracts and the price it computes) down to
 * what the names bench reads (generator/cli/usage-corpus.ts), reproducibly:
 *
 *   git -C <genai-prices clone> show <commit>:tests/dataset/usages.json > usages.json
 *   git -C <genai-prices clone> show <commit>:prices/data.json > data.json
 *   npx tsx generator/tools/cut-genai-usages.ts --usages usages.json --data data.json \
 *     --commit <commit> --date <YYYY-MM-DD> --out generator/testing/genai-prices-usages/usages.json
 *
 * For each response that names a model and that genai-prices prices: the provider that answered it
 * (the one the test's cassette path names, `test_groq`, where genai-prices prices it there), else
 * the provider genai-prices itself would price it at (the first, in its file's order, whose
 * `model_match` takes the name, as it finds a provider from a model name), else the one maker's
 * API among those that price it; the usage it extracts for that provider and
 * the price it computes; of the usage, the counts the bench prices (USAGE_KEPT: the others are
 * parts of those, priced as genai-prices' 2026 price list prices them, at the text rates).
 * Identical rows are kept once, with how many responses they stand for.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { matches } from '../sources/genaiprices/match.js';
import type { Clause } from '../sources/genaiprices/schema.js';
import { makerOf } from '../sources/genaiprices/translate.js';
import { parseCli, runMain, UsageError } from '../cli/args.js';

interface Extractor {
  provider_id: string;
  api_flavor: string;
  input_price?: string;
  output_price?: string;
}
interface Entry {
  body: { file?: string; model?: string };
  model?: string;
  extracted: Array<{ extractors: Extractor[]; usage: Record<string, number> }>;
}

/** The test modules of pydantic-ai whose provider the path names, as genai-prices ids. */
const PATH_PROVIDERS: Readonly<Record<string, string>> = {
  test_openai: 'openai',
  test_openai_responses: 'openai',
  test_openai_prompt_cache: 'openai',
  test_anthropic: 'anthropic',
  test_google: 'google',
  test_gemini: 'google',
  test_groq: 'groq',
  test_mistral: 'mistral',
  test_deepseek: 'deepseek',
  test_cerebras: 'cerebras',
  test_openrouter: 'openrouter',
  test_bedrock: 'aws',
  test_zai: 'zhipuai',
  test_cohere: 'cohere',
  test_xai: 'x-ai',
};

/** The usage fields the bench prices (query/cost-usage.ts reads them): the others are parts of these. */
export const USAGE_KEPT = ['input_tokens', 'cache_read_tokens', 'cache_write_tokens', 'output_tokens', 'input_audio_tokens', 'cache_audio_read_tokens', 'output_image_tokens', 'output_audio_tokens'];

/** A clause with its literals lower-cased (genai-prices matches lower-cased names; regexes as written). */
function lower(c: Clause): Clause {
  if ('or' in c) return { or: c.or.map(lower) };
  if ('and' in c) return { and: c.and.map(lower) };
  if ('regex' in c) return c;
  const [key, value] = Object.entries(c)[0]!;
  return { [key]: (value as string).toLowerCase() } as Clause;
}

export type CorpusRow = [provider: string, model: string, usage: Record<string, number>, inputPrice: string, outputPrice: string, responses: number];

/** The rows of the cut, sorted, identical ones counted. */
export function cutUsages(entries: readonly Entry[], providers: ReadonlyArray<{ id: string; model_match?: Clause }>): CorpusRow[] {
  const order = providers.map((p) => p.id);
  const rows = new Map<string, CorpusRow>();
  for (const entry of entries) {
    const model = entry.model ?? entry.body.model;
    if (typeof model !== 'string') continue;
    const priced = entry.extracted.flatMap((group) => group.extractors.filter((x) => x.input_price !== undefined || x.output_price !== undefined).map((x) => ({ ...x, usage: group.usage })));
    const ids = [...new Set(priced.map((x) => x.provider_id))];
    if (ids.length === 0) continue;
    const byMatch = providers.find((p) => ids.includes(p.id) && p.model_match !== undefined && matches(lower(p.model_match), model.toLowerCase()))?.id;
    const module = /(test_[a-z_]+?)(?:\/|\.yaml|$)/.exec(entry.body.file ?? '')?.[1];
    const byPath = module === undefined ? undefined : PATH_PROVIDERS[module];
    const makers = ids.filter((id) => makerOf(id) !== null);
    const provider = (byPath !== undefined && ids.includes(byPath) ? byPath : undefined) ?? byMatch ?? (ids.length === 1 ? ids[0] : makers.length === 1 ? makers[0] : undefined);
    if (provider === undefined) continue;
    const chosen = priced.filter((x) => x.provider_id === provider).sort((a, b) => order.indexOf(a.provider_id) - order.indexOf(b.provider_id))[0]!;
    const usage = Object.fromEntries(Object.entries(chosen.usage).filter(([k, v]) => USAGE_KEPT.includes(k) && typeof v === 'number' && v !== 0).sort(([a], [b]) => (a < b ? -1 : 1)));
    const row: CorpusRow = [provider, model, usage, chosen.input_price ?? '0', chosen.output_price ?? '0', 1];
    const key = JSON.stringify(row.slice(0, 5));
    const seen = rows.get(key);
    if (seen === undefined) rows.set(key, row);
    else seen[5] += 1;
  }
  return [...rows.values()].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), { usages: { type: 'string' }, data: { type: 'string' }, commit: { type: 'string' }, date: { type: 'string' }, out: { type: 'string' } });
  if (args.usages === undefined || args.data === undefined || args.commit === undefined || args.date === undefined || args.out === undefined) throw new UsageError('give --usages, --data, --commit, --date and --out');
  const entries = JSON.parse(await readFile(args.usages, 'utf8')) as Entry[];
  const providers = JSON.parse(await readFile(args.data, 'utf8')) as Array<{ id: string; model_match?: Clause }>;
  const rows = cutUsages(entries, providers);
  const corpus = {
    source: 'https://github.com/pydantic/genai-prices',
    path: 'tests/dataset/usages.json',
    commit: args.commit,
    commit_date: args.date,
    licence: 'MIT, Copyright (c) Pydantic Services Inc.: LICENSE beside this file',
    cut: 'generator/tools/cut-genai-usages.ts',
    fields: ['provider (genai-prices id)', 'model', 'usage (genai-prices units)', 'input_price (USD)', 'output_price (USD)', 'responses'],
    rows,
  };
  await writeFile(args.out, `${JSON.stringify(corpus, null, 0).replace(/\],\[/g, '],\n[')}\n`);
  console.log(`${rows.length} rows (${rows.reduce((n, r) => n + r[5], 0)} responses, ${new Set(rows.map((r) => `${r[0]} ${r[1]}`)).size} names) of ${entries.length} entries`);
  return 0;
}

if (process.argv[1]?.endsWith('cut-genai-usages.ts')) runMain(main);
