import { appendFile } from 'node:fs/promises';
import { DEFAULT_SNAPSHOT_HOURS, snapshotIfDue } from '../store/snapshot.js';
import { prepareStateDir } from '../store/state-dir.js';
import { mergeStateDirs } from '../store/state-merge.js';
import { DataStore } from '../store/store.js';
import { recordContent } from '../update/content.js';
import { numberOption, openPreparedStore, parseCli, runMain, UsageError } from './args.js';
import { printable } from '../update/update-report.js';

const HELP = `npm run state -- snapshot|merge [options]   (the refresh job's state store; docs/operation.md)
  snapshot   copy the state's catalog (and the status as of now) to DATA_DIR when the catalog
             changed materially since DATA_DIR's snapshot, at most once per --every-hours
  merge      merge the state that won a push race (--theirs DIR) into --state-dir: no price
             observation is lost; the content times are recorded again for the merged data
  --data-dir DIR        main's data/ (default: data)
  --state-dir DIR       the state store's directory (required)
  --every-hours N       snapshot: at most one snapshot per N hours (default ${DEFAULT_SNAPSHOT_HOURS})
  --requested           snapshot: now, whatever changed (a deploy that builds from main)
  --theirs DIR          merge: the other run's state
With GITHUB_OUTPUT set, snapshot writes snapshot=true|false there; with GITHUB_STEP_SUMMARY set,
both append a line to the job summary.`;

async function summary(line: string): Promise<void> {
  console.log(printable(line));
  if (process.env.GITHUB_STEP_SUMMARY) await appendFile(process.env.GITHUB_STEP_SUMMARY, `\n${line}\n`);
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command === '--help' || command === undefined) {
    console.log(HELP);
    return command === undefined ? 2 : 0;
  }
  const args = parseCli(rest, {
    'data-dir': { type: 'string', default: 'data' },
    'state-dir': { type: 'string' },
    'every-hours': { type: 'string' },
    requested: { type: 'boolean', default: false },
    theirs: { type: 'string' },
  });
  if (args['state-dir'] === undefined) throw new UsageError('--state-dir is required');
  const store = await openPreparedStore(args['data-dir'], args['state-dir']);
  if (command === 'snapshot') {
    const everyHours = numberOption(args['every-hours'], 'every-hours', DEFAULT_SNAPSHOT_HOURS, (n) => n >= 0);
    const result = await snapshotIfDue(store, { everyHours, requested: args.requested });
    const done = result.due ? `: wrote ${result.written.length} files and removed ${result.removed.length} in ${store.dataDir}` : '';
    await summary(`**Snapshot to main:** ${result.due ? 'yes' : 'no'} — ${result.message}${done}.`);
    if (process.env.GITHUB_OUTPUT) await appendFile(process.env.GITHUB_OUTPUT, `snapshot=${result.due && result.written.length + result.removed.length > 0}\n`);
    return 0;
  }
  if (command === 'merge') {
    if (args.theirs === undefined) throw new UsageError('merge needs --theirs DIR');
    const theirs = new DataStore(store.dataDir, args.theirs);
    // The winner's state is read as carefully as our own: a broken file is taken from the snapshot.
    for (const note of (await prepareStateDir(theirs, new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'))).notes) console.warn(printable(`warning: theirs: ${note}`));
    const merged = await mergeStateDirs(store, args.theirs);
    if (merged.lastRunAt !== null) await recordContent(store, merged.lastRunAt);
    await summary(
      `**State merged after a push race:** ${merged.modelsMerged} models merged, ${merged.modelsAdded} added by the other run, ${merged.servicesMerged} services taken from the run that checked them later; content times recorded at ${merged.lastRunAt ?? 'no run'}.`,
    );
    return 0;
  }
  throw new UsageError(`unknown command ${JSON.stringify(command)}: snapshot or merge`);
}

runMain(main);
