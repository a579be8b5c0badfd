/**
 * The monitor's D1 database (binding STATUS_DB; schema in migrations/0001_status.sql): the few
 * statements a run and an answer make. Sized for the free plan (docs/hosting.md, "The edge
 * monitor"): a run makes at most 5 queries and writes 3 rows (4 when a day closes; the deleted
 * observation counts as one); an answer reads 2 rows.
 */
import { RETENTION_MINUTES, type MonitorState, type Rollup } from './state.js';

/** What we use of Cloudflare's D1 binding (workers-types' D1Database, narrowed). */
export interface D1Statement {
  bind(...values: unknown[]): D1Statement;
  first<T = Record<string, unknown>>(): Promise<T | null>;
  all<T = Record<string, unknown>>(): Promise<{ results?: T[] }>;
  run(): Promise<unknown>;
}

export interface D1Like {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<unknown[]>;
}

export interface LatestRow {
  minute: number;
  observed_at: string;
  /** 1: the run that wrote `observed_at` completed; 0: the last run failed. */
  run_ok: number;
  error: string | null;
  state: MonitorState;
}

interface RawLatest {
  minute: number;
  observed_at: string;
  run_ok: number;
  error: string | null;
  state: string;
}

export async function readLatest(db: D1Like): Promise<LatestRow | null> {
  const row = await db.prepare('SELECT minute, observed_at, run_ok, error, state FROM latest WHERE id = 1').first<RawLatest>();
  return row === null ? null : { ...row, state: JSON.parse(row.state) as MonitorState };
}

export async function readRollup(db: D1Like): Promise<Rollup> {
  const row = await db.prepare('SELECT days FROM rollup WHERE id = 1').first<{ days: string }>();
  return row === null ? {} : (JSON.parse(row.days) as Rollup);
}

export interface RunWrite {
  minute: number;
  observedAt: string;
  ok: boolean;
  error: string | null;
  /** encodeRun's text. */
  observations: string;
  state: MonitorState;
  /** The roll-up to store when a day closed with this run. */
  rollup: Rollup | null;
}

/**
 * One run's writes in one batch (D1 runs a batch as one transaction: all or nothing): its
 * observation row, the latest state, the retention delete and, when a day closed, the roll-up.
 * Returns the number of statements (the queries the run spent on writing).
 */
export async function writeRun(db: D1Like, write: RunWrite): Promise<number> {
  const statements = [
    db.prepare('INSERT INTO runs (minute, observed_at, ok, observations) VALUES (?, ?, ?, ?)').bind(write.minute, write.observedAt, write.ok ? 1 : 0, write.observations),
    db
      .prepare(
        'INSERT INTO latest (id, minute, observed_at, run_ok, error, state) VALUES (1, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET minute = excluded.minute, observed_at = excluded.observed_at, run_ok = excluded.run_ok, error = excluded.error, state = excluded.state',
      )
      .bind(write.minute, write.observedAt, write.ok ? 1 : 0, write.error, JSON.stringify(write.state)),
    db.prepare('DELETE FROM runs WHERE minute < ?').bind(write.minute - RETENTION_MINUTES),
  ];
  if (write.rollup !== null) {
    statements.push(db.prepare('INSERT INTO rollup (id, days) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET days = excluded.days').bind(JSON.stringify(write.rollup)));
  }
  await db.batch(statements);
  return statements.length;
}

/** A run that could not finish: the state stays, the answers fall back to the static files. */
export async function markRunFailed(db: D1Like, error: string): Promise<void> {
  await db.prepare('UPDATE latest SET run_ok = 0, error = ? WHERE id = 1').bind(error).run();
}
