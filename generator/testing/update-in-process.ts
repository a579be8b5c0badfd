/**
 * `npm run update -- --data-dir DIR --now TIME [--only STAGE]` in the test's own process: the same
 * run (runUpdate, the command's defaults), its log and report lines as the command prints them,
 * and its exit code, without a child process's start (about 1.5 s of CPU to load the generator).
 * For tests where the process boundary is not the point; what only the command does (parsing
 * options, exit 2 on a usage error) is tested through runCli.
 */
import { DEFAULT_MAX_DELIST_SHARE, DEFAULT_MAX_NEW_SHARE, DEFAULT_MAX_PRICE_FACTOR } from '../models/merge.js';
import { runUpdate, UPDATE_STAGES, type UpdateStage } from '../update/run-update.js';
import { detailLines, summaryTableLines, updateExitCode } from '../update/update-report.js';
import { openStore } from '../store/store.js';
import { OFFLINE_ENV } from './cli.js';

export interface InProcessUpdate {
  dataDir: string;
  now: string;
  only?: UpdateStage;
  /** Upstream addresses and the like, as runCli's environment (over OFFLINE_ENV). */
  env?: Record<string, string>;
}

export async function updateInProcess({ dataDir, now, only, env = {} }: InProcessUpdate): Promise<{ code: number; out: string }> {
  // update reads its upstreams' addresses from the environment, as the command does.
  const saved = { ...process.env };
  Object.assign(process.env, OFFLINE_ENV, env);
  const lines: string[] = [];
  try {
    const outcome = await runUpdate({
      store: openStore(dataDir),
      now,
      stages: only === undefined ? UPDATE_STAGES : [...new Set([only, 'content' as const])],
      force: false,
      maxDelistShare: DEFAULT_MAX_DELIST_SHARE,
      maxNewShare: DEFAULT_MAX_NEW_SHARE,
      maxPriceFactor: DEFAULT_MAX_PRICE_FACTOR,
      endpointsPerRun: 20,
      log: (line) => lines.push(line),
      onStop: (stage, message) => lines.push(`${stage}: STOPPED — ${message}`),
    });
    return { code: updateExitCode(outcome), out: [...lines, ...detailLines(outcome), ...summaryTableLines(outcome)].join('\n') };
  } finally {
    process.env = saved;
  }
}
