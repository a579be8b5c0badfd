/**
 * A built Cloudflare site served by Cloudflare's own local runtime: `wrangler dev` (pinned in
 * package.json) running workerd with the site's wrangler.json, assets, `_headers`, `_redirects`
 * and Worker. Offline: no login, no telemetry, no `Request.cf` download, no update check (those
 * run only on warnings), its state and logs in a temporary directory. Used by
 * `npm run serve -- --host cloudflare` and the tests (once per test file: it takes seconds).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitForOutput } from '../child-output.js';
import { WRANGLER_CONFIG_FILE } from './site-files.js';

export interface CloudflareDevServer {
  url: string;
  /** Everything wrangler printed so far. */
  output(): string;
  close(): Promise<void>;
}

export interface CloudflareDevOptions {
  publishDir: string;
  port: number;
  /** How long to wait for the runtime to start before giving up (it is not a test assertion). */
  startTimeoutMs?: number;
}

const WRANGLER_BIN = createRequire(import.meta.url).resolve('wrangler/bin/wrangler.js');

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

export async function startCloudflareDev(options: CloudflareDevOptions): Promise<CloudflareDevServer> {
  const stateDir = await mkdtemp(join(tmpdir(), 'modelpulse-workerd-'));
  const args = [
    WRANGLER_BIN, 'dev',
    '--config', join(options.publishDir, WRANGLER_CONFIG_FILE),
    '--ip', '127.0.0.1', '--port', String(options.port), '--inspector-port', '0',
    '--persist-to', join(stateDir, 'state'),
    '--show-interactive-dev-session=false', '--log-level', 'info',
  ];
  // Its own process group, so closing it ends workerd with it.
  const child: ChildProcess = spawn(process.execPath, args, { cwd: stateDir, env: offlineEnv(stateDir), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const started = waitForOutput(child, /Ready on (http:\/\/127\.0\.0\.1:\d+)/, options.startTimeoutMs ?? 60_000, 'wrangler dev');
  const url = await started.ready.then((match) => match[1]!).catch(async (error: unknown) => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await rm(stateDir, { recursive: true, force: true });
    throw error;
  });
  return {
    url,
    output: started.output,
    close: async () => {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        process.kill(-child.pid, 'SIGTERM');
        await exited;
      }
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
