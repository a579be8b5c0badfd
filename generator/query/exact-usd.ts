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

const POWERS: bigint[] = [];
const pow10 = (n: number): bigint => (POWERS[n] ??= 10n ** BigInt(n));

/** Rates repeat across models and offers: each is read once (a bounded cache; ranking prices about a thousand offers). */
const DECIMALS = new Map<number, Decimal>();
const MAX_CACHED = 4096;

/** The decimal a finite, non-negative number is published as (`String(n)`, `1e-7` forms included). */
export function decimalOf(value: number): Decimal {
  const known = DECIMALS.get(value);
  if (known !== undefined) return known;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a price: ${value}`);
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(`${whole}${fraction}`);
  const decimal = scale >= 0 ? { units, scale } : { units: units * pow10(-scale), scale: 0 };
  if (DECIMALS.size >= MAX_CACHED) DECIMALS.clear();
  DECIMALS.set(value, decimal);
  return decimal;
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

const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** Micro-dollars (exact) to US dollars, rounded half up to the micro-dollar. */
export function microToUsd(micro: Decimal): number {
  const divisor = pow10(micro.scale);
  const rounded = micro.scale === 0 ? micro.units : (micro.units * 2n + divisor) / (divisor * 2n);
  // The double nearest to rounded / 10^6, as JSON.parse of its decimal text would give: one
  // correctly rounded division while the integer is exact as a double, else through the text.
  if (rounded <= MAX_EXACT) return Number(rounded) / 1e6;
  const text = rounded.toString();
  return Number(`${text.slice(0, -6)}.${text.slice(-6)}`);
}
