import { userAgent } from '../config.js';
import { HttpClient } from '../http/client.js';
import { isoSecond, parseIsoTime } from '../models/dates.js';
import { DEFAULT_MAX_DELIST_SHARE } from '../models/merge.js';
import { openRouterBaseUrl } from '../sources/openrouter/fetch.js';
import { updateModels, type SourceRunReport } from '../update/models.js';
import { numberOption, parseCli, runMain, UsageError } from './args.js';

/** The update stages, in run order; `--only` picks one. */
export const UPDATE_STAGES = ['models'] as const;
export type UpdateStage = (typeof UPDATE_STAGES)[number];

const HELP = `npm run update -- [options]
  --data-dir DIR            data directory (default: data)
  --only STAGE              run one stage: ${UPDATE_STAGES.join(', ')}
  --now ISO_TIME            observation time to record instead of the clock
  --force                   accept a sync that delists more than --max-delist-share
  --max-delist-share X      largest share of listed models one sync may delist (default ${DEFAULT_MAX_DELIST_SHARE})
  --endpoints-per-run N     models whose provider endpoints are refreshed per run (default 20)
Environment: MODELPULSE_OPENROUTER_URL overrides the OpenRouter base URL.`;

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    only: { type: 'string' },
    now: { type: 'string' },
    force: { type: 'boolean', default: false },
    'max-delist-share': { type: 'string' },
    'endpoints-per-run': { type: 'string' },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  if (args.only !== undefined && !(UPDATE_STAGES as readonly string[]).includes(args.only)) {
    throw new UsageError(`--only must be one of ${UPDATE_STAGES.join(', ')}, not ${JSON.stringify(args.only)}`);
  }
  const nowDate = args.now === undefined ? new Date() : parseIsoTime(args.now);
  if (nowDate === null) throw new UsageError(`--now must be an ISO 8601 time such as 2026-08-01T00:00:00Z, not ${JSON.stringify(args.now)}`);
  const now = isoSecond(nowDate);
  const maxDelistShare = numberOption(args['max-delist-share'], 'max-delist-share', DEFAULT_MAX_DELIST_SHARE, (n) => n >= 0 && n <= 1);
  const endpointsPerRun = numberOption(args['endpoints-per-run'], 'endpoints-per-run', 20, (n) => Number.isInteger(n) && n >= 0);

  const http = new HttpClient({ userAgent: userAgent() });
  const reports: SourceRunReport[] = [];
  try {
    reports.push(
      await updateModels({
        dataDir: args['data-dir'],
        now,
        http,
        baseUrl: openRouterBaseUrl(),
        maxDelistShare,
        force: args.force,
        endpointsPerRun,
        log: (line) => console.log(line),
      }),
    );
  } finally {
    await http.close();
  }
  printSummary(reports, now);
  return reports.every((r) => r.ok) ? 0 : 1;
}

function printSummary(reports: SourceRunReport[], now: string): void {
  console.log(`\nupdate summary (observed at ${now})`);
  for (const r of reports) {
    if (!r.ok) {
      console.log(`  ${r.source}: FAILED — ${r.error}; the last good data is kept and marked stale`);
      continue;
    }
    const s = r.summary!;
    console.log(
      `  ${r.source}: ok — ${s.added.length} added, ${s.updated.length} updated, ${s.price_changed.length} price changes, ` +
        `${s.delisted.length} delisted, ${s.relisted.length} relisted, ${s.held.length} held, ${r.endpointsRefreshed} endpoint lists refreshed`,
    );
    for (const issue of r.issues.slice(0, 20)) console.log(`    held back: ${issue.upstream_id ?? '(no id)'}: ${issue.reason}`);
    if (r.issues.length > 20) console.log(`    … and ${r.issues.length - 20} more held-back values`);
    for (const warning of r.warnings.slice(0, 20)) console.log(`    warning: ${warning}`);
    if (r.warnings.length > 20) console.log(`    … and ${r.warnings.length - 20} more warnings`);
  }
}

runMain(main);
