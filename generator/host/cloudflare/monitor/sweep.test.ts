/**
 * The sweep's run in Node (sweep.ts), against OpenRouter's format answered from memory and a store
 * kept in a Map: what it asks, what it keeps, and that it reads only the rows of the models it asks.
 * The same code in workerd with a real local D1: monitor.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FetchTransport } from '../../../http/fetch-transport.js';
import { orEndpoints } from '../../../sources/openrouter/fixtures.js';
import { readSweepAsset, sweepAssetText, type SweepModel } from './sweep-asset.js';
import { HOT_COUNT, runSweep, type StoredHead, type SweepResult, type SweepRotation } from './sweep.js';

const BASE = 'https://openrouter.invalid/api/v1';
const models = (n: number): SweepModel[] => Array.from({ length: n }, (_, i) => ({ id: `maker/m${String(i).padStart(2, '0')}`, upstream_id: `maker/m${String(i).padStart(2, '0')}`, name: `M${i}`, author: 'maker', providers: 1 + (i % 4) }));
const healthy = (id: string) => orEndpoints(id, [{ provider: 'Alpha', prompt: '0.000001', completion: '0.000002' }]);
const down = (id: string) => orEndpoints(id, [{ provider: 'Alpha', prompt: '0.000001', completion: '0.000002', stats: { uptime_last_5m: 2, uptime_last_30m: 10 } }]);

/** The world: each model's answer (a body, or an HTTP status). */
function world(answer: (id: string) => unknown | number) {
  const asked: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const id = decodeURIComponent(new URL(String(input)).pathname).replace(/^\/api\/v1\/models\//, '').replace(/\/endpoints$/, '');
    asked.push(id);
    const body = answer(id);
    return typeof body === 'number' ? new Response('{}', { status: body }) : new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  return { asked, http: new FetchTransport({ userAgent: 'test', fetch: fetch as typeof globalThis.fetch }) };
}

/** A store in a Map, which records what the run read of it. */
function store() {
  const rows = new Map<string, StoredHead>();
  const reads: { heads: string[][]; listed: number } = { heads: [], listed: 0 };
  return {
    rows,
    reads,
    reader: {
      headsOf: async (ids: readonly string[]) => (reads.heads.push([...ids]), new Map(ids.filter((id) => rows.has(id)).map((id) => [id, rows.get(id)!]))),
      storedIds: async () => ((reads.listed += 1), [...rows.keys()]),
    },
    write(result: SweepResult) {
      for (const [id, u] of result.upserts) rows.set(id, { minute: u.minute, state: u.state, since: u.since });
      for (const id of result.deletes) rows.delete(id);
    },
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 0, minute)).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function run(list: SweepModel[], db: ReturnType<typeof store>, previous: SweepRotation | null, minute: number, answer: (id: string) => unknown | number, budget = 10) {
  const w = world(answer);
  const result = await runSweep({ http: w.http, baseUrl: BASE, catalog: readSweepAsset(sweepAssetText(list)), store: db.reader, previous, budget, now: at(minute), clock: () => 0, sleep: async () => undefined, intervalMs: 0 });
  db.write(result);
  return { result, asked: w.asked };
}

describe('the edge sweep', () => {
  it('reads in turn, counts what it has not read, and touches only the rows of the models it asks', async () => {
    const list = models(32);
    const hot = list.filter((m) => m.providers === 4).map((m) => m.id);
    expect(hot.length).toBe(HOT_COUNT);
    const db = store();
    const first = await run(list, db, null, 0, healthy);
    // The most used first (by providers, then id), then the cursor from the start.
    expect(first.asked).toEqual([...hot, 'maker/m00', 'maker/m01']);
    expect(db.reads.heads).toEqual([first.asked]);
    expect(db.reads.listed).toBe(1);
    expect(first.result.trouble.unknown).toEqual({ no_figures: 22 });
    expect(first.result.trouble.fresh.sort()).toEqual([...first.asked].sort());
    expect(first.result.upserts.get('maker/m03')!.row).toMatchObject({ state: 'operational', reason: 'providers_up', since: at(0) });

    // The next minute: the most used are not due; the cursor goes on, past them. The catalog did not change: no listing.
    const second = await run(list, db, first.result.rotation, 1, healthy);
    expect(second.asked).toEqual(['maker/m02', 'maker/m04', 'maker/m05', 'maker/m06', 'maker/m08', 'maker/m09', 'maker/m10', 'maker/m12', 'maker/m13', 'maker/m14']);
    expect(db.reads.listed).toBe(1);
    expect(db.reads.heads[1]).toEqual(second.asked);
    expect(second.result.trouble.unknown).toEqual({ no_figures: 12 });

    // An hour and more without a read: the figures are stale, counted as such.
    const late = await run(list, db, second.result.rotation, 90, () => 500, 0);
    expect(late.asked).toEqual([]);
    expect(late.result.trouble.unknown).toEqual({ figures_stale: 20, no_figures: 12 });
    expect(late.result.trouble.fresh).toEqual([]);
  });

  it('asks a model in trouble again every minute, first, lists it with its figures, and lets it go once it recovers', async () => {
    const list = models(12);
    const db = store();
    let sick = true;
    const answer = (id: string) => (id === 'maker/m03' && sick ? down(id) : healthy(id));
    let previous: SweepRotation | null = null;
    const asks: string[][] = [];
    for (let minute = 0; minute < 4; minute += 1) {
      const { result, asked } = await run(list, db, previous, minute, answer, 2);
      asks.push(asked);
      previous = result.rotation;
      if (minute === 0) expect(result.trouble.entries.map((e) => [e.id, e.state, e.since])).toEqual([['maker/m03', 'outage', at(0)]]);
    }
    // Read in every run from the minute it was found in trouble, before anything else.
    expect(asks.map((asked) => asked.indexOf('maker/m03'))).toEqual([asks[0]!.indexOf('maker/m03'), 0, 0, 0]);
    sick = false;
    const recovered = await run(list, db, previous, 4, answer, 2);
    expect(recovered.asked[0]).toBe('maker/m03');
    expect(recovered.result.trouble.entries).toEqual([]);
    expect(recovered.result.upserts.get('maker/m03')!.row).toMatchObject({ state: 'operational', since: at(4) });
    expect(recovered.result.rotation.watch).toEqual({});
  });

  it('reads a model in trouble operational again as soon as its 5-minute uptime has risen enough since the read a minute before', async () => {
    const list = models(12);
    const db = store();
    const uptime = new Map([[0, 0], [1, 0], [2, 10], [3, 30]]);
    let minute = 0;
    const answer = (id: string) => (id === 'maker/m03' ? orEndpoints(id, [{ provider: 'Alpha', prompt: '0.000001', completion: '0.000002', stats: { uptime_last_5m: uptime.get(minute)!, uptime_last_30m: 50 } }]) : healthy(id));
    let previous: SweepRotation | null = null;
    const states: string[] = [];
    for (minute = 0; minute < 4; minute += 1) {
      const { result } = await run(list, db, previous, minute, answer, 4);
      previous = result.rotation;
      states.push(result.upserts.get('maker/m03')?.row.state ?? '-');
      if (minute === 3) expect(result.upserts.get('maker/m03')!.row.figures.endpoints[0]!.uptime_5m_before).toEqual({ uptime: 0.1, seconds: 60 });
    }
    // Down; still down; half of the last minute succeeded (degraded: not yet up); then a clean minute (a rise of 20 points): operational, at 30% over 5 minutes.
    expect(states).toEqual(['outage', 'outage', 'degraded', 'operational']);
    expect(previous!.watch).toEqual({});
  });

  it('keeps the last good figures when a read fails, stops after three failures or a 429, and slows down', async () => {
    const list = models(40);
    const db = store();
    const first = await run(list, db, null, 0, healthy);
    const failing = await run(list, db, first.result.rotation, 1, () => 500);
    expect(failing.asked.length).toBe(3);
    expect(failing.result.upserts.size).toBe(0);
    expect(failing.result.report.warnings.join('\n')).toMatch(/3 requests failed/);
    expect(failing.result.rotation.pace.level).toBe(1);
    // The failed models' turn is spent: the cursor moved past them.
    expect(failing.result.rotation.cursor).toBe(failing.asked[2]);
    const limited = await run(list, db, failing.result.rotation, 2, () => 429, 8);
    expect(limited.asked.length).toBe(1);
    expect(limited.result.report.limited).toBe(true);
    expect(limited.result.rotation.pace.level).toBe(2);
    // Level 2: a quarter of the budget, spent on the most used (due again after 2 minutes), which already had figures.
    const slow = await run(list, db, limited.result.rotation, 3, healthy, 8);
    expect(slow.asked.length).toBe(2);
    expect(slow.asked.every((id) => first.asked.includes(id))).toBe(true);
    expect(slow.result.trouble.unknown.no_figures).toBe(40 - 10);
  });

  it('counts each model once over the last hour, at its newest read, as its stored row says', async () => {
    const list = models(14);
    const db = store();
    // Reads that change: healthy, down (in trouble: asked every minute), without traffic (unknown), failing (no read).
    const answer = (minute: number) => (id: string) => {
      const n = Number(id.slice(-2)) + minute;
      return n % 7 === 0 ? 500 : n % 5 === 0 ? down(id) : n % 3 === 0 ? orEndpoints(id, [{ provider: 'Alpha', prompt: '0.000001', completion: '0.000002', stats: { uptime_last_5m: null, uptime_last_30m: null, uptime_last_1d: null } }]) : healthy(id);
    };
    let previous: SweepRotation | null = null;
    let unknownSeen = 0;
    for (let minute = 0; minute < 150; minute += 1) {
      // Some minutes without a run: entries expire on their own.
      if (minute % 11 === 10) continue;
      const { result } = await run(list, db, previous, minute, answer(minute), 4);
      previous = result.rotation;
      // The oracle: every stored row whose good read is within the hour, by its state.
      const fresh = [...db.rows].filter(([, row]) => minute - row.minute <= 60);
      expect([...result.trouble.fresh].sort()).toEqual(fresh.map(([id]) => id).sort());
      const unknown: Record<string, number> = {};
      for (const [, row] of fresh) if (!['o', 'd', 'x'].includes(row.state)) unknown[row.state === 'u' ? 'no_traffic' : row.state] = (unknown[row.state === 'u' ? 'no_traffic' : row.state] ?? 0) + 1;
      unknownSeen += Object.keys(unknown).length;
      const stale = db.rows.size - fresh.length;
      expect(result.trouble.unknown).toEqual({ ...unknown, ...(stale > 0 ? { figures_stale: stale } : {}), ...(db.rows.size < 14 ? { no_figures: 14 - db.rows.size } : {}) });
      // Each model once in the hour's lists.
      const listed = result.rotation.recent.flatMap(([, ok, why]) => [...ok, ...Object.keys(why)]);
      expect(new Set(listed).size).toBe(listed.length);
    }
    expect(unknownSeen).toBeGreaterThan(0);
  });

  it('drops the rows of models no longer listed, once the catalog changed', async () => {
    const list = models(6);
    const db = store();
    let previous: SweepRotation | null = null;
    for (let minute = 0; minute < 2; minute += 1) previous = (await run(list, db, previous, minute, healthy)).result.rotation;
    expect(db.rows.size).toBe(6);
    const shorter = list.filter((m) => m.id !== 'maker/m03' && m.id !== 'maker/m05');
    const next = await run(shorter, db, previous, 2, healthy, 0);
    expect(next.result.deletes.sort()).toEqual(['maker/m03', 'maker/m05']);
    expect(db.rows.has('maker/m03')).toBe(false);
    expect(next.result.rotation.hot['maker/m03']).toBeUndefined();
    expect(next.result.trouble.fresh).not.toContain('maker/m03');
    expect(next.result.trouble.unknown).toEqual({});
    expect(db.reads.listed).toBe(2);
  });
});
