/**
 * The monitor bench's D1 plumbing, without a runtime: a recorded run's calls are answered again in
 * order (so a run's CPU can be measured without the simulator's proxy), a call that differs from
 * the recording is refused, and the meter adds up D1's own counts from each result's meta.
 */
import { describe, expect, it } from 'vitest';
import { meteredD1, recordingD1, replayingD1, zeroCounts, type D1Call, type RawD1, type RawStatement } from './monitor-d1.js';

interface Binding {
  prepare(sql: string): { bind(...values: unknown[]): ReturnType<Binding['prepare']>; first(column?: string): Promise<unknown>; run(): Promise<unknown> };
  batch(statements: unknown[]): Promise<unknown[]>;
}

/** A stand-in for the binding: every statement answers its SQL and values, with meta of a row read and one written. */
function fakeD1(): RawD1 {
  const statement = (sql: string, values: unknown[]): RawStatement => {
    const result = { results: [{ sql, values: values.join(',') }], meta: { rows_read: 1, rows_written: sql.startsWith('INSERT') ? 1 : 0, size_after: 4096 } };
    return { bind: (...next) => statement(sql, next), all: async () => result, run: async () => result };
  };
  return { prepare: (sql) => statement(sql, []), batch: async (statements) => Promise.all(statements.map((s) => s.all())) };
}

describe("the monitor bench's D1", () => {
  it('meters queries, rows read and written and the size from the results, a batch as one call of many queries', async () => {
    const counts = zeroCounts();
    const db = meteredD1(fakeD1(), counts) as Binding;
    expect(await db.prepare('SELECT state FROM latest WHERE id = ?').bind(1).first('values')).toBe('1');
    await db.batch([db.prepare('INSERT INTO runs VALUES (?)').bind(7), db.prepare('DELETE FROM runs WHERE minute < ?').bind(3)]);
    expect(counts).toMatchObject({ calls: 2, queries: 3, rowsRead: 3, rowsWritten: 1, sizeBytes: 4096 });
  });

  it('replays a recorded run call for call, and refuses a call that is not the recorded one', async () => {
    const log: D1Call[] = [];
    const recording = recordingD1(meteredD1(fakeD1(), zeroCounts()), log) as Binding;
    const first = await recording.prepare('SELECT minute FROM latest').first();
    const batch = await recording.batch([recording.prepare('INSERT INTO runs VALUES (?)').bind(9)]);
    expect(log.map((c) => c.sql)).toEqual([['SELECT minute FROM latest'], ['INSERT INTO runs VALUES (?)']]);

    const replay = replayingD1(log) as Binding;
    expect(await replay.prepare('SELECT minute FROM latest').first()).toEqual(first);
    expect(await replay.batch([replay.prepare('INSERT INTO runs VALUES (?)').bind(9)])).toEqual(batch);
    await expect(replay.prepare('SELECT 1').first()).rejects.toThrow(/no more calls/);
    await expect((replayingD1(log) as Binding).prepare('SELECT other FROM latest').first()).rejects.toThrow(/expected SELECT minute FROM latest/);
  });
});
