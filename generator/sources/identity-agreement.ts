/**
 * Identity, rule 4's comparison (pure): whether a record's own context and price agree with what
 * it would name (docs/data.md, "Identity").
 */
import type { ModelFacts } from './facts.js';

/** What the rules need to know about one of our models beyond its id. */
export interface ModelShape {
  context_length: number | null;
  /** The current paid price (USD per 1M tokens), when known. */
  input: number | null;
  output: number | null;
  hugging_face_id?: string | null;
  canonical_slug?: string | null;
  /** OpenRouter's variant listing (`gpt-4o:extended`): its canonical slug is its model's. */
  variant?: boolean;
  /** A maker's own model made from its price lists (models/types.ts `origin`): its name is the maker's own, never floating. */
  origin?: 'first-party';
  /** For a made model: the name (normalized) of the record it was made from (`chatgpt-image-latest`). */
  made_from?: string;
}

const within = (a: number, b: number, factor: number) => a > 0 && b > 0 && Math.max(a / b, b / a) <= factor;

/** Some check of rule 4 fails (a check either side leaves unknown is null, no failure). */
const disagrees = (checks: Array<boolean | null>) => checks.some((c) => c === false);

/**
 * Rule 4, weaker: the record contradicts the model on a field both state (context beyond 10%, or
 * prices beyond 25%), where recordAgrees needs at least one field to agree.
 */
export function recordContradicts(fact: Pick<ModelFacts, 'context_length' | 'price' | 'dated_prices'> & { max_output?: number | null }, shape: ModelShape): boolean {
  return disagrees(agreementChecks(fact, shape));
}

/**
 * Rule 4: the record's own context and price agree with the model's (at least one of them known).
 * The context agrees where the record's window, or its input window plus its output (a source
 * that states the input part only), is within 10% of ours.
 * A record that dates its prices (genai-prices) agrees where any of them does: an aggregator may
 * still show the price the maker's dated change ended.
 */
export function recordAgrees(fact: Pick<ModelFacts, 'context_length' | 'price' | 'dated_prices'> & { max_output?: number | null }, shape: ModelShape | undefined): boolean {
  if (shape === undefined) return false;
  const checks = agreementChecks(fact, shape).filter((v): v is boolean => v !== null);
  return checks.length > 0 && checks.every(Boolean);
}

/** Rule 4's two checks, context and price: true, false, or null where either side leaves it unknown. */
function agreementChecks(fact: Pick<ModelFacts, 'context_length' | 'price' | 'dated_prices'> & { max_output?: number | null }, shape: ModelShape): Array<boolean | null> {
  // Sources count the window two ways: LiteLLM's `max_input_tokens` (GPT-5: 272K, with 128K of
  // output) is the input part of the 400K window OpenRouter states. Either reading agrees.
  const windows = fact.context_length === null ? [] : [fact.context_length, ...(fact.max_output ? [fact.context_length + fact.max_output] : [])];
  const context = windows.length > 0 && shape.context_length !== null ? windows.some((w) => within(w, shape.context_length!, 1.1)) : null;
  const priceAgrees = (price: ModelFacts['price']): boolean | null => {
    const [input, output] = [price?.input ?? null, price?.output ?? null];
    if (input === null || output === null || shape.input === null || shape.output === null) return null;
    return ((input === 0 && shape.input === 0) || within(input, shape.input, 1.25)) && ((output === 0 && shape.output === 0) || within(output, shape.output, 1.25));
  };
  const prices = [fact.price, ...(fact.dated_prices ?? []).map((d) => d.price)].map(priceAgrees).filter((v): v is boolean => v !== null);
  return [context, prices.length === 0 ? null : prices.some(Boolean)];
}
