/**
 * A real local D1 for the monitor's measurements: Cloudflare's own simulator (workerd, through
 * wrangler's getPlatformProxy), migrated with `wrangler d1 migrations apply --local` from the
 * repository's migrations/, and a meter around its binding that counts what Cloudflare bills
 * and limits: queries (statements) per invocation, rows read and written (D1's own counts, from
 * each result's meta), the database's size, and the CPU the binding's calls cost in this process
 * (the simulator's proxy; on Cloudflare that work is outside the isolate, so it is left out of a
 * run's CPU).
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { offlineEnv } from '../host/cloudflare/dev-server.js';

/** What the meter reads of D1's binding (workers-types' D1Database, narrowed). */
interface D1Result {
  results?: Array<Record<string, unknown>>;
  meta: { rows_read?: number; rows_written?: number; size_after?: number };
}
export interface RawStatement {
  bind(...values: unknown[]): RawStatement;
  all(): Promise<D1Result>;
  run(): Promise<D1Result>;
}
export interface RawD1 {
  prepare(sql: string): RawStatement;
  batch(statements: RawStatement[]): Promise<D1Result[]>;
}

export interface D1Counts {
  /** Calls to the binding (a batch is one). */
  calls: number;
  /** Statements run: what D1 counts as queries against the 50 an invocation may make. */
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  /** The database's size after the last statement (D1's own figure). */
  sizeBytes: number;
  /** CPU spent in this process inside the binding's calls (excluded from a run's CPU). */
  bindingCpuMs: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export function zeroCounts(): D1Counts {
  return { calls: 0, queries: 0, rowsRead: 0, rowsWritten: 0, sizeBytes: 0, bindingCpuMs: 0 };
}

/** The binding as the monitor and the Worker use it (prepare, bind, first, all, run, raw, batch), metered into `counts`. */
export function meteredD1(inner: RawD1, counts: D1Counts): unknown {
  const tally = (results: D1Result[]) => {
    counts.calls += 1;
    counts.queries += results.length;
    for (const { meta } of results) {
      counts.rowsRead += meta.rows_read ?? 0;
      counts.rowsWritten += meta.rows_written ?? 0;
      if (meta.size_after !== undefined) counts.sizeBytes = meta.size_after;
    }
  };
  const timed = async <T>(call: () => Promise<T>): Promise<T> => {
    const started = process.cpuUsage();
    try {
      return await call();
    } finally {
      counts.bindingCpuMs += cpuMs(started);
    }
  };
  const inners = new WeakMap<object, RawStatement>();
  const statement = (raw: RawStatement): object => {
    const run = async (call: () => Promise<D1Result>) => {
      const result = await timed(call);
      tally([result]);
      return result;
    };
    const wrapped = {
      bind: (...values: unknown[]) => statement(raw.bind(...values)),
      // first() runs the whole statement on D1 too; all() gives its meta.
      first: async (column?: string) => {
        const row = (await run(() => raw.all())).results?.[0] ?? null;
        return column === undefined || row === null ? row : (row[column] ?? null);
      },
      all: () => run(() => raw.all()),
      run: () => run(() => raw.run()),
      raw: async () => ((await run(() => raw.all())).results ?? []).map((row) => Object.values(row)),
    };
    inners.set(wrapped, raw);
    return wrapped;
  };
  return {
    prepare: (sql: string) => statement(inner.prepare(sql)),
    batch: async (statements: object[]) => {
      const results = await timed(() => inner.batch(statements.map((s) => inners.get(s)!)));
      tally(results);
      return results;
    },
  };
}

const execute = promisify(execFile);
const WRANGLER_BIN = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
export const MIGRATIONS_DIR = resolve('migrations');

export interface LocalD1 {
  db: RawD1;
  dispose(): Promise<void>;
}

/** A fresh local D1 in `dir`, migrated by wrangler itself from migrations/. */
export async function localD1(dir: string): Promise<LocalD1> {
  const config = join(dir, 'wrangler.json');
  const persist = join(dir, 'state');
  await writeFile(config, JSON.stringify({ name: 'monitor-bench', compatibility_date: '2026-04-01', d1_databases: [{ binding: 'STATUS_DB', database_name: 'status', database_id: 'local', migrations_dir: MIGRATIONS_DIR }] }));
  await execute(process.execPath, [WRANGLER_BIN, 'd1', 'migrations', 'apply', 'STATUS_DB', '--local', '--config', config, '--persist-to', persist], { cwd: dir, env: offlineEnv(dir) });
  const { getPlatformProxy } = await import('wrangler');
  // wrangler keeps its local state below <persist-to>/v3; getPlatformProxy takes that directory itself.
  const proxy = await getPlatformProxy<{ STATUS_DB: RawD1 }>({ configPath: config, persist: { path: join(persist, 'v3') } });
  return { db: proxy.env.STATUS_DB, dispose: () => proxy.dispose() };
}

/** One call to the binding and what it answered, for replaying a run without D1. */
export interface D1Call {
  sql: string[];
  answer: unknown;
}

type Method = 'first' | 'all' | 'run' | 'raw';
interface Statement {
  bind(...values: unknown[]): Statement;
  first(column?: string): Promise<unknown>;
  all(): Promise<unknown>;
  run(): Promise<unknown>;
  raw(): Promise<unknown>;
}
interface Binding {
  prepare(sql: string): Statement;
  batch(statements: Statement[]): Promise<unknown[]>;
}

/**
 * A binding whose every call `answer`s (given the statements' SQL and the call): the frame of
 * the recording and the replaying bindings below.
 */
function bindingOf(answer: (sql: string[], call: (inner: Binding) => Promise<unknown>) => Promise<unknown>, inner: Binding | null): Binding {
  const sqlOf = new WeakMap<Statement, string>();
  const innerOf = new WeakMap<Statement, Statement | null>();
  const statement = (sql: string, raw: Statement | null): Statement => {
    const call = (method: Method) => (column?: string) => answer([sql], () => (method === 'first' ? raw!.first(column) : raw![method]()));
    const wrapped: Statement = { bind: (...values) => statement(sql, raw === null ? null : raw.bind(...values)), first: call('first'), all: call('all'), run: call('run'), raw: call('raw') };
    sqlOf.set(wrapped, sql);
    innerOf.set(wrapped, raw);
    return wrapped;
  };
  return {
    prepare: (sql) => statement(sql, inner === null ? null : inner.prepare(sql)),
    batch: (statements) => answer(statements.map((s) => sqlOf.get(s)!), (binding) => binding.batch(statements.map((s) => innerOf.get(s)!))) as Promise<unknown[]>,
  };
}

/** `inner` (metered or not), each call's SQL and answer appended to `log`. */
export function recordingD1(inner: unknown, log: D1Call[]): unknown {
  const binding = inner as Binding;
  return bindingOf(async (sql, call) => {
    const answer = await call(binding);
    log.push({ sql, answer });
    return answer;
  }, binding);
}

/**
 * The calls of `log` answered again, in order, with nothing behind them: a run's CPU without D1,
 * which on Cloudflare runs outside the isolate (the local simulator's proxy would cost this
 * process more than the run itself). A call that is not the recorded one is an error.
 */
export function replayingD1(log: readonly D1Call[]): unknown {
  let next = 0;
  return bindingOf(async (sql) => {
    const recorded = log[next++];
    if (recorded === undefined || recorded.sql.join(';') !== sql.join(';')) throw new Error(`the replay expected ${recorded?.sql.join('; ') ?? 'no more calls'}, not ${sql.join('; ')}`);
    return structuredClone(recorded.answer);
  }, null);
}
