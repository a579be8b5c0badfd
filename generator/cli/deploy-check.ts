import { appendFile } from 'node:fs/promises';
import { EMPTY_CONTENT_STATE } from '../publish/content-times.js';
import { decidePublish, liveStaleness, PLAN_POLICIES, staleAfterMinutes, PUBLISH_PLANS, recordDeploy, type DeployPolicy, type PublishPlan, type PublishState } from '../publish/decide.js';
import { isoSecond, parseIsoTime } from '../models/dates.js';
import { loadContentState } from '../store/content-store.js';
import { DataFileError } from '../store/files.js';
import { loadPublishState, savePublishState } from '../store/publish-store.js';
import { numberOption, openPreparedStore, parseCli, runMain, UsageError } from './args.js';
import { printable } from '../update/update-report.js';

const HELP = `npm run deploy-check -- [options]
Says whether this refresh should deploy: on a material change since the live run, when the live
data would otherwise outgrow the heartbeat, or when asked; never past the plan's caps.
  --data-dir DIR            data directory (default: data)
  --state-dir DIR           the state store's directory, where update recorded the run (see update)
  --plan PLAN               preset policy: ${PUBLISH_PLANS.join(', ')} (default: github-pages)
  --heartbeat-minutes N     override the plan's heartbeat
  --max-per-day N           override the plan's daily deploy cap
  --max-per-month N         override the plan's monthly deploy cap
  --min-interval-minutes N  override the plan's least time between deploys
  --live-run-at ISO_TIME    the run the live site serves (its index.json freshness.run_at); empty
                            or absent: the last deploy recorded in data/state/publish.json
  --stale-after-minutes N   the live data is stale past this age (default: 60, or the plan's
                            heartbeat plus 60 when it is longer); stale=true in GITHUB_OUTPUT
  --requested               deploy regardless of changes and caps (a manual run, a code push)
  --record                  when deploying, record the deploy in data/state/publish.json
With GITHUB_OUTPUT set, writes deploy=true|false, reason, capped and stale there; with
GITHUB_STEP_SUMMARY set, appends the decision to the job summary.
Exit status: 0 decided (deploying or not); 2 usage error; 1 anything else.`;

function policyFrom(args: Record<string, string | boolean | undefined>): DeployPolicy {
  const plan = (args.plan as string | undefined) ?? 'github-pages';
  if (!(PUBLISH_PLANS as readonly string[]).includes(plan)) throw new UsageError(`--plan must be one of ${PUBLISH_PLANS.join(', ')}, not ${JSON.stringify(plan)}`);
  const preset = PLAN_POLICIES[plan as PublishPlan];
  const count = (name: string, fallback: number, min: number) => numberOption(args[name] as string | undefined, name, fallback, (n) => Number.isInteger(n) && n >= min);
  return {
    ...preset,
    heartbeatMinutes: count('heartbeat-minutes', preset.heartbeatMinutes, 1),
    maxPerDay: count('max-per-day', preset.maxPerDay, 0),
    maxPerMonth: count('max-per-month', preset.maxPerMonth, 0),
    minIntervalMinutes: count('min-interval-minutes', preset.minIntervalMinutes, 0),
  };
}

async function main(): Promise<number> {
  const args = parseCli(process.argv.slice(2), {
    'data-dir': { type: 'string', default: 'data' },
    'state-dir': { type: 'string' },
    plan: { type: 'string' },
    'heartbeat-minutes': { type: 'string' },
    'max-per-day': { type: 'string' },
    'max-per-month': { type: 'string' },
    'min-interval-minutes': { type: 'string' },
    'stale-after-minutes': { type: 'string' },
    'live-run-at': { type: 'string' },
    requested: { type: 'boolean', default: false },
    record: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  });
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const policy = policyFrom(args);
  let liveRunAt: string | null = null;
  if (args['live-run-at'] !== undefined && args['live-run-at'].trim() !== '') {
    const parsed = parseIsoTime(args['live-run-at'].trim());
    if (parsed === null) throw new UsageError(`--live-run-at must be an ISO 8601 time, not ${JSON.stringify(args['live-run-at'])}`);
    liveRunAt = isoSecond(parsed);
  }
  const store = await openPreparedStore(args['data-dir'], args['state-dir']);
  const warnings: string[] = [];
  // Broken state costs at most a deploy too many, never a refresh.
  const orEmpty = <T>(empty: T) => (error: unknown): T => {
    if (!(error instanceof DataFileError)) throw error;
    warnings.push(error.message);
    return empty;
  };
  const content = await loadContentState(store).catch(orEmpty(EMPTY_CONTENT_STATE));
  const state: PublishState = await loadPublishState(store).catch(orEmpty({ last_deploy_at: null, deploys: [] }));
  const decision = decidePublish({ content, state, policy, liveRunAt, requested: args.requested });
  const threshold = numberOption(args['stale-after-minutes'], 'stale-after-minutes', staleAfterMinutes(policy), (n) => n > 0);
  // Only the live site's own answer says how stale it is: a recorded deploy may have failed.
  const staleness = liveStaleness(liveRunAt, content.last_run_at!, threshold);
  for (const warning of warnings) console.warn(printable(`warning: ${warning}`));
  console.log(printable(decision.message));
  console.log(printable(`staleness: ${staleness.message}`));
  if (decision.deploy && args.record) await savePublishState(store, recordDeploy(state, content.last_run_at!));

  const githubOutput = process.env.GITHUB_OUTPUT;
  if (githubOutput) await appendFile(githubOutput, `deploy=${decision.deploy}\nreason=${decision.reason ?? ''}\ncapped=${decision.capped}\nstale=${staleness.stale}\n`);
  if (process.env.GITHUB_ACTIONS === 'true' && staleness.stale) console.log(`::error title=Published data is stale::${printable(staleness.message)}`);
  if (process.env.GITHUB_ACTIONS === 'true' && decision.capped) console.log(`::warning title=Deploy cap reached::${printable(decision.message)}`);
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (summary) {
    const caps = `${decision.deploysToday}/${policy.maxPerDay} today, ${decision.deploysThisMonth}/${policy.maxPerMonth} this month`;
    await appendFile(summary, `\n**Publish decision:** ${printable(decision.message)}. Deploys so far: ${caps}; heartbeat ${policy.heartbeatMinutes} min.\n`);
    await appendFile(summary, `\n**${staleness.stale ? '🚨 Live data is stale' : 'Live data'}:** ${printable(staleness.message)}.\n`);
  }
  return 0;
}

runMain(main);
