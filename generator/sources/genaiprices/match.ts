/**
 * genai-prices' match clauses (pure): whether a name satisfies one (the providers' `model_match`
 * says which names are a maker's own models), the names a model's `match` spells out in full
 * (its `equals`, which the identity rules try when the id names none of our models), and the
 * family the rest describes (`starts_with`, `ends_with`, `contains`, `regex`, under `or` and
 * `and`): never a name for identity (`mistral-medium` is a prefix of Mistral Medium 1 and 3 alike),
 * but published as a pattern the resolver tries after every name (render/api-names.ts).
 */
import { NAME_PATTERN_DEPTH } from '../../validation/common-schemas.js';
import type { Clause } from './schema.js';

/** Whether `name` satisfies the clause; a regex genai-prices writes that JavaScript cannot read matches nothing. */
export function matches(clause: Clause, name: string): boolean {
  if ('equals' in clause) return name === clause.equals;
  if ('starts_with' in clause) return name.startsWith(clause.starts_with);
  if ('ends_with' in clause) return name.endsWith(clause.ends_with);
  if ('contains' in clause) return name.includes(clause.contains);
  if ('regex' in clause) {
    try {
      return new RegExp(clause.regex).test(name);
    } catch {
      return false;
    }
  }
  if ('or' in clause) return clause.or.some((c) => matches(c, name));
  return clause.and.every((c) => matches(c, name));
}

/** The names the clause spells out in full, in order, without `id` itself. */
export function clauseNames(clause: Clause, id: string): string[] {
  const out: string[] = [];
  const walk = (c: Clause) => {
    if ('equals' in c) out.push(c.equals);
    else if ('or' in c) c.or.forEach(walk);
  };
  walk(clause);
  return [...new Set(out)].filter((name) => name !== '' && name !== id);
}

/** Longer clauses are not published (genai-prices' longest is a few hundred characters). */
const MAX_FAMILY_JSON = 2000;

/** A fine-tune's family (`ft:gpt-4o-2024-`): the buyer's models, priced apart, never ours. */
const fineTuneLiteral = (c: Clause) => ('starts_with' in c && c.starts_with.toLowerCase().startsWith('ft:')) || ('contains' in c && c.contains.toLowerCase().includes('ft:'));

/**
 * The family a clause describes besides the names it spells out: its `equals` branches of an `or`
 * dropped (they are `names`), fine-tune prefixes dropped; null when nothing is left.
 */
export function familyClause(clause: Clause): Clause | null {
  const walk = (c: Clause, top: boolean, depth: number): Clause | null => {
    if (depth > NAME_PATTERN_DEPTH) return null;
    if ('or' in c) {
      const kept = c.or.map((x) => walk(x, top, depth + 1)).filter((x): x is Clause => x !== null);
      return kept.length === 0 ? null : kept.length === 1 ? kept[0]! : { or: kept };
    }
    if ('and' in c) return c.and.some((x) => walk(x, false, depth + 1) === null) ? null : c;
    if ('equals' in c && top) return null;
    const literal = Object.values(c)[0] as string;
    // Within what the published schema takes (validation/common-schemas.ts).
    return fineTuneLiteral(c) || literal === '' || literal.length > ('regex' in c ? 100 : 160) ? null : c;
  };
  const family = walk(clause, true, 0);
  return family === null || JSON.stringify(family).length > MAX_FAMILY_JSON ? null : family;
}
