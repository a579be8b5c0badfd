/**
 * What the bootstrap replays, in time order: each recorded file of ../shared/upstream (SOURCES.md
 * gives each one's provenance and date) read by the real `update` as of the time it stands for.
 * The status recordings are replay-status.ts's RECORDINGS, interleaved by time.
 */
export interface BootstrapStep {
  /** The observation time of the run. */
  now: string;
  what: string;
  /** Arguments after `--data-dir DIR --now TIME`. */
  args: string[];
  catalog?: string;
  endpoints?: string[];
  litellm?: string;
  /**
   * models.dev's `api.json`, made of layers: a recorded file, or its repository history as it stood
   * at a time (sources/modelsdev/history.ts). Each provider comes from the first layer that has it.
   */
  modelsdev?: ModelsDevLayer[];
  artificialanalysis?: string;
  /** A recorded copy of genai-prices' data.json. */
  genaiPrices?: string;
  /** The makers' pages; OpenAI's is a base page plus later sections composed into it (composeOpenAiPage). */
  pages?: { anthropic?: string; openai?: string[]; google?: string; xai?: string; mistral?: string };
}

export type ModelsDevLayer = { file: string } | { historyAt: string };

const facts = (sources: string) => ['--only', 'facts', '--sources', sources];

/** The recorded `api.json` (20 providers) and the repository history (17 provider folders, to 2026-07-02): SOURCES.md. */
export const MODELSDEV_FILE = 'modelsdev/api-2026-06-13.trimmed.json';
export const MODELSDEV_FILE_AT = '2026-06-13T00:00:00Z';
export const MODELSDEV_HISTORY = 'modelsdev/history-2026-07-02.json';

/**
 * models.dev read at each of `times` (history/readTimes: once per week with a price change), as
 * the history stood then. Up to the recorded file's day the history alone; that day the recorded
 * file, with the providers only the history holds; after it the history, with the recorded file's
 * providers the history does not hold as that file last showed them. So no provider leaves the
 * catalog because one recording does not cover it.
 */
export function modelsDevHistorySteps(times: readonly string[]): BootstrapStep[] {
  const step = (now: string, what: string, layers: ModelsDevLayer[]): BootstrapStep => ({ now, what, args: facts('modelsdev'), modelsdev: layers });
  return [
    ...times.filter((t) => t < MODELSDEV_FILE_AT).map((t) => step(t, `models.dev's files as of ${t}`, [{ historyAt: t }])),
    step(MODELSDEV_FILE_AT, 'models.dev 2026-06-13, with the providers only its history holds', [{ file: MODELSDEV_FILE }, { historyAt: MODELSDEV_FILE_AT }]),
    ...times.filter((t) => t > MODELSDEV_FILE_AT).map((t) => step(t, `models.dev's files as of ${t}, with the other providers of its 2026-06-13 file`, [{ historyAt: t }, { file: MODELSDEV_FILE }])),
  ];
}

/** One `api.json` from its layers (already read): each provider from the first layer that has it. */
export function composeModelsDev(layers: ReadonlyArray<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const layer of layers) for (const [provider, entry] of Object.entries(layer)) if (!Object.hasOwn(out, provider)) out[provider] = entry;
  return out;
}

/**
 * genai-prices' monthly copies (SOURCES.md): each is the file as it stood at the last commit of
 * its month that changed it, read as of that commit's day. They come first (from 2025-06-23), so
 * the prices of models that enter the catalog later are there when they do.
 */
export const GENAI_PRICES_COPIES = [
  '2025-06-23', '2025-07-31', '2025-08-26', '2025-09-29', '2025-10-27', '2025-11-27', '2025-12-31',
  '2026-01-28', '2026-02-25', '2026-03-30', '2026-04-30', '2026-05-28', '2026-06-30', '2026-07-25',
] as const;

const genaiPricesStep = (day: string): BootstrapStep => ({ now: `${day}T00:00:00Z`, what: `genai-prices ${day}`, args: facts('genai-prices'), genaiPrices: `genai-prices/data-${day}.json` });

const RECORDED_STEPS: readonly BootstrapStep[] = [
  { now: '2026-03-29T00:00:00Z', what: 'OpenRouter catalog 2026-03-29', args: ['--only', 'models', '--force'], catalog: 'openrouter/models-2026-03-29.json' },
  { now: '2026-05-01T00:00:00Z', what: 'OpenRouter catalog 2026-05-01', args: ['--only', 'models', '--force'], catalog: 'openrouter/models-2026-05-01.json' },
  // The guide's text is the revision after about 2026-05-20 (SOURCES.md).
  { now: '2026-05-20T00:00:00Z', what: "xAI's May 15 retirement guide", args: facts('xai-deprecations'), pages: { xai: 'firstparty/xai-deprecations-2026-05-15.md' } },
  { now: '2026-06-01T00:00:00Z', what: 'Artificial Analysis (fetched 2026-03-25)', args: facts('artificialanalysis'), artificialanalysis: 'artificialanalysis/llms-models-2026-03-25.scraper-wrapped.json' },
  { now: '2026-07-19T00:00:00Z', what: "Anthropic's deprecations page (.md, about 2026-07-19)", args: facts('anthropic-deprecations'), pages: { anthropic: 'firstparty/anthropic-deprecations-2026-07-19.md' } },
  {
    now: '2026-08-01T00:00:00Z',
    what: 'OpenRouter catalog 2026-08-01 with the endpoints of moonshotai/kimi-k3',
    args: ['--only', 'models', '--force', '--endpoints-per-run', '400'],
    catalog: 'openrouter/models-2026-08-01.json',
    endpoints: ['openrouter/endpoints-moonshotai-kimi-k3-2026-08-25.excerpt.json'],
  },
  // The next scheduled run sees the same catalog: price jumps held for confirmation are confirmed.
  {
    now: '2026-08-01T00:15:00Z',
    what: 'OpenRouter catalog 2026-08-01 again, 15 minutes later',
    args: ['--only', 'models', '--force', '--endpoints-per-run', '400'],
    catalog: 'openrouter/models-2026-08-01.json',
    endpoints: ['openrouter/endpoints-moonshotai-kimi-k3-2026-08-25.excerpt.json'],
  },
  { now: '2026-08-01T06:00:00Z', what: 'LiteLLM 2026-08-01', args: facts('litellm'), litellm: 'litellm/model_prices_and_context_window-2026-08-01.json' },
  { now: '2026-08-21T00:00:00Z', what: "Mistral's model definitions 2026-08-21", args: facts('mistral-deprecations'), pages: { mistral: 'firstparty/mistral-models-2026-08-21.ts.txt' } },
  { now: '2026-09-11T00:00:00Z', what: "OpenAI's deprecations page (.md, 2026-09-11)", args: facts('openai-deprecations'), pages: { openai: ['firstparty/openai-deprecations-2026-09-11.md'] } },
  { now: '2026-09-22T00:00:00Z', what: "Google's Gemini deprecations page (.md.txt, about 2026-09-22)", args: facts('google-deprecations'), pages: { google: 'firstparty/google-deprecations-2026-09-22.md' } },
  {
    now: '2026-10-06T23:23:23Z',
    what: "Anthropic's and OpenAI's deprecations pages as captured 2026-10-06",
    args: facts('anthropic-deprecations,openai-deprecations'),
    pages: { anthropic: 'firstparty/anthropic-deprecations-2026-10-06.from-html.md', openai: ['firstparty/openai-deprecations-2026-09-11.md', 'firstparty/openai-deprecations-2026-10-06.excerpt.from-html.md'] },
  },
];

/**
 * Every step in time order: the genai-prices copies and models.dev's reads (at `modelsDevTimes`,
 * from its history) among the other recordings.
 */
export function bootstrapSteps(modelsDevTimes: readonly string[]): BootstrapStep[] {
  return [...GENAI_PRICES_COPIES.map(genaiPricesStep), ...RECORDED_STEPS, ...modelsDevHistorySteps(modelsDevTimes)].sort((a, b) => (a.now < b.now ? -1 : a.now > b.now ? 1 : 0));
}

/**
 * OpenAI's page as of the 2026-10-06 capture: only its two new sections were transcribed (the
 * rest "appears to continue as in the 09-11 .md file", SOURCES.md), so the replay serves the
 * 09-11 page with those sections put at the top of "Upcoming deprecations", where the page adds
 * new announcements.
 */
export function composeOpenAiPage(base: string, excerpt: string): string {
  const sections = excerpt.slice(excerpt.indexOf('\n### ') + 1);
  const upcoming = base.indexOf('## Upcoming deprecations');
  const first = base.indexOf('\n### ', upcoming);
  if (upcoming === -1 || first === -1 || !sections.startsWith('### ')) throw new Error('composeOpenAiPage: the pages do not have the expected "## Upcoming deprecations" sections');
  return `${base.slice(0, first + 1)}${sections.trimEnd()}\n\n${base.slice(first + 1)}`;
}
