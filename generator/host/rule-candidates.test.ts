import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tree.js';
import { loadNetlifyEngine } from './netlify-engine.js';
import { candidateLists, candidatesFor, isPlainPath, namesIn, pathKey, ruleCandidates, withParamsIn } from './rule-candidates.js';

describe('which rules could match a path', () => {
  it('tells plain paths from patterns, and keys every spelling of a path alike', () => {
    expect(['/mcp', '/api/v1/cheapest', '/caf%C3%A9'].map(isPlainPath)).toEqual([true, true, true]);
    expect(['/api/*', '/m/:author/:slug', 'https://example.com/x', '//evil.example/x', 'x'].map(isPlainPath)).toEqual([false, false, false, false, false]);
    const key = pathKey('/api/v1/models');
    for (const spelling of ['/API/v1/Models', '/api/v1/models/', '/api//v1/models', '/api/v1/models//', '/api%2Fv1/models', '/%61pi/v1/models']) expect(pathKey(spelling), spelling).toBe(key);
    expect(pathKey('/')).toBe('/');
    expect(pathKey('//')).toBe('/');
    expect(pathKey('/100%')).toBe('/100%');
    expect(pathKey('/api/v1/model')).not.toBe(key);
  });

  it('offers each path its own plain rules and every pattern, in file order, in a few shared lists', () => {
    const rules = [
      { from: '/a', n: 1 },
      { from: '/x/*', n: 2 },
      { from: '/b', n: 3 },
      { from: '/big', n: 4 },
      { from: '/big', n: 5 },
      { from: '/big', n: 6 },
      { from: '/A/', n: 7 },
      { from: '/c', n: 8 },
      { from: '/*', n: 9 },
    ];
    const candidates = ruleCandidates(rules, 3);
    const numbers = (path: string) => candidatesFor(candidates, path).map((r) => r.n);
    // /a and /b share a bucket of three plain rules (/a twice), /big has one of its own, /c the next.
    expect(numbers('/a')).toEqual([1, 2, 3, 7, 9]);
    expect(numbers('/B')).toEqual([1, 2, 3, 7, 9]);
    expect(numbers('/big/')).toEqual([2, 4, 5, 6, 9]);
    expect(numbers('/c')).toEqual([2, 8, 9]);
    expect(numbers('/elsewhere')).toEqual([2, 9]);
    expect(candidateLists(candidates).map((list) => list.map((r) => r.n))).toEqual([[2, 9], [1, 2, 3, 7, 9], [2, 4, 5, 6, 9], [2, 8, 9]]);
  });

  it('keeps the rules whose query parameters a query could hold: names as sent, in any case, or decoded', () => {
    const names = ['min_intel', 'vision', 'limit', 'intel'];
    expect([...namesIn('min_intel=40&vision=true', names)].sort()).toEqual(['intel', 'min_intel', 'vision']);
    expect([...namesIn('MIN_INTEL=40', names)].sort()).toEqual(['intel', 'min_intel']);
    expect([...namesIn('min%5Fintel=40&lim%69t=5', names)].sort()).toEqual(['intel', 'limit', 'min_intel']);
    expect([...namesIn('x=%E0%A4%A&limit', names)]).toEqual(['limit']);
    expect(namesIn('', names).size).toBe(0);
    const rules = [{ n: 1, params: ['min_intel'] }, { n: 2, params: [] }, { n: 3, params: ['min_intel', 'vision'] }, { n: 4, params: ['limit'] }];
    expect(withParamsIn(rules, new Set(['min_intel']), (r) => r.params).map((r) => r.n)).toEqual([1, 2]);
    expect(withParamsIn(rules, new Set(['min_intel', 'vision', 'limit']), (r) => r.params).map((r) => r.n)).toEqual([1, 2, 3, 4]);
  });
});

/** A `_redirects` in the shapes a site's has: plain paths, query rules on one path, placeholders, splats, a catch-all. */
function fixtureRules(): string {
  // Patterns first too: a forced one above the plain rules it overlaps must still win.
  const lines = ['/p5/* /target/under-p5/:splat 200!', '/p6/:page /target/p6-page.json 301', '/exact /target/exact.json 200!', '/Upper/Case /target/case.json 301', '/trail/ /target/trail.json 200!', '/caf%C3%A9 /target/cafe.json 301'];
  for (let i = 0; i < 90; i += 1) lines.push(`/p${i} /target/p${i}.json ${[200, 404, 301, 302][i % 4]}${i % 3 === 0 ? '' : '!'}`);
  for (const value of [10, 20, 40]) {
    // More parameters first: the engine takes the first rule whose parameters the query has.
    lines.push(`/api/v1/cheapest vision=true min_intel=${value} limit=:limit /api/v1/errors/not-precomputed.json 404!`);
    lines.push(`/api/v1/cheapest min_intel=${value} vision=true /api/v1/cheapest/min_intel/${value}/vision.json 200!`);
    lines.push(`/api/v1/cheapest min_intel=${value} /api/v1/cheapest/min_intel/${value}.json 200!`);
  }
  lines.push('/api/v1/cheapest sort.by=:v /target/dot.json 200!');
  lines.push('/api/v1/cheapest bare /target/bare.json 200!');
  lines.push('/api/v1/cheapest min_intel=:value /api/v1/errors/not-precomputed.json 404!');
  lines.push('/m/:author/:slug /api/v1/models/:author/:slug.json 200');
  lines.push('/p1/* /target/under-p1/:splat 200!');
  lines.push('/files/* /target/files/:splat 200');
  lines.push('/* /api/v1/errors/not-found.json 404');
  return `${lines.join('\n')}\n`;
}

/** Paths a client might send for those rules: each as written and respelled, neighbours, and others. */
function askedPaths(): string[] {
  const paths = new Set<string>(['/', '/nope', '/exact.html', '/p1/deeper/file.json', '/p5/x', '/p6/2', '/files/a/b', '/m/openai/gpt-4o', '/m/openai', '/café', '/cafe', '/api/v1/cheapest']);
  for (const base of ['/exact', '/Upper/Case', '/trail', '/caf%C3%A9', '/api/v1/cheapest', ...Array.from({ length: 90 }, (_, i) => `/p${i}`)]) {
    for (const path of [base, base.toLowerCase(), base.toUpperCase(), `${base}/`, `${base}//`, base.replace('/', '//'), `${base}.json`, `${base}x`]) paths.add(path);
  }
  return [...paths];
}

const QUERIES = ['', 'min_intel=40', 'min_intel=40&vision=true', 'vision=true&min_intel=40', 'vision=true&min_intel=40&limit=5', 'min_intel=41', 'MIN_INTEL=40', 'min%5Fintel=40', 'min_intel=40&min_intel=10', 'vision=true', 'limit=5&vision=true&min_intel=10', 'min_intel', 'min_intel=', 'sort_by=price', 'foo=1'];

describe('Netlify\'s engine asked with the candidate rules only', () => {
  it('gives exactly the answers it gives with every rule, for every path and query', async () => {
    const dir = await tempDir('rule-candidates');
    await writeFile(join(dir, '_redirects'), fixtureRules());
    const netlifyConfig = join(process.cwd(), 'netlify.toml');
    const indexed = await loadNetlifyEngine(dir, netlifyConfig);
    const whole = await loadNetlifyEngine(dir, netlifyConfig, { indexed: false });
    expect(indexed.ruleCount).toBe(whole.ruleCount);
    let matched = 0;
    for (const path of askedPaths()) {
      // Query rules sit on the `cheapest` path: elsewhere a query only has to be passed through.
      for (const query of path.toLowerCase().includes('cheapest') ? QUERIES : ['', 'foo=1']) {
        const expected = whole.match(path, query);
        expect(indexed.match(path, query), `${path}?${query}`).toEqual(expected);
        // Asked again, from what the engine remembered: the same answer, a copy the caller may keep.
        const again = indexed.match(path, query);
        expect(again, `${path}?${query} again`).toEqual(expected);
        if (again !== null) again.to = 'changed by a caller';
        expect(indexed.match(path, query)).toEqual(expected);
        if (expected !== null && expected.status !== 404) matched += 1;
      }
    }
    // A decoded path may hold a `?` (sent as %3F): remembered apart from the same text split into a query.
    for (const [path, query] of [['/p5?', ''], ['/p5', '?'], ['/exact?x', 'y'], ['/exact', 'x?y'], ['/exact?x', 'y']] as const) {
      expect(indexed.match(path, query), `${path} ? ${query}`).toEqual(whole.match(path, query));
    }
    expect(indexed.match('/exact', 'x?y')).toMatchObject({ to: '/target/exact.json' });
    // Not a comparison of two empty answers: most paths meet a rule other than the catch-all.
    expect(matched).toBeGreaterThan(200);
    expect(whole.match('/p7', '')).toMatchObject({ to: '/target/p7.json', status: 302, force: true });
    expect(whole.match('/p7/', '')).toMatchObject({ to: '/target/p7.json' });
    expect(whole.match('/api/v1/cheapest', 'vision=true&min_intel=40')).toMatchObject({ to: '/api/v1/cheapest/min_intel/40/vision.json' });
    expect(whole.match('/p5/x', '')).toMatchObject({ to: '/target/under-p5/x', force: true });
  });
});
