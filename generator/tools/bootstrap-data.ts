/**
 * Re-bootstraps the committed data/ from the recorded upstream payloads in ../shared/upstream (see
 * its SOURCES.md), with one command:
 *
 *   npm run bootstrap-data -- [--data-dir data] [--recordings ../shared/upstream]
 *
 * It drives the project's own `npm run update` (and the status update) against one local server
 * on 127.0.0.1 that replays each recording in its source's own format, every run as of the time
 * the recording stands for, in time order (BOOTSTRAP_STEPS). It starts from the curated files of
 * the data directory alone (CURATED_FILES: services, identity overrides, curated overrides), builds
 * in a fresh directory beside it, and only when every step succeeded replaces everything else in
 * the data directory with the result. No network is reached. `--recordings` defaults to
 * ../shared/upstream, relative to the working directory (the repository's checkout).
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { HttpClient } from '../http/client.js';
import { LIFECYCLE_PAGE_ADDRESSES } from '../sources/firstparty/pages.js';
import { splitConcatenatedFiles } from '../sources/firstparty/recordings.js';
import { startUpstreamServer, type Routes, type UpstreamServer } from '../testing/upstream-server.js';
import { parseCli, runMain, UsageError } from '../cli/args.js';
import { RECORDINGS, replayStatusRecording } from './replay-status.js';
import { bootstrapSteps, composeModelsDev, composeOpenAiPage, MODELSDEV_HISTORY, type BootstrapStep } from './bootstrap-steps.js';
import { catalogAt, parseModelsDevHistory, readTimes, type ModelsDevHistory } from '../sources/modelsdev/history.js';
import { DATA_LAYOUT } from '../store/layout.js';

/** The hand-edited inputs a bootstrap keeps (the layout's curated files); everything else in data/ is made by `update`. */
export const CURATED_FILES: readonly string[] = DATA_LAYOUT.filter((e) => e.kind === 'curated').map((e) => e.path);

const markdown = (body: string) => ({ kind: 'text' as const, body, headers: { 'content-type': 'text/markdown; charset=utf-8' } });

async function routesFor(step: BootstrapStep, recordings: string, history: ModelsDevHistory): Promise<Routes> {
  const text = (file: string) => readFile(join(recordings, file), 'utf8');
  const json = async (file: string) => JSON.parse(await text(file)) as unknown;
  const routes: Routes = {};
  if (step.catalog !== undefined) routes['/api/v1/models'] = { kind: 'json', body: await json(step.catalog) };
  for (const file of step.endpoints ?? []) {
    const body = (await json(file)) as { data: { id: string } };
    routes[`/api/v1/models/${body.data.id}/endpoints`] = { kind: 'json', body };
  }
  if (step.litellm !== undefined) routes['/litellm.json'] = { kind: 'json', body: await json(step.litellm) };
  if (step.modelsdev !== undefined) {
    const layers = await Promise.all(step.modelsdev.map(async (layer) => ('file' in layer ? ((await json(layer.file)) as Record<string, unknown>) : catalogAt(history, layer.historyAt).catalog)));
    routes['/api.json'] = { kind: 'json', body: composeModelsDev(layers) };
  }
  if (step.genaiPrices !== undefined) routes['/genai-prices/data.json'] = { kind: 'json', body: await json(step.genaiPrices) };
  if (step.artificialanalysis !== undefined) {
    // The scraper kept the API's `data` array as `models`: served in the API's own envelope.
    const wrapped = (await json(step.artificialanalysis)) as { models?: unknown[]; data?: unknown[] };
    routes['/aa/data/llms/models'] = { kind: 'json', body: wrapped.data !== undefined ? wrapped : { status: 200, prompt_options: { parallel_queries: 1, prompt_length: 1000 }, data: wrapped.models ?? [] } };
  }
  const pages = step.pages ?? {};
  if (pages.anthropic !== undefined) routes['/makers/anthropic.md'] = markdown(await text(pages.anthropic));
  if (pages.google !== undefined) routes['/makers/google.md'] = markdown(await text(pages.google));
  if (pages.xai !== undefined) routes['/makers/xai.md'] = markdown(await text(pages.xai));
  if (pages.openai !== undefined) {
    const [base, ...additions] = pages.openai;
    let page = await text(base!);
    for (const addition of additions) page = composeOpenAiPage(page, await text(addition));
    routes['/makers/openai.md'] = markdown(page);
  }
  if (pages.mistral !== undefined) for (const [file, body] of Object.entries(splitConcatenatedFiles(await text(pages.mistral)))) routes[`/makers/mistral/${file}`] = markdown(body);
  return routes;
}

function envFor(server: UpstreamServer): Record<string, string> {
  const base = server.url;
  return {
    MODELPULSE_OPENROUTER_URL: `${base}/api/v1`,
    MODELPULSE_LITELLM_URL: `${base}/litellm.json`,
    MODELPULSE_MODELSDEV_URL: `${base}/api.json`,
    MODELPULSE_GENAI_PRICES_URL: `${base}/genai-prices/data.json`,
    MODELPULSE_ARTIFICIAL_ANALYSIS_URL: `${base}/aa`,
    // The replay server checks no key; a placeholder turns the source on.
    ARTIFICIAL_ANALYSIS_API_KEY: 'replay',
    [LIFECYCLE_PAGE_ADDRESSES['anthropic-deprecations'].envName]: `${base}/makers/anthropic.md`,
    [LIFECYCLE_PAGE_ADDRESSES['openai-deprecations'].envName]: `${base}/makers/openai.md`,
    [LIFECYCLE_PAGE_ADDRESSES['google-deprecations'].envName]: `${base}/makers/google.md`,
    [LIFECYCLE_PAGE_ADDRESSES['mistral-deprecations'].envName]: `${base}/makers/mistral`,
    [LIFECYCLE_PAGE_ADDRESSES['xai-deprecations'].envName]: `${base}/makers/xai.md`,
    GITHUB_ACTIONS: '',
    GITHUB_STEP_SUMMARY: '',
  };
}

/** One `npm run update` run, asynchronously: the replay server lives in this process and must keep answering. */
function runUpdate(args: string[], env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/cli/update.ts', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

/** Replaces everything but the curated files in `dataDir` with the bootstrapped `built` directory. */
async function swapIn(dataDir: string, built: string): Promise<void> {
  for (const entry of await readdir(dataDir)) if (!CURATED_FILES.includes(entry)) await rm(join(dataDir, entry), { recursive: true, force: true });
  for (const entry of await readdir(built)) if (!CURATED_FILES.includes(entry)) await rename(join(built, entry), join(dataDir, entry));
  await rm(built, { recursive: true, force: true });
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    recordings: { type: 'string', default: join('..', 'shared', 'upstream') },
  });
  const dataDir = args['data-dir'];
  const built = await mkdtemp(join(dirname(dataDir), `.${basename(dataDir)}-bootstrap-`));
  for (const file of CURATED_FILES) {
    await cp(join(dataDir, file), join(built, file)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      if (file === 'services.json') throw new UsageError(`${join(dataDir, file)} is missing: the bootstrap starts from the curated files of --data-dir`);
    });
  }
  const history = parseModelsDevHistory(JSON.parse(await readFile(join(args.recordings, MODELSDEV_HISTORY), 'utf8')));
  const server = await startUpstreamServer();
  const http = new HttpClient({ userAgent: 'ModelPulse-bootstrap', retry: { retries: 0 }, maxBytes: 8 * 1024 * 1024 });
  let done = false;
  try {
    const statusSteps = RECORDINGS.map((recording) => ({ at: recording.at, recording }));
    const steps = [...bootstrapSteps(readTimes(history)).map((step) => ({ at: step.now, step })), ...statusSteps].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    for (const item of steps) {
      if ('recording' in item) {
        console.log(`\n== status ${item.recording.service} as recorded at ${item.at}`);
        const line = await replayStatusRecording(built, args.recordings, item.recording, server, http);
        if (line !== null) console.log(line);
        continue;
      }
      const { step } = item;
      console.log(`\n== ${step.what} as of ${step.now}`);
      server.setRoutes(await routesFor(step, args.recordings, history));
      const code = await runUpdate(['--data-dir', built, '--now', step.now, ...step.args], envFor(server));
      if (code !== 0) {
        console.error(`bootstrap stopped: update exited ${code} at ${step.now} (${step.what}); ${dataDir} is unchanged`);
        return code;
      }
    }
    done = true;
  } finally {
    await http.close();
    await server.close();
    // A stopped bootstrap leaves nothing behind: data/ is as it was, and a re-run starts afresh.
    if (!done) await rm(built, { recursive: true, force: true });
  }
  await swapIn(dataDir, built);
  console.log(`\nbootstrapped ${dataDir} from ${args.recordings}`);
  return 0;
}

if (process.argv[1]?.endsWith('bootstrap-data.ts')) runMain(main);
