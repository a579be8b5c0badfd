/**
 * A built Cloudflare site served by Cloudflare's own local runtime: `wrangler dev` (pinned in
 * package.json) running workerd with the site's wrangler.json, assets, `_headers`, `_redirects`
 * and Worker. Offline: no login, no telemetry, no `Request.cf` download, no update check (those
 * run only on warnings), its state and logs in a temporary directory. Used by
 * `npm run serve -- --host cloudflare` and the tests (once per test file: it takes seconds).
 *
 * The status monitor runs against a local D1 in that directory: the site's migrations are applied
 * first (`wrangler d1 migrations apply --local`), and a run starts at the local route
 * `/__monitor/run` (optionally `?time=<ms>`, the run's time; dev-trigger.ts), which only the dev
 * server's wrapper has; `monitorEveryMs` calls it on a timer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForOutput } from '../child-output.js';
import { migrateLocalD1 } from './local-d1.js';
import { LOCAL_DB_PATH, LOCAL_OUTAGE_PATH, LOCAL_RUN_PATH, devConfig } from './dev-trigger.js';
import { STATUS_DB_BINDING } from './site-files.js';

/** A local run's options (the dev server's local route, dev-trigger.ts). */
export interface RunOptions {
  /** The sweep's least time between two requests, local only (the simulation counts the real second itself). */
  sweepIntervalMs?: number;
}

export interface CloudflareDevServer {
  url: string;
  /** Everything wrangler printed so far. */
  output(): string;
  /** Runs the monitor once now, or as if at `timeMs` (the scheduled handler's time: every Cron Trigger of the site fired in turn); the HTTP status of the trigger. */
  runScheduled(timeMs?: number, run?: RunOptions): Promise<number>;
  /** The local D1's rows, table by table (the local route /__monitor/db). */
  readD1(): Promise<LocalD1Rows>;
  /** Every D1 call of the Worker fails while `down` (the local route /__monitor/d1-outage). */
  setD1Outage(down: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface LocalD1Rows {
  runs: Array<Record<string, unknown>>;
  latest: Array<Record<string, unknown>>;
  rollup: Array<Record<string, unknown>>;
  /** The sweep's rows (migrations/0002_sweep.sql). */
  sweep: Array<Record<string, unknown>>;
  figures: Array<Record<string, unknown>>;
}

export interface CloudflareDevOptions {
  publishDir: string;
  port: number;
  /** How long to wait for the runtime to start before giving up (it is not a test assertion). */
  startTimeoutMs?: number;
  /** Worker secrets (PROBE_KEY_<ID>), given through an env file in the state directory: wrangler shows them as hidden. */
  secrets?: Record<string, string>;
  /** Run the monitor on a timer this often (`npm run serve -- --host cloudflare`: every minute). */
  monitorEveryMs?: number;
  /**
   * A directory where a migrated local D1 is kept, named by a digest of what made it (the
   * migrations' files, the config's D1 databases, wrangler's version). A later start with the same
   * digest copies it instead of running `wrangler d1 migrations apply` again (about 3.5 s of CPU
   * each): the tests give their run's scratch directory (testing/tree.ts `runCacheDir`).
   */
  migratedD1Cache?: string;
}

const WRANGLER_BIN = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');
const WRANGLER_VERSION = (createRequire(import.meta.url)('wrangler/package.json') as { version: string }).version;

/** The environment that keeps wrangler off the network and out of the user's home directory. */
export function offlineEnv(stateDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_LOG_PATH: join(stateDir, 'logs'),
    WRANGLER_REGISTRY_PATH: join(stateDir, 'registry'),
    XDG_CONFIG_HOME: join(stateDir, 'config'),
    // Never a deploy from here: no credentials reach the local runtime.
    CLOUDFLARE_API_TOKEN: '',
    CLOUDFLARE_ACCOUNT_ID: '',
  };
}

/** Runs one wrangler command to its end; rejects with its output when it fails. */
function runWrangler(args: string[], stateDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER_BIN, ...args], { cwd: stateDir, env: { ...offlineEnv(stateDir), CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`wrangler ${args[0]} ${args[1] ?? ''} exited with ${code}:\n${output}`))));
  });
}

export async function startCloudflareDev(options: CloudflareDevOptions): Promise<CloudflareDevServer> {
  const stateDir = await mkdtemp(join(tmpdir(), 'modelpulse-workerd-'));
  const config = await devConfig(options.publishDir, join(stateDir, 'worker'));
  const persist = join(stateDir, 'state');
  // The monitor's schema, in the local D1 the dev server will use.
  const apply = () => runWrangler(['d1', 'migrations', 'apply', STATUS_DB_BINDING, '--local', '--persist-to', persist, '--config', config], stateDir).then(() => undefined);
  await migrateLocalD1({ migrationsDir: join(options.publishDir, 'migrations'), config, persist, cache: options.migratedD1Cache, apply, versionTag: `wrangler ${WRANGLER_VERSION}` }).catch(async (error: unknown) => {
    await rm(stateDir, { recursive: true, force: true });
    throw error;
  });
  const secrets: string[] = [];
  if (options.secrets !== undefined) {
    const file = join(stateDir, 'secrets.env');
    await writeFile(file, Object.entries(options.secrets).map(([name, value]) => `${name}=${value}\n`).join(''), { mode: 0o600 });
    secrets.push('--env-file', file);
  }
  const args = [
    WRANGLER_BIN, 'dev',
    '--config', config,
    '--ip', '127.0.0.1', '--port', String(options.port), '--inspector-port', '0',
    '--persist-to', persist,
    '--show-interactive-dev-session=false', '--log-level', 'log',
    ...secrets,
  ];
  // Its own process group, so closing it ends workerd with it.
  const child: ChildProcess = spawn(process.execPath, args, { cwd: stateDir, env: offlineEnv(stateDir), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const started = waitForOutput(child, /Ready on (http:\/\/127\.0\.0\.1:\d+)/, options.startTimeoutMs ?? 60_000, 'wrangler dev');
  const url = await started.ready.then((match) => match[1]!).catch(async (error: unknown) => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await rm(stateDir, { recursive: true, force: true });
    throw error;
  });
  const runScheduled = async (timeMs?: number, run: RunOptions = {}): Promise<number> => {
    const query = new URLSearchParams();
    if (timeMs !== undefined) query.set('time', String(timeMs));
    if (run.sweepIntervalMs !== undefined) query.set('sweep_interval_ms', String(run.sweepIntervalMs));
    const response = await fetch(`${url}${LOCAL_RUN_PATH}${query.size > 0 ? `?${query}` : ''}`);
    await response.arrayBuffer();
    return response.status;
  };
  // A run that fails says so in wrangler's output; the timer keeps going.
  const timer = options.monitorEveryMs === undefined ? null : setInterval(() => void runScheduled().catch(() => undefined), options.monitorEveryMs);
  return {
    url,
    output: started.output,
    runScheduled,
    readD1: async () => {
      const response = await fetch(`${url}${LOCAL_DB_PATH}`);
      if (response.status !== 200) throw new Error(`${LOCAL_DB_PATH} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as LocalD1Rows;
    },
    setD1Outage: async (down) => {
      const response = await fetch(`${url}${LOCAL_OUTAGE_PATH}?down=${down ? 1 : 0}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${LOCAL_OUTAGE_PATH} answered ${response.status}`);
    },
    close: async () => {
      if (timer !== null) clearInterval(timer);
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
