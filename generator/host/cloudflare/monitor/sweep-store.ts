/**
 * The sweep's D1 statements (schema in migrations/0002_sweep.sql): a run reads the `sweep` row
 * once and adds its writes to the run's one batch (store.ts writeRun): the `sweep` row, one
 * `figures` row per model read, a delete per model no longer listed. A live model status list
 * reads the `sweep` row's small columns; a live model detail that row's time and its model's row.
 */
import type { D1Like, D1Statement } from './store.js';
import type { FiguresRow, SweepResult, SweepRotation, SweepTrouble } from './sweep.js';

export interface SweepHead {
  minute: number;
  observed_at: string;
  run_ok: number;
  error: string | null;
}

export async function readRotation(db: D1Like): Promise<{ rotation: SweepRotation | null; trouble: SweepTrouble | null }> {
  const row = await db.prepare('SELECT rotation, trouble FROM sweep WHERE id = 1').first<{ rotation: string; trouble: string }>();
  return row === null ? { rotation: null, trouble: null } : { rotation: JSON.parse(row.rotation) as SweepRotation, trouble: JSON.parse(row.trouble) as SweepTrouble };
}

/** The live model status list's reading: the sweep's time and its trouble value (one row). */
export async function readTrouble(db: D1Like): Promise<(SweepHead & { trouble: SweepTrouble }) | null> {
  const row = await db.prepare('SELECT minute, observed_at, run_ok, error, trouble FROM sweep WHERE id = 1').first<SweepHead & { trouble: string }>();
  return row === null ? null : { ...row, trouble: JSON.parse(row.trouble) as SweepTrouble };
}

/** A live model detail's reading: the sweep's time and the model's row (two rows, one round trip). */
export async function readModelFigures(db: D1Like, id: string): Promise<{ head: SweepHead | null; row: FiguresRow | null }> {
  const [head, row] = await Promise.all([
    db.prepare('SELECT minute, observed_at, run_ok, error FROM sweep WHERE id = 1').first<SweepHead>(),
    db.prepare('SELECT body FROM figures WHERE id = ?').bind(id).first<{ body: string }>(),
  ]);
  return { head, row: row === null ? null : (JSON.parse(row.body) as FiguresRow) };
}

/** The sweep's statements for the run's batch. */
export function sweepStatements(db: D1Like, write: { minute: number; observedAt: string; ok: boolean; error: string | null; result: SweepResult }): D1Statement[] {
  const { result } = write;
  return [
    db
      .prepare(
        'INSERT INTO sweep (id, minute, observed_at, run_ok, error, rotation, trouble) VALUES (1, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET minute = excluded.minute, observed_at = excluded.observed_at, run_ok = excluded.run_ok, error = excluded.error, rotation = excluded.rotation, trouble = excluded.trouble',
      )
      .bind(write.minute, write.observedAt, write.ok ? 1 : 0, write.error, JSON.stringify(result.rotation), JSON.stringify(result.trouble)),
    ...[...result.upserts].map(([id, row]) =>
      db.prepare('INSERT INTO figures (id, observed_at, body) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET observed_at = excluded.observed_at, body = excluded.body').bind(id, row.figures.observed_at, JSON.stringify(row)),
    ),
    ...result.deletes.map((id) => db.prepare('DELETE FROM figures WHERE id = ?').bind(id)),
  ];
}
