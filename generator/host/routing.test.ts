import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cheapest, cheapestPath } from '../query/cheapest.js';
import { parseCheapestQuery, queryPairs } from '../query/params.js';
import { CHEAPEST_PARAMS } from '../query/cheapest.js';
import { gridValues, isPrecomputed, MAX_POINTS, variantPoints } from '../query/variants.js';
import { mulberry32 } from '../testing/random.js';
import { buildCommittedSite } from '../testing/built-site.js';
import { requestPath } from './serve.js';
import { loadNetlifyEngine, type NetlifyEngine } from './netlify-engine.js';
import { redirectRules } from './redirects.js';
import { routingInputFrom, shadowingRules } from './routing.js';
import { cheapestEntries, type ModelsList } from '../testing/cheapest-entries.js';

let engine: NetlifyEngine;
let publishDir: string;

beforeAll(async () => {
  const site = await buildCommittedSite();
  publishDir = site.publishDir;
  engine = await loadNetlifyEngine(publishDir, site.netlifyConfigPath);
}, 0); // no time limit: the full committed site (built once per run) takes what the machine takes

/** What Netlify serves for a URL: the rule's target (or the file itself), and the status. */
function resolve(url: string): { status: number; file: string | null } {
  const { path, search } = requestPath(url);
  const own = path.endsWith('/') ? null : join(publishDir, path);
  // Directories are not files (no index.html under api/): Netlify applies the rules to them.
  const fileExists = own !== null && existsSync(own) && statSync(own).isFile();
  const rule = engine.match(path, search.slice(1));
  if (rule !== null && (rule.force || !fileExists)) {
    const target = new URL(rule.to, 'https://modelpulse.test').pathname;
    // A rewrite to a missing file: Netlify serves the site's /404.html (rewrites do not chain).
    return existsSync(join(publishDir, target)) ? { status: rule.status, file: target } : { status: 404, file: '/404.html' };
  }
  return fileExists ? { status: 200, file: path } : { status: 404, file: null };
}

function body(file: string): { data?: unknown; meta?: Record<string, unknown>; error?: { code: string; status: number } } {
  return JSON.parse(readFileSync(join(publishDir, file), 'utf8'));
}

describe('generated _redirects, matched by Netlify\'s engine', () => {
  it.each([
    ['/api/v1', 200, '/api/v1/index.json'],
    ['/api/v1/', 200, '/api/v1/index.json'],
    ['/api', 200, '/api/v1/index.json'],
    ['/api/v1/models', 200, '/api/v1/models.json'],
    ['/api/v1/models/', 200, '/api/v1/models.json'],
    ['/api/v1/models.json', 200, '/api/v1/models.json'],
    ['/api/v1/models?author=openai', 200, '/api/v1/models/openai.json'],
    ['/api/v1/models/openai', 200, '/api/v1/models/openai.json'],
    ['/api/v1/models/openai/', 200, '/api/v1/models/openai.json'],
    ['/api/v1/models/openai/gpt-4o', 200, '/api/v1/models/openai/gpt-4o.json'],
    ['/api/v1/models/openai/gpt-4o/', 200, '/api/v1/models/openai/gpt-4o.json'],
    ['/api/v1/models/openai/gpt-4o.json', 200, '/api/v1/models/openai/gpt-4o.json'],
    ['/api/v1/models/moonshotai/kimi-k3?extra=1', 200, '/api/v1/models/moonshotai/kimi-k3.json'],
    ['/api/v1/cheapest', 200, '/api/v1/cheapest.json'],
    ['/api/v1/cheapest/', 200, '/api/v1/cheapest.json'],
    ['/api/v1/cheapest?limit=10', 200, '/api/v1/cheapest.json'],
    ['/api/v1/cheapest?min_intel=40&vision=1&limit=5', 200, '/api/v1/cheapest/min_intel/40/vision/limit/5.json'],
    ['/api/v1/cheapest?limit=5&vision=1&min_intel=40', 200, '/api/v1/cheapest/min_intel/40/vision/limit/5.json'],
    ['/api/v1/cheapest?min_context=131072&tools=1', 200, '/api/v1/cheapest/min_context/131072/tools.json'],
    ['/api/v1/cheapest?min_context=128000&reasoning=1&tools=1', 200, '/api/v1/cheapest/min_context/128000/reasoning/tools.json'],
    ['/api/v1/cheapest?min_context=128000&tools=1&limit=100', 200, '/api/v1/cheapest/min_context/128000/tools/limit/100.json'],
    ['/api/v1/cheapest/min_intel/40/vision/limit/5.json', 200, '/api/v1/cheapest/min_intel/40/vision/limit/5.json'],
    // Any combination and order of the six parameters, flags spelled 1/true (required) or 0/false (not).
    ['/api/v1/cheapest?vision=true', 200, '/api/v1/cheapest/vision.json'],
    ['/api/v1/cheapest?vision=0&limit=5', 200, '/api/v1/cheapest/limit/5.json'],
    ['/api/v1/cheapest?tools=false&vision=true&reasoning=1', 200, '/api/v1/cheapest/vision/reasoning.json'],
    ['/api/v1/cheapest?min_intel=40&min_context=128000&vision=1&limit=5', 200, '/api/v1/cheapest/min_intel/40/min_context/128000/vision/limit/5.json'],
    ['/api/v1/cheapest?tools=true&reasoning=true&vision=true&min_context=1000000&min_intel=45', 200, '/api/v1/cheapest/min_intel/45/min_context/1000000/vision/reasoning/tools.json'],
    // Values people type now and then have files in the simpler combinations.
    ['/api/v1/cheapest?min_intel=90&limit=3', 200, '/api/v1/cheapest/min_intel/90/limit/3.json'],
    ['/api/v1/cheapest?min_context=524288&vision=1', 200, '/api/v1/cheapest/min_context/524288/vision.json'],
    ['/api/v1/cheapest?min_context=1048576&limit=10&vision=false', 200, '/api/v1/cheapest/min_context/1048576.json'],
    ['/api/v1/cheapest?min_intel=45&utm_source=x', 200, '/api/v1/cheapest/min_intel/45.json'],
    // Query strings are read on the query routes only: a file is a file.
    ['/api/v1/cheapest.json?min_intel=40', 200, '/api/v1/cheapest.json'],
    ['/api/v1/models.json?author=openai', 200, '/api/v1/models.json'],
    ['/api/v1/price-changes?limit=5', 200, '/api/v1/price-changes.json'],
    ['/api/v1/cheapest/min_intel/45.json', 200, '/api/v1/cheapest/min_intel/45.json'],
    ['/api/v1/price-changes', 200, '/api/v1/price-changes.json'],
    ['/api/v1/deprecations', 200, '/api/v1/deprecations.json'],
    ['/api/v1/schemas/model.json', 200, '/api/v1/schemas/model.json'],
    ['/api/v1/client.js', 200, '/api/v1/client.js'],
    ['/api/v1/status', 200, '/api/v1/status.json'],
    ['/api/v1/status/', 200, '/api/v1/status.json'],
    ['/api/v1/status/anthropic', 200, '/api/v1/status/anthropic.json'],
    ['/api/v1/status/openai.json', 200, '/api/v1/status/openai.json'],
    // Status per model and fastest (issue 39): the list of models not operational, and the default fastest answer.
    ['/api/v1/status/models', 200, '/api/v1/status/models.json'],
    ['/api/v1/status/models.json', 200, '/api/v1/status/models.json'],
    ['/api/v1/fastest', 200, '/api/v1/fastest.json'],
    ['/api/v1/fastest?utm_source=x', 200, '/api/v1/fastest.json'],
    ['/api/v1/fastest.json?sort=latency', 200, '/api/v1/fastest.json'],
    ['/api/v1/fastest-index.json', 200, '/api/v1/fastest-index.json'],
  ])('%s → %i %s', (url, status, file) => {
    expect(resolve(url)).toEqual({ status, file });
  });

  it.each([
    // Unknown paths, ids and authors: the JSON 404.
    ['/api/v1/nope', 404, 'not_found'],
    ['/api/v2/models', 404, 'not_found'],
    ['/api/v1/models/openai/no-such-model', 404, 'not_found'],
    ['/api/v1/models/openai/no-such-model.json', 404, 'not_found'],
    ['/api/v1/models/no-such-author', 404, 'not_found'],
    ['/api/v1/status/no-such-service', 404, 'not_found'],
    ['/api/v1/status/openai/incidents', 404, 'not_found'],
    ['/api/v1/models?author=no-such-author', 404, 'not_found'],
    ['/api/v1/models?author=', 404, 'not_found'],
    ['/api/v1/models/openai/gpt-4o/endpoints', 404, 'not_found'],
    ['/api/v1/models/../../etc/passwd', 404, 'not_found'],
    ['/api/v1/cheapest/min_intel/41', 404, 'not_precomputed'],
    ['/api/v1/cheapest/min_intel/41.json', 404, 'not_precomputed'],
    ['/api/v1/cheapest/min_intel/40', 404, 'not_precomputed'],
    ['/api/v1/models/openai%2Fgpt-4o', 404, 'not_found'],
    ['/api/v1/models?author=OpenAI', 404, 'not_found'],
    ['/api/v1/errors/not-found.json', 404, 'not_found'],
    ['/api/v1/errors/not-precomputed.json', 404, 'not_precomputed'],
    ['/api/v1/errors/bad-query/cheapest/intel.json', 400, 'bad_query'],
    // Valid queries that are not precomputed, and values the CDN cannot validate: the 404 naming the fallback.
    ['/api/v1/cheapest?min_intel=41', 404, 'not_precomputed'],
    ['/api/v1/cheapest?min_intel=40&limit=7', 404, 'not_precomputed'],
    ['/api/v1/cheapest?min_intel=15&limit=30', 404, 'not_precomputed'],
    ['/api/v1/cheapest?limit=3&tools=true&reasoning=true&vision=true&min_context=1000000&min_intel=45', 404, 'not_precomputed'],
    ['/api/v1/cheapest/min_intel/45/min_context/1000000/vision/reasoning/tools/limit/3.json', 404, 'not_precomputed'],
    ['/api/v1/cheapest?vision=yes', 404, 'not_precomputed'],
    ['/api/v1/cheapest?vision=TRUE&limit=5', 404, 'not_precomputed'],
    ['/api/v1/cheapest?min_intel=40.0', 404, 'not_precomputed'],
    ['/api/v1/cheapest?min_intel=..%2F..%2Fmodels', 404, 'not_precomputed'],
    ['/api/v1/cheapest?limit=0', 404, 'not_precomputed'],
    ['/api/v1/cheapest?min_intel=abc', 404, 'not_precomputed'],
    ['/api/v1/cheapest?min_context=', 404, 'not_precomputed'],
    // Wrong parameter names (query/params.ts) are never ignored: the 400 naming the parameter.
    ['/api/v1/cheapest?MIN_INTEL=40', 400, 'bad_query'],
    ['/api/v1/cheapest?Vision=1', 400, 'bad_query'],
    ['/api/v1/cheapest?Min_Intel=40', 400, 'bad_query'],
    ['/api/v1/cheapest?min_intel=40&LIMIT=5', 400, 'bad_query'],
    ['/api/v1/cheapest?intel=40', 400, 'bad_query'],
    ['/api/v1/cheapest?context=128000&vision=1', 400, 'bad_query'],
    ['/api/v1/cheapest?author=openai', 400, 'bad_query'],
    ['/api/v1/models?Author=openai', 400, 'bad_query'],
    ['/api/v1/models?min_intel=40', 400, 'bad_query'],
    // fastest: any of its own parameters is a query the client computes; wrong names are the 400.
    ['/api/v1/fastest?sort=latency', 404, 'not_precomputed'],
    ['/api/v1/fastest?limit=10', 404, 'not_precomputed'],
    ['/api/v1/fastest?max_price=2&tools=1', 404, 'not_precomputed'],
    ['/api/v1/fastest?Sort=latency', 400, 'bad_query'],
    ['/api/v1/fastest?order=latency', 400, 'bad_query'],
    ['/api/v1/fastest?author=openai', 400, 'bad_query'],
    ['/api/v1/cheapest?sort=latency', 400, 'bad_query'],
    ['/api/v1/models?max_price=2', 400, 'bad_query'],
    ['/api/v1/fastest/latency', 404, 'not_found'],
  ])('%s → JSON %i %s', (url, status, code) => {
    const result = resolve(url);
    expect(result.status).toBe(status);
    expect(result.file, 'a JSON error file, never an HTML page').not.toBeNull();
    expect(body(result.file!).error).toMatchObject({ status, code });
  });

  it('reads names the way every host does: as sent (an encoded name is an unknown name, ignored), bare ones ignored', () => {
    // netlify-redirector decodes values but matches names as sent; the Worker and the client
    // follow the same policy (query/params.ts), and every answer says what it answered.
    const cases: Array<[string, string]> = [
      ['min_intel=%34%30', '/api/v1/cheapest/min_intel/40.json'],
      ['%6din_intel=40', '/api/v1/cheapest.json'],
      ['min%5Fintel=40', '/api/v1/cheapest.json'],
      ['vision&limit=5', '/api/v1/cheapest/limit/5.json'],
      ['min_intel=40&utm_source=a&utm_source=b&fbclid=x', '/api/v1/cheapest/min_intel/40.json'],
    ];
    for (const [query, file] of cases) {
      expect(resolve(`/api/v1/cheapest?${query}`), query).toEqual({ status: 200, file });
      const parsed = parseCheapestQuery(queryPairs(query));
      expect(parsed.ok && body(file).meta?.query, query).toEqual(parsed.ok && parsed.query);
    }
  });

  it('answers a repeated name with the value its engine picks (the last), and meta.query shows which', () => {
    // Rules cannot see a repeat (the engine reads the query into one value per name); the hosts
    // that read values refuse it with a 400 naming it (query/params.ts).
    for (const query of ['min_intel=50&min_intel=40', 'vision=1&vision=0', 'vision=0&vision=true&limit=5', 'limit=5&min_context=128000&limit=10']) {
      const pairs = queryPairs(query);
      expect(parseCheapestQuery(pairs), query).toMatchObject({ ok: false, message: /given more than once/ });
      const last = parseCheapestQuery([...new Map(pairs).entries()]);
      if (!last.ok) throw new Error(`${query}: ${last.message}`);
      const result = resolve(`/api/v1/cheapest?${query}`);
      if (isPrecomputed(last.query)) {
        expect(result, query).toEqual({ status: 200, file: `/api/v1/${cheapestPath(last.query)}.json` });
        expect(body(result.file!).meta?.query, query).toEqual(last.query);
      } else expect(body(result.file!).error?.code, query).toBe('not_precomputed');
    }
    const author = resolve('/api/v1/models?author=openai&author=anthropic');
    expect(author).toEqual({ status: 200, file: '/api/v1/models/anthropic.json' });
    expect(body(author.file!).meta?.author).toBe('anthropic');
    // A repeat whose last value is not valid gets the 404 any such value gets.
    expect(body(resolve('/api/v1/cheapest?vision=1&vision=yes').file!).error?.code).toBe('not_precomputed');
  });

  it('sends every set of parameter names, in any order and flag spelling, to exactly its own variant, equal to the shared computation; a variant without a file to the JSON 404 naming the client', () => {
    // One precomputed query per set of names (63): every family of rules, each with values that
    // have a file, a random order and flag spelling, and now and then an unknown name. Then the
    // same names with a value the grid never has, or over its points. Seeded: the same cases each run.
    const random = mulberry32(20261121);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const values: Record<string, readonly string[]> = {
      min_intel: gridValues('min_intel').filter((v) => v !== null).map(String),
      min_context: gridValues('min_context').filter((v) => v !== null).map(String),
      vision: ['1', '0', 'true', 'false'],
      reasoning: ['1', '0', 'true', 'false'],
      tools: ['1', '0', 'true', 'false'],
      limit: gridValues('limit').map(String),
    };
    const index = cheapestEntries(body('/api/v1/models.json') as ModelsList);
    const shuffled = (params: Array<[string, string]>) => {
      const copy = [...params];
      for (let i = copy.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    };
    let missed = 0;
    for (let mask = 1; mask < 1 << CHEAPEST_PARAMS.length; mask += 1) {
      const names = CHEAPEST_PARAMS.filter((_, i) => (mask & (1 << i)) !== 0);
      let params: Array<[string, string]>;
      let parsed: ReturnType<typeof parseCheapestQuery>;
      do {
        params = names.map((name) => [name, pick(values[name]!)]);
        parsed = parseCheapestQuery(params);
      } while (!parsed.ok || !isPrecomputed(parsed.query));
      if (random() < 0.2) params.push(['utm_source', 'x']);
      const query = shuffled(params).map(([k, v]) => `${k}=${v}`).join('&');
      const result = resolve(`/api/v1/cheapest?${query}`);
      expect(result.status, query).toBe(200);
      const served = body(result.file!);
      expect(served.meta?.query, query).toEqual(parsed.query);
      expect(served.data, query).toEqual(cheapest(index.data, parsed.query, index.meta.as_of));

      // The same names, not precomputed: a number the grid never has, or every flag required
      // with all three numbers (over the points).
      const numeric = names.filter((n) => n === 'min_intel' || n === 'min_context' || n === 'limit');
      if (numeric.length === 0) continue;
      const off: Record<string, string> = { min_intel: '42', min_context: '7777', limit: '7' };
      const changed = pick(numeric);
      const miss = params.map(([k, v]): [string, string] => (k === changed ? [k, off[k]!] : [k, v]));
      const missQuery = parseCheapestQuery(miss);
      if (!missQuery.ok) throw new Error(`${JSON.stringify(miss)}: ${missQuery.message}`);
      expect(isPrecomputed(missQuery.query)).toBe(false);
      const answer = resolve(`/api/v1/cheapest?${shuffled(miss).map(([k, v]) => `${k}=${v}`).join('&')}`);
      expect(answer.status).toBe(404);
      expect((body(answer.file!).error as { code: string; fallback?: { client: string } })).toMatchObject({ code: 'not_precomputed', fallback: { client: '/api/v1/client.js' } });
      missed += 1;
    }
    expect(missed).toBe(56);
    const over = parseCheapestQuery([['min_intel', '40'], ['min_context', '128000'], ['vision', '1'], ['tools', '1'], ['limit', '5']]);
    expect(over.ok && variantPoints(over.query)).toBeGreaterThan(MAX_POINTS);
    expect(resolve('/api/v1/cheapest?min_intel=40&min_context=128000&vision=1&tools=1&limit=5')).toEqual({ status: 404, file: '/404.html' });
  });
});

describe('rules and the files other ids own', () => {
  it('makes no rule for a file no publishable id owns, and flags a forced rule that would hide a written file', () => {
    const paths = new Set(['api/v1/models/openai.json', 'api/v1/models/openai/gpt-4o.json', 'api/v1/models/openai/gpt-4o.json.json', 'api/v1/models/openai.json.json', 'api/v1/models/con/nul.json']);
    const input = routingInputFrom(paths);
    expect(input.modelIds).toEqual(['openai/gpt-4o']);
    expect(input.authors).toEqual(['openai']);
    const hijack = { from: '/api/v1/models/openai/gpt-4o.json', query: [], to: '/api/v1/models/openai/gpt-4o.json.json', status: 200 as const, force: true };
    expect(shadowingRules([hijack], paths)).toEqual(['/api/v1/models/openai/gpt-4o.json → /api/v1/models/openai/gpt-4o.json.json']);
    expect(shadowingRules(redirectRules(input), paths)).toEqual([]);
  });
});
