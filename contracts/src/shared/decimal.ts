/**
 * Exact decimal text <-> scaled bigint, with no floating-point arithmetic anywhere.
 * Money and fee percentages go through here so that "0.1" is exactly one tenth.
 */

/** Why a text is not an acceptable non-negative decimal. */
export type DecimalProblem = 'format' | 'negative' | 'precision';

export type ParsedDecimal = { readonly ok: true; readonly scaled: bigint } | { readonly ok: false; readonly problem: DecimalProblem };

/** Plain decimal notation: an optional minus, digits, optionally a point and more digits. No exponent. */
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a non-negative decimal text into an integer count of `10^-decimals` units.
 * `parseScaledDecimal('12.5', 6)` is `{ ok: true, scaled: 12_500_000n }`.
 * Rejects exponent forms (`1e3`), blanks, `.5`, `5.` and `+5` (`format`), a leading minus
 * (`negative`), and more fractional digits than `decimals` (`precision`).
 */
export function parseScaledDecimal(text: string, decimals: number): ParsedDecimal {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { ok: false, problem: 'format' };
  const [, sign = '', whole = '', fraction = ''] = match;
  if (sign === '-') return { ok: false, problem: 'negative' };
  if (fraction.length > decimals) return { ok: false, problem: 'precision' };
  return { ok: true, scaled: BigInt(whole + fraction.padEnd(decimals, '0')) };
}

/**
 * Formats an integer count of `10^-decimals` units as decimal text with trailing zeros trimmed:
 * `formatScaledDecimal(12_500_000n, 6)` is `'12.5'`, `formatScaledDecimal(0n, 6)` is `'0'`.
 */
export function formatScaledDecimal(scaled: bigint, decimals: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** A signed decimal number carried as text in event payloads (percentages, token balances, prices). */
export const DECIMAL_TEXT_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;
