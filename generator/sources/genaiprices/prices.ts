/**
 * One genai-prices price set (`{ input_mtok, output_mtok, cache_read_mtok, cache_write_mtok, … }`)
 * in our units, with its context tiers. Pure. Every value is checked here and a bad one is named
 * by its key (`prices[1].prices.output_mtok is negative: -2`, `….tiers[0] has no start`).
 */
import { readPerMillion } from '../../models/price.js';
import { MAX_PLAUSIBLE_TOKENS } from '../../models/tokens.js';
import type { TokenPrices } from '../../models/types.js';
import type { PriceTier } from '../facts.js';
import { PRICE_FIELDS, type ModelPrice } from './schema.js';

type Field = keyof typeof PRICE_FIELDS;

/** A field's price: flat, or a base price with tiers (each in force strictly above its `start`). */
interface FieldPrice {
  base: number | null;
  tiers: Array<{ start: number; price: number | null }>;
}

export interface PriceSetReading {
  prices: TokenPrices;
  tiers: PriceTier[];
  problems: string[];
}

/** One number, USD per 1M tokens: genai-prices has no "unknown" marker, so any negative is refused. */
function readNumber(raw: unknown, label: string, problems: string[]): number | null {
  if (typeof raw === 'number' && raw < 0) {
    problems.push(`${label} is negative: ${raw}`);
    return null;
  }
  const reading = readPerMillion(raw, label);
  if (reading.ok) return reading.value;
  problems.push(reading.reason);
  return null;
}

function readField(raw: unknown, label: string, problems: string[]): FieldPrice {
  if (raw === undefined || raw === null) return { base: null, tiers: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { base: readNumber(raw, label, problems), tiers: [] };
  const tiered = raw as { base?: unknown; tiers?: unknown };
  if (tiered.base === undefined) problems.push(`${label}.base is missing`);
  const base = readNumber(tiered.base, `${label}.base`, problems);
  if (!Array.isArray(tiered.tiers)) {
    problems.push(`${label}.tiers is not a list`);
    return { base, tiers: [] };
  }
  const tiers = tiered.tiers.flatMap((tier: unknown, index) => {
    const at = `${label}.tiers[${index}]`;
    const { start, price } = (tier ?? {}) as { start?: unknown; price?: unknown };
    if (start === undefined || start === null) {
      problems.push(`${at} has no start`);
      return [];
    }
    if (typeof start !== 'number' || !Number.isInteger(start) || start <= 0 || start > MAX_PLAUSIBLE_TOKENS) {
      problems.push(`${at}.start is not a token count: ${JSON.stringify(start)}`);
      return [];
    }
    if (price === undefined) problems.push(`${at} has no price`);
    return [{ start, price: readNumber(price, `${at}.price`, problems) }];
  });
  return { base, tiers: tiers.sort((a, b) => a.start - b.start) };
}

/**
 * Reads one price set. Tiers of all fields are put together by their starts: at each start a
 * field costs its own highest tier at or below it, else its base price (a prompt past 200K
 * tokens pays the 200K tier of every field that has one).
 */
export function readPriceSet(set: ModelPrice, label: string): PriceSetReading {
  const problems: string[] = [];
  const fields = Object.fromEntries(
    (Object.keys(PRICE_FIELDS) as Field[]).map((field) => [field, readField(set[PRICE_FIELDS[field]], `${label}.${PRICE_FIELDS[field]}`, problems)]),
  ) as Record<Field, FieldPrice>;
  const prices: TokenPrices = { input: fields.input.base, output: fields.output.base, cache_read: fields.cache_read.base, cache_write: fields.cache_write.base };
  const starts = [...new Set(Object.values(fields).flatMap((f) => f.tiers.map((t) => t.start)))].sort((a, b) => a - b);
  const at = (field: Field, start: number): number | null => {
    const tier = fields[field].tiers.filter((t) => t.start <= start).at(-1);
    return tier === undefined ? fields[field].base : tier.price;
  };
  const tiers = starts.map((start) => ({ min_prompt_tokens: start, input: at('input', start), output: at('output', start), cache_read: at('cache_read', start), cache_write: at('cache_write', start) }));
  return { prices, tiers, problems };
}
