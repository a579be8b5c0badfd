/**
 * Token counts we publish (context sizes, output limits, price tier thresholds). The largest real
 * context in 2026 is 10M tokens; far beyond that a value is a data error or an attack (`1e308`
 * matches every `min_context`, integers past 2^53 are silently rounded), not a fact.
 */
export const MAX_PLAUSIBLE_TOKENS = 100_000_000;

/**
 * A positive integer token count, or null. 0, fractions and negatives mean "unknown" upstream
 * (null, quietly); a count above MAX_PLAUSIBLE_TOKENS is refused (null) and reported.
 */
export function tokenCount(value: number | null | undefined, field: string, report: (reason: string) => void): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) return null;
  if (value > MAX_PLAUSIBLE_TOKENS) {
    report(`${field} is implausible: ${value} tokens, over ${MAX_PLAUSIBLE_TOKENS}; not published`);
    return null;
  }
  return value;
}
