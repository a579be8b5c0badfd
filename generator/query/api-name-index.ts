/**
 * The API-name index (/api/v1/api-names.json) and the lookup of a name in it: an API name as logs
 * have it (`gpt-4o-2024-08-06` at `openai`, `us.anthropic.claude-…` at Bedrock) to our model id,
 * or a typed error (`unknown_provider`, `unknown_model` with the closest names of that provider,
 * `ambiguous_model` with every model that claims the name). The provider's common spellings are
 * read as our ids. Pure, no Node imports (query/resolve.ts puts it together with the model's
 * detail). Never a guess: an unknown name is never matched to a similar one.
 */

import { looseKeys, looseName, unwrapped, type NamePlace } from './name-forms.js';
import { bestPattern, MAX_NAME_LENGTH, type NamePattern, type PublishedPattern } from './name-patterns.js';
import { canonicalProvider } from './provider-spellings.js';

export { canonicalProvider, PROVIDER_SPELLINGS } from './provider-spellings.js';

export const API_NAMES_FILE = 'api-names.json';

/** The index's `data` (docs/api.md, "API names"). */
export interface ApiNamesIndex {
  /** provider id → API name → our model id. */
  providers: Record<string, Record<string, string>>;
  /** provider id → API name → the models that claim it (resolvable to none). */
  ambiguous: Record<string, Record<string, string[]>>;
  /** provider id → API name → where the name points from a day on, as the maker says (an alias that moved). */
  aliases: Record<string, Record<string, Array<{ from: string; model: string }>>>;
  /** provider id → the families genai-prices' match clauses describe, each standing for one name of `providers` (absent in older files). */
  patterns?: Record<string, PublishedPattern[]>;
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
  /** The API name as the provider's API takes it (or a common form of it: docs/api.md, "API names"). */
  model: string;
  /** The day (YYYY-MM-DD) whose price and alias target count; default the data's as-of day. */
  at?: string | null;
}

/** How the name asked was found: as listed, as a common form of a listed name, or by a family pattern. */
export interface NameMatch {
  kind: 'exact' | 'form' | 'pattern';
  /** The clause that took the name (kind `pattern`), else null. */
  pattern: NamePattern | null;
}

export interface NameLookup {
  provider: string;
  /** The name asked (trimmed). */
  name: string;
  /** The listed name it was found as (an offer's `api_names` holds it). */
  listed: string;
  /** Our model id the name stands for on `at`. */
  model: string;
  /** Set when the name is an alias that moved: the model it pointed to before. */
  moved_from: string | null;
  match: NameMatch;
  /** The place the name's form asks for (a Bedrock data zone, OpenRouter's free variant). */
  place: NamePlace;
}

/** The index as published (the response's `data`, or the whole response), or `bad_index`. */
export function readApiNamesIndex(json: unknown): ApiNamesIndex {
  const envelope = json as { data?: unknown } | null;
  const data = (envelope !== null && typeof envelope === 'object' && 'data' in envelope ? envelope.data : json) as Partial<ApiNamesIndex> | null;
  const isMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (data === null || typeof data !== 'object' || !isMap(data.providers) || !isMap(data.ambiguous) || !isMap(data.aliases) || (data.patterns !== undefined && !isMap(data.patterns))) {
    throw new ResolveError('bad_index', 'not a ModelPulse API-name index (/api/v1/api-names.json)');
  }
  return data as ApiNamesIndex;
}

const own = <T>(map: Record<string, T> | undefined, key: string): T | undefined => (map !== undefined && Object.hasOwn(map, key) ? map[key] : undefined);

function ambiguous(provider: string, name: string, candidates: readonly string[]): ResolveError {
  return new ResolveError('ambiguous_model', `${provider} ${JSON.stringify(name)} is claimed by ${candidates.join(' and ')}: the sources disagree, so it resolves to neither`, [], [...candidates]);
}

type Found = Pick<NameLookup, 'listed' | 'match' | 'place'>;
const NO_PLACE: NamePlace = { zone: null, free: false };

/**
 * The listed name `name` stands for at a provider: itself; else the one listed name of another
 * case; else the listed names of its loose key (name-forms.ts), when they name one model; else the
 * most specific family pattern (name-patterns.ts) that takes it or its unwrapped form.
 */
function findListed(index: ApiNamesIndex, provider: string, name: string): Found | undefined {
  const names = own(index.providers, provider) ?? {};
  const claims = own(index.ambiguous, provider);
  if (own(names, name) !== undefined) return { listed: name, match: { kind: 'exact', pattern: null }, place: NO_PLACE };
  const lower = name.toLowerCase();
  const cased = Object.keys(names).filter((n) => n.toLowerCase() === lower);
  const models = (list: readonly string[]) => [...new Set(list.map((n) => names[n]!))].sort();
  if (cased.length > 0) {
    if (models(cased).length > 1) throw ambiguous(provider, name, models(cased));
    return { listed: cased.sort()[0]!, match: { kind: 'form', pattern: null }, place: NO_PLACE };
  }
  const loose = looseName(name, provider);
  const ambiguousLoose = Object.keys(claims ?? {}).filter((n) => looseName(n, provider).key === loose.key);
  // A form of a name two models claim is that name: it resolves to neither.
  if (ambiguousLoose.length > 0) throw ambiguous(provider, name, claims![ambiguousLoose[0]!]!);
  const candidates = looseKeys(names, provider).get(loose.key) ?? [];
  if (candidates.length > 0) {
    if (models(candidates).length > 1) throw ambiguous(provider, name, models(candidates));
    // The candidate listed for the place asked (`us.` for `us.`), else the one with no place of its own.
    const zoneOf = (n: string) => looseName(n, provider).place.zone;
    const listed = candidates.find((n) => zoneOf(n) === loose.place.zone) ?? candidates.find((n) => zoneOf(n) === null) ?? candidates[0]!;
    return { listed, match: { kind: 'form', pattern: null }, place: loose.place };
  }
  const patterns = own(index.patterns, provider);
  if (!Array.isArray(patterns)) return undefined;
  const pattern = bestPattern(patterns, name) ?? bestPattern(patterns, unwrapped(name, provider));
  if (pattern === undefined || own(names, pattern.name) === undefined) return undefined;
  return { listed: pattern.name, match: { kind: 'pattern', pattern: pattern.match }, place: loose.place };
}

/** The model `query.model` names at `query.provider` on `day` (YYYY-MM-DD, or null for the data's day). */
export function lookupApiName(index: ApiNamesIndex, query: NameQuery, day: string | null): NameLookup {
  if (typeof query.provider !== 'string' || query.provider.trim() === '') throw new ResolveError('bad_request', 'provider: must be a provider id such as "openai"');
  if (typeof query.model !== 'string' || query.model.trim() === '') throw new ResolveError('bad_request', 'model: must be an API name such as "gpt-4o-2024-08-06"');
  const provider = canonicalProvider(query.provider);
  const name = query.model.trim();
  const names = own(index.providers, provider);
  const claims = own(index.ambiguous, provider);
  if (names === undefined && claims === undefined) {
    const known = Object.keys(index.providers).sort();
    throw new ResolveError('unknown_provider', `no API names are known for provider ${JSON.stringify(query.provider)}; known: ${closestNames(provider, known).join(', ')}`, closestNames(provider, known, 10));
  }
  if (name.length > MAX_NAME_LENGTH) throw new ResolveError('unknown_model', `${provider} has no API name of ${name.length} characters (the longest we read is ${MAX_NAME_LENGTH})`);
  const claimed = own(claims, name);
  if (claimed !== undefined) throw ambiguous(provider, name, claimed);
  const found = findListed(index, provider, name);
  if (found === undefined) {
    const suggestions = closestNames(name, Object.keys(names ?? {}));
    throw new ResolveError('unknown_model', `${provider} has no API name ${JSON.stringify(name)} we know${suggestions.length > 0 ? `; closest: ${suggestions.join(', ')}` : ''}`, suggestions);
  }
  const target = names![found.listed]!;
  const moves = (own(own(index.aliases, provider), found.listed) ?? []).filter((m) => day !== null && m.from <= day);
  const moved = [...moves].sort((a, b) => (a.from < b.from ? -1 : 1)).at(-1);
  return { provider, name, listed: found.listed, model: moved?.model ?? target, moved_from: moved === undefined ? null : target, match: found.match, place: found.place };
}
