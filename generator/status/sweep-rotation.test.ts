import { describe, expect, it } from 'vitest';
import type { TrafficModelEntry } from '../store/traffic-store.js';
import { holds, indexAfter, MAX_PACE_LEVEL, nextPace, pickSweep as pickBy, planCursorSweep, requestsAllowed, type CursorState, type SweepCandidate } from './sweep-rotation.js';

/** The refresh's view of its entries (update/traffic.ts). */
const pickSweep = (models: SweepCandidate[], entries: Record<string, TrafficModelEntry>, allowed: number, now: string) =>
  pickBy(models, (id) => ({ attempted_at: entries[id]?.attempted_at, usage: entries[id]?.latest?.endpoints.length ?? 0 }), allowed, now);

const NOW = '2026-08-25T10:00:00Z';
const entry = (attempted_at: string, providers: number): TrafficModelEntry => ({
  attempted_at,
  succeeded_at: attempted_at,
  error: null,
  latest: { observed_at: attempted_at, endpoints: Array.from({ length: providers }, (_, i) => ({ tag: `p${i}`, provider: `p${i}`, provider_name: `P${i}`, uptime_5m: 1, uptime_30m: 1, uptime_1d: 1, latency_ms: { p50: 1, p90: 2 }, throughput_tps: { p50: 1, p90: 2 } })) },
  day_first: null,
});
const candidates = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `a/m${String(i).padStart(2, '0')}`, upstream_id: `a/m${String(i).padStart(2, '0')}` }));

describe('pickSweep', () => {
  it('reads never-read models first, then the most used every run, then the longest unread', () => {
    const models = candidates(12);
    const entries: Record<string, TrafficModelEntry> = {};
    // m00..m09 read before; m00 has the most providers, m09 was read longest ago.
    for (let i = 0; i < 10; i += 1) entries[models[i]!.id] = entry(`2026-08-25T0${9 - Math.floor(i / 2)}:00:00Z`, i === 0 ? 14 : i === 1 ? 9 : 1);
    const picked = pickSweep(models, entries, 10, NOW).map((c) => c.id);
    // 10 a run: 2 hot (20%), the two never read, then the oldest.
    expect(picked).toEqual(['a/m10', 'a/m11', 'a/m00', 'a/m01', 'a/m08', 'a/m09', 'a/m06', 'a/m07', 'a/m04', 'a/m05']);
  });

  it('skips a hot model read within the run, and asks nothing without allowance', () => {
    const models = candidates(3);
    const entries = { 'a/m00': entry('2026-08-25T09:55:00Z', 20), 'a/m01': entry('2026-08-25T09:00:00Z', 1), 'a/m02': entry('2026-08-25T08:00:00Z', 1) };
    expect(pickSweep(models, entries, 5, NOW).map((c) => c.id)).toEqual(['a/m02', 'a/m01']);
    expect(pickSweep(models, entries, 0, NOW)).toEqual([]);
  });

  it('reaches every model of a catalog within ceil((n - hot) / (perRun - hot)) runs', () => {
    const models = candidates(60);
    const entries: Record<string, TrafficModelEntry> = {};
    const lastRead = new Map<string, number>();
    let worst = 0;
    for (let run = 0; run < 20; run += 1) {
      const now = new Date(Date.parse(NOW) + run * 15 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      for (const c of pickSweep(models, entries, 20, now)) {
        if (lastRead.has(c.id)) worst = Math.max(worst, run - lastRead.get(c.id)!);
        lastRead.set(c.id, run);
        entries[c.id] = entry(now, c.id === 'a/m00' ? 10 : 1);
      }
    }
    expect(lastRead.size).toBe(60);
    // 4 hot a run, 56 others in 16 slots: every model at least every 4 runs.
    expect(worst).toBe(Math.ceil(56 / 16));
  });
});

describe('the pace', () => {
  it('halves the requests per level, stretches on a 429 or errors and recovers one level a clean run', () => {
    expect(requestsAllowed(120, { level: 0, resume_at: null }, NOW)).toBe(120);
    expect(requestsAllowed(120, { level: 2, resume_at: null }, NOW)).toBe(30);
    let pace = { level: 0, resume_at: null as string | null };
    pace = nextPace(pace, { limited: true, errors: 1 }, NOW);
    expect(pace).toEqual({ level: 1, resume_at: null });
    pace = nextPace(pace, { limited: false, errors: 3 }, NOW);
    expect(pace).toEqual({ level: 2, resume_at: null });
    pace = nextPace(pace, { limited: false, errors: 1 }, NOW);
    expect(pace.level).toBe(2);
    pace = nextPace(pace, { limited: false, errors: 0 }, NOW);
    expect(pace.level).toBe(1);
  });

  it('pauses an hour at the top level, asking nothing meanwhile', () => {
    const pace = nextPace({ level: MAX_PACE_LEVEL - 1, resume_at: null }, { limited: true, errors: 0 }, NOW);
    expect(pace).toEqual({ level: MAX_PACE_LEVEL, resume_at: '2026-08-25T11:00:00Z' });
    expect(requestsAllowed(120, pace, '2026-08-25T10:45:00Z')).toBe(0);
    expect(nextPace(pace, { limited: false, errors: 0 }, '2026-08-25T10:45:00Z')).toBe(pace);
    expect(requestsAllowed(120, pace, '2026-08-25T11:00:00Z')).toBe(Math.floor(120 / 2 ** MAX_PACE_LEVEL));
  });
});

describe('planCursorSweep (the edge monitor: a cursor, the most used, the models in trouble)', () => {
  const ids = Array.from({ length: 30 }, (_, i) => `a/m${String(i).padStart(2, '0')}`);
  const options = { hotEveryMin: 4, troubleEveryMin: 2, troubleCap: 2 };
  const replay = (hot: string[], trouble: string[], perRun: number, minutes: number) => {
    const state: CursorState = { cursor: null, hot: {}, trouble: Object.fromEntries(trouble.map((id) => [id, -100])) };
    const reads = new Map<string, number[]>();
    for (let minute = 0; minute < minutes; minute += 1) {
      for (const pick of planCursorSweep(ids, hot, state, minute, perRun, options)) {
        if (pick.class === 'cursor') state.cursor = pick.id;
        if (hot.includes(pick.id)) state.hot[pick.id] = minute;
        if (trouble.includes(pick.id)) state.trouble[pick.id] = minute;
        reads.set(pick.id, [...(reads.get(pick.id) ?? []), minute]);
      }
    }
    const gaps = (id: string) => (reads.get(id) ?? []).slice(1).map((m, i) => m - reads.get(id)![i]!);
    return { reads, gaps };
  };

  it('finds a cursor\'s place by binary search, whatever the id', () => {
    expect(indexAfter(ids, null)).toBe(0);
    expect(indexAfter(ids, 'a/m05')).toBe(6);
    expect(indexAfter(ids, 'a/m05x')).toBe(6);
    expect(indexAfter(ids, 'z')).toBe(30);
    expect([holds(ids, 'a/m05'), holds(ids, 'a/m05x'), holds(ids, '0')]).toEqual([true, false, false]);
  });

  it('reads each class at its own pace, and every other model once per turn of the cursor', () => {
    const hot = ['a/m03', 'a/m17'];
    const trouble = ['a/m09'];
    const { gaps } = replay(hot, trouble, 5, 60);
    for (const id of hot) expect(Math.max(...gaps(id))).toBe(4);
    expect(Math.max(...gaps('a/m09'))).toBe(2);
    // 27 others, 5 a run less the hot and trouble turns (about 1.5 a run): every 8 minutes or so.
    const others = ids.filter((id) => !hot.includes(id) && !trouble.includes(id));
    const worst = Math.max(...others.map((id) => Math.max(...gaps(id))));
    expect(worst).toBeLessThanOrEqual(Math.ceil(others.length / (5 - 0.5 - 1)));
    for (const id of others) expect(gaps(id).length).toBeGreaterThan(4);
  });

  it('asks the longest waiting models in trouble first, at most troubleCap a run, and never one model twice in a run', () => {
    const state: CursorState = { cursor: 'a/m28', hot: {}, trouble: { 'a/m01': 5, 'a/m02': 3, 'a/m03': 4, 'a/m29': 1 } };
    const picks = planCursorSweep(ids, ['a/m00', 'a/m29'], state, 10, 6, options);
    expect(picks.slice(0, 2)).toEqual([{ id: 'a/m29', class: 'trouble' }, { id: 'a/m02', class: 'trouble' }]);
    // The hot model not already picked, then the cursor wraps round past the end, skipping the hot and those in trouble.
    expect(picks.slice(2)).toEqual([{ id: 'a/m00', class: 'hot' }, { id: 'a/m04', class: 'cursor' }, { id: 'a/m05', class: 'cursor' }, { id: 'a/m06', class: 'cursor' }]);
    expect(new Set(picks.map((p) => p.id)).size).toBe(picks.length);
    expect(planCursorSweep(ids, [], state, 10, 0, options)).toEqual([]);
  });

  it('asks each model at most once when the budget exceeds the catalog', () => {
    const picks = planCursorSweep(ids.slice(0, 3), [], { cursor: null, hot: {}, trouble: {} }, 0, 10, options);
    expect(picks.map((p) => p.id)).toEqual(['a/m00', 'a/m01', 'a/m02']);
  });
});

describe('planCursorSweep with a catalog smaller than a run', () => {
  it('asks every model every run, the most used and those in trouble too', () => {
    const state: CursorState = { cursor: 'a/b', hot: { 'a/a': 10 }, trouble: { 'a/c': 10 } };
    const picks = planCursorSweep(['a/a', 'a/b', 'a/c'], ['a/a'], state, 11, 25, { hotEveryMin: 4, troubleEveryMin: 2, troubleCap: 2 });
    expect(picks).toEqual([{ id: 'a/b', class: 'cursor' }, { id: 'a/a', class: 'hot' }, { id: 'a/c', class: 'trouble' }]);
  });
});
