/**
 * What the identity rules know besides the records themselves (pure): our models' shapes (context,
 * current price, Hugging Face id, canonical slug) and the makers' own names from their
 * deprecation pages (aliases and display names).
 */
import type { ModelRecord } from '../models/types.js';
import { isLifecycleSource, type ModelFacts } from './facts.js';
import type { IdentityContext, ModelShape } from './identity-match.js';
import { canonicalAuthor, datedDisplay, normalizeName, peelForms, readKey } from './identity-names.js';
import { providerId } from './providers.js';

/** What the identity rules check alias records against: each model's context, current price and external ids. */
export function modelShapes(models: Iterable<ModelRecord>): Map<string, ModelShape> {
  const out = new Map<string, ModelShape>();
  for (const m of models) {
    const price = m.price_history.at(-1);
    out.set(m.id, { context_length: m.context_length, input: price?.input ?? null, output: price?.output ?? null, hugging_face_id: m.hugging_face_id ?? null, canonical_slug: m.canonical_slug ?? null, ...(m.upstream_id.includes(':') ? { variant: true } : {}), ...(m.origin === undefined ? {} : { origin: m.origin, made_from: normalizeName(m.upstream_id.split('/').pop() ?? '') }) });
  }
  return out;
}

/** A maker's display name as a comparable name (`Mistral Medium 3.1` → `mistral-medium-3-1`). */
const displaySlug = (name: string) => normalizeName(name.trim().replace(/\s+/g, '-'));

/**
 * The makers' own names from their deprecation pages, for the identity rules: each alias to the
 * API name it points to (Mistral's `mistral-large-latest` → `mistral-large-2512`), each display
 * name shared by no other model to its API name (`mistral-large-3`), and back; that name with the
 * API name's date to the API name (`ministral-3-14b-2512` → `ministral-14b-2512`); each API name to the
 * aliases its row lists (OpenAI's `gpt-4-0613` → `gpt-4`). Beside them, the names any source lists
 * with both `-reasoning` and `-non-reasoning` at one provider (see crossSourcePairs).
 */
export function makerNames(facts: Iterable<ModelFacts>): Required<Pick<IdentityContext, 'aliases' | 'displayNames' | 'datedNames' | 'snapshotAliases' | 'reasoningPairs'>> {
  const aliases = new Map<string, Map<string, string>>();
  const displays = new Map<string, Map<string, string>>();
  const snapshotAliases = new Map<string, Map<string, string[]>>();
  const datedNames = new Map<string, Map<string, string>>();
  const counts = new Map<string, number>();
  const all = [...facts];
  const lifecycle = all.filter((f): f is ModelFacts & { author: string; lifecycle: NonNullable<ModelFacts['lifecycle']> } => isLifecycleSource(f.source) && f.author !== null && f.lifecycle !== undefined);
  for (const fact of lifecycle) if (fact.lifecycle.display_name) counts.set(`${fact.author}\u0000${fact.lifecycle.display_name}`, (counts.get(`${fact.author}\u0000${fact.lifecycle.display_name}`) ?? 0) + 1);
  for (const fact of lifecycle) {
    const author = canonicalAuthor(fact.author);
    const table = aliases.get(author) ?? new Map<string, string>();
    const back = displays.get(author) ?? new Map<string, string>();
    const own = snapshotAliases.get(author) ?? new Map<string, string[]>();
    for (const alias of fact.lifecycle.aliases) table.set(normalizeName(alias), fact.model_name);
    if (fact.lifecycle.aliases.length > 0) own.set(normalizeName(fact.model_name), fact.lifecycle.aliases.map(normalizeName));
    const display = fact.lifecycle.display_name;
    if (display && counts.get(`${fact.author}\u0000${display}`) === 1) {
      const slug = displaySlug(display);
      if (slug !== normalizeName(fact.model_name) && !table.has(slug)) table.set(slug, fact.model_name);
      const dated = datedDisplay(slug, normalizeName(fact.model_name));
      if (dated !== null) (datedNames.get(author) ?? datedNames.set(author, new Map()).get(author)!).set(dated, normalizeName(fact.model_name));
      back.set(normalizeName(fact.model_name), slug);
    }
    aliases.set(author, table);
    displays.set(author, back);
    snapshotAliases.set(author, own);
  }
  return { aliases, displayNames: displays, datedNames, snapshotAliases, reasoningPairs: crossSourcePairs(all) };
}

/**
 * The names some source lists with both a `-reasoning` and a `-non-reasoning` record at one
 * provider (`xai\u0000grok-4-20-0309`: models.dev lists both, LiteLLM only the first): one model
 * with two reasoning settings at that provider, whichever source states the other.
 */
export function crossSourcePairs(facts: Iterable<Pick<ModelFacts, 'source' | 'source_key' | 'author' | 'model_name' | 'provider'>>): Set<string> {
  const seen = new Map<string, Set<string>>();
  for (const fact of facts) {
    const read = fact.source === 'artificialanalysis' || fact.provider === null ? null : readKey(fact);
    if (read === null) continue;
    for (const form of peelForms(read)) {
      const variant = /-((?:non-)?reasoning)$/.exec(form.name);
      if (variant === null) continue;
      const key = `${providerId(fact.provider!)}\u0000${form.name.slice(0, variant.index)}`;
      seen.set(key, (seen.get(key) ?? new Set()).add(variant[1]!));
    }
  }
  return new Set([...seen].filter(([, kinds]) => kinds.size === 2).map(([key]) => key));
}

/** The makers' aliases alone (see makerNames). */
export function makerAliases(facts: Iterable<ModelFacts>): Map<string, Map<string, string>> {
  return makerNames(facts).aliases as Map<string, Map<string, string>>;
}


/** Shapes given directly (the labelled set's models). */
export function modelShapesOf(models: Iterable<ModelShape & { id: string }>): Map<string, ModelShape> {
  return new Map([...models].map(({ id, ...shape }) => [id, shape]));
}
