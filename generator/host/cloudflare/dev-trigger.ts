/**
 * The local route that starts a monitor run now: `GET /__monitor/run` (optionally `?time=<ms>`,
 * the run's time; it fires every Cron Trigger of the site's wrangler.json in turn, so a driver
 * never names a cron expression; `?sweep_interval_ms=<ms>`, a local-only pace of the endpoint
 * statistics sweep for the simulation, which counts the real second a request itself), for `npm run serve -- --host cloudflare` and the tests, and `GET /__monitor/db`,
 * the local database's rows as JSON (a second process on the same local D1 finds it locked);
 * `GET /__monitor/d1-outage?down=1|0`, which makes every D1 call fail or work again (the D1 outage
 * of `npm run simulate -- --monitor`); and a request header `x-modelpulse-local-now: <ms>` that
 * makes the live answers judge the observations' age as at that time (for a simulation driving
 * the monitor a minute of simulated time apart). The header reaches the Worker as a symbol-keyed
 * property of its env, which Cloudflare's bindings can never be. wrangler's own trigger
 * (`/cdn-cgi/handler/scheduled`) cannot reach a Worker that has static assets in the pinned
 * wrangler (workers-sdk issue 9882, fixed after it), so the dev server runs the site's Worker
 * through a wrapper that adds this one route and otherwise hands every request and event to the
 * Worker unchanged. The wrapper and its config live in the dev server's own directory, never in
 * the site: the deployed Worker has no route that starts a run or writes the database.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MONITOR_CRON, WORKER_FILE, WRANGLER_CONFIG_FILE } from './site-files.js';

export const LOCAL_RUN_PATH = '/__monitor/run';
export const LOCAL_DB_PATH = '/__monitor/db';
/** `?down=1` makes every D1 call of the Worker fail until `?down=0` (the simulation's D1 outage). */
export const LOCAL_OUTAGE_PATH = '/__monitor/d1-outage';
export const LOCAL_NOW_HEADER = 'x-modelpulse-local-now';

const wrapper = (crons: readonly string[]) => `// Local only (generator/host/cloudflare/dev-trigger.ts): the site's Worker plus ${LOCAL_RUN_PATH}.
import worker from './${WORKER_FILE}';
let d1Down = false;
const down = () => Promise.reject(new Error('D1_ERROR: the local D1 is down (${LOCAL_OUTAGE_PATH})'));
const failing = { prepare: () => ({ bind() { return this; }, first: down, all: down, run: down, raw: down }), batch: down, exec: down };
const withD1 = (env) => (d1Down ? { ...env, STATUS_DB: failing } : env);
export default {
  ...worker,
  async scheduled(controller, env, ctx) {
    return worker.scheduled(controller, withD1(env), ctx);
  },
  async fetch(request, originalEnv, ctx) {
    const url = new URL(request.url);
    if (url.pathname === '${LOCAL_OUTAGE_PATH}') {
      d1Down = url.searchParams.get('down') === '1';
      return new Response(d1Down ? 'D1 down\\n' : 'D1 up\\n', { headers: { 'content-type': 'text/plain' } });
    }
    let env = withD1(originalEnv);
    if (url.pathname === '${LOCAL_DB_PATH}') {
      const rows = async (sql) => (await env.STATUS_DB.prepare(sql).all()).results;
      const body = { runs: await rows('SELECT * FROM runs ORDER BY minute'), latest: await rows('SELECT * FROM latest'), rollup: await rows('SELECT * FROM rollup'), sweep: await rows('SELECT * FROM sweep'), figures: await rows('SELECT * FROM figures ORDER BY id') };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }
    const now = request.headers.get('${LOCAL_NOW_HEADER}');
    if (now !== null) env = { ...env, [Symbol.for('modelpulse.localClock')]: Number(now) };
    if (url.pathname !== '${LOCAL_RUN_PATH}') return worker.fetch(request, env, ctx);
    const time = Number(url.searchParams.get('time') ?? Date.now());
    const pace = url.searchParams.get('sweep_interval_ms');
    if (pace !== null) env = { ...env, [Symbol.for('modelpulse.benchSweepIntervalMs')]: Number(pace) };
    for (const cron of ${JSON.stringify(crons)}) await worker.scheduled({ scheduledTime: time, cron, noRetry() {} }, env, ctx);
    return new Response('ran\\n', { headers: { 'content-type': 'text/plain' } });
  },
};
`;

interface WranglerConfig {
  main: string;
  triggers?: { crons?: string[] };
  assets: { directory: string; run_worker_first: string[] } & Record<string, unknown>;
  d1_databases?: Array<{ migrations_dir?: string } & Record<string, unknown>>;
  [key: string]: unknown;
}

/** The config wrangler dev should run: the site's own, or (with a monitor) the wrapper's in `dir`. */
export async function devConfig(publishDir: string, dir: string): Promise<string> {
  const own = join(publishDir, WRANGLER_CONFIG_FILE);
  const config = JSON.parse(await readFile(own, 'utf8')) as WranglerConfig;
  if ((config.triggers?.crons ?? []).length === 0) return own;
  await mkdir(dir, { recursive: true });
  await copyFile(join(publishDir, WORKER_FILE), join(dir, WORKER_FILE));
  await writeFile(join(dir, 'dev-worker.js'), wrapper(config.triggers?.crons ?? [MONITOR_CRON]));
  const site = resolve(publishDir);
  const wrapped: WranglerConfig = {
    ...config,
    main: 'dev-worker.js',
    find_additional_modules: true,
    rules: [{ type: 'ESModule', globs: ['**/*.js'] }],
    assets: { ...config.assets, directory: site, run_worker_first: [...config.assets.run_worker_first, LOCAL_RUN_PATH, LOCAL_DB_PATH, LOCAL_OUTAGE_PATH] },
    d1_databases: (config.d1_databases ?? []).map((db) => ({ ...db, migrations_dir: join(site, db.migrations_dir ?? 'migrations') })),
  };
  const path = join(dir, WRANGLER_CONFIG_FILE);
  await writeFile(path, `${JSON.stringify(wrapped, null, 2)}\n`);
  return path;
}
