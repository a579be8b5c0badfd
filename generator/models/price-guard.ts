/**
 * The jump guard for prices, judged one field at a time (pure). A price field that moves by more
 * than the factor at once (per-token versus per-million slips are off by 10^3 to 10^6) is held as
 * pending; the next observation confirms it when that field is still beyond the factor from the
 * last published value, in the same direction (a real jump followed by a small move is still a
 * real jump), and drops it otherwise (a glitch that went away). Fields are independent, so a
 * cache-price glitch never holds back an input or output change.
 */
import type { TokenPrices } from './types.js';

export const PRICE_FIELDS = ['input', 'output', 'cache_read', 'cache_write'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** How far apart two values of one field are (1 = equal or unknown; a move to or from 0 is infinite). */
export function fieldJump(before: number | null, after: number | null): number {
  if (before === null || after === null || before === after) return 1;
  if (before === 0 || after === 0) return Infinity;
  return Math.max(before / after, after / before);
}

/** How far apart two prices are: the largest ratio of any field both know (1 = equal). */
export function priceJump(a: TokenPrices, b: TokenPrices): number {
  return Math.max(...PRICE_FIELDS.map((field) => fieldJump(a[field], b[field])));
}

function beyond(before: number | null, after: number | null, factor: number): boolean {
  return fieldJump(before, after) > factor;
}

export interface GuardedPrice {
  /** Fields whose new value may be published now (within the factor, or unknown on a side). */
  accepted: PriceField[];
  /** Fields that jumped and were already pending in the same direction: a real change. */
  confirmed: PriceField[];
  /** Fields that jumped and wait for the next observation. */
  held: PriceField[];
}

/**
 * Judges `next` against the last published price, given what was pending (if anything).
 * A confirmed field keeps the value first seen (`pending`) as the change; the caller may then
 * publish `next`'s value as a later, ordinary move.
 */
export function guardPrice(last: TokenPrices, next: TokenPrices, pending: TokenPrices | undefined, factor: number): GuardedPrice {
  const result: GuardedPrice = { accepted: [], confirmed: [], held: [] };
  for (const field of PRICE_FIELDS) {
    const [was, now] = [last[field], next[field]];
    if (!beyond(was, now, factor)) {
      result.accepted.push(field);
      continue;
    }
    const seen = pending?.[field] ?? null;
    const sameDirection = seen !== null && was !== null && now !== null && beyond(was, seen, factor) && seen > was === now > was;
    result[sameDirection ? 'confirmed' : 'held'].push(field);
  }
  return result;
}

/** `base` with the listed fields taken from `from`. */
export function withFields(base: TokenPrices, from: TokenPrices, fields: readonly PriceField[]): TokenPrices {
  const out = { ...base };
  for (const field of fields) out[field] = from[field];
  return out;
}
