/**
 * The sweep's D1 statements (schema in migrations/0002_sweep.sql). A sweep run reads the `sweep`
 * row's rotation once, the stored heads (minute, state, since) of the models it is about to ask
 * (one query, as many rows as models asked), every stored id only when the catalog changed; then
 * writes one batch: the `sweep` row, the rows of the models read (a few multi-row upserts), a
 * delete per model no longer listed. A live model status list reads the `sweep` row's small
 * columns; a live model detail that row's time and its model's row.
 */
import type { D1Like, D1Statement } from './store.js';
import type { FiguresRow, StoredHead, SweepResult, SweepRotation, SweepStoreReader, SweepTrouble } from './sweep.js';

export interface SweepHead {
  minute: number;
  observed_at: string;
  run_ok: number;
  error: string | null;
}

/** D1 binds at most 100 parameters a statement: 16 rows of 6 columns an upsert. */
const ROWS_PER_UPSERT = 16;
const HEADS_PER_QUERY = 100;

/** The sweep's last run (its minute) and rotation, or null before the first. */
export async function readRotation(db: D1Like): Promise<{ minute: number; rotation: SweepRotation } | null> {
  const row = await db.prepare('SELECT minute, rotation FROM sweep WHERE id = 1').first<{ minute: number; rotation: string }>();
  return row === null ? null : { minute: row.minute, rotation: JSON.parse(row.rotation) as SweepRotation };
}

/** The run's two reads of `figures`. */
export function sweepStoreReader(db: D1Like): SweepStoreReader & { queries: number } {
  const reader = {
    queries: 0,
    async headsOf(ids: readonly string[]) {
      const heads = new Map<string, StoredHead>();
      for (let at = 0; at < ids.length; at += HEADS_PER_QUERY) {
        const chunk = ids.slice(at, at + HEADS_PER_QUERY);
        reader.queries += 1;
        const { results } = await db
          .prepare(`SELECT id, minute, state, since FROM figures WHERE id IN (${chunk.map(() => '?').join(', ')})`)
          .bind(...chunk)
          .all<StoredHead & { id: string }>();
        for (const row of results ?? []) heads.set(row.id, { minute: row.minute, state: row.state, since: row.since });
      }
      return heads;
    },
    async storedIds() {
      reader.queries += 1;
      const { results } = await db.prepare('SELECT id FROM figures').all<{ id: string }>();
      return (results ?? []).map((row) => row.id);
    },
  };
  return reader;
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

/** The sweep run's writes, one batch (one transaction: the row and the figures agree). Returns the statements' count. */
export async function writeSweep(db: D1Like, write: { minute: number; observedAt: string; result: SweepResult }): Promise<number> {
  const { result } = write;
  const statements: D1Statement[] = [
    db
      .prepare(
        'INSERT INTO sweep (id, minute, observed_at, run_ok, error, rotation, trouble) VALUES (1, ?, ?, 1, NULL, ?, ?) ON CONFLICT (id) DO UPDATE SET minute = excluded.minute, observed_at = excluded.observed_at, run_ok = 1, error = NULL, rotation = excluded.rotation, trouble = excluded.trouble',
      )
      .bind(write.minute, write.observedAt, JSON.stringify(result.rotation), JSON.stringify(result.trouble)),
  ];
  const rows = [...result.upserts];
  for (let at = 0; at < rows.length; at += ROWS_PER_UPSERT) {
    const chunk = rows.slice(at, at + ROWS_PER_UPSERT);
    statements.push(
      db
        .prepare(
          `INSERT INTO figures (id, observed_at, minute, state, since, body) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (id) DO UPDATE SET observed_at = excluded.observed_at, minute = excluded.minute, state = excluded.state, since = excluded.since, body = excluded.body`,
        )
        .bind(...chunk.flatMap(([id, u]) => [id, u.row.figures.observed_at, u.minute, u.state, u.since, JSON.stringify(u.row)])),
    );
  }
  for (const id of result.deletes) statements.push(db.prepare('DELETE FROM figures WHERE id = ?').bind(id));
  await db.batch(statements);
  return statements.length;
}

/** A sweep run that could not finish: its rotation stays, the live model answers fall back to the static files. */
export async function markSweepFailed(db: D1Like, error: string): Promise<void> {
  await db.prepare('UPDATE sweep SET run_ok = 0, error = ? WHERE id = 1').bind(error).run();
}
