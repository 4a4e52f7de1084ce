import { parseScaledDecimal } from '@concierge/contracts/shared/decimal';

/** The one message for every way a withdrawal amount can be wrong. */
export const WITHDRAWAL_AMOUNT_MESSAGE = 'Please enter a valid amount (minimum 0.01 USDC)';
export const LABEL_REQUIRED_MESSAGE = 'Label is required';
export const EVM_ADDRESS_MESSAGE = 'Please enter a valid EVM address';

const USDC_DECIMALS = 6;
/** 0.01 USDC in micro-USDC. */
const MIN_WITHDRAWAL_MICRO = 10_000n;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Reads a typed amount exactly (no float): plain decimal text with at most 6 decimals and at least
 * 0.01. Returns the trimmed text to send, or undefined when it is not acceptable.
 */
export function readWithdrawalAmount(text: string): string | undefined {
  const trimmed = text.trim();
  const parsed = parseScaledDecimal(trimmed, USDC_DECIMALS);
  return parsed.ok && parsed.scaled >= MIN_WITHDRAWAL_MICRO ? trimmed : undefined;
}

export function checkWithdrawalAmount(text: string): string | undefined {
  return readWithdrawalAmount(text) === undefined ? WITHDRAWAL_AMOUNT_MESSAGE : undefined;
}

/** 0x followed by exactly 40 hexadecimal characters. */
export function checkEvmAddress(text: string): string | undefined {
  return EVM_ADDRESS.test(text.trim()) ? undefined : EVM_ADDRESS_MESSAGE;
}
