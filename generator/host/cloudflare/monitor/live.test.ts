/**
 * What the live answers decide without the runtime: which routes are live, when the monitor's
 * state may answer (monitor.test.ts drives the rest through workerd), and how the monitor's probe
 * counts lay over the static 90 days. D1 here is a table in memory behind the binding's own
 * interface, or one that fails as an unreachable database does.
 */
import { describe, expect, it } from 'vitest';
import type { UptimeDay } from '../../../render/status.js';
import { addDays } from '../../../models/dates.js';
import { liveRoute, readMonitor, STALE_AFTER_S } from './live.js';
import { liveUptime } from './live-merge.js';
import type { D1Like, D1Statement } from './store.js';

function database(rows: Record<string, Record<string, unknown> | null>): D1Like {
  const statement = (sql: string): D1Statement => ({
    bind: () => statement(sql),
    first: async <T>() => (Object.entries(rows).find(([table]) => sql.includes(`FROM ${table}`))?.[1] ?? null) as T | null,
    all: async () => ({ results: [] }),
    run: async () => ({}),
  });
  return { prepare: statement, batch: async () => [] };
}

const unreachable: D1Like = {
  prepare: () => ({ bind: () => unreachable.prepare(''), first: () => Promise.reject(new Error('D1_ERROR: network connection lost')), all: () => Promise.reject(new Error('down')), run: () => Promise.reject(new Error('down')) }),
  batch: () => Promise.reject(new Error('down')),
};

const latest = (observedAt: string, runOk: number) => ({ minute: Math.floor(Date.parse(observedAt) / 60_000), observed_at: observedAt, run_ok: runOk, error: runOk ? null : 'every probe failed at once', state: JSON.stringify({ day: observedAt.slice(0, 10), services: {} }) });

describe('live status answers', () => {
  it('are the path forms and the badges; the file forms and odd ids are not', () => {
    expect(liveRoute('/api/v1/status')).toEqual({ kind: 'list' });
    expect(liveRoute('/api/v1/status/openai')).toEqual({ kind: 'service', id: 'openai' });
    expect(liveRoute('/api/v1/badges/openai/uptime.json')).toEqual({ kind: 'badge', id: 'openai', badge: 'uptime' });
    for (const route of ['/api/v1/status.json', '/api/v1/status/openai.json', '/api/v1/status/Open_AI', '/api/v1/badges/openai/other.json', '/api/v1/models']) expect(liveRoute(route), route).toBeNull();
  });

  it('answer from the monitor only while its newest run completed less than five minutes ago', async () => {
    const now = Date.parse('2026-11-27T10:05:00Z');
    expect(await readMonitor(undefined, now)).toEqual({ ok: false, reason: 'monitor_unavailable' });
    expect(await readMonitor(unreachable, now)).toEqual({ ok: false, reason: 'monitor_unavailable' });
    expect(await readMonitor(database({ latest: null, rollup: null }), now)).toEqual({ ok: false, reason: 'monitor_empty' });
    expect(await readMonitor(database({ latest: latest('2026-11-27T10:04:00Z', 0), rollup: null }), now)).toEqual({ ok: false, reason: 'run_failed' });
    // A state that cannot be read (damaged, or another version's) answers nothing.
    expect(await readMonitor(database({ latest: { ...latest('2026-11-27T10:04:00Z', 1), state: '{"day":"2026-11-27"' }, rollup: null }), now)).toEqual({ ok: false, reason: 'monitor_unavailable' });
    expect(await readMonitor(database({ latest: { ...latest('2026-11-27T10:04:00Z', 1), state: '{"day":"2026-11-27"}' }, rollup: null }), now)).toEqual({ ok: false, reason: 'monitor_unavailable' });
    const old = new Date(now - (STALE_AFTER_S + 1) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(await readMonitor(database({ latest: latest(old, 1), rollup: null }), now)).toEqual({ ok: false, reason: 'monitor_stale' });
    const fresh = await readMonitor(database({ latest: latest('2026-11-27T10:04:00Z', 1), rollup: { days: '{"2026-11-26":{"a":[1440,1440]}}' } }), now);
    expect(fresh).toMatchObject({ ok: true, age: 60, rollup: { '2026-11-26': { a: [1440, 1440] } } });
  });

  it('lay the monitor\'s probe counts over the static days and move the window on to today', () => {
    const days: UptimeDay[] = Array.from({ length: 90 }, (_, i) => ({ date: addDays('2026-11-26', i - 89), uptime: 1, probe: 1, official: i === 89 ? 0.5 : 1 }));
    const counts = new Map<string, [number, number]>([['2026-11-26', [1440, 1296]], ['2026-11-27', [600, 600]], ['2026-11-27x', [0, 0]]]);
    const live = liveUptime(days, counts, '2026-11-27');
    expect(live.length).toBe(90);
    expect(live[0]!.date).toBe(addDays('2026-11-27', -89));
    // The official figure stays; the probe figure is the monitor's; combined is the lower.
    expect(live[88]).toEqual({ date: '2026-11-26', official: 0.5, probe: 0.9, uptime: 0.5 });
    expect(live[89]).toEqual({ date: '2026-11-27', official: null, probe: 1, uptime: 1 });
    // A day the monitor did not see keeps the static figures.
    expect(live[50]).toEqual(days[51]);
  });
});
