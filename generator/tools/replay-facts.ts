/**
 * Replays recorded LiteLLM, models.dev and Artificial Analysis files through the real
 * `npm run update -- --only facts`, served from a local server on 127.0.0.1 in each source's own
 * format. This is how the committed data/facts/ was made (see README):
 *
 *   tsx generator/tools/replay-facts.ts --data-dir data --now 2026-08-01T00:00:00Z \
 *     --litellm FILE --modelsdev FILE --aa FILE
 *
 * A scraper-wrapped Artificial Analysis file ({ models: [...] }) is served in the API's own
 * envelope ({ status, data }).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseCli, runMain, UsageError } from '../cli/args.js';
import { startUpstreamServer, type Routes } from '../testing/upstream-server.js';

function aaEnvelope(json: unknown): unknown {
  const wrapped = json as { models?: unknown[]; data?: unknown[] };
  return wrapped.data !== undefined ? json : { status: 200, prompt_options: { parallel_queries: 1, prompt_length: 1000 }, data: wrapped.models ?? [] };
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    now: { type: 'string' },
    sources: { type: 'string' },
    litellm: { type: 'string' },
    modelsdev: { type: 'string' },
    aa: { type: 'string' },
  });
  if (args.now === undefined) throw new UsageError('give --now, the time the recorded files stand for');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const routes: Routes = {};
  if (args.litellm) routes['/litellm.json'] = { kind: 'json', body: read(args.litellm) };
  if (args.modelsdev) routes['/api.json'] = { kind: 'json', body: read(args.modelsdev) };
  if (args.aa) routes['/aa/data/llms/models'] = { kind: 'json', body: aaEnvelope(read(args.aa)) };
  const server = await startUpstreamServer(routes);
  try {
    const only = args.sources === undefined ? [] : ['--sources', args.sources];
    const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/update.ts', '--only', 'facts', ...only, '--data-dir', args['data-dir'], '--now', args.now], {
      stdio: 'inherit',
      env: {
        ...process.env,
        MODELPULSE_LITELLM_URL: `${server.url}/litellm.json`,
        MODELPULSE_MODELSDEV_URL: `${server.url}/api.json`,
        MODELPULSE_ARTIFICIAL_ANALYSIS_URL: `${server.url}/aa`,
        // The replay server checks no key; a placeholder turns the source on.
        ARTIFICIAL_ANALYSIS_API_KEY: args.aa ? 'replay' : '',
      },
    });
    return await new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  } finally {
    await server.close();
  }
}

runMain(main);
