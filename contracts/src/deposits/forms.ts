import { z } from 'zod';
import { TransactionHash } from '../shared/chain.js';
import { DepositAmount } from './dto.js';

/**
 * The admin's Add New Deposit form. The rules are the request's (`AddDepositRequest`); the form
 * words a malformed hash and a negative amount its own way, and its timestamp is a
 * `datetime-local` value read in the admin's own time zone rather than as UTC.
 */

const HASH_FORMAT_MESSAGE = 'Enter 0x followed by 64 hexadecimal characters';
const TOO_SMALL_MESSAGE = 'Amount must be at least 0.01 USDC';
const DATETIME_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

const blank = (text: string) => text.trim() === '';

/** A datetime-local value as the instant the admin meant, in the time zone of the code that parses it. */
export function localDateTimeInstant(local: string): Date | undefined {
  if (!DATETIME_LOCAL.test(local)) return undefined;
  const date = new Date(local);
  // Date rolls 2026-02-30 over to March 2nd: a day the calendar lacks is refused instead.
  const [year, month, day] = local.slice(0, 10).split('-').map(Number);
  const sameDay = date.getFullYear() === year && date.getMonth() + 1 === month && date.getDate() === day;
  return Number.isNaN(date.getTime()) || !sameDay ? undefined : date;
}

export const AddDepositForm = z.object({
  transactionHash: z
    .string()
    .refine((text) => blank(text) || TransactionHash.safeParse(text).success, { error: HASH_FORMAT_MESSAGE, abort: true })
    .pipe(TransactionHash),
  timestamp: z.string().transform((text, ctx) => {
    const instant = localDateTimeInstant(text.trim());
    if (instant !== undefined) return instant.toISOString();
    ctx.issues.push({ code: 'custom', message: blank(text) ? 'Timestamp is required' : 'Enter a valid date and time', input: text });
    return z.NEVER;
  }),
  amountUSD: z
    .string()
    .refine((text) => !text.trim().startsWith('-'), { error: TOO_SMALL_MESSAGE, abort: true })
    .pipe(DepositAmount as z.ZodType<bigint, string>),
});
export type AddDepositForm = z.input<typeof AddDepositForm>;
