/**
 * Whether a refresh should deploy: only on a material change or when the published freshness
 * would otherwise grow past the heartbeat, and never past the plan's deploy caps. Pure.
 *
 * What is live is the run whose data the site serves (index.json's `freshness.run_at`, read from
 * the site by the workflow), else the last deploy this state recorded. A deploy that failed
 * leaves the live run where it was, so its changes are still pending next time: a guard may
 * delay a change, never lose it.
 */
import { materialChangesSince, type ContentState } from './content-times.js';

/** Hosting plans with a preset policy (see the README's hosting table for the figures behind them). */
export const PUBLISH_PLANS = ['github-pages', 'cloudflare-workers', 'netlify-free', 'netlify-personal', 'netlify-pro', 'unlimited'] as const;
export type PublishPlan = (typeof PUBLISH_PLANS)[number];

export interface DeployPolicy {
  /** Deploy when the live data would otherwise be older than this by the next run (minutes). */
  heartbeatMinutes: number;
  /** A due deploy waits until this long after the live run: spreads a small budget over the month. */
  minIntervalMinutes: number;
  maxPerDay: number;
  maxPerMonth: number;
  /** Minutes between scheduled runs: "by the next run" above. */
  cadenceMinutes: number;
}

const EVERY_RUN = { heartbeatMinutes: 15, minIntervalMinutes: 0, cadenceMinutes: 15 } as const;

/**
 * - github-pages, cloudflare-workers: deploys cost nothing and are not capped for this use, so
 *   every run deploys (15-minute status freshness); the caps only stop a runaway loop.
 * - netlify-free: 300 credits a month, 15 per production deploy, 20 per GB and 2 per 10,000
 *   requests, and every site of the team pauses when they run out (after 20 deploys with no
 *   traffic at all): at most 12 deploys a month (180 credits), at least 60 hours apart, leaving
 *   120 credits for traffic.
 * - netlify-personal: $9 and 1,000 credits a month: at most 50 deploys (750 credits), 2 a day,
 *   14 hours apart, and a daily heartbeat.
 * - netlify-pro: 3,000 credits a month (the lower of the figures Netlify has published): at most
 *   120 deploys (1,800 credits), 4 a day, 5 hours apart, and a 6-hour heartbeat.
 * Sources: generator/bench/costs.ts.
 */
export const PLAN_POLICIES: Record<PublishPlan, DeployPolicy> = {
  'github-pages': { ...EVERY_RUN, maxPerDay: 100, maxPerMonth: 3_100 },
  'cloudflare-workers': { ...EVERY_RUN, maxPerDay: 100, maxPerMonth: 3_100 },
  'netlify-free': { heartbeatMinutes: 7 * 24 * 60, minIntervalMinutes: 60 * 60, cadenceMinutes: 15, maxPerDay: 1, maxPerMonth: 12 },
  'netlify-personal': { heartbeatMinutes: 24 * 60, minIntervalMinutes: 14 * 60, cadenceMinutes: 15, maxPerDay: 2, maxPerMonth: 50 },
  'netlify-pro': { heartbeatMinutes: 6 * 60, minIntervalMinutes: 5 * 60, cadenceMinutes: 15, maxPerDay: 4, maxPerMonth: 120 },
  unlimited: { ...EVERY_RUN, maxPerDay: Number.MAX_SAFE_INTEGER, maxPerMonth: Number.MAX_SAFE_INTEGER },
};

/** What data/state/publish.json remembers of past deploys. */
export interface PublishState {
  /** The run time of the last deploy this job made (its data's `freshness.run_at`). */
  last_deploy_at: string | null;
  /** Run times of the deploys of the last 32 days: what the caps count. */
  deploys: string[];
}

export const EMPTY_PUBLISH_STATE: PublishState = { last_deploy_at: null, deploys: [] };

export const DEPLOY_REASONS = ['first', 'material', 'heartbeat', 'requested'] as const;
export type DeployReason = (typeof DEPLOY_REASONS)[number];

export interface PublishDecision {
  deploy: boolean;
  /** Why it deploys, or null when it does not. */
  reason: DeployReason | null;
  /** A cap held back a deploy that was due: reported, never silent. */
  capped: boolean;
  /** Responses whose material content changed since the live run. */
  changes: string[];
  /** The live run the decision compared against. */
  liveRunAt: string | null;
  deploysToday: number;
  deploysThisMonth: number;
  /** One line for people: the decision and why. */
  message: string;
}

export interface DecideInput {
  content: ContentState;
  state: PublishState;
  policy: DeployPolicy;
  /** The run time the live site serves, when the workflow could read it. */
  liveRunAt: string | null;
  /** A deploy somebody asked for (a manual run, a push of the site's code). */
  requested: boolean;
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

function describeChanges(changes: string[]): string {
  const shown = changes.slice(0, 5).map((p) => p.replace(/^api\/v1\//, ''));
  return `${changes.length} response${changes.length === 1 ? '' : 's'} changed materially (${shown.join(', ')}${changes.length > 5 ? ', …' : ''})`;
}

export function decidePublish(input: DecideInput): PublishDecision {
  const now = input.content.last_run_at;
  if (now === null) throw new Error('the content times record no run yet (state/content-freshness.json): run `npm run update` first');
  // The live site's own word wins; a recorded deploy is the fallback when the site cannot be read.
  const live = input.liveRunAt ?? input.state.last_deploy_at;
  const changes = materialChangesSince(input.content, live);
  const deploysToday = input.state.deploys.filter((t) => t.slice(0, 10) === now.slice(0, 10)).length;
  const deploysThisMonth = input.state.deploys.filter((t) => t.slice(0, 7) === now.slice(0, 7)).length;
  const base = { changes, liveRunAt: live, deploysToday, deploysThisMonth };

  let reason: DeployReason | null = null;
  let why = '';
  if (input.requested) [reason, why] = ['requested', 'a deploy was requested'];
  else if (live === null) [reason, why] = ['first', 'nothing is published yet'];
  else if (changes.length > 0) [reason, why] = ['material', describeChanges(changes)];
  else if (minutesBetween(live, now) + input.policy.cadenceMinutes > input.policy.heartbeatMinutes) {
    [reason, why] = ['heartbeat', `the live data (run ${live}) would be older than the ${input.policy.heartbeatMinutes}-minute heartbeat by the next run`];
  }
  if (reason === null) {
    const age = Math.round(minutesBetween(live!, now));
    return { ...base, deploy: false, reason: null, capped: false, message: `no deploy: no material change since the live run ${live} (${age} min ago; heartbeat ${input.policy.heartbeatMinutes} min)` };
  }
  const dayFull = deploysToday >= input.policy.maxPerDay;
  const monthFull = deploysThisMonth >= input.policy.maxPerMonth;
  const sinceLive = live === null ? Infinity : minutesBetween(live, now);
  const tooSoon = sinceLive < input.policy.minIntervalMinutes;
  if (!input.requested && (dayFull || monthFull || tooSoon)) {
    const cap = dayFull
      ? `${deploysToday} of ${input.policy.maxPerDay} deploys today`
      : monthFull
        ? `${deploysThisMonth} of ${input.policy.maxPerMonth} deploys this month`
        : `the live run is ${Math.round(sinceLive)} of at least ${input.policy.minIntervalMinutes} minutes old`;
    return { ...base, deploy: false, reason, capped: true, message: `no deploy: the deploy cap is reached (${cap}); ${why}, and waits for the next allowed deploy` };
  }
  return { ...base, deploy: true, reason, capped: false, message: `deploy (${reason}): ${why}` };
}

/** Pure: the state after a deploy of the run at `runAt`; the deploy list keeps 32 days. */
export function recordDeploy(state: PublishState, runAt: string): PublishState {
  const horizon = new Date(Date.parse(runAt) - 32 * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { last_deploy_at: runAt, deploys: [...state.deploys.filter((t) => t >= horizon && t !== runAt), runAt].sort() };
}

/** Past the plan's heartbeat, how much older the live data may be before the refresh fails loudly (minutes). */
export const DEFAULT_STALE_GRACE_MINUTES = 60;

/**
 * The age past which the live data is stale: an hour by default; a plan that deploys less often
 * than that (its heartbeat) serves older data by design, so its threshold is its heartbeat plus
 * the hour.
 */
export function staleAfterMinutes(policy: DeployPolicy): number {
  return policy.heartbeatMinutes <= DEFAULT_STALE_GRACE_MINUTES ? DEFAULT_STALE_GRACE_MINUTES : policy.heartbeatMinutes + DEFAULT_STALE_GRACE_MINUTES;
}

export interface Staleness {
  /** True when the live data is older than the threshold: the run fails, visibly. */
  stale: boolean;
  /** Minutes between the live run and this run, or null when the live run is unknown. */
  ageMinutes: number | null;
  message: string;
}

/** Pure: how old the data the live site serves is at this run (`now`), against `thresholdMinutes`. */
export function liveStaleness(liveRunAt: string | null, now: string, thresholdMinutes: number): Staleness {
  if (liveRunAt === null) return { stale: false, ageMinutes: null, message: 'the live run is unknown (site not read): staleness not checked' };
  const age = Math.round(minutesBetween(liveRunAt, now));
  const head = `the live site serves the run of ${liveRunAt}, ${age} min before this run`;
  return age > thresholdMinutes
    ? { stale: true, ageMinutes: age, message: `STALE: ${head}, past the ${thresholdMinutes}-minute threshold (runs were delayed or dropped, or deploys failed)` }
    : { stale: false, ageMinutes: age, message: `${head} (threshold ${thresholdMinutes} min)` };
}
