import { z } from 'zod';
import { DECIMAL_TEXT_PATTERN, formatScaledDecimal, parseScaledDecimal, type DecimalProblem } from './decimal.js';

/**
 * Money in the domain is a bigint count of micro-USDC (USDC has 6 decimals); it is never a float.
 * HTTP bodies may carry a JSON number or a decimal string (`UsdcAmount`); events carry the
 * micro count as a string of digits (`MicroUsdc`); the API shows numbers (`microToNumber`).
 */

/** Micro-USDC in one USDC. */
export const MICRO_PER_USDC = 1_000_000n;
export const USDC_DECIMALS = 6;
/** 0.01 USDC: the smallest deposit and the smallest withdrawal. */
export const MIN_AMOUNT_MICRO = 10_000n;
/** One trillion USDC: far above any real amount, so a typo cannot overflow anything downstream. */
export const MAX_AMOUNT_MICRO = 1_000_000_000_000n * MICRO_PER_USDC;

/** Messages for each way an amount can be wrong; `usdcAmount` fills in the ones not given. */
export interface UsdcAmountMessages {
  readonly required: string;
  readonly notNumber: string;
  readonly negative: string;
  readonly precision: string;
  readonly tooSmall: string;
  readonly tooLarge: string;
}

const defaultMessages = (label: string, minMicro: bigint): UsdcAmountMessages => ({
  required: `${label} is required`,
  notNumber: `${label} must be a number in USDC, such as 12.5`,
  negative: `${label} must not be negative`,
  precision: `${label} can have at most 6 decimal places`,
  tooSmall: `${label} must be at least ${formatMicroUsdc(minMicro)} USDC`,
  tooLarge: `${label} must be at most ${formatMicroUsdc(MAX_AMOUNT_MICRO)} USDC`,
});

/**
 * Exact parse of a USDC amount given as a JSON number or a decimal string.
 * A number is read through `String(n)`, its shortest round-trip decimal text, so `0.1`
 * becomes exactly 100000 micro-USDC and `0.1 + 0.2` (0.30000000000000004) is refused.
 */
export function parseUsdc(input: number | string): { ok: true; micro: bigint } | { ok: false; problem: DecimalProblem } {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const parsed = parseScaledDecimal(text, USDC_DECIMALS);
  return parsed.ok ? { ok: true, micro: parsed.scaled } : parsed;
}

/**
 * A USDC amount schema: accepts a JSON number or decimal string with at most 6 decimals and
 * outputs a bigint of micro-USDC. Refuses NaN, Infinity, negatives and exponent forms.
 * `message` replaces every message when the product gives one text for all failures.
 */
export function usdcAmount(options: { label?: string; minMicro?: bigint; message?: string } = {}) {
  const minMicro = options.minMicro ?? 0n;
  const single = options.message;
  const messages = defaultMessages(options.label ?? 'Amount', minMicro);
  const say = (key: keyof UsdcAmountMessages): string => single ?? messages[key];
  return z
    .union([z.number(), z.string()], {
      error: (issue) => say(issue.input === undefined || issue.input === null || issue.input === '' ? 'required' : 'notNumber'),
    })
    .transform((input, ctx) => {
      if (typeof input === 'string' && input.trim() === '') {
        ctx.issues.push({ code: 'custom', message: say('required'), input });
        return z.NEVER;
      }
      const parsed = parseUsdc(input);
      if (!parsed.ok) {
        const key = parsed.problem === 'format' ? 'notNumber' : parsed.problem;
        ctx.issues.push({ code: 'custom', message: say(key), input });
        return z.NEVER;
      }
      if (parsed.micro < minMicro) {
        ctx.issues.push({ code: 'custom', message: say('tooSmall'), input });
        return z.NEVER;
      }
      if (parsed.micro > MAX_AMOUNT_MICRO) {
        ctx.issues.push({ code: 'custom', message: say('tooLarge'), input });
        return z.NEVER;
      }
      return parsed.micro;
    });
}

/** Any non-negative USDC amount (number or decimal string, at most 6 decimals) -> bigint micro-USDC. */
export const UsdcAmount = usdcAmount();

/** Decimal text of a micro-USDC count, trailing zeros trimmed: 12_500_000n -> '12.5', 0n -> '0'. */
export function formatMicroUsdc(micro: bigint): string {
  return formatScaledDecimal(micro, USDC_DECIMALS);
}

/** For API display only: the nearest JavaScript number to the exact amount. Never compute with it. */
export function microToNumber(micro: bigint): number {
  return Number(formatMicroUsdc(micro));
}

/** Micro-USDC in event payloads and job payloads: a non-negative integer as a string of digits. */
export const MicroUsdc = z
  .string({ error: 'Expected micro-USDC as a string of digits' })
  .regex(/^(0|[1-9]\d{0,29})$/, { error: 'Expected micro-USDC as a string of digits without leading zeros' });
export type MicroUsdc = z.infer<typeof MicroUsdc>;

/** Like `MicroUsdc` but may be negative (changes in value). */
export const SignedMicroUsdc = z
  .string({ error: 'Expected micro-USDC as a string of digits' })
  .regex(/^(0|-?[1-9]\d{0,29})$/, { error: 'Expected micro-USDC as a string of digits, optionally negative' });
export type SignedMicroUsdc = z.infer<typeof SignedMicroUsdc>;

/** bigint -> the `MicroUsdc` / `SignedMicroUsdc` wire text. */
export function toMicroText(micro: bigint): string {
  return micro.toString();
}

/** `MicroUsdc` / `SignedMicroUsdc` wire text -> bigint. Throws on anything else, since events were validated on append. */
export function fromMicroText(text: string): bigint {
  if (!/^(0|-?[1-9]\d*)$/.test(text)) throw new RangeError(`Not a micro-USDC integer: ${JSON.stringify(text)}`);
  return BigInt(text);
}

/** A signed decimal number as text, for non-money quantities in events (percent changes, token balances, prices). */
export const DecimalText = z.string().regex(DECIMAL_TEXT_PATTERN, { error: 'Expected a decimal number as text' });

/** Fee percentages have at most 2 decimals: the fee rate is a whole number of hundredths of a percent. */
export const FEE_PERCENTAGE_DECIMALS = 2;
const HUNDREDTHS_IN_100_PERCENT = 10_000n;

/** Exact parse of a fee percentage text ('2.5', '0', '100') to hundredths of a percent; undefined if not 0..100 with <= 2 decimals. */
export function parseFeePercentage(text: string): bigint | undefined {
  const parsed = parseScaledDecimal(text.trim(), FEE_PERCENTAGE_DECIMALS);
  return parsed.ok && parsed.scaled <= HUNDREDTHS_IN_100_PERCENT ? parsed.scaled : undefined;
}

const FEE_REQUIRED = 'Fee percentage is required';
const FEE_INVALID = 'Fee percentage must be a number between 0 and 100';
const FEE_PRECISION = 'Fee percentage can have at most 2 decimal places';

/** Fee percentage input (number or string, 0 to 100, at most 2 decimals) -> canonical decimal text such as '2.5'. */
export const FeePercentage = z
  .union([z.number(), z.string()], {
    error: (issue) => (issue.input === undefined || issue.input === null ? FEE_REQUIRED : FEE_INVALID),
  })
  .transform((input, ctx) => {
    const text = typeof input === 'number' ? String(input) : input.trim();
    if (text === '') {
      ctx.issues.push({ code: 'custom', message: FEE_REQUIRED, input });
      return z.NEVER;
    }
    const parsed = parseScaledDecimal(text, FEE_PERCENTAGE_DECIMALS);
    if (!parsed.ok || parsed.scaled > HUNDREDTHS_IN_100_PERCENT) {
      const message = !parsed.ok && parsed.problem === 'precision' ? FEE_PRECISION : FEE_INVALID;
      ctx.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    }
    return formatScaledDecimal(parsed.scaled, FEE_PERCENTAGE_DECIMALS);
  });

/** A fee percentage in events: canonical text, 0 to 100, at most 2 decimals. */
export const FeePercentageText = z
  .string()
  .refine((text) => parseFeePercentage(text) !== undefined && !/^0\d|\.\d*0$/.test(text), {
    error: 'Expected a fee percentage from 0 to 100 with at most 2 decimals, in canonical form',
  });

/**
 * The fee on an amount, exact to the micro-USDC: `amountMicro * feePercentage / 100`,
 * rounded half-up (a remainder of exactly half a micro-USDC rounds up; below half rounds down).
 * Example: 1 micro-USDC at 50% is 1; at 49.99% it is 0. The fee never exceeds the amount.
 * Throws a RangeError for a negative amount or a percentage outside 0..100 / over 2 decimals.
 */
export function feeMicro(amountMicro: bigint, feePercentage: string): bigint {
  if (amountMicro < 0n) throw new RangeError('Fee amount must not be negative');
  const hundredths = parseFeePercentage(feePercentage);
  if (hundredths === undefined) throw new RangeError(`Invalid fee percentage: ${JSON.stringify(feePercentage)}`);
  return (amountMicro * hundredths + HUNDREDTHS_IN_100_PERCENT / 2n) / HUNDREDTHS_IN_100_PERCENT;
}

/** For API display: the fee percentage text as a number (2 decimals are exact enough to show). */
export function feePercentageToNumber(text: string): number {
  return Number(text);
}
