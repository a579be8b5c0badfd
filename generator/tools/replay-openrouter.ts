/**
 * Replays recorded OpenRouter payloads through the real `npm run update` (its command, run in this
 * process one snapshot after the other: the generator is loaded once), in order, from a local
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
import { readFileSync } from 'node:fs';
import { startUpstreamServer, type Routes } from '../testing/upstream-server.js';
import { failureExitCode, parseCli, runMain, UsageError } from '../cli/args.js';
import { UPDATE_FAILURE, updateCommand } from '../cli/update-command.js';

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
      // The update reads its upstream's address from the environment, as the command does.
      process.env.MODELPULSE_OPENROUTER_URL = `${server.url}/api/v1`;
      const status = await updateOnce(['--only', 'models', '--data-dir', args['data-dir'], '--now', now, ...passThrough]);
      if (status !== 0) return status;
    }
  } finally {
    await server.close();
  }
  return 0;
}

/** One update run, with the exit status the command would end with (its usage errors and crashes too). */
const updateOnce = (argv: string[]): Promise<number> => updateCommand(argv).catch((error: unknown) => failureExitCode(error, UPDATE_FAILURE));

runMain(main);
