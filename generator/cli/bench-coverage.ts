/**
 * The serving part of `npm run bench` that counts: how much of the realistic query mix
 * (testing/query-mix.ts) Netlify's rules answer exactly. A query counts when Netlify's own engine
 * (host/netlify-engine.ts) rewrites it to a file the build wrote, and that file's `data` and
 * `meta.query` are what the shared `cheapest` module computes for the query from models.json.
 * The engine takes about 0.1 s a match (WASM, scanning in order the rules that could match the
 * `cheapest` path: netlify-engine.ts), so each distinct query is matched once and weighted by how
 * often the mix asks it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadNetlifyEngine, type RuleMatch } from '../host/netlify-engine.js';
import { cheapestRanker, type CheapestQuery } from '../query/cheapest.js';
import { parseCheapestQuery } from '../query/params.js';
import type { ModelEntry } from '../types/api-types.js';

export type Query = ReadonlyArray<readonly [string, string]>;

export interface EngineAnswers {
  ruleCount: number;
  /** The engine's rule for each distinct query string. */
  rules: Map<string, RuleMatch | null>;
  medianMatchMs: number;
}

const searchOf = (query: Query) => new URLSearchParams(query as Array<[string, string]>).toString();

/** Netlify's engine, loaded from the publish directory, on each distinct query of `mix` (or those of `only`). */
export async function engineAnswers(publishDir: string, mix: readonly Query[], only?: ReadonlySet<string>): Promise<EngineAnswers> {
  const engine = await loadNetlifyEngine(publishDir, join(process.cwd(), 'netlify.toml'));
  const rules = new Map<string, RuleMatch | null>();
  const times: number[] = [];
  for (const query of mix) {
    const search = searchOf(query);
    if (rules.has(search) || (only !== undefined && !only.has(search))) continue;
    const started = performance.now();
    rules.set(search, engine.match('/api/v1/cheapest', search));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ruleCount: engine.ruleCount, rules, medianMatchMs: times[Math.floor(times.length / 2)] ?? 0 };
}

export interface Coverage {
  queries: number;
  distinct: number;
  /** Answered from a file whose data and meta.query equal the shared computation. */
  exact: number;
  /** Answered 200 with something else: a silently wrong answer (there must be none). */
  wrong: string[];
}

/** How much of `mix` the engine's `answers` serve exactly from the files in `publishDir`. */
export function exactCoverage(publishDir: string, mix: readonly Query[], answers: EngineAnswers): Coverage {
  const index = JSON.parse(readFileSync(join(publishDir, 'api/v1/models.json'), 'utf8')) as { data: ModelEntry[]; meta: { as_of: string | null } };
  const rank = cheapestRanker(index.data, index.meta.as_of);
  const verdicts = new Map<string, 'exact' | 'miss' | 'wrong'>();
  const wrong: string[] = [];
  let exact = 0;
  for (const query of mix) {
    const search = searchOf(query);
    let verdict = verdicts.get(search);
    if (verdict === undefined) {
      verdict = judge(publishDir, query, answers.rules.get(search) ?? null, rank);
      verdicts.set(search, verdict);
      if (verdict === 'wrong') wrong.push(search);
    }
    if (verdict === 'exact') exact += 1;
  }
  return { queries: mix.length, distinct: verdicts.size, exact, wrong };
}

function judge(publishDir: string, query: Query, rule: RuleMatch | null, rank: (query: CheapestQuery) => ModelEntry[]): 'exact' | 'miss' | 'wrong' {
  if (rule === null || rule.status !== 200) return 'miss';
  const file = join(publishDir, new URL(rule.to, 'http://x').pathname);
  // A rewrite to a file that does not exist: Netlify serves /404.html (the JSON error).
  if (!existsSync(file)) return 'miss';
  const parsed = parseCheapestQuery(query);
  if (!parsed.ok) return 'wrong';
  const served = JSON.parse(readFileSync(file, 'utf8')) as { data: ModelEntry[]; meta: { query: CheapestQuery } };
  const same = JSON.stringify(served.meta.query) === JSON.stringify(parsed.query) && JSON.stringify(served.data) === JSON.stringify(rank(parsed.query));
  return same ? 'exact' : 'wrong';
}

/**
 * The `_redirects` rules up to the last `cheapest` rule: every `cheapest` request matches one of
 * them (the last has no conditions), so two sites with the same prefix get the same answers from
 * the engine whatever follows (the rules of each model).
 */
export function cheapestRulePrefix(publishDir: string): string {
  const lines = readFileSync(join(publishDir, '_redirects'), 'utf8').split('\n');
  const last = lines.findIndex((line) => line.startsWith('/api/v1/cheapest/* '));
  if (last === -1) throw new Error(`${publishDir}/_redirects has no rule for /api/v1/cheapest/*`);
  return lines.slice(0, last + 1).join('\n');
}

export function formatCoverage(label: string, coverage: Coverage): string {
  const share = coverage.exact / coverage.queries;
  const error = Math.sqrt((share * (1 - share)) / coverage.queries);
  const wrong = coverage.wrong.length === 0 ? 'no wrong answer' : `${coverage.wrong.length} WRONG ANSWERS, e.g. ${coverage.wrong.slice(0, 3).join(', ')}`;
  return `  ${label}: realistic mix answered exactly by Netlify's rules: ${(share * 100).toFixed(1)}% ± ${(error * 100).toFixed(1)} of ${coverage.queries} queries (${coverage.distinct} distinct); ${wrong}`;
}
