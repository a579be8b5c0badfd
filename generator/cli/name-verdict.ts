/**
 * The yardstick of the API-name bench (bench-names.ts), pure: for one name a record gives, what
 * `resolveModel` answered, and whether that is the right model at the right price when the
 * sources disagree (docs/api.md, "API names": how right it is).
 *
 * The answer believed, most specific first:
 * 1. the maker's own word: a name the maker's page says now redirects (xAI's retired slugs) is
 *    the replacement, at the replacement's price;
 * 2. the name's own record: a source's own key for exactly this name (LiteLLM's
 *    `gpt-4o-2024-05-13`, kept as a model of its own by OpenRouter too) beats a family record that
 *    lists the name among others (genai-prices' `gpt-4o` clause);
 * 3. the record tested.
 * Where the believed answer's price differs from the record tested, the sources disagree: the
 * published price counts as right only when a second source, independent of the offer priced,
 * states the same price for the maker's own API (another source's first-party price of the model,
 * or OpenRouter's listing of it); otherwise it is a disagreement, counted apart, never as right.
 * It is wrong where a source below the tested record's in precedence priced it, a second source
 * states the tested record's price and none the published one; and wrong, as before, where the
 * name resolves to another model that holds it by no key of its own.
 */
import { samePriceAtPrecision } from '../models/price.js';

export type Rates = { input: number | null; output: number | null };

/** What a model detail says of the maker's prices, besides the offer priced. */
export interface PriceWitnesses {
  /** `direct_prices`: each source's first-party price of the model. */
  direct: ReadonlyArray<{ source: string; provider: string; price: Rates }>;
  /** The model's own price and its source (`provenance.price.source`: OpenRouter's listing). */
  listed: { source: string; price: Rates } | null;
}

export type NameVerdict =
  | { kind: 'right' }
  | { kind: 'redirect' }
  | { kind: 'own_record'; samePrice: boolean; witnesses: string[] }
  | { kind: 'other_source'; witnesses: string[] }
  | { kind: 'disagreement'; believed: string }
  | { kind: 'wrong' };

/** Who prices an offer best (query/resolve-offer.ts, query/cost.ts): genai-prices, checked by people, first. */
const PRECEDENCE = ['genai-prices', 'litellm', 'modelsdev', 'openrouter'];
const rank = (source: string) => (PRECEDENCE.includes(source) ? PRECEDENCE.indexOf(source) : PRECEDENCE.length);

export const samePrice = (a: Rates, b: Rates): boolean =>
  a.input !== null && a.output !== null && b.input !== null && b.output !== null && samePriceAtPrecision(a.input, b.input) && samePriceAtPrecision(a.output, b.output);

/** The sources other than the offer's own that state `price` for the maker's API `provider`. */
export function witnessesOf(price: Rates, provider: string, offerSource: string, witnesses: PriceWitnesses): string[] {
  const found = new Set<string>();
  for (const d of witnesses.direct) if (d.provider === provider && d.source !== offerSource && samePrice(d.price, price)) found.add(d.source);
  if (witnesses.listed !== null && witnesses.listed.source !== offerSource && samePrice(witnesses.listed.price, price)) found.add(witnesses.listed.source);
  return [...found].sort();
}

export interface NameCase {
  /** The model the identity rules attach the record to, and its price on the day. */
  expected: { model: string; price: Rates };
  /** The source of the record tested. */
  recordSource: string;
  resolved: { model: string; provider: string; price: Rates; offerSource: string; movedFrom: string | null };
  /** The resolved model holds the name by its own key there (or by the maker's page). */
  ownRecord: boolean;
  witnesses: PriceWitnesses;
}

export function nameVerdict(c: NameCase): NameVerdict {
  const { expected, resolved } = c;
  const agrees = samePrice(resolved.price, expected.price);
  if (resolved.model === expected.model && agrees) return { kind: 'right' };
  if (resolved.movedFrom !== null) return { kind: 'redirect' };
  const witnesses = witnessesOf(resolved.price, resolved.provider, resolved.offerSource, c.witnesses);
  // The record tested has a second source, the price published none, and no precedence explains it
  // (a source below the record's own in the cost module's order priced it): the published price is wrong.
  const outranked = rank(resolved.offerSource) > rank(c.recordSource);
  if (!agrees && outranked && witnesses.length === 0 && witnessesOf(expected.price, resolved.provider, c.recordSource, c.witnesses).length > 0) return { kind: 'wrong' };
  if (resolved.model !== expected.model) {
    if (!c.ownRecord) return { kind: 'wrong' };
    if (agrees || witnesses.length > 0) return { kind: 'own_record', samePrice: agrees, witnesses };
    return { kind: 'disagreement', believed: `the name's own record (${resolved.offerSource})` };
  }
  return witnesses.length > 0 ? { kind: 'other_source', witnesses } : { kind: 'disagreement', believed: resolved.offerSource };
}
