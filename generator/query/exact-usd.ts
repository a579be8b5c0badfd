/**
 * Exact money for the cost module: no floating-point drift in a displayed cost. A rate is read as
 * the decimal the API publishes (its shortest round-trip form, the digits in the JSON: 0.3 is
 * exactly 3/10, not the double nearest to it), a line's cost is tokens × rate computed exactly in
 * BigInt, lines are summed exactly, and only the result is rounded, half up, to the micro-dollar
 * (a ten-thousandth of a cent). Rates are USD per 1M tokens, so tokens × rate is micro-dollars.
 * No Node.js imports: the browser client bundles this file.
 */

/** An exact non-negative decimal: `units / 10^scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const TEN = 10n;
const pow10 = (n: number): bigint => TEN ** BigInt(n);

/** The decimal a finite, non-negative number is published as (`String(n)`, `1e-7` forms included). */
export function decimalOf(value: number): Decimal {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a price: ${value}`);
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(`${whole}${fraction}`);
  return scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
}

/** tokens × rate, exactly (micro-dollars when the rate is USD per 1M tokens). */
export function times(tokens: number, rate: Decimal): Decimal {
  return { units: BigInt(tokens) * rate.units, scale: rate.scale };
}

export function sum(values: readonly Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((v) => v.scale));
  let units = 0n;
  for (const v of values) units += v.units * pow10(scale - v.scale);
  return { units, scale };
}

/** Micro-dollars (exact) to US dollars, rounded half up to the micro-dollar. */
export function microToUsd(micro: Decimal): number {
  const divisor = pow10(micro.scale);
  const rounded = (micro.units * 2n + divisor) / (divisor * 2n);
  const text = rounded.toString().padStart(7, '0');
  // Through the decimal text: the double nearest to the exact value, as JSON.parse would give.
  return Number(`${text.slice(0, -6)}.${text.slice(-6)}`);
}
