import { parseScaledDecimal } from '@concierge/contracts/shared/decimal';

/** The Add New Deposit form as typed; the timestamp is a datetime-local value in the admin's time zone. */
export type DepositDraft = { transactionHash: string; timestamp: string; amountUSD: string };

export type DepositFieldErrors = Partial<Record<keyof DepositDraft, string>>;

/** What the server receives: the hash trimmed, the instant in UTC, the amount as exact decimal text. */
export type ValidDeposit = { transactionHash: string; timestamp: string; amountUSD: string };

/** The toast for any invalid field (the field itself says what is wrong). */
export const DEPOSIT_FORM_INVALID = 'Please fill out all deposit fields correctly';

// The same rules as the contracts (chain.ts, money.ts): imported from there they would bring zod into the bundle.
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const USDC_DECIMALS = 6;
const MIN_DEPOSIT_MICRO = 10_000n;
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

function checkHash(text: string): string | undefined {
  if (text === '') return 'Transaction hash is required';
  return TX_HASH.test(text) ? undefined : 'Enter 0x followed by 64 hexadecimal characters';
}

function checkAmount(text: string): string | undefined {
  if (text === '') return 'Amount is required';
  const parsed = parseScaledDecimal(text, USDC_DECIMALS);
  if (!parsed.ok) {
    if (parsed.problem === 'precision') return 'Amount can have at most 6 decimal places';
    if (parsed.problem === 'negative') return 'Amount must be at least 0.01 USDC';
    return 'Amount must be a number in USDC, such as 12.5';
  }
  return parsed.scaled < MIN_DEPOSIT_MICRO ? 'Amount must be at least 0.01 USDC' : undefined;
}

/** A datetime-local value read in the browser's time zone, as the admin meant it; undefined if not a real time. */
function toInstant(local: string): Date | undefined {
  if (!DATETIME_LOCAL.test(local)) return undefined;
  const date = new Date(local);
  // Date rolls 2026-02-30 over to March 2nd: a day the calendar lacks is refused instead.
  const [year, month, day] = local.slice(0, 10).split('-').map(Number);
  const sameDay = date.getFullYear() === year && date.getMonth() + 1 === month && date.getDate() === day;
  return Number.isNaN(date.getTime()) || !sameDay ? undefined : date;
}

/** Checks every field; either the request to send or one message per wrong field. */
export function validateDeposit(draft: DepositDraft): { ok: true; value: ValidDeposit } | { ok: false; errors: DepositFieldErrors } {
  const transactionHash = draft.transactionHash.trim();
  const amountUSD = draft.amountUSD.trim();
  const instant = toInstant(draft.timestamp.trim());
  const errors: DepositFieldErrors = {};
  const hashError = checkHash(transactionHash);
  if (hashError) errors.transactionHash = hashError;
  if (instant === undefined) errors.timestamp = draft.timestamp.trim() === '' ? 'Timestamp is required' : 'Enter a valid date and time';
  const amountError = checkAmount(amountUSD);
  if (amountError) errors.amountUSD = amountError;
  if (instant === undefined || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { transactionHash: transactionHash.toLowerCase(), timestamp: instant.toISOString(), amountUSD } };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `now` as a datetime-local value (local time, to the minute): the form's default timestamp. */
export function localDateTimeValue(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;
}
