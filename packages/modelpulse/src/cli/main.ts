/**
 * The `modelpulse` command: the API from a terminal, and `modelpulse mcp`, an MCP server for
 * coding assistants. Exit codes: 0 done, 1 the request failed (network, HTTP error, not a
 * ModelPulse answer), 2 the command line is wrong. Never a stack trace for either.
 */
import { parseArgs } from 'node:util';
import { FASTEST_OPTIONS, fastestQueryFromFlags, QUERY_OPTIONS, queryFromFlags, UsageError } from './query-flags.js';
import { renderFastest } from './render-status.js';
import { runStatus } from './status-command.js';
import { CostError, CostInputError, type TokenUsage } from '../../../../generator/query/cost.js';
import { USAGE_FIELDS, usageFromText, type UsageField } from '../../../../generator/query/cost-usage.js';
import { createClient, DEFAULT_BASE_URL, ModelPulseError, type ModelPulseClient } from '../client.js';
import { memoryCache } from '../http.js';
import { cacheDir, diskCache } from './disk-cache.js';
import { renderCost, renderCostRanking } from './render-cost.js';
import { renderResolved, resolveErrorText } from './render-resolve.js';
import { checkDay, ResolveError, type NameQuery } from '../../../../generator/query/resolve.js';
import { PACKAGE_VERSION as VERSION } from '../version.js';
import { renderChanges, renderCheapest, renderDeprecations, renderModel, renderModels } from './render.js';


export const HELP = `modelpulse: AI model prices and AI service status from the ModelPulse API

Usage:
  modelpulse cheapest [--min-intel N] [--min-context N] [--vision] [--reasoning] [--tools] [--limit N]
                      [--input N --output N [--cache-read N] [--cache-write N]]
                                      with token counts: ranked by the cost of that mix
  modelpulse cost <author/slug> --input N --output N [--cache-read N] [--cache-write N] [--provider P]
                                      what a request costs (--input counts the whole prompt,
                                      cache reads and writes included; default: the headline price)
  modelpulse cost --provider P --model <api-name> [--at YYYY-MM-DD] --input N --output N …
                                      the same for a model as logs name it (gpt-4o-2024-08-06)
    cost also takes [--output-image N] [--output-audio N] (of --output) and
    [--input-audio N] [--cache-audio-read N] (of --input, of --cache-read): priced at the
    model's image and audio rates, the rest of the output at the text rate
  modelpulse resolve <provider> <api-name> [--at YYYY-MM-DD]
                                      an API name to our model, its offer and the price that day
  modelpulse models [author]          models currently offered (one author's)
  modelpulse model <author/slug>      one model: prices, offers, price history
  modelpulse status [service_id]      every service's status and the models in trouble now,
                                      or one service in detail
  modelpulse status models            every model that is not operational now, with its providers
  modelpulse status <model> [--provider P]
                                      one model: its state, open incidents naming it, and its
                                      providers side by side (latency, throughput, uptime); the
                                      model by id, API name, OpenRouter id or models/… form, or an
                                      API name at provider P
  modelpulse fastest [--min-intel N] [--min-context N] [--vision] [--reasoning] [--tools]
                     [--max-price USD] [--sort throughput|latency] [--limit N]
                                      the fastest models for a need (tokens a second, or time to
                                      the first token with --sort latency)
  modelpulse changes                  price changes, newest first
  modelpulse deprecations             announced retirements
  modelpulse mcp                      a Model Context Protocol server on stdio

Options:
  --json            print the API's JSON response instead of a table
  --base-url URL    the ModelPulse site to ask (default: MODELPULSE_BASE_URL, else ${DEFAULT_BASE_URL})
  --no-cache        ask the server even when a cached answer is still fresh (answers are kept
                    for the API's max-age, at least 60 s, in MODELPULSE_CACHE_DIR or ~/.cache/modelpulse)
  -h, --help        this help
  -v, --version     the version`;


const OPTIONS = {
  json: { type: 'boolean' },
  'base-url': { type: 'string' },
  'no-cache': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  'min-intel': { type: 'string' },
  'min-context': { type: 'string' },
  vision: { type: 'boolean' },
  reasoning: { type: 'boolean' },
  tools: { type: 'boolean' },
  limit: { type: 'string' },
  'max-price': { type: 'string' },
  sort: { type: 'string' },
  input: { type: 'string' },
  'cache-read': { type: 'string' },
  'cache-write': { type: 'string' },
  output: { type: 'string' },
  'input-audio': { type: 'string' },
  'cache-audio-read': { type: 'string' },
  'output-image': { type: 'string' },
  'output-audio': { type: 'string' },
  provider: { type: 'string' },
  model: { type: 'string' },
  at: { type: 'string' },
} as const;

type Parsed = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; tokens: true }>>;
type Token = Parsed['tokens'][number];
type Values = Parsed['values'];

/** The token flags and the usage fields they set. */
const TOKEN_FLAGS: Record<UsageField, string> = {
  input_tokens: 'input',
  cache_read_tokens: 'cache-read',
  cache_write_tokens: 'cache-write',
  output_tokens: 'output',
  input_audio_tokens: 'input-audio',
  cache_audio_read_tokens: 'cache-audio-read',
  output_image_tokens: 'output-image',
  output_audio_tokens: 'output-audio',
};
/** Image and audio parts: priced per model (`cost`), never ranked (the cost index has text rates only). */
const MEDIA_FLAGS = ['input-audio', 'cache-audio-read', 'output-image', 'output-audio'];
/** The commands each option belongs to (an option given to another command is a usage error). */
const OPTION_COMMANDS: Array<[readonly string[], readonly string[]]> = [
  [QUERY_OPTIONS, ['cheapest', 'fastest']],
  [FASTEST_OPTIONS, ['fastest']],
  [Object.values(TOKEN_FLAGS).filter((f) => !MEDIA_FLAGS.includes(f)), ['cheapest', 'cost']],
  [MEDIA_FLAGS, ['cost']],
  [['provider'], ['cost', 'status']],
  [['model'], ['cost']],
  [['at'], ['cost', 'resolve']],
];
/** How many arguments each command takes after its name: [at least, at most]. */
const COMMANDS: Record<string, readonly [number, number, string]> = {
  cheapest: [0, 0, 'modelpulse cheapest [--min-intel N] [--min-context N] [--vision] [--reasoning] [--tools] [--limit N] [--input N --output N [--cache-read N] [--cache-write N]]'],
  cost: [0, 1, 'modelpulse cost <author/slug> --input N --output N [--cache-read N] [--cache-write N] [--input-audio N [--cache-audio-read N]] [--output-image N] [--output-audio N] [--provider P], or modelpulse cost --provider P --model <api-name> [--at YYYY-MM-DD] --input N --output N [...]'],
  resolve: [2, 2, 'modelpulse resolve <provider> <api-name> [--at YYYY-MM-DD] [--json]'],
  models: [0, 1, 'modelpulse models [author]'],
  model: [1, 1, 'modelpulse model <author/slug>'],
  fastest: [0, 0, 'modelpulse fastest [--min-intel N] [--min-context N] [--vision] [--reasoning] [--tools] [--max-price USD] [--sort throughput|latency] [--limit N]'],
  status: [0, 1, 'modelpulse status [service_id | models | <model> [--provider P]]'],
  changes: [0, 0, 'modelpulse changes'],
  deprecations: [0, 0, 'modelpulse deprecations'],
  mcp: [0, 0, 'modelpulse mcp [--base-url URL]'],
};

/** A cost module message in the command line's words: `--cache-read` for `cache_read_tokens`. */
function inFlags(message: string): string {
  return USAGE_FIELDS.reduce((text, field) => text.replaceAll(field, `--${TOKEN_FLAGS[field]}`), message);
}

/** The token mix from the flags, or null when none is given; messages name the flag, and a flag given twice is refused. */
export function usageFromFlags(values: Values, tokens: readonly Token[] = []): TokenUsage | null {
  for (const field of USAGE_FIELDS) {
    const flag = TOKEN_FLAGS[field];
    const seen = tokens.filter((t) => t.kind === 'option' && t.name === flag);
    if (seen.length > 1) throw new UsageError(`--${flag} is given more than once; give it at most once (got ${seen.map((t) => JSON.stringify(t.kind === 'option' ? t.value : '')).join(', ')})`);
  }
  const given = USAGE_FIELDS.filter((field) => values[TOKEN_FLAGS[field] as keyof Values] !== undefined);
  if (given.length === 0) return null;
  try {
    return usageFromText(Object.fromEntries(given.map((field) => [field, values[TOKEN_FLAGS[field] as keyof Values] as string])));
  } catch (error) {
    if (error instanceof CostInputError) throw new UsageError(inFlags(error.message));
    throw error;
  }
}

/** `--at`: a day, checked here so that a wrong one is a usage error. */
function checkedAt(at: string | undefined): string | null {
  if (at === undefined) return null;
  try {
    return checkDay(at);
  } catch {
    throw new UsageError(`--at must be a day, YYYY-MM-DD (got ${JSON.stringify(at)})`);
  }
}

/** `cost --provider P --model <api-name>`: the name query, or null for `cost <author/slug>`. */
function namedQuery(args: readonly string[], values: Values): NameQuery | null {
  if (values.model === undefined) {
    if (args.length === 0) throw new UsageError('modelpulse cost needs a model: <author/slug>, or --provider P --model <api-name>');
    if (values.at !== undefined) throw new UsageError('--at goes with --model <api-name> (a day\'s price of an offer)');
    return null;
  }
  if (args.length > 0) throw new UsageError(`give the model once: ${JSON.stringify(args[0])} or --model ${JSON.stringify(values.model)}`);
  if (values.provider === undefined) throw new UsageError('--model <api-name> needs --provider P (the provider whose API takes that name)');
  return { provider: values.provider, model: values.model, at: checkedAt(values.at) };
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Today, YYYY-MM-DD (UTC): whether a retirement has passed is the reader's question. */
  today: () => string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

async function runCommand(command: string, args: string[], { values, tokens }: Pick<Parsed, 'values' | 'tokens'>, client: ModelPulseClient, io: Io): Promise<void> {
  const show = <T>(response: T, render: (r: T) => string) => io.out(values.json ? json(response) : render(response));
  switch (command) {
    case 'cheapest': {
      const usage = usageFromFlags(values, tokens);
      if (usage !== null) return show(await client.cheapestForUsage(usage, queryFromFlags(tokens)), renderCostRanking);
      const answer = await client.cheapest(queryFromFlags(tokens));
      // --json prints the API's response: `computed` says how the client got it, not what it is.
      const { computed: _computed, ...response } = answer;
      return values.json ? io.out(json(response)) : io.out(renderCheapest(answer));
    }
    case 'cost': {
      const usage = usageFromFlags(values, tokens);
      if (usage === null) throw new UsageError('modelpulse cost needs the token mix: --input N --output N (and --cache-read N, --cache-write N where the prompt uses the cache)');
      const named = namedQuery(args, values);
      const response = named === null ? await client.cost(args[0]!, usage, { provider: values.provider ?? null }) : await client.cost(named, usage);
      // --json prints the estimate itself: what the package's estimateCost returns for the same mix.
      return values.json ? io.out(json(response.data)) : io.out(renderCost(named === null ? args[0]! : `${named.provider} ${named.model}`, response));
    }
    case 'resolve': {
      const response = await client.resolveModel({ provider: args[0]!, model: args[1]!, at: checkedAt(values.at) });
      // --json prints the resolution itself: model, type, provider, offer, price.
      return values.json ? io.out(json(response.data)) : io.out(renderResolved(response));
    }
    case 'models':
      return show(await client.models(args[0]), (r) => renderModels(r, args[0] === undefined ? `Models currently offered (${r.data.length})` : `Models by ${args[0]} (${r.data.length})`));
    case 'model':
      return show(await client.model(args[0]!), renderModel);
    case 'status':
      return runStatus(args, { json: values.json ?? false, provider: values.provider }, client, io.out);
    case 'fastest': {
      const answer = await client.fastest(fastestQueryFromFlags(tokens));
      // --json prints the API's response: `computed` says how the client got it, not what it is.
      const { computed: _computed, ...response } = answer;
      return values.json ? io.out(json(response)) : io.out(renderFastest(answer));
    }
    case 'changes':
      return show(await client.priceChanges(), renderChanges);
    case 'deprecations':
      return show(await client.deprecations(), (r) => renderDeprecations(r, io.today()));
  }
}

/** Ids are lower case: say so when that is why an id was not found (unless the error already does). */
function hint(error: ModelPulseError, args: readonly string[]): string {
  const id = args[0];
  if (id === undefined || id === id.toLowerCase() || /lower case/.test(error.message) || !['not_found', 'invalid_id'].includes(error.code)) return '';
  return ` (ids are lower case: try ${JSON.stringify(id.toLowerCase())})`;
}

/** The error, what was asked (`model openai/x`) and its code; the HTTP status only if a request was made. */
export function describeError(error: ModelPulseError, command: string, args: readonly string[]): string {
  const asked = [command, ...args].join(' ');
  const code = error.url !== null && error.status > 0 ? `HTTP ${error.status} ${error.code}` : error.code;
  return `${asked}: ${error.message}${hint(error, args)} [${code}]`;
}

/** Runs one command line; returns the exit code. */
export async function main(argv: string[], io: Io): Promise<number> {
  let command = '';
  let args: string[] = [];
  try {
    const { values, positionals, tokens } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
    if (values.version) return io.out(VERSION), 0;
    [command = '', ...args] = positionals;
    if (values.help || command === 'help') return io.out(HELP), 0;
    if (command === '') return io.err(HELP), 2;
    const spec = COMMANDS[command];
    if (spec === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)}; commands: ${Object.keys(COMMANDS).join(', ')}`);
    if (args.length < spec[0] || args.length > spec[1]) throw new UsageError(`usage: ${spec[2]}`);
    for (const [options, commands] of OPTION_COMMANDS) {
      const misplaced = commands.includes(command) ? undefined : options.find((o) => values[o as keyof Values] !== undefined);
      if (misplaced !== undefined) throw new UsageError(`--${misplaced} is an option of ${commands.map((c) => `modelpulse ${c}`).join(' and ')}, not of ${command}`);
    }
    const baseUrl = values['base-url'] ?? (io.env.MODELPULSE_BASE_URL || undefined);
    if (command === 'mcp') {
      if (values.json) throw new UsageError('--json is not an option of modelpulse mcp');
      // Loaded only here: the MCP SDK is most of the CLI's code.
      const { serveMcp } = await import('../mcp/server.js');
      await serveMcp(createClient({ baseUrl, ...(values['no-cache'] ? {} : { cache: memoryCache() }) }), VERSION);
      return 0;
    }
    const cache = values['no-cache'] ? undefined : diskCache(cacheDir(io.env));
    await runCommand(command, args, { values, tokens }, createClient({ baseUrl, cache }), io);
    return 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (error instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) {
      // Node's message for an unknown option goes on about positionals: the first sentence is enough.
      const message = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? (error as Error).message.split('. ')[0]! : (error as Error).message;
      io.err(`modelpulse: ${message}\n(modelpulse --help for usage)`);
      return 2;
    }
    // A name that resolves to no one model: not found (exit 1), with what was meant or who claims it.
    if (error instanceof ResolveError) {
      io.err(`modelpulse ${[command, ...args].join(' ')}: ${resolveErrorText(error)} [${error.code}]`);
      return error.code === 'bad_request' ? 2 : 1;
    }
    // A provider that does not offer the model, or counts the module refused: the user's input.
    if (error instanceof CostError) {
      io.err(`modelpulse ${[command, ...args].join(' ')}: ${inFlags(error.message)} [${error.code}]`);
      return 2;
    }
    if (error instanceof ModelPulseError) {
      io.err(`modelpulse ${describeError(error, command, args)}`);
      // A value the user gave that cannot be right, refused here or by the server, is a usage error.
      const refusedHere = error.url === null && error.status >= 400 && error.status < 500;
      return error.status === 400 || refusedHere || error.code === 'invalid_base_url' ? 2 : 1;
    }
    io.err(`modelpulse: unexpected error: ${error instanceof Error ? error.message : String(error)}`);
    if (io.env.MODELPULSE_DEBUG) io.err(String((error as Error).stack));
    return 1;
  }
}
