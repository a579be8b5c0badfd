/**
 * Prices per song, clip, image, request or second, for models sold that way (Google's Lyria: "$0.08
 * per song"). OpenRouter lists such models with token prices of 0, which would read "free"; the
 * only place our sources state the real price is OpenRouter's description, read here by one strict
 * pattern ("priced at $0.08 per song"), and only for models without a known paid token price.
 * Nothing is guessed: no match, no unit price. Pure.
 */
import type { PriceKind, PriceUnit, UnitPriceFact } from '../sources/facts.js';

/** One price not per text token: `usd` per `unit` of `kind` (sources/facts.ts). */
export type UnitPrice = UnitPriceFact;

/** Above this many USD per unit a value is a unit slip, not a price (the API's schema caps it too). */
export const MAX_PLAUSIBLE_UNIT_PRICE = 10_000;

/**
 * One unit price as a source states it: a finite number above 0 and at most
 * MAX_PLAUSIBLE_UNIT_PRICE, else the reason it is refused (a negative, NaN or absurd value is never
 * published). `scale` turns the source's unit into ours (LiteLLM's per token × 1e6 = per 1M tokens).
 * Absent (undefined, null) reads as nothing, without an issue. Pure.
 */
export function readUnitPrice(raw: unknown, unit: PriceUnit, kind: PriceKind, label: string, scale = 1): { price: UnitPrice | null; problem: string | null } {
  if (raw === undefined || raw === null) return { price: null, problem: null };
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { price: null, problem: `${label} is not a number: ${JSON.stringify(raw)}` };
  if (raw < 0) return { price: null, problem: `${label} is negative: ${raw}` };
  const usd = Number((raw * scale).toPrecision(10));
  if (usd > MAX_PLAUSIBLE_UNIT_PRICE) return { price: null, problem: `${label} is ${usd} USD per ${unit}, over the plausible ${MAX_PLAUSIBLE_UNIT_PRICE}` };
  // 0 says "not priced this way" in these files (LiteLLM writes 0 for fields that do not apply).
  return { price: usd === 0 ? null : { unit, kind, usd }, problem: null };
}

const PATTERN = /\bpriced at \$(\d{1,4}(?:\.\d{1,6})?) per (song|clip|image|request|second|minute)\b/gi;

export function unitPricesFromDescription(description: string): UnitPrice[] {
  const out: UnitPrice[] = [];
  for (const match of description.matchAll(PATTERN)) {
    const usd = Number(match[1]);
    const unit = match[2]!.toLowerCase() as PriceUnit;
    if (usd > 0 && !out.some((p) => p.unit === unit)) out.push({ unit, kind: unit === 'request' ? 'request' : 'output', usd });
  }
  return out;
}
