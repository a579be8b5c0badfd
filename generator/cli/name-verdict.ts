/**
 * The yardstick of the API-name bench (bench-names.ts), pure: a name one source writes out is
 * judged by the others, never by the source that gave it (a name from LiteLLM by genai-prices,
 * models.dev and the makers' pages; one from genai-prices by LiteLLM, models.dev and the pages):
 * grading a name against the record we read it from would only check that we copied it
 * (docs/api.md, "API names": how right it is).
 *
 * A judge is another source's record of the same (provider, name): the model the identity rules
 * place it on (or none) and, for a price list, its price on the day; genai-prices judges too by
 * the family pattern that takes the name, where it spells out no record of it. The verdict:
 * - `unjudged`: no other source writes the name out (counted apart, never as right);
 * - `unresolved`: another source knows the name, `resolveModel` does not resolve it;
 * - `redirect`: the maker's page says the name now redirects (xAI's retired slugs): its word;
 * - `wrong_model`: the maker's page puts the name on another model, or every judge placed on a
 *   model puts it on another one;
 * - `right`: a judge on the resolved model (or on none of ours) states the price resolved;
 * - `right_model`: only the makers' pages judge it, and they put it on the model resolved (they
 *   state no price);
 * - `other_price`: the model is not contradicted, but no judge states the price resolved.
 */
import { samePriceAtPrecision } from '../models/price.js';

export type Rates = { input: number | null; output: number | null };

export interface Judge {
  /** `litellm`, `modelsdev`, `genai-prices`, `genai-prices family` or a maker's page. */
  source: string;
  /** The model its record is placed on, or null. */
  model: string | null;
  /** Its price on the day; null for a maker's page (a judge of the model only). */
  price: Rates | null;
  /** A maker's own page. */
  maker: boolean;
}

export interface HeldOutCase {
  resolved: { model: string; price: Rates; movedFrom: string | null } | null;
  judges: readonly Judge[];
}

export type NameVerdict =
  | { kind: 'right'; by: string[]; contested: boolean }
  | { kind: 'right_model' }
  | { kind: 'redirect' }
  | { kind: 'other_price'; judges: Judge[] }
  | { kind: 'wrong_model'; judges: Judge[] }
  | { kind: 'unresolved'; judges: Judge[] }
  | { kind: 'unjudged' };

/** The same input price, and the same output price (or none on both sides: an embedding's). */
export const samePrice = (a: Rates, b: Rates): boolean =>
  a.input !== null && b.input !== null && samePriceAtPrecision(a.input, b.input) && (a.output === null ? b.output === null : b.output !== null && samePriceAtPrecision(a.output, b.output));

export function nameVerdict(c: HeldOutCase): NameVerdict {
  const judges = [...c.judges];
  if (judges.length === 0) return { kind: 'unjudged' };
  if (c.resolved === null) return { kind: 'unresolved', judges };
  const r = c.resolved;
  if (r.movedFrom !== null) return { kind: 'redirect' };
  const makers = judges.filter((j) => j.maker && j.model !== null);
  const makerSays = makers.some((j) => j.model === r.model);
  if (makers.length > 0 && !makerSays) return { kind: 'wrong_model', judges };
  const placed = judges.filter((j) => !j.maker && j.model !== null);
  if (!makerSays && placed.length > 0 && !placed.some((j) => j.model === r.model)) return { kind: 'wrong_model', judges };
  if (judges.every((j) => j.price === null)) return makerSays || placed.some((j) => j.model === r.model) ? { kind: 'right_model' } : { kind: 'unjudged' };
  const onModel = (j: Judge) => j.model === null || j.model === r.model || makerSays;
  const agreeing = judges.filter((j) => j.price !== null && onModel(j) && samePrice(j.price, r.price));
  if (agreeing.length === 0) return { kind: 'other_price', judges };
  const contested = judges.some((j) => j.price !== null && !samePrice(j.price, r.price));
  return { kind: 'right', by: [...new Set(agreeing.map((j) => j.source))].sort(), contested };
}
