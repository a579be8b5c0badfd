/**
 * The sweep's models asset (sweep-asset.ts): one JSON value a line, read lazily. Ids in any
 * characters sort and search as JavaScript's strings do; a missing asset is no models; a broken
 * one is a clear error, never a wrong model.
 */
import { describe, expect, it } from 'vitest';
import { holds, indexAfter, planCursorSweep } from '../../../status/sweep-rotation.js';
import { loadSweepAsset, readSweepAsset, SWEEP_ASSET, SWEEP_ASSET_FORMAT, SweepAssetError, sweepAssetText, type SweepModel } from './sweep-asset.js';

const model = (id: string, providers = 1, upstream = id): SweepModel => ({ id, upstream_id: upstream, name: `Name of ${id}`, author: id.split('/')[0]!, providers });
const idsOf = (text: string) => {
  const { ids } = readSweepAsset(text);
  return Array.from({ length: ids.length }, (_, at) => ids.at(at));
};

describe('the sweep\'s models asset', () => {
  it('writes a head line and one row a line, sorted by id, and reads back each model as written', () => {
    const list = [model('b/two', 3, 'b/two-upstream'), model('a/one', 1), model('c/three', 5)];
    const text = sweepAssetText(list);
    const lines = text.split('\n');
    expect(lines.length).toBe(5);
    expect(lines[4]).toBe('');
    expect(JSON.parse(lines[0]!)).toMatchObject({ format: SWEEP_ASSET_FORMAT, count: 3, most_used: ['c/three', 'b/two', 'a/one'] });
    expect(lines.slice(1, 4).map((line) => JSON.parse(line) as unknown[])).toEqual([
      ['a/one', null, 'Name of a/one', 'a', 1],
      ['b/two', 'b/two-upstream', 'Name of b/two', 'b', 3],
      ['c/three', null, 'Name of c/three', 'c', 5],
    ]);
    const catalog = readSweepAsset(text);
    expect(catalog.ids.length).toBe(3);
    expect([0, 1, 2].map((at) => catalog.modelAt(at))).toEqual([model('a/one', 1), model('b/two', 3, 'b/two-upstream'), model('c/three', 5)]);
    expect(catalog.ids.at(3)).toBeUndefined();
    expect(catalog.ids.at(-1)).toBeUndefined();
    expect(() => catalog.modelAt(3)).toThrow(RangeError);
    // A model read again is the one kept (no second parse), and what a caller does to it stays with the caller.
    const again = catalog.modelAt(1);
    again.name = 'changed';
    expect(catalog.modelAt(1)).toEqual(model('b/two', 3, 'b/two-upstream'));
    // The digest changes with the ids, not with the rest.
    expect(readSweepAsset(sweepAssetText([model('a/one', 9), model('b/two'), model('c/three')])).digest).toBe(catalog.digest);
    expect(readSweepAsset(sweepAssetText([model('a/one'), model('b/two')])).digest).not.toBe(catalog.digest);
  });

  it('sorts and finds ids with odd characters: quotes, backslashes, line breaks, non-ASCII, astral', () => {
    const odd = ['a/"quoted"', 'a/back\\slash', 'a/line\nbreak', 'a/tab\tand\u2028sep', 'é/accent', '😀/astral', 'z/\uffff', 'a/plain', 'A/upper', 'a/'];
    const text = sweepAssetText(odd.map((id, i) => model(id, i)));
    // A line is a row: JSON escapes every line break inside a string.
    expect(text.split('\n').length).toBe(odd.length + 2);
    const expected = [...odd].sort();
    expect(idsOf(text)).toEqual(expected);
    const catalog = readSweepAsset(text);
    for (const [at, id] of expected.entries()) {
      expect(indexAfter(catalog.ids, id)).toBe(at + 1);
      expect(holds(catalog.ids, id)).toBe(true);
      expect(catalog.modelAt(at).id).toBe(id);
    }
    for (const absent of ['a/"quoted', 'a/back', 'a/line', '', 'zz', '\u0000']) expect(holds(catalog.ids, absent)).toBe(false);
    // The cursor walks them in order, wrapping round.
    const picks = planCursorSweep(catalog.ids, [], { cursor: expected[expected.length - 2]!, hot: {}, trouble: {} }, 0, 3, { hotEveryMin: 2, troubleEveryMin: 1, troubleCap: 3 });
    expect(picks.map((p) => p.id)).toEqual([expected[expected.length - 1], expected[0], expected[1]]);
  });

  it('reads an empty catalog, and refuses an id listed twice at build time', () => {
    const empty = readSweepAsset(sweepAssetText([]));
    expect(empty.ids.length).toBe(0);
    expect(empty.mostUsed).toEqual([]);
    expect(indexAfter(empty.ids, 'a/b')).toBe(0);
    expect(planCursorSweep(empty.ids, [], { cursor: 'a/b', hot: {}, trouble: {} }, 0, 10, { hotEveryMin: 2, troubleEveryMin: 1, troubleCap: 3 })).toEqual([]);
    expect(() => sweepAssetText([model('a/b'), model('a/b', 2)])).toThrow(/cannot list model "a\/b" twice/);
  });

  it('gives a clear error for an asset it cannot use, and never a wrong model', () => {
    const good = sweepAssetText([model('a/one'), model('b/two'), model('c/three')]);
    const [head, ...rows] = good.split('\n');
    const bad = (text: string) => () => {
      const catalog = readSweepAsset(text);
      for (let at = 0; at < catalog.ids.length; at += 1) catalog.modelAt(at);
    };
    expect(bad('')).toThrow(SweepAssetError);
    expect(bad('')).toThrow(`${SWEEP_ASSET} is not the sweep's asset: it has no line break`);
    expect(bad('not json\n')).toThrow(/first line is not JSON/);
    // The asset of before (one JSON document): another format.
    expect(bad(`${JSON.stringify({ models: [['a/one', null, 'One', 'a', 1]], most_used: [], digest: 'x' })}\n`)).toThrow(`is not the sweep's asset of format ${SWEEP_ASSET_FORMAT}`);
    const headOf = (change: Record<string, unknown>) => JSON.stringify({ ...(JSON.parse(head!) as object), ...change });
    expect(bad([headOf({ count: 'three' }), ...rows].join('\n'))).toThrow(/no count of rows/);
    expect(bad([headOf({ most_used: [1] }), ...rows].join('\n'))).toThrow(/no list of the most used/);
    expect(bad([headOf({ digest: null }), ...rows].join('\n'))).toThrow(/no digest/);
    expect(bad([headOf({ lines: [0, 1] }), ...rows].join('\n'))).toThrow(/no start for each of its 3 rows/);
    // Cut short, or a row more than the head says.
    expect(bad(good.slice(0, -5))).toThrow(/does not end where its head says/);
    expect(bad(`${good}["d/four",null,"Four","d",1]\n`)).toThrow(/does not end where its head says/);
    // Rows edited to other lengths (the whole the same): a line is not where the head says.
    expect(bad([head, rows[0], rows[1]!.replace('b/two', 'b/twoo'), rows[2]!.replace('c/three",', 'c/thre",'), ''].join('\n'))).toThrow('row 2 is not on the line its head says');
    // A row of the right length that is not a model row, or not JSON.
    const same = (row: string, length: number) => row.padEnd(length, ' ');
    expect(bad([head, rows[0], same('{"id":"b/two"}', rows[1]!.length), rows[2], ''].join('\n'))).toThrow('line 3 is not a model row');
    expect(bad([head, rows[0], same('["b/two",', rows[1]!.length), rows[2], ''].join('\n'))).toThrow('line 3 is not JSON');
  });

  it('is no models for a site built before the sweep (no asset), and says what a failed read answered', async () => {
    const answering = (status: number, body = '') => ({ fetch: async () => new Response(body, { status }) });
    const missing = await loadSweepAsset(answering(404), '');
    expect(missing.catalog.ids.length).toBe(0);
    expect(missing.fresh).toBe(true);
    await expect(loadSweepAsset(answering(500), '')).rejects.toThrow(`${SWEEP_ASSET} answered 500`);
    const text = sweepAssetText([model('a/one')]);
    const binding = answering(200, text);
    const first = await loadSweepAsset(binding, '/base');
    expect(first.catalog.modelAt(0)).toEqual(model('a/one'));
    // Read once per isolate.
    expect((await loadSweepAsset(binding, '/base')).fresh).toBe(false);
  });
});
