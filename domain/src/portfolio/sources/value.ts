import { formatScaledDecimal } from '@concierge/contracts';

const MICRO_DECIMALS = 6n;

/**
 * The exact USD value in micro-USDC of `balance` base units of a token with `tokenDecimals`, at a
 * price of `answer` * 10^-feedDecimals USD:
 *   balance * answer * 10^6 / (10^tokenDecimals * 10^feedDecimals), rounded half up.
 * bigint all the way: no float ever touches money.
 */
export function valueMicro(balance: bigint, tokenDecimals: number, answer: bigint, feedDecimals: number): bigint {
  if (balance < 0n) throw new RangeError(`A balance is never negative, got ${balance}`);
  if (answer < 0n) throw new RangeError(`A price is never negative, got ${answer}`);
  const numerator = balance * answer * 10n ** MICRO_DECIMALS;
  const denominator = 10n ** (decimalsExponent(tokenDecimals) + decimalsExponent(feedDecimals));
  // Half up for a non-negative quotient: floor((2n + d) / 2d).
  return (2n * numerator + denominator) / (2n * denominator);
}

/** True when an answer updated at `updatedAt` is older than the heartbeat at `readAt` (unix seconds). */
export const isStale = (updatedAt: number, heartbeatSeconds: number, readAt: number): boolean => readAt - updatedAt > heartbeatSeconds;

/** A price as exact decimal text, e.g. answer 345_012_345_678n with 8 decimals is '3450.12345678'. */
export const priceText = (answer: bigint, decimals: number): string => formatScaledDecimal(answer, Number(decimalsExponent(decimals)));

/** A balance as exact decimal text in whole tokens. */
export const balanceText = (balance: bigint, decimals: number): string => formatScaledDecimal(balance, Number(decimalsExponent(decimals)));

function decimalsExponent(decimals: number): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) throw new RangeError(`Decimals are a whole number from 0 to 77, got ${decimals}`);
  return BigInt(decimals);
}
