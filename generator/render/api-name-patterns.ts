/**
 * The family patterns of the API-name index (pure; docs/api.md, "API names"): genai-prices' match
 * clauses beyond the names they spell out (`starts_with`, `contains`, `regex`…), each standing for
 * the record's own name, which the resolver tries after every listed name and common form
 * (query/name-patterns.ts).
 *
 * - A pattern is published only where its record's own name resolves, to the very model the
 *   record is placed on (a record whose name another model owns gives no family).
 * - A pattern never takes a name a source writes out for the same provider that the index does
 *   not resolve where the sources place it (on another model, on two, or on the pattern's own
 *   model at a place no offer holds or at a price two sources contradict), nor one whose record,
 *   on none of our models, states another price than the pattern's record: those are its `except`
 *   list. genai-prices' Mistral Medium prefix `mistral-medium` thus never takes LiteLLM's
 *   `mistral-medium-2312` (Mistral Medium 1). Nor a name the sources place on another model at
 *   any provider (DeepSeek's `starts_with: deepseek-r1` never takes `deepseek-r1-distill-llama-70b`,
 *   which Groq and others sell as a model of its own). A name only a maker's page lists, on none
 *   of our models (`computer-use-preview-2025-03-11`), the family may take: nothing contradicts it.
 * - Nor does a pattern reach another version (query/name-patterns.ts: `claude-fable-5` never
 *   takes `claude-fable-5-1`).
 * - A regex outside the resolver's bounded subset is left out (query/name-patterns.ts says why).
 */
import { matchPattern, unsafeRegex, type NamePattern, type PublishedPattern } from '../query/name-patterns.js';
import type { ApiNamesIndex } from '../query/api-name-index.js';
import { factNameClaims, nameKey, type NameOwner } from '../sources/api-names.js';
import type { FactSource, ModelFacts } from '../sources/facts.js';
import { samePriceAtPrecision } from '../models/price.js';
import type { TokenPrices } from '../models/types.js';

type FactFiles = Partial<Record<FactSource, { facts: readonly ModelFacts[] }>>;

/** Every regex of a clause, for the safety check. */
function regexes(clause: NamePattern): string[] {
  if ('regex' in clause) return [clause.regex];
  if ('or' in clause) return clause.or.flatMap(regexes);
  if ('and' in clause) return clause.and.flatMap(regexes);
  return [];
}

/** Every name any source writes out, by provider (resolved or not), with the prices its records state. */
function knownNames(files: FactFiles): Map<string, Map<string, TokenPrices[]>> {
  const known = new Map<string, Map<string, TokenPrices[]>>();
  for (const file of Object.values(files)) {
    for (const fact of file?.facts ?? []) {
      for (const claim of factNameClaims(fact)) {
        const names = known.get(claim.provider) ?? new Map<string, TokenPrices[]>();
        names.set(claim.name, [...(names.get(claim.name) ?? []), ...(fact.price === null ? [] : [fact.price])]);
        known.set(claim.provider, names);
      }
    }
  }
  return known;
}

const sameRates = (a: TokenPrices, b: TokenPrices) => samePriceAtPrecision(a.input, b.input) && samePriceAtPrecision(a.output, b.output);

export interface PatternIssue {
  source_key: string;
  reason: string;
}

/** The published patterns by provider, and the clauses left out (with why). */
export function namePatterns(providers: ApiNamesIndex['providers'], owners: Map<string, NameOwner>, files: FactFiles): { patterns: Record<string, PublishedPattern[]>; issues: PatternIssue[] } {
  const known = knownNames(files);
  // The models the sources place each name on, at any provider.
  const placedOn = new Map<string, Set<string>>();
  for (const owner of owners.values()) for (const model of owner.candidates) placedOn.set(owner.name, new Set([...(placedOn.get(owner.name) ?? []), model]));
  const byProvider = new Map<string, PublishedPattern[]>();
  const issues: PatternIssue[] = [];
  for (const fact of files['genai-prices']?.facts ?? []) {
    if (fact.patterns === undefined) continue;
    const own = factNameClaims(fact).find((c) => c.strength === 'key');
    if (own === undefined) continue;
    const model = providers[own.provider]?.[own.name];
    const recordOn = owners.get(nameKey(own.provider, own.name))?.claims.find((c) => c.source === 'genai-prices' && c.source_key === fact.source_key)?.model;
    if (model === undefined || recordOn !== model) continue;
    const unsafe = regexes(fact.patterns).map(unsafeRegex).find((r) => r !== null);
    if (unsafe !== undefined) {
      issues.push({ source_key: fact.source_key, reason: `a regex of its match clause is not published: ${unsafe}` });
      continue;
    }
    const listed = providers[own.provider]!;
    // Placed by the sources (on a model, or on several), or priced otherwise by its own record: not the family's.
    const notFamily = ([name, prices]: [string, TokenPrices[]]) => owners.has(nameKey(own.provider, name)) || prices.some((p) => fact.price === null || !sameRates(p, fact.price));
    const here = [...(known.get(own.provider) ?? new Map<string, TokenPrices[]>())].filter(notFamily).map(([name]) => name);
    const elsewhere = [...placedOn].filter(([, models]) => !models.has(model)).map(([name]) => name);
    const except = [...new Set([...here, ...elsewhere])]
      .filter((name) => !Object.hasOwn(listed, name) && matchPattern(fact.patterns!, name.toLowerCase()) !== null)
      .sort();
    const pattern: PublishedPattern = { match: fact.patterns, name: own.name, ...(except.length > 0 ? { except } : {}) };
    byProvider.set(own.provider, [...(byProvider.get(own.provider) ?? []), pattern]);
  }
  const sorted = [...byProvider.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  return { patterns: Object.fromEntries(sorted.map(([p, list]) => [p, list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))])), issues };
}
