/**
 * How long each stage of `update` may spend on the network. The scheduled refresh
 * (.github/workflows/refresh.yml) runs every 15 minutes in a job stopped after 20; past that
 * nothing is published, status included. Together these deadlines leave the run well inside
 * both: at most 4 + 3 + 2 + 2.5 = 11.5 minutes of reading, plus `npm ci`, the build and the deploy.
 * Whatever the upstreams do (hang, trickle a byte a second, retry forever), a stage's HTTP
 * client starts nothing after its deadline and cuts what is running then (http/client.ts); what
 * was not read keeps its last good data, marked stale, and the summary says why.
 */
export const STAGE_DEADLINE_SECONDS = {
  /** The catalog (paginated) and then as many endpoint lists as fit. */
  models: 240,
  /** LiteLLM, models.dev and Artificial Analysis, read in parallel. */
  facts: 180,
  /** Every status page, its incident history and every probe, in parallel. */
  status: 120,
  /** OpenRouter's endpoint statistics, one request a second (update/traffic.ts). */
  traffic: 150,
} as const;

export type DeadlineStage = keyof typeof STAGE_DEADLINE_SECONDS;
export type StageDeadlines = Record<DeadlineStage, number>;

/**
 * `--stage-deadlines models=240,facts=180,status=120,traffic=150` (seconds; any subset) over the defaults.
 * Throws an Error naming the bad part.
 */
export function parseStageDeadlines(value: string | undefined): StageDeadlines {
  const deadlines: StageDeadlines = { ...STAGE_DEADLINE_SECONDS };
  if (value === undefined) return deadlines;
  for (const part of value.split(',')) {
    const [stage, seconds] = part.split('=').map((s) => s.trim());
    if (stage === undefined || !Object.hasOwn(STAGE_DEADLINE_SECONDS, stage)) {
      throw new Error(`--stage-deadlines takes ${Object.keys(STAGE_DEADLINE_SECONDS).join(', ')}, not ${JSON.stringify(stage)}`);
    }
    const n = Number(seconds);
    if (seconds === undefined || seconds === '' || !Number.isFinite(n) || n <= 0) throw new Error(`--stage-deadlines: ${stage} needs a number of seconds above 0, not ${JSON.stringify(seconds)}`);
    deadlines[stage as DeadlineStage] = n;
  }
  return deadlines;
}
