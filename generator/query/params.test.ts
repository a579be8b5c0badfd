import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from './cheapest.js';
import { parseCheapestQuery, queryPairs, readError, readParams, wrongName, wrongNames } from './params.js';

describe('the query policy every host shares', () => {
  it('reads names as sent and values percent-decoded, leaving out names without a value', () => {
    expect(queryPairs('?min_intel=%34%30&%6din_context=1&vision&limit=5+1&tools=')).toEqual([
      ['min_intel', '40'],
      ['%6din_context', '1'],
      ['limit', '5+1'],
      ['tools', ''],
    ]);
  });

  it('ignores names it does not know, given once or more, and bare names', () => {
    const parsed = parseCheapestQuery(queryPairs('min_intel=40&utm_source=x&utm_source=y&%6din_intel=10&vision&vision=1'));
    expect(parsed).toEqual({ ok: true, query: { ...DEFAULT_QUERY, min_intel: 40, vision: true }, ignored: ['utm_source', '%6din_intel'] });
  });

  it.each([
    ['cheapest', 'min_intel=50&utm_source=x&min_intel=40', 'min_intel'],
    ['cheapest', 'vision=1&vision=1', 'vision'],
    ['cheapest', 'limit=5&tools=1&limit=', 'limit'],
    ['models', 'author=openai&author=anthropic', 'author'],
  ] as const)('on %s, %s is a 400 naming the repeated %s, whatever the values', (endpoint, search, param) => {
    const read = readParams(endpoint, queryPairs(search));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(readError(read)).toEqual({ param, message: `${param} is given more than once; give it at most once` });
    if (endpoint === 'cheapest') expect(parseCheapestQuery(queryPairs(search))).toMatchObject({ ok: false, param });
  });

  it.each([
    ['cheapest', 'MIN_INTEL', 'min_intel', /lower case.*use min_intel/],
    ['cheapest', 'Min_Intel', 'min_intel', /use min_intel/],
    ['cheapest', 'intel', 'intel', /did you mean min_intel/],
    ['cheapest', 'top', 'top', /did you mean limit/],
    ['cheapest', 'sort', 'sort', /sort is a parameter of \/api\/v1\/fastest/],
    ['cheapest', 'order', 'order', /order is fixed.*\/api\/v1\/fastest/],
    ['fastest', 'order', 'order', /did you mean sort/],
    ['fastest', 'price', 'price', /did you mean max_price/],
    ['fastest', 'author', 'author', /author is a parameter of \/api\/v1\/models/],
    ['cheapest', 'author', 'author', /author is a parameter of \/api\/v1\/models/],
    ['models', 'min_intel', 'min_intel', /min_intel is a parameter of \/api\/v1\/cheapest/],
    ['models', 'Author', 'author', /use author/],
  ] as const)('on %s, %s is a 400 naming %s', (endpoint, name, key, message) => {
    const read = readParams(endpoint, [['limit', '5'], [name, '1']].filter(([n]) => endpoint === 'cheapest' || n !== 'limit') as Array<[string, string]>);
    expect(!read.ok && 'wrong' in read && read.wrong.key).toBe(key);
    expect(!read.ok && readError(read).message).toMatch(message);
  });

  it('lists each wrong name once, never one of the endpoint\'s own, with one lower-case key per error file', () => {
    for (const endpoint of ['cheapest', 'models'] as const) {
      const names = wrongNames(endpoint).map((w) => w.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).not.toContain(endpoint === 'cheapest' ? 'min_intel' : 'author');
      for (const w of wrongNames(endpoint)) expect(w.key).toBe(w.key.toLowerCase());
    }
    // Names nobody anticipated are not wrong, only unknown: ignored everywhere.
    expect(wrongName('cheapest', 'mIn_intel')).toBeNull();
    expect(wrongName('cheapest', 'utm_source')).toBeNull();
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=5.5', 'limit'],
    ['min_intel=-1', 'min_intel'],
    ['min_intel=101', 'min_intel'],
    ['min_intel=abc', 'min_intel'],
    ['min_intel=%2040', 'min_intel'],
    ['min_context=128k', 'min_context'],
    ['min_context=', 'min_context'],
    ['vision=yes', 'vision'],
  ])('rejects the malformed value in %s, naming %s', (search, param) => {
    const parsed = parseCheapestQuery(queryPairs(search));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.param).toBe(param);
  });
});
