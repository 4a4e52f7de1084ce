import { powInteger, ratio, ZERO, type Ratio } from './ratio.js';

/**
 * Powers with a fractional exponent (`(1 + r) ^ (365 / days)` for the APY) in bigint fixed point:
 * `exp(exponent * ln(base))`, both by series, with no floating-point number anywhere. The working
 * precision is `GUARD_DIGITS` decimal digits beyond the result's whole part, so whatever the
 * result's size its rounding to any figure shown is decided by digits far below the last one
 * (only a result within 10^-30 of a rounding midpoint could round the wrong way; a whole exponent,
 * the one case where the true result can be a short decimal, is computed exactly instead).
 */
const GUARD_DIGITS = 40;

/** Bits of a positive integer. */
const bitLength = (value: bigint): bigint => BigInt(value.toString(2).length);

/** `2 * atanh((m - 1) / (m + 1))`, which is `ln(m)`, for `m` (scaled by `one`) in [1, 2]. */
function lnOfReduced(m: bigint, one: bigint): bigint {
  const z = ((m - one) * one) / (m + one);
  const zSquared = (z * z) / one;
  let sum = z;
  let power = z;
  for (let n = 3n; power !== 0n; n += 2n) {
    power = (power * zSquared) / one;
    sum += power / n;
  }
  return 2n * sum;
}

/** `x / 2^k` scaled by `one`, truncated. */
const halvedScaled = (x: Ratio, k: bigint, one: bigint): bigint =>
  k >= 0n ? (x.num * one) / (x.den << k) : ((x.num * one) << -k) / x.den;

/** `ln(x)` scaled by `one`, for `x > 0`: `x = m * 2^k` with `m` in [1, 2). */
function lnScaled(x: Ratio, one: bigint, ln2: bigint): bigint {
  let k = bitLength(x.num) - bitLength(x.den);
  let m = halvedScaled(x, k, one);
  if (m < one) m = halvedScaled(x, --k, one);
  return k * ln2 + lnOfReduced(m, one);
}

/** `exp(y)` for `y` scaled by `one`: `y = k * ln2 + r` with `|r| <= ln2 / 2`, Taylor's series for `exp(r)`. */
function expScaled(y: bigint, one: bigint, ln2: bigint): bigint {
  const twice = 2n * y + (y < 0n ? -ln2 : ln2);
  const k = twice / (2n * ln2);
  const r = y - k * ln2;
  let sum = one;
  let term = one;
  for (let n = 1n; term !== 0n; n += 1n) {
    term = (term * r) / (one * n);
    sum += term;
  }
  return k >= 0n ? sum << k : sum >> -k;
}

function powAtDigits(base: Ratio, exponent: Ratio, digits: number): Ratio {
  const one = 10n ** BigInt(digits);
  const ln2 = lnOfReduced(2n * one, one);
  const y = (lnScaled(base, one, ln2) * exponent.num) / exponent.den;
  return ratio(expScaled(y, one, ln2), one);
}

/**
 * `base ^ exponent` for `base >= 0`: exact for a whole exponent, otherwise a ratio over a power of
 * ten accurate to `GUARD_DIGITS` digits below the result's units. Throws a RangeError for a
 * negative base, or zero to a power that is not positive.
 */
export function power(base: Ratio, exponent: Ratio): Ratio {
  if (base.num < 0n) throw new RangeError('A fractional power needs a base that is not negative');
  if (exponent.num % exponent.den === 0n) {
    if (base.num === 0n && exponent.num <= 0n) throw new RangeError('Zero has no power that is not positive');
    return powInteger(base, exponent.num / exponent.den);
  }
  if (base.num === 0n) {
    if (exponent.num < 0n) throw new RangeError('Zero has no negative power');
    return ZERO;
  }
  const estimate = powAtDigits(base, exponent, GUARD_DIGITS);
  const wholeDigits = (estimate.num / estimate.den).toString().length;
  return wholeDigits <= 1 ? estimate : powAtDigits(base, exponent, GUARD_DIGITS + wholeDigits);
}
