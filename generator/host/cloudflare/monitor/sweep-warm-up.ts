/**
 * The sweep's code run once at the Worker's startup (as warm-up.ts does for the status), so that
 * V8 compiles it while the isolate starts, not in the sweep's first run (docs/operation.md, "The
 * edge monitor's sweep"): three runs over a built-in catalog of three models, answered from memory
 * in OpenRouter's format (one model losing its provider), through the code a run uses:
 * - the asset's reader, the rotation, the answer's parse (parseJsonBody, as FetchTransport reads
 *   a body), its checks and bounds, the judging;
 * - the store's statements (readRotation, the heads, writeSweep) against a database in memory;
 * - FetchTransport's request path up to its timer (a deadline already passed: the global scope
 *   allows no I/O and no timers, so it stops there, as a late request does).
 * Nothing leaves the isolate, and nothing waits. Kept small: every isolate pays it.
 */
import { FetchTransport } from '../../../http/fetch-transport.js';
import { parseJsonBody } from '../../../http/json-body.js';
import type { HttpTransport } from '../../../http/transport.js';
import type { HttpResult } from '../../../http/types.js';
import type { D1Like, D1Statement } from './store.js';
import { readSweepAsset, sweepAssetText, type SweepCatalog } from './sweep-asset.js';
import { readRotation, sweepStoreReader, writeSweep } from './sweep-store.js';
import { runSweep, type StoredHead, type SweepResult } from './sweep.js';

const IDS = ['warm/a', 'warm/b', 'warm/c'];

function endpoint(provider: string, uptime: number) {
  return { provider_name: provider, tag: provider.toLowerCase(), uptime_last_5m: uptime, uptime_last_30m: uptime, uptime_last_1d: 99.25, latency_last_30m: { p50: 800, p90: 2000 }, throughput_last_30m: { p50: 40.5, p90: 60 } };
}

/** The answer about the model a URL names: warm/c has one provider, failing. */
function answerText(url: string): string {
  const id = IDS.find((m) => url.includes(m)) ?? 'warm/a';
  const endpoints = id === 'warm/c' ? [endpoint('Alpha', 2)] : [endpoint('Alpha', 100), endpoint('Beta', 99.5)];
  return JSON.stringify({ data: { id, endpoints } });
}

/** A transport answering from memory, its body read as FetchTransport reads one. */
const memoryTransport: HttpTransport = {
  request: async (url) => ({ url, status: 200, headers: { 'content-type': 'application/json' }, body: answerText(url), attempts: 1, latencyMs: 1 }),
  requestJson: async (url, options) => {
    const result: HttpResult = await memoryTransport.request(url, options);
    return { json: parseJsonBody(result, url, options.source), result };
  },
};

/** The sweep's two tables in memory, answering the statements sweep-store.ts makes (and no others). */
function memoryDatabase(): D1Like {
  let sweep: { minute: number; rotation: string } | null = null;
  const heads = new Map<string, StoredHead>();
  const statement = (sql: string, values: unknown[] = []): D1Statement & { sql: string; values: unknown[] } => ({
    sql,
    values,
    bind: (...bound) => statement(sql, bound),
    first: async <T>() => (sql.startsWith('SELECT minute, rotation FROM sweep') ? (sweep as T | null) : null),
    all: async <T>() => ({ results: sql.includes('FROM figures WHERE id IN') ? values.filter((id) => heads.has(String(id))).map((id) => ({ id, ...heads.get(String(id))! }) as T) : [] }),
    run: async () => ({}),
  });
  return {
    prepare: (sql) => statement(sql),
    batch: async (statements) => {
      for (const { sql, values } of statements as Array<ReturnType<typeof statement>>) {
        if (sql.startsWith('INSERT INTO sweep')) sweep = { minute: Number(values[0]), rotation: String(values[2]) };
        if (sql.startsWith('INSERT INTO figures')) {
          for (let at = 0; at + 5 < values.length; at += 6) heads.set(String(values[at]), { minute: Number(values[at + 2]), state: String(values[at + 3]), since: Number(values[at + 4]) });
        }
      }
      return statements.map(() => ({}));
    },
  };
}

/** Runs the sweep's path at startup; returns the last run's result (the test checks the sample is judged). */
export async function warmUpSweep(): Promise<SweepResult> {
  // Through the asset's own reader: its line index and row reads are compiled here too.
  const catalog: SweepCatalog = readSweepAsset(sweepAssetText(IDS.map((id, i) => ({ id, upstream_id: id, name: id, author: 'warm', providers: 3 - i }))));
  const db = memoryDatabase();
  let result: SweepResult | null = null;
  for (const now of ['2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z', '2026-01-01T00:03:00Z']) {
    const minute = Math.floor(Date.parse(now) / 60_000);
    const previous = await readRotation(db);
    result = await runSweep({ http: memoryTransport, baseUrl: 'https://warm-up.invalid/api/v1', catalog, store: sweepStoreReader(db), previous: previous?.rotation ?? null, budget: 3, now, clock: () => 0, sleep: async () => undefined, intervalMs: 0 });
    await writeSweep(db, { minute, observedAt: now, result });
  }
  // FetchTransport's request path, stopped by a deadline already passed (before any timer or fetch).
  await new FetchTransport({ userAgent: 'ModelPulse-warm-up', deadlineAt: 0, clock: () => 1 }).requestJson('https://warm-up.invalid/api/v1/models/warm/a/endpoints', { source: 'openrouter-endpoints', retry: { retries: 0 } }).catch(() => undefined);
  return result!;
}
