/**
 * The API-name index (/api/v1/api-names.json) and the lookup of a name in it: an API name as logs
 * have it (`gpt-4o-2024-08-06` at `openai`, `us.anthropic.claude-…` at Bedrock) to our model id,
 * or a typed error (`unknown_provider`, `unknown_model` with the closest names of that provider,
 * `ambiguous_model` with every model that claims the name). The provider's common spellings are
 * read as our ids. Pure, no Node imports (query/resolve.ts puts it together with the model's
 * detail). Never a guess: an unknown name is never matched to a similar one.
 */

export const API_NAMES_FILE = 'api-names.json';

/** The index's `data` (docs/api.md, "API names"). */
export interface ApiNamesIndex {
  /** provider id → API name → our model id. */
  providers: Record<string, Record<string, string>>;
  /** provider id → API name → the models that claim it (resolvable to none). */
  ambiguous: Record<string, Record<string, string[]>>;
  /** provider id → API name → where the name points from a day on, as the maker says (an alias that moved). */
  aliases: Record<string, Record<string, Array<{ from: string; model: string }>>>;
}

export type ResolveErrorCode = 'unknown_provider' | 'unknown_model' | 'ambiguous_model' | 'not_offered' | 'bad_request' | 'bad_index';

/** A name that resolves to no one model, or a bad request: the code, and what was meant or claims it. */
export class ResolveError extends Error {
  override name = 'ResolveError';
  constructor(
    readonly code: ResolveErrorCode,
    message: string,
    /** unknown_model: the closest known names of that provider; unknown_provider: the known providers. */
    readonly suggestions: string[] = [],
    /** ambiguous_model: every model that claims the name. */
    readonly candidates: string[] = [],
  ) {
    super(message);
  }
}

/** Common spellings of the providers' ids (this API's own ids are in docs/data.md, "Providers"). */
export const PROVIDER_SPELLINGS: Readonly<Record<string, string>> = {
  google: 'google-ai-studio',
  gemini: 'google-ai-studio',
  'google-ai': 'google-ai-studio',
  'google-gemini': 'google-ai-studio',
  vertex: 'google-vertex',
  'vertex-ai': 'google-vertex',
  'google-vertex-ai': 'google-vertex',
  bedrock: 'amazon-bedrock',
  aws: 'amazon-bedrock',
  'aws-bedrock': 'amazon-bedrock',
  amazon: 'amazon-bedrock',
  'x-ai': 'xai',
  grok: 'xai',
  'azure-openai': 'azure',
  'azure-ai': 'azure',
  'mistral-ai': 'mistral',
  mistralai: 'mistral',
  codestral: 'mistral',
  'open-ai': 'openai',
  claude: 'anthropic',
  'cohere-chat': 'cohere',
  moonshot: 'moonshotai',
  zai: 'z-ai',
  zhipuai: 'z-ai',
};

/** Our provider id for a spelling: lower case, `_`, spaces and dots read as `-`, common spellings mapped. */
export function canonicalProvider(spelling: string): string {
  const key = spelling.trim().toLowerCase().replace(/[_\s.]+/g, '-');
  return PROVIDER_SPELLINGS[key] ?? key;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` day that exists, or a `bad_request`. */
export function checkDay(at: string): string {
  if (!DAY.test(at) || Number.isNaN(Date.parse(`${at}T00:00:00Z`)) || new Date(`${at}T00:00:00Z`).toISOString().slice(0, 10) !== at) {
    throw new ResolveError('bad_request', `at: not a day (YYYY-MM-DD): ${JSON.stringify(at)}`);
  }
  return at;
}

/** Edit distance, capped: only the order of the closest few matters. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

const sharedPrefix = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
};

/** The `limit` known names closest to `name`: the longest shared prefix, then the smallest edit distance. */
export function closestNames(name: string, known: readonly string[], limit = 5): string[] {
  const lower = name.toLowerCase();
  return known
    .map((k) => ({ k, prefix: sharedPrefix(lower, k.toLowerCase()), edits: distance(lower, k.toLowerCase()) }))
    .sort((a, b) => b.prefix - a.prefix || a.edits - b.edits || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .slice(0, limit)
    .map((x) => x.k);
}

export interface NameQuery {
  provider: string;
  /** The API name as the provider's API takes it. */
  model: string;
  /** The day (YYYY-MM-DD) whose price and alias target count; default the data's as-of day. */
  at?: string | null;
}

export interface NameLookup {
  provider: string;
  name: string;
  /** Our model id the name stands for on `at`. */
  model: string;
  /** Set when the name is an alias that moved: the model it pointed to before. */
  moved_from: string | null;
}

/** The index as published (the response's `data`, or the whole response), or `bad_index`. */
export function readApiNamesIndex(json: unknown): ApiNamesIndex {
  const envelope = json as { data?: unknown } | null;
  const data = (envelope !== null && typeof envelope === 'object' && 'data' in envelope ? envelope.data : json) as Partial<ApiNamesIndex> | null;
  const isMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (data === null || typeof data !== 'object' || !isMap(data.providers) || !isMap(data.ambiguous) || !isMap(data.aliases)) {
    throw new ResolveError('bad_index', 'not a ModelPulse API-name index (/api/v1/api-names.json)');
  }
  return data as ApiNamesIndex;
}

/** The model `query.model` names at `query.provider` on `day` (YYYY-MM-DD, or null for the data's day). */
export function lookupApiName(index: ApiNamesIndex, query: NameQuery, day: string | null): NameLookup {
  if (typeof query.provider !== 'string' || query.provider.trim() === '') throw new ResolveError('bad_request', 'provider: must be a provider id such as "openai"');
  if (typeof query.model !== 'string' || query.model.trim() === '') throw new ResolveError('bad_request', 'model: must be an API name such as "gpt-4o-2024-08-06"');
  const provider = canonicalProvider(query.provider);
  const name = query.model.trim();
  const names = Object.hasOwn(index.providers, provider) ? index.providers[provider]! : undefined;
  const claims = Object.hasOwn(index.ambiguous, provider) ? index.ambiguous[provider]! : undefined;
  if (names === undefined && claims === undefined) {
    const known = Object.keys(index.providers).sort();
    throw new ResolveError('unknown_provider', `no API names are known for provider ${JSON.stringify(query.provider)}; known: ${closestNames(provider, known).join(', ')}`, closestNames(provider, known, 10));
  }
  if (claims !== undefined && Object.hasOwn(claims, name)) {
    const candidates = claims[name]!;
    throw new ResolveError('ambiguous_model', `${provider} ${JSON.stringify(name)} is claimed by ${candidates.join(' and ')}: the sources disagree, so it resolves to neither`, [], candidates);
  }
  if (names === undefined || !Object.hasOwn(names, name)) {
    const suggestions = closestNames(name, Object.keys(names ?? {}));
    throw new ResolveError('unknown_model', `${provider} has no API name ${JSON.stringify(name)} we know${suggestions.length > 0 ? `; closest: ${suggestions.join(', ')}` : ''}`, suggestions);
  }
  const own = names[name]!;
  const moves = (Object.hasOwn(index.aliases, provider) && Object.hasOwn(index.aliases[provider]!, name) ? index.aliases[provider]![name]! : []).filter((m) => day !== null && m.from <= day);
  const moved = moves.sort((a, b) => (a.from < b.from ? -1 : 1)).at(-1);
  return { provider, name, model: moved?.model ?? own, moved_from: moved === undefined ? null : own };
}
