/**
 * What one witness showed of one offer's price over time, as segments (pure): each price from its
 * first sighting to its last. docs/data.md, "Witnesses", says who the witnesses are and how they
 * are judged; this is only their shape.
 */
import { comparable } from '../price.js';
import type { OfferPoint, PricePoint, TokenPrices } from '../types.js';

/** One price a witness showed, from its first sighting to its last. */
export interface Segment {
  price: TokenPrices;
  /** Its first sighting, or the start of the day its source dates it. */
  from: string;
  /** Its last sighting. */
  until: string;
  /** The day its source dates it (genai-prices' start_date, a maker's statement). */
  source_date?: string;
  /** The offer left its source after this price (the history's `last_seen_at`). */
  gone?: boolean;
}

/** Who says what about one offer's price: one key of one source, or a maker's statement. */
export interface Witness {
  /** The source: `genai-prices`, `litellm`, `modelsdev`, `openrouter`, or a maker's page. */
  source: string;
  key: string;
  /** The maker's own word (its page, or a curated statement of it). */
  maker: boolean;
  /** Ascending, each after the one before. */
  segments: Segment[];
  /** The day its curators last checked the price (genai-prices' prices_checked), where it says. */
  checked?: string;
  /** A record the API can publish for the offer (a price source's key), not only a voice about it. */
  publishable: boolean;
  /** The page it is read from, for a maker's word. */
  url?: string;
  /** A maker's dated statement: the bounds it states (models/witness/statements.ts). */
  statement?: { from: string | null; until: string | null };
}

const rateKeys = new WeakMap<TokenPrices, string>();

/** Input and output at the comparison precision, as one key (remembered per price object: the rule compares each many times). */
function rateKey(p: TokenPrices): string {
  let key = rateKeys.get(p);
  if (key === undefined) {
    key = `${p.input === null ? 'null' : comparable(p.input)} ${p.output === null ? 'null' : comparable(p.output)}`;
    rateKeys.set(p, key);
  }
  return key;
}

/** Two prices the same for the witness rule: input and output equal at the comparison precision. */
export const sameRates = (a: TokenPrices, b: TokenPrices): boolean => a === b || rateKey(a) === rateKey(b);

const pricesOf = (p: TokenPrices): TokenPrices => ({ input: p.input, output: p.output, cache_read: p.cache_read, cache_write: p.cache_write });

/**
 * A stored history (offer-history.ts points, or a catalog's price_history) as segments. A price
 * was last seen when the next one's window opened (`previous_seen_at`), when the offer left
 * (`last_seen_at`), else at `lastRead` (the source's last read that listed it), else when first seen.
 */
export function segmentsOf(points: ReadonlyArray<OfferPoint | PricePoint>, lastRead: string | null): Segment[] {
  return points.map((p, i) => {
    const next = points[i + 1];
    const seen = next !== undefined ? (next.previous_seen_at ?? next.at) : (p.last_seen_at ?? (lastRead !== null && lastRead > p.at ? lastRead : p.at));
    const sourceDate = 'source_date' in p ? p.source_date : undefined;
    return {
      price: pricesOf(p),
      from: p.at,
      until: seen < p.at ? p.at : seen,
      ...(sourceDate === undefined ? {} : { source_date: sourceDate }),
      ...(next === undefined && p.last_seen_at !== undefined ? { gone: true } : {}),
    };
  });
}

/** Whether two time spans share a moment or lie at most `slackMs` apart. */
export function near(a: { from: string; until: string }, b: { from: string; until: string }, slackMs: number): boolean {
  return Date.parse(a.from) - slackMs <= Date.parse(b.until) && Date.parse(b.from) - slackMs <= Date.parse(a.until);
}

/** Whether two spans share a moment (no slack). */
export const overlaps = (a: { from: string; until: string }, b: { from: string; until: string }): boolean => a.from <= b.until && b.from <= a.until;
