import type { TokenPrices } from './types.js';

/** Above this many USD per 1M tokens a price is treated as a unit or data error, not a fact. */
export const MAX_PLAUSIBLE_PRICE_PER_M = 10_000;
/**
 * Below this many USD per 1M tokens a non-zero price is not plausible: the cheapest real prices
 * are around 0.002 (cache reads). Such a value is a unit error (a per-token figure in a per-1M
 * field) or bait for the top of `cheapest`.
 */
export const MIN_PLAUSIBLE_PRICE_PER_M = 1e-4;

export type PriceValue = { ok: true; value: number | null } | { ok: false; reason: string };

/** Rounds away binary noise (0.14 instead of 0.13999999999999999) at 12 significant digits. */
export function roundPrice(value: number): number {
  return Number.parseFloat(value.toPrecision(12));
}

/**
 * Converts one upstream per-token price (string or number) to USD per 1M tokens.
 * `-1` is OpenRouter's "variable price" marker (routers): unknown, not an error.
 */
export function perTokenToPerMillion(raw: unknown, field: string): PriceValue {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null || text === '' || !/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) {
    return { ok: false, reason: `${field} is not a number: ${JSON.stringify(raw)}` };
  }
  const perToken = Number(text);
  // A literal past what a double holds: `1e-400` would read as 0 (free), `1e400` as Infinity.
  if (!Number.isFinite(perToken) || (perToken === 0 && /[1-9]/.test(text.split(/e/i)[0]!))) {
    return { ok: false, reason: `${field} cannot be represented as a number: ${text.slice(0, 40)}` };
  }
  if (perToken === -1) return { ok: true, value: null };
  if (perToken < 0) return { ok: false, reason: `${field} is negative: ${text}` };
  const perMillion = roundPrice(perToken * 1_000_000);
  if (perMillion > MAX_PLAUSIBLE_PRICE_PER_M) {
    return { ok: false, reason: `${field} is implausible: ${perMillion} USD per 1M tokens` };
  }
  if (perMillion > 0 && perMillion < MIN_PLAUSIBLE_PRICE_PER_M) {
    return { ok: false, reason: `${field} is implausible: ${perMillion} USD per 1M tokens, under ${MIN_PLAUSIBLE_PRICE_PER_M}` };
  }
  return { ok: true, value: perMillion };
}

export type PriceReading = { ok: true; value: number | null } | { ok: false; reason: string };

/**
 * One price already in USD per 1M tokens (a JSON number: models.dev, genai-prices). `-1` is unknown, as in the
 * per-token sources; negatives, non-numbers and values in the wrong unit (a per-token figure such
 * as 2.5e-6, or one over MAX_PLAUSIBLE_PRICE_PER_M) are errors.
 */
export function readPerMillion(raw: unknown, field: string): PriceReading {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, reason: `${field} is not a number: ${JSON.stringify(raw)}` };
  if (raw === -1) return { ok: true, value: null };
  if (raw < 0) return { ok: false, reason: `${field} is negative: ${raw}` };
  if (raw > 0 && raw < MIN_PLAUSIBLE_PRICE_PER_M) {
    return {
      ok: false,
      reason: `unit error: ${field} is ${raw} USD per 1M tokens, under the plausible ${MIN_PLAUSIBLE_PRICE_PER_M}; looks like a per-token price in a per-1M field`,
    };
  }
  if (raw > MAX_PLAUSIBLE_PRICE_PER_M) {
    return { ok: false, reason: `unit error: ${field} is ${raw} USD per 1M tokens, over the plausible ${MAX_PLAUSIBLE_PRICE_PER_M}` };
  }
  return { ok: true, value: roundPrice(raw) };
}

/** The blended price: input and output at 3:1, as Artificial Analysis blends. */
export function blendedPrice(price: Pick<TokenPrices, 'input' | 'output'>): number | null {
  if (price.input === null || price.output === null) return null;
  return roundPrice((3 * price.input + price.output) / 4);
}

/** Prices are compared at this many significant digits (docs/data.md, "Sources and precedence"). */
export const PRICE_COMPARISON_DIGITS = 4;

/** A price as it is compared: conversion noise (2.99999, 15.00002) rounds away. */
export const comparable = (value: number): number => Number(value.toPrecision(PRICE_COMPARISON_DIGITS));

/** Two prices the same at the comparison precision (both unknown counts as the same). */
export function samePriceAtPrecision(a: number | null, b: number | null): boolean {
  return a === null || b === null ? a === b : comparable(a) === comparable(b);
}

export function samePrices(a: TokenPrices, b: TokenPrices): boolean {
  return a.input === b.input && a.output === b.output && a.cache_read === b.cache_read && a.cache_write === b.cache_write;
}
