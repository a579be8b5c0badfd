/**
 * genai-prices' match clauses (pure): whether a name satisfies one (the providers' `model_match`
 * says which names are a maker's own models), and the names a model's `match` spells out in full
 * (its `equals`, which the identity rules try when the id names none of our models). A
 * `starts_with` is a family prefix (`mistral-medium` for Mistral Medium 3), not a name: precision
 * first, it is never tried; nor are `ends_with`, `contains`, `regex` or names under `and`.
 */
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
