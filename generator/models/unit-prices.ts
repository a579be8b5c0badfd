/**
 * Prices per song, clip, image, request or second, for models sold that way (Google's Lyria: "$0.08
 * per song"). OpenRouter lists such models with token prices of 0, which would read "free"; the
 * only place our sources state the real price is OpenRouter's description, read here by one strict
 * pattern ("priced at $0.08 per song"), and only for models without a known paid token price.
 * Nothing is guessed: no match, no unit price. Pure.
 */
import type { PriceUnit } from '../sources/facts.js';

export interface UnitPrice {
  unit: PriceUnit;
  usd: number;
}

const PATTERN = /\bpriced at \$(\d{1,4}(?:\.\d{1,6})?) per (song|clip|image|request|second|minute)\b/gi;

export function unitPricesFromDescription(description: string): UnitPrice[] {
  const out: UnitPrice[] = [];
  for (const match of description.matchAll(PATTERN)) {
    const usd = Number(match[1]);
    const unit = match[2]!.toLowerCase() as PriceUnit;
    if (usd > 0 && !out.some((p) => p.unit === unit)) out.push({ unit, usd });
  }
  return out;
}
