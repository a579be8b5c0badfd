/**
 * Netlify's own routing, loaded from the published files: rules parsed by
 * `@netlify/redirect-parser` and matched by `netlify-redirector` (the engine Netlify's CLI used),
 * headers parsed by `@netlify/headers-parser`. Used by `npm run serve` and by the routing tests,
 * so what we test is what Netlify reads, not a re-implementation of its matching. The engine is
 * asked with the rules that could match a request's path and query (rule-candidates.ts), not all
 * 2,616 of them: it still decides, in 0.3 ms rather than 17 for a plain path, and in 2 to 10 ms
 * rather than 90 to 150 for a typical `cheapest` query (up to about 70 ms the first time a rare
 * set of parameter names is asked).
 */
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import redirector, { type Matcher } from 'netlify-redirector';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { candidateLists, candidatesFor, namesIn, ruleCandidates, withParamsIn } from './rule-candidates.js';

/**
 * netlify-redirector's own module, which its index.js wraps: once the public `parseJSON` has
 * resolved, the WebAssembly runs and its RedirectParser parses at once (index.js only adds the
 * wait for that start), so an engine for a query's own rules can be made while answering.
 */
const engineModule = createRequire(import.meta.url)('netlify-redirector/lib/redirects.js') as { RedirectParser: new (options: Record<string, unknown>) => { parseJSON(rules: string): Matcher } };

export interface RuleMatch {
  from: string;
  to: string;
  status: number;
  force: boolean;
}

export interface NetlifyEngine {
  /** The first matching rule for a request path (decoded) and raw query string, or null. */
  match(path: string, query: string): RuleMatch | null;
  /** The custom headers for a request path (later rules win, as in Netlify's CLI). */
  headersFor(path: string): Record<string, string>;
  ruleCount: number;
}

interface ParsedRedirect {
  from: string;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
  [key: string]: unknown;
}

interface ParsedHeader {
  forRegExp: RegExp;
  values: Record<string, string>;
}

/** Thrown when Netlify's parsers reject our generated files: a deploy would misbehave too. */
export class HostConfigError extends Error {
  override readonly name = 'HostConfigError';
}

/**
 * Answers kept per engine. A long `npm run serve` asked random URLs stays bounded: at most this
 * many, each keyed by its path and query (a request line is at most 16 KiB), then forgotten at once.
 */
const MAX_REMEMBERED_ANSWERS = 10_000;

/** Engines kept for lists narrowed to a query's parameter names (each holds its rules in WebAssembly memory until deleted). */
const MAX_NARROWED_ENGINES = 256;

/** A rule in the shape netlify-redirector reads (the backend's: `from` is `origin`, `query` is `params`). */
interface EngineRule {
  origin: string;
  params: Record<string, string | number | null | undefined>;
  conditions: Record<string, unknown>;
  [key: string]: unknown;
}

/** What netlify-redirector answers for a request path (decoded) and raw query. */
function askEngine(engine: Matcher, path: string, query: string): RuleMatch | null {
  const result = engine.match({ scheme: 'http', host: '127.0.0.1', path, query, headers: {}, cookieValues: {}, getHeader: () => '', getCookie: () => '' }) as {
    from?: string;
    to?: string;
    status?: number;
    force?: boolean;
  } | null;
  return !result || typeof result.to !== 'string' ? null : { from: result.from ?? '', to: result.to, status: result.status ?? 301, force: result.force === true };
}

/**
 * `match` for `rules`, asked in netlify-redirector. `indexed` (the default) gives the engine, for
 * each path, only the rules that could match it (rule-candidates.ts), and remembers its answers:
 * the same request always gets the same answer here (no headers, cookies or geography). False asks
 * it with every rule, every time, as Netlify's CLI did (what the test compares with).
 */
async function ruleMatcher(rules: readonly EngineRule[], indexed: boolean): Promise<NetlifyEngine['match']> {
  const parse = (list: readonly EngineRule[]) => redirector.parseJSON(JSON.stringify(list), {});
  if (!indexed) {
    const whole = await parse(rules);
    return (path, query) => askEngine(whole, path, query);
  }
  type Candidate = { from: string; rule: EngineRule };
  const candidates = ruleCandidates<Candidate>(rules.map((rule) => ({ from: rule.origin, rule })));
  const lists = candidateLists(candidates);
  const engines = new Map<readonly Candidate[], Matcher>();
  for (const list of lists) engines.set(list, await parse(list.map((entry) => entry.rule)));
  // A list's rules ask for query parameters by these names; narrowed to the names a query could
  // hold, the list is parsed again (once per list and names, kept within a bound).
  // A name written without `=` has no value: JSON leaves it out, so the engine never asks for it.
  const paramNames = (entry: Candidate) => Object.keys(entry.rule.params).filter((name) => entry.rule.params[name] !== undefined);
  const namesOf = new Map(lists.map((list, index) => [list, { index, names: [...new Set(list.flatMap(paramNames))] }]));
  const parser = new engineModule.RedirectParser({});
  const narrowed = new Map<string, Matcher>();
  const engineFor = (path: string, query: string): Matcher => {
    const list = candidatesFor(candidates, path);
    const { index, names } = namesOf.get(list)!;
    const present = namesIn(query, names);
    if (present.size === names.length) return engines.get(list)!;
    const key = JSON.stringify([index, ...[...present].sort()]);
    let engine = narrowed.get(key);
    if (engine === undefined) {
      if (narrowed.size >= MAX_NARROWED_ENGINES) {
        for (const old of narrowed.values()) old.delete();
        narrowed.clear();
      }
      engine = parser.parseJSON(JSON.stringify(withParamsIn(list, present, paramNames).map((entry) => entry.rule)));
      narrowed.set(key, engine);
    }
    return engine;
  };
  // Keyed by both parts, unambiguously: a decoded path may hold a `?` (sent as %3F).
  const answers = new Map<string, RuleMatch | null>();
  return (path, query) => {
    const asked = JSON.stringify([path, query]);
    let answer = answers.get(asked);
    if (answer === undefined) {
      answer = askEngine(engineFor(path, query), path, query);
      if (answers.size >= MAX_REMEMBERED_ANSWERS) answers.clear();
      answers.set(asked, answer);
    }
    return answer === null ? null : { ...answer };
  };
}

export async function loadNetlifyEngine(publishDir: string, netlifyConfigPath: string, options: { indexed?: boolean } = {}): Promise<NetlifyEngine> {
  const parsedRedirects = (await parseAllRedirects({
    redirectsFiles: [join(publishDir, '_redirects')],
    netlifyConfigPath,
    configRedirects: [],
    minimal: false,
  })) as unknown as { redirects: ParsedRedirect[]; errors: Error[] };
  if (parsedRedirects.errors.length > 0) throw new HostConfigError(`_redirects: ${parsedRedirects.errors.map((e) => e.message).join('; ')}`);
  const rules: EngineRule[] = parsedRedirects.redirects.map(({ from, query, conditions, ...rest }) => ({ ...rest, origin: from, params: query, conditions }));
  const match = await ruleMatcher(rules, options.indexed ?? true);

  const parsedHeaders = (await parseAllHeaders({ headersFiles: [join(publishDir, '_headers')], netlifyConfigPath, configHeaders: [], minimal: false })) as unknown as {
    headers: ParsedHeader[];
    errors: Error[];
  };
  if (parsedHeaders.errors.length > 0) throw new HostConfigError(`headers: ${parsedHeaders.errors.map((e) => e.message).join('; ')}`);

  return {
    ruleCount: rules.length,
    match,
    headersFor(path) {
      return Object.assign({}, ...parsedHeaders.headers.filter((h) => h.forRegExp.test(path)).map((h) => h.values)) as Record<string, string>;
    },
  };
}
