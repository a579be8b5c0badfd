/**
 * Replays recorded OpenRouter payloads through the real `npm run update`, in order, from a local
 * server on 127.0.0.1. This is how the committed data/ was bootstrapped (see README), and how
 * anyone can rebuild a price history from dated snapshots:
 *
 *   tsx generator/tools/replay-openrouter.ts --data-dir data \
 *     --snapshot models-2026-03-29.json@2026-03-29T00:00:00Z \
 *     --snapshot models-2026-05-01.json@2026-05-01T00:00:00Z \
 *     --endpoints endpoints-moonshotai-kimi-k3.json -- --force
 *
 * Arguments after `--` go to every update run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startUpstreamServer, type Routes } from '../testing/upstream-server.js';
import { parseCli, runMain, UsageError } from '../cli/args.js';

async function main(): Promise<number> {
  const separator = process.argv.indexOf('--');
  const own = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
  const passThrough = separator === -1 ? [] : process.argv.slice(separator + 1);
  const args = parseCli(own, {
    'data-dir': { type: 'string', default: 'data' },
    snapshot: { type: 'string', multiple: true, default: [] },
    endpoints: { type: 'string', multiple: true, default: [] },
  });
  if (args.snapshot.length === 0) throw new UsageError('give at least one --snapshot FILE@ISO_TIME');

  const endpointRoutes: Routes = {};
  for (const file of args.endpoints) {
    const body = JSON.parse(readFileSync(file, 'utf8')) as { data: { id: string } };
    endpointRoutes[`/api/v1/models/${body.data.id}/endpoints`] = { kind: 'json', body };
  }
  const server = await startUpstreamServer();
  try {
    for (const spec of args.snapshot) {
      const at = spec.lastIndexOf('@');
      if (at === -1) throw new UsageError(`--snapshot needs FILE@ISO_TIME, got ${spec}`);
      const [file, now] = [spec.slice(0, at), spec.slice(at + 1)];
      const body = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      server.setRoutes({ '/api/v1/models': { kind: 'json', body }, ...endpointRoutes });
      console.log(`\n== replaying ${file} as of ${now}`);
      // Asynchronous on purpose: the replay server runs in this process and must keep answering.
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'generator/cli/update.ts', '--only', 'models', '--data-dir', args['data-dir'], '--now', now, ...passThrough],
        { stdio: 'inherit', env: { ...process.env, MODELPULSE_OPENROUTER_URL: `${server.url}/api/v1` } },
      );
      const status = await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
      if (status !== 0) return status;
    }
  } finally {
    await server.close();
  }
  return 0;
}

runMain(main);
