/**
 * Identity with the other names a record answers to (pure). genai-prices' match rule spells out
 * names besides the record's id (`grok-4-0709` also answers to `grok-4` and `grok-4-latest`); they
 * are tried only where the id itself names none of our models, by the same rules, and only when
 * every name that names a model names the same one, and not as an alias (which floats). Names that disagree (`mistral-large` beside
 * `mistral-large-2407` and `-2411`) make the record ambiguous: listed, never guessed. A record whose
 * id the rules refuse outright (a floating name such as `deepseek-chat`) tries no other name.
 */
import type { ModelFacts } from './facts.js';
import { matchFacts, readKey, type AmbiguousMatch, type IdentityContext, type IdentityMatch, type MatchResult } from './identity-match.js';

type Fact = Parameters<typeof matchFacts>[0][number] & Pick<ModelFacts, 'names'>;

const SEPARATOR = '\u0000';

export function matchWithNames(facts: readonly Fact[], ourIds: readonly string[], context: IdentityContext = {}): MatchResult {
  const first = matchFacts(facts, ourIds, context);
  const decided = new Set([...first.matches, ...first.ambiguous].map((m) => m.source_key));
  const alternates = facts
    .filter((f) => f.names !== undefined && f.names.length > 0 && !decided.has(f.source_key) && readKey(f) !== null)
    .flatMap((f) => f.names!.map((name) => ({ ...f, source_key: `${f.source_key}${SEPARATOR}${name}`, model_name: name })));
  if (alternates.length === 0) return first;
  // Beside every record, so rule 5 counts each provider's snapshots of a name across all of them
  // (`gpt-3.5-turbo-0301` is no stand-in for `gpt-3.5-turbo` while `-0613` and `-1106` are listed),
  // and after them, so a record's own price stays what rule 4 compares its siblings with.
  const isAlternate = (key: string) => key.includes(SEPARATOR);
  const both = matchFacts([...alternates, ...facts], ourIds, context);
  // An alias among the other names floats (`codestral-latest` beside the `codestral-2501` the record prices): never taken.
  const second = { matches: both.matches.filter((m) => isAlternate(m.source_key) && m.kind !== 'alias'), ambiguous: both.ambiguous.filter((a) => isAlternate(a.source_key)) };
  const keyOf = (alternate: string) => alternate.slice(0, alternate.indexOf(SEPARATOR));
  const found = new Map<string, { matches: IdentityMatch[]; candidates: Set<string>; ambiguous: boolean }>();
  const entry = (key: string) => found.get(key) ?? found.set(key, { matches: [], candidates: new Set(), ambiguous: false }).get(key)!;
  for (const m of second.matches) {
    const e = entry(keyOf(m.source_key));
    e.matches.push({ ...m, source_key: keyOf(m.source_key) });
    e.candidates.add(m.model_id);
  }
  for (const a of second.ambiguous) {
    const e = entry(keyOf(a.source_key));
    e.ambiguous = true;
    a.candidates.forEach((c) => e.candidates.add(c));
  }
  const matches = [...first.matches];
  const ambiguous: AmbiguousMatch[] = [...first.ambiguous];
  for (const [key, e] of found) {
    const source = e.matches[0]?.source ?? facts.find((f) => f.source_key === key)!.source;
    if (!e.ambiguous && e.candidates.size === 1) {
      // Its own key, and never the model's own retirement date: an other name may be an alias.
      matches.push({ ...e.matches[0]!, sets_model_retirement: e.matches.every((m) => m.sets_model_retirement) && e.matches[0]!.kind !== 'alias' });
    } else {
      ambiguous.push({ source, source_key: key, candidates: [...e.candidates].sort() });
    }
  }
  const byKey = (a: { source: string; source_key: string }, b: { source: string; source_key: string }) =>
    a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.source_key < b.source_key ? -1 : a.source_key > b.source_key ? 1 : 0;
  return { matches: matches.sort(byKey), ambiguous: ambiguous.sort(byKey) };
}
