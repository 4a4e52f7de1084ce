/**
 * Exact ratios of two integers, so that returns, shares and scores are decided exactly and rounded
 * once, for display. Nothing here is reduced by a gcd: a product of hundreds of sub-period returns
 * only grows its digits, and one division at the end is far cheaper than a gcd at every step.
 */

/** `num / den`, with `den > 0` always. Not necessarily in lowest terms. */
export interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export const ZERO: Ratio = { num: 0n, den: 1n };
export const ONE: Ratio = { num: 1n, den: 1n };

/** The ratio `num / den`; the sign moves to the numerator. Throws a RangeError on a zero denominator. */
export function ratio(num: bigint, den = 1n): Ratio {
  if (den === 0n) throw new RangeError('A ratio cannot have a zero denominator');
  return den < 0n ? { num: -num, den: -den } : { num, den };
}

export const add = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });
export const sub = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.den - b.num * a.den, den: a.den * b.den });
export const mul = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });
export const div = (a: Ratio, b: Ratio): Ratio => ratio(a.num * b.den, a.den * b.num);

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compare(a: Ratio, b: Ratio): -1 | 0 | 1 {
  const difference = a.num * b.den - b.num * a.den;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** `base ^ exponent` for a whole exponent, exactly (a negative exponent inverts). */
export function powInteger(base: Ratio, exponent: bigint): Ratio {
  if (exponent < 0n) return powInteger(div(ONE, base), -exponent);
  let result = ONE;
  let square = base;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = mul(result, square);
    square = mul(square, square);
  }
  return result;
}

/** `value` as a whole count of `10^-decimals` units, rounded half away from zero. */
export function roundToDecimals(value: Ratio, decimals: number): bigint {
  const scaledNum = value.num * 10n ** BigInt(decimals);
  const magnitude = scaledNum < 0n ? -scaledNum : scaledNum;
  const rounded = (2n * magnitude + value.den) / (2n * value.den);
  return scaledNum < 0n ? -rounded : rounded;
}

/**
 * A count of `10^-decimals` units as text with exactly `decimals` fraction digits:
 * `fixedText(-125n, 4)` is `'-0.0125'`, `fixedText(0n, 2)` is `'0.00'` (never `-0.00`).
 */
export function fixedText(scaled: bigint, decimals: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** `value` rounded half away from zero to `decimals` fraction digits, as text that always shows them. */
export const decimalText = (value: Ratio, decimals: number): string => fixedText(roundToDecimals(value, decimals), decimals);

/** Percentages are decimal text with this many fraction digits, rounded half away from zero: '12.8695', '-0.5000'. */
export const PERCENT_DECIMALS = 4;

/** A fraction as percent text: 1/8 -> '12.5000'. */
export const percentText = (fraction: Ratio): string => decimalText(mul(fraction, ratio(100n)), PERCENT_DECIMALS);
