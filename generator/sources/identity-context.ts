/**
 * What the identity rules know besides the records themselves (pure): our models' shapes (context,
 * current price, Hugging Face id, canonical slug) and the makers' own names from their
 * deprecation pages (aliases and display names).
 */
import type { ModelRecord } from '../models/types.js';
import { isLifecycleSource, type ModelFacts } from './facts.js';
import type { IdentityContext, ModelShape } from './identity-match.js';
import { canonicalAuthor, normalizeName } from './identity-names.js';

/** What the identity rules check alias records against: each model's context, current price and external ids. */
export function modelShapes(models: Iterable<ModelRecord>): Map<string, ModelShape> {
  const out = new Map<string, ModelShape>();
  for (const m of models) {
    const price = m.price_history.at(-1);
    out.set(m.id, { context_length: m.context_length, input: price?.input ?? null, output: price?.output ?? null, hugging_face_id: m.hugging_face_id ?? null, canonical_slug: m.canonical_slug ?? null, ...(m.origin === undefined ? {} : { origin: m.origin, made_from: normalizeName(m.upstream_id.split('/').pop() ?? '') }) });
  }
  return out;
}

/** A maker's display name as a comparable name (`Mistral Medium 3.1` → `mistral-medium-3-1`). */
const displaySlug = (name: string) => normalizeName(name.trim().replace(/\s+/g, '-'));

/**
 * The makers' own names from their deprecation pages, for the identity rules: each alias to the
 * API name it points to (Mistral's `mistral-large-latest` → `mistral-large-2512`), each display
 * name shared by no other model to its API name (`mistral-large-3`), and back.
 */
export function makerNames(facts: Iterable<ModelFacts>): Required<Pick<IdentityContext, 'aliases' | 'displayNames'>> {
  const aliases = new Map<string, Map<string, string>>();
  const displays = new Map<string, Map<string, string>>();
  const counts = new Map<string, number>();
  const lifecycle = [...facts].filter((f): f is ModelFacts & { author: string; lifecycle: NonNullable<ModelFacts['lifecycle']> } => isLifecycleSource(f.source) && f.author !== null && f.lifecycle !== undefined);
  for (const fact of lifecycle) if (fact.lifecycle.display_name) counts.set(`${fact.author}\u0000${fact.lifecycle.display_name}`, (counts.get(`${fact.author}\u0000${fact.lifecycle.display_name}`) ?? 0) + 1);
  for (const fact of lifecycle) {
    const author = canonicalAuthor(fact.author);
    const table = aliases.get(author) ?? new Map<string, string>();
    const back = displays.get(author) ?? new Map<string, string>();
    for (const alias of fact.lifecycle.aliases) table.set(normalizeName(alias), fact.model_name);
    const display = fact.lifecycle.display_name;
    if (display && counts.get(`${fact.author}\u0000${display}`) === 1) {
      const slug = displaySlug(display);
      if (slug !== normalizeName(fact.model_name) && !table.has(slug)) table.set(slug, fact.model_name);
      back.set(normalizeName(fact.model_name), slug);
    }
    aliases.set(author, table);
    displays.set(author, back);
  }
  return { aliases, displayNames: displays };
}

/** The makers' aliases alone (see makerNames). */
export function makerAliases(facts: Iterable<ModelFacts>): Map<string, Map<string, string>> {
  return makerNames(facts).aliases as Map<string, Map<string, string>>;
}


/** Shapes given directly (the labelled set's models). */
export function modelShapesOf(models: Iterable<ModelShape & { id: string }>): Map<string, ModelShape> {
  return new Map([...models].map(({ id, ...shape }) => [id, shape]));
}
