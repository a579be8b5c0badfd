/**
 * Name patterns: genai-prices' `match` clauses (`starts_with`, `ends_with`, `contains`, `regex`,
 * `or`, `and`, `equals` inside them) as the API-name index publishes them, and which one takes an
 * asked name (docs/api.md, "API names"). Pure, no Node imports: bundled with the resolver in the
 * browser client, the package and the Worker's /mcp, so every regex is checked before it runs.
 *
 * - Matching is genai-prices' own: case-insensitive (the name and the literals lower-cased), a
 *   regex searched anywhere in the lower-cased name.
 * - A family never reaches another version: where what follows a `starts_with` or `contains`
 *   literal begins with a number that is not a date (`claude-fable-5` before `-1`, `claude-sonnet-4`
 *   before `-5@20250929`, `claude-2` before `.1`), the name is another model's, and the clause does
 *   not take it; a date, a stage or a variant may follow (`-20250219`, `-preview-05-06`, `-exp`, `-v1:0`).
 * - The most specific pattern wins: a match's specificity is the length of the literal that
 *   matched (a regex's: its leading literal), an `and` the sum of its parts, an `or` its best
 *   matching branch; on a tie, `starts_with`, then `regex`, `ends_with`, `contains`; then the
 *   order of the list.
 * - A regex runs only inside a subset whose backtracking is bounded (safeRegex): at most
 *   MAX_REGEX_LENGTH characters; no back-references, look-arounds or nested quantifiers (a group
 *   takes only `?`); and the number of ways it can try to match a name, multiplied out over its
 *   quantifiers and alternatives, times the characters of a name of MAX_NAME_LENGTH (times that
 *   again where it is not anchored with `^`), stays under MAX_REGEX_STEPS. Anything else matches
 *   nothing: a hostile or careless index can slow no one down.
 */
import type { NamePatternFact } from '../sources/facts.js';

/** A clause as genai-prices writes it (sources/facts.ts). */
export type NamePattern = NamePatternFact;

/** One published pattern: the clause, and the exact name (in the index, at the same provider) it stands for. */
export interface PublishedPattern {
  match: NamePattern;
  /** The name of the record whose clause it is: the model and offer come from it. */
  name: string;
  /** Names the clause would take that a source writes out for something else: never taken. */
  except?: string[];
}

/** Longer names are no API names (the index's own names are at most 160 characters). */
export const MAX_NAME_LENGTH = 256;
export const MAX_REGEX_LENGTH = 100;
/** The most steps a regex may take on one name of MAX_NAME_LENGTH characters (see safeRegex). */
export const MAX_REGEX_STEPS = 8_000_000;
/** Deeper clauses are not read (genai-prices nests two levels). */
const MAX_DEPTH = 6;

const NON_LITERAL = /[\\^$.*+?()[\]{}|]/;

/** The leading literal of a regex (after `^`), for its specificity: `^gemini-3\.5-flash-\d` → `gemini-3.5-flash-`. */
export function regexLiteral(source: string): string {
  let out = '';
  let i = source.startsWith('^') ? 1 : 0;
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\\' && i + 1 < source.length && /[^A-Za-z0-9]/.test(source[i + 1]!)) {
      out += source[i + 1];
      i += 2;
    } else if (!NON_LITERAL.test(c)) {
      out += c;
      i += 1;
    } else break;
  }
  // A quantifier after the last literal character makes it optional: not part of the literal.
  return /^[*?{]/.test(source.slice(i)) ? out.slice(0, -1) : out;
}

type Parsed = { paths: number; next: number } | null;

/** Reads one alternation (up to `)` or the end) from `i`; its number of match paths, or null when outside the subset. */
function alternation(s: string, i: number, depth: number): Parsed {
  let total = 0;
  let at = i;
  for (;;) {
    const branch = sequence(s, at, depth);
    if (branch === null) return null;
    total = Math.min(total + branch.paths, MAX_REGEX_STEPS + 1);
    if (s[branch.next] !== '|') return { paths: total, next: branch.next };
    at = branch.next + 1;
  }
}

/** A sequence of quantified atoms; paths multiply. */
function sequence(s: string, i: number, depth: number): Parsed {
  let paths = 1;
  let at = i;
  while (at < s.length && s[at] !== '|' && s[at] !== ')') {
    let width: number;
    let group = false;
    const c = s[at]!;
    if (c === '(') {
      if (depth >= MAX_DEPTH) return null;
      const open = s.startsWith('(?:', at) ? 3 : s[at + 1] === '?' ? -1 : 1;
      if (open === -1) return null; // look-arounds, named groups
      const inner = alternation(s, at + open, depth + 1);
      if (inner === null || s[inner.next] !== ')') return null;
      width = inner.paths;
      group = true;
      at = inner.next + 1;
    } else if (c === '[') {
      const close = /^\[\^?\]?(?:\\.|[^\]\\])*\]/.exec(s.slice(at));
      if (close === null) return null;
      width = 1;
      at += close[0].length;
    } else if (c === '\\') {
      const e = s[at + 1];
      // Classes and escaped punctuation only: no back-references (\1), word boundaries or other letters.
      if (e === undefined || (/[A-Za-z0-9]/.test(e) && !/[dDwWsS]/.test(e))) return null;
      width = 1;
      at += 2;
    } else if (c === '^' && at === 0) {
      at += 1;
      continue;
    } else if (c === '$' && (at === s.length - 1 || s[at + 1] === '|' || s[at + 1] === ')')) {
      at += 1;
      continue;
    } else if ('*+?{}]^$'.includes(c)) {
      return null;
    } else {
      width = 1;
      at += 1;
    }
    const q = /^(?:([*+?])|\{(\d{1,2})(,(\d{1,2})?)?\})\??/.exec(s.slice(at));
    if (q !== null) {
      if (group && q[0] !== '?') return null; // a group repeated more than once is a nested quantifier
      const min = q[1] === undefined ? Number(q[2]) : q[1] === '+' ? 1 : 0;
      const max = q[1] === '?' ? 1 : q[1] !== undefined ? MAX_NAME_LENGTH : q[3] === undefined ? min : q[4] === undefined ? MAX_NAME_LENGTH : Number(q[4]);
      if (max < min) return null;
      // Each repetition count is a way to match; a group under `?` adds the path that skips it.
      width = group ? width + 1 : max - min + 1;
      at += q[0].length;
      if (/^[*+?{]/.test(s.slice(at))) return null;
    }
    // Capped: past the budget the count no longer matters (unsafeRegex refuses it).
    paths = Math.min(paths * width, MAX_REGEX_STEPS + 1);
  }
  return { paths, next: at };
}

/** Whether `^` anchors every branch: it starts the regex and no `|` stands outside a group or class. */
function anchored(source: string): boolean {
  if (!source.startsWith('^')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i]!;
    if (c === '\\') i += 1;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '|' && depth === 0) return false;
  }
  return true;
}

/** Why a regex is not run (null when it is safe to run on a name of at most MAX_NAME_LENGTH characters). */
export function unsafeRegex(source: string): string | null {
  if (typeof source !== 'string' || source.length === 0) return 'empty';
  if (source.length > MAX_REGEX_LENGTH) return `longer than ${MAX_REGEX_LENGTH} characters`;
  const parsed = alternation(source, 0, 0);
  if (parsed === null || parsed.next !== source.length) return 'outside the safe subset (no back-references, look-arounds, or repeated groups)';
  const starts = anchored(source) ? 1 : MAX_NAME_LENGTH;
  const steps = starts * parsed.paths * (MAX_NAME_LENGTH + source.length);
  if (steps > MAX_REGEX_STEPS) return `could take ${steps} steps on a ${MAX_NAME_LENGTH}-character name (at most ${MAX_REGEX_STEPS})`;
  try {
    new RegExp(source);
  } catch {
    return 'not a JavaScript regular expression';
  }
  return null;
}

const compiled = new Map<string, RegExp | null>();

function regexOf(source: string): RegExp | null {
  if (!compiled.has(source)) {
    if (compiled.size > 1000) compiled.clear();
    compiled.set(source, unsafeRegex(source) === null ? new RegExp(source) : null);
  }
  return compiled.get(source)!;
}

/** Ties between equal lengths: a prefix says most, a substring least. */
const KIND_RANK = { equals: 5, starts_with: 4, regex: 3, ends_with: 2, contains: 1 } as const;

export interface PatternMatch {
  /** The literal characters the match pins. */
  length: number;
  /** KIND_RANK of the strongest part that matched. */
  rank: number;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v.toLowerCase() : null);

/**
 * A date or revision after a literal: `-20250219`, `-2025-02-19`, `-05-06` (month and day),
 * `-09-2025` (month and year), `-2507` (Mistral's year and month, xAI's month and day), `@20250514`,
 * Google's `-001`.
 */
const DATE_NEXT = /^[-.@_]?(?:\d{8}|\d{4}-\d{2}-\d{2}|\d{2}-\d{4}|\d{2}-\d{2}|\d{4}|0\d{2})(?:$|[^0-9])/;
/** A number right after a literal (`-1`, `.5`, `5`): another version of the model, unless it is a date. */
const VERSION_NEXT = /^[-.]?\d/;

/** Whether what follows a family's literal names another version of the model (then the family does not take the name). */
export function anotherVersion(rest: string): boolean {
  return VERSION_NEXT.test(rest) && !DATE_NEXT.test(rest);
}

/** How specifically `clause` takes `name` (lower-cased by the caller), or null when it does not. */
export function matchPattern(clause: NamePattern, name: string, depth = 0): PatternMatch | null {
  if (clause === null || typeof clause !== 'object' || depth > MAX_DEPTH) return null;
  if ('equals' in clause) return text(clause.equals) === name ? { length: name.length, rank: KIND_RANK.equals } : null;
  if ('starts_with' in clause) {
    const t = text(clause.starts_with);
    return t !== null && name.startsWith(t) && !anotherVersion(name.slice(t.length)) ? { length: t.length, rank: KIND_RANK.starts_with } : null;
  }
  if ('ends_with' in clause) {
    const t = text(clause.ends_with);
    return t !== null && name.endsWith(t) ? { length: t.length, rank: KIND_RANK.ends_with } : null;
  }
  if ('contains' in clause) {
    const t = text(clause.contains);
    if (t === null) return null;
    // Any occurrence followed by no other version will do.
    for (let at = name.indexOf(t); at !== -1; at = name.indexOf(t, at + 1)) if (!anotherVersion(name.slice(at + t.length))) return { length: t.length, rank: KIND_RANK.contains };
    return null;
  }
  if ('regex' in clause) {
    const re = typeof clause.regex === 'string' ? regexOf(clause.regex) : null;
    return re !== null && re.test(name) ? { length: regexLiteral(clause.regex).length, rank: KIND_RANK.regex } : null;
  }
  if ('or' in clause && Array.isArray(clause.or)) {
    let best: PatternMatch | null = null;
    for (const c of clause.or) {
      const m = matchPattern(c, name, depth + 1);
      if (m !== null && (best === null || compareMatches(m, best) < 0)) best = m;
    }
    return best;
  }
  if ('and' in clause && Array.isArray(clause.and) && clause.and.length > 0) {
    let length = 0;
    let rank = 0;
    for (const c of clause.and) {
      const m = matchPattern(c, name, depth + 1);
      if (m === null) return null;
      length += m.length;
      rank = Math.max(rank, m.rank);
    }
    return { length, rank };
  }
  return null;
}

/** More specific first: the longer literal, then the stronger kind. */
export function compareMatches(a: PatternMatch, b: PatternMatch): number {
  return b.length - a.length || b.rank - a.rank;
}

/** The pattern that takes `name` most specifically (the first of equals), or undefined. */
export function bestPattern(patterns: readonly PublishedPattern[], name: string): PublishedPattern | undefined {
  if (name.length > MAX_NAME_LENGTH) return undefined;
  const lower = name.toLowerCase();
  let best: { pattern: PublishedPattern; match: PatternMatch } | undefined;
  for (const pattern of patterns) {
    if (pattern === null || typeof pattern !== 'object' || typeof pattern.name !== 'string') continue;
    if (Array.isArray(pattern.except) && pattern.except.some((e) => typeof e === 'string' && e.toLowerCase() === lower)) continue;
    const match = matchPattern(pattern.match, lower);
    if (match !== null && (best === undefined || compareMatches(match, best.match) < 0)) best = { pattern, match };
  }
  return best?.pattern;
}
