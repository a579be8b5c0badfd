/**
 * Which of our models an official incident names ("Degraded performance for Claude Opus 5 and
 * Claude Haiku 4.5"), through the catalog's own names: each model's display name, its id's slug,
 * the names its providers' APIs accept, and the maker's family names derived from the display
 * name ("Opus 5" for "Claude Opus 5", "Gemini 3 Pro" for "Gemini 3 Pro Preview", "Llama 3.3 70B"
 * for "Llama 3.3 70B Instruct"). Pure, no Node.js imports: the build and the edge Worker run it.
 *
 * Precision first (docs/api.md, "Incidents that name a model"):
 * - a name is a whole run of words: "GPT-5" is not found in "GPT-5.4", nor "Opus 4" in "Opus 4.8";
 *   at each place the longest name wins ("Claude Opus 4.8 (Fast)" over "Claude Opus 4.8");
 * - a name must hold a digit or two words: a lone word ("ada", "sonar") names nothing;
 * - words that name no model ("multiple models", "all models") attach nothing;
 * - a model's own names (display, slug, API names) beat family names another model derives;
 * - only models in the service's scope count (what its maker makes or its endpoints serve), and
 *   no model delisted before the incident began;
 * - a name that still fits two models attaches to neither and is returned as ambiguous, for the
 *   run report.
 */

/** What the matcher needs of a model. */
export interface NamedModelSource {
  id: string;
  /** The display name ("Claude Opus 5"). */
  name: string;
  /** Names providers' APIs accept for it (offers' `api_names`), any provider. */
  api_names?: readonly string[];
  delisted_at: string | null;
}

export interface ModelNameTable {
  /**
   * Normalized name → the models claiming it: as one of their own names (display name, slug, an
   * API name), and as a family name derived from a display name. Own claims win. (Only looked up:
   * the edge reads a table made at build time and converts only the names it meets.)
   */
  names: Pick<ReadonlyMap<string, { own: readonly string[]; family: readonly string[] }>, 'get'>;
  /** When each model left the catalog (null: listed). */
  delisted: Pick<ReadonlyMap<string, string | null>, 'get'>;
  /** The longest name in words: how far a match looks ahead. */
  maxWords: number;
}

export interface AmbiguousName {
  /** The name as normalized ("claude opus 4.8"). */
  name: string;
  /** The models it fits, sorted. */
  candidates: string[];
}

export interface NamedModels {
  /** Our model ids the text names, sorted, without repeats. */
  models: string[];
  /** Names that fit more than one model: attached to none. */
  ambiguous: AmbiguousName[];
}

/**
 * Lower case; a dot stays only between two digits (versions: "4.5"); every other run of
 * characters that are not letters or digits is one space. "GPT-4o-mini (2024-07-18)" → "gpt 4o
 * mini 2024 07 18".
 */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/[^a-z0-9.]+/g, ' ')
    .trim();
}

/** Words a maker appends to one model's name that do not make another model. */
const QUALIFIERS = new Set(['preview', 'instruct', 'latest', 'exp', 'experimental']);
const DAY_PAIR = /^(0[1-9]|1[0-2]|[12]\d|3[01])$/;

/** Drops trailing qualifiers and dates: "gemini 2.5 pro preview 06 05" → "gemini 2.5 pro". */
function withoutQualifiers(words: string[]): string[] {
  const out = [...words];
  for (;;) {
    const n = out.length;
    if (n > 1 && QUALIFIERS.has(out[n - 1]!)) out.pop();
    else if (n > 1 && /^(19|20)\d{6}$/.test(out[n - 1]!)) out.pop();
    else if (n > 3 && /^(19|20)\d\d$/.test(out[n - 3]!) && DAY_PAIR.test(out[n - 2]!) && DAY_PAIR.test(out[n - 1]!)) out.splice(n - 3, 3);
    else if (n > 2 && DAY_PAIR.test(out[n - 2]!) && DAY_PAIR.test(out[n - 1]!) && out[n - 2]!.length === 2 && out[n - 1]!.length === 2) out.splice(n - 2, 2);
    else return out;
  }
}

/** Whether normalized words may be a name at all: a digit somewhere, or two words. */
function usable(words: readonly string[]): boolean {
  return words.length > 0 && (words.length >= 2 || /\d/.test(words[0]!));
}

/**
 * The family names a display name implies (normalized): without its trailing qualifiers, and
 * without its brand word where what is left starts with a word of letters and holds a version
 * ("claude opus 5" → "opus 5"; never "3 pro" from "gemini 3 pro").
 */
export function familyNames(displayName: string): string[] {
  const words = normalizeName(displayName).split(' ').filter(Boolean);
  const out = new Set<string>();
  const bare = withoutQualifiers(words);
  for (const base of [words, bare]) {
    if (base !== words && usable(base)) out.add(base.join(' '));
    const rest = base.slice(1);
    if (rest.length >= 2 && /^[a-z]{3,}$/.test(rest[0]!) && rest.some((w) => /\d/.test(w))) out.add(rest.join(' '));
  }
  out.delete(words.join(' '));
  return [...out];
}

/** Pure: the name table of a catalog (every model, listed or not: the filters come at matching). */
export function buildModelNameTable(models: Iterable<NamedModelSource>): ModelNameTable {
  const own = new Map<string, Set<string>>();
  const family = new Map<string, Set<string>>();
  const delisted = new Map<string, string | null>();
  const claim = (into: Map<string, Set<string>>, name: string, id: string) => {
    const words = name.split(' ').filter(Boolean);
    if (!usable(words)) return;
    const key = words.join(' ');
    let ids = into.get(key);
    if (ids === undefined) into.set(key, (ids = new Set()));
    ids.add(id);
  };
  for (const model of models) {
    delisted.set(model.id, model.delisted_at);
    claim(own, normalizeName(model.name), model.id);
    claim(own, normalizeName(model.id.slice(model.id.indexOf('/') + 1)), model.id);
    for (const apiName of model.api_names ?? []) claim(own, normalizeName(apiName), model.id);
    for (const name of familyNames(model.name)) claim(family, name, model.id);
  }
  const names = new Map<string, { own: string[]; family: string[] }>();
  let maxWords = 1;
  for (const name of new Set([...own.keys(), ...family.keys()])) {
    names.set(name, { own: [...(own.get(name) ?? [])].sort(), family: [...(family.get(name) ?? [])].sort() });
    maxWords = Math.max(maxWords, name.split(' ').length);
  }
  return { names, delisted, maxWords };
}

export interface MatchOptions {
  /** Only these models count (the service's scope); all when absent. */
  inScope?: (id: string) => boolean;
  /** When the incident began: a model delisted at or before it is not what it names. */
  at?: string | null;
}

/** Pure: the models `text` names, and the names that fit several (attached to none). */
export function modelsNamed(text: string, table: ModelNameTable, options: MatchOptions = {}): NamedModels {
  const words = normalizeName(text).split(' ').filter(Boolean);
  const found = new Set<string>();
  const ambiguous = new Map<string, string[]>();
  const counts = (id: string) => {
    if (options.inScope !== undefined && !options.inScope(id)) return false;
    const gone = table.delisted.get(id) ?? null;
    return gone === null || options.at == null || gone > options.at;
  };
  let i = 0;
  while (i < words.length) {
    let matched = 0;
    for (let n = Math.min(table.maxWords, words.length - i); n >= 1 && matched === 0; n -= 1) {
      const name = words.slice(i, i + n).join(' ');
      const entry = table.names.get(name);
      if (entry === undefined) continue;
      // A model's own name beats a family name another model derives; out of scope counts as absent.
      const ownIds = entry.own.filter(counts);
      const ids = ownIds.length > 0 ? ownIds : entry.family.filter(counts);
      if (ids.length === 0) continue;
      matched = n;
      if (ids.length === 1) found.add(ids[0]!);
      else ambiguous.set(name, ids);
    }
    i += Math.max(1, matched);
  }
  return {
    models: [...found].sort(),
    ambiguous: [...ambiguous].map(([name, candidates]) => ({ name, candidates })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}
