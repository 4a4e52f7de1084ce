import { z } from 'zod';
import { NETWORKS } from '../shared/chain.js';
import { dateTimeInput, idField } from '../shared/fields.js';
import { MicroUsdc } from '../shared/money.js';
import { UserRole, UserStatus } from '../users/fields.js';
import { WithdrawalStatus } from '../withdrawals/fields.js';

/** GET /audit/members/:userId/at: whose account to rebuild. */
export const TimeTravelParams = z.object({ userId: idField('userId') });
export type TimeTravelParams = z.infer<typeof TimeTravelParams>;

const INSTANT_MESSAGE = 'instant is compared with the times the event store records, to the millisecond: give at most 3 decimals of a second';

/**
 * `instant`: ISO 8601 (read as UTC without an offset), at most to the millisecond, because the
 * store's times reach readers to the millisecond: a finer instant could not be honoured exactly.
 */
export const TimeTravelQuery = z.object({
  instant: z
    .unknown()
    .superRefine((value, ctx) => {
      if (typeof value === 'string' && /[.,]\d{4,}/.test(value)) ctx.addIssue({ code: 'custom', message: INSTANT_MESSAGE, input: value, abort: true });
    })
    .pipe(dateTimeInput('instant')),
});
export type TimeTravelQuery = z.infer<typeof TimeTravelQuery>;

/** An amount: exact micro-USDC as digits, and the same amount as USDC decimal text. */
export const ExactAmount = z.object({ micro: MicroUsdc, usdc: z.string() });
export type ExactAmount = z.infer<typeof ExactAmount>;

/** The last event of one stream that the rebuild included: the evidence behind the figures. */
export const TimeTravelStream = z.object({
  streamId: z.string(),
  /** Events of the stream at or before the instant (0 when the stream did not exist yet). */
  eventsIncluded: z.number().int(),
  /** Revision of the last event included; null when none was. */
  lastRevision: z.number().int().nullable(),
  /** The store's time of the last event included (what the instant is compared with). */
  lastRecordedAt: z.string().nullable(),
});

export const TimeTravelWithdrawal = z.object({
  withdrawalId: z.string(),
  status: WithdrawalStatus,
  amount: ExactAmount,
  destination: z.object({ address: z.string(), network: z.enum(NETWORKS) }),
  rejectionReason: z.string().nullable(),
  transactionHash: z.string().nullable(),
  /** Store time of the request, and of the last event that changed it (both at or before the instant). */
  requestedAt: z.string(),
  updatedAt: z.string(),
});

export const TimeTravelDeposit = z.object({
  depositId: z.string(),
  transactionHash: z.string(),
  amount: ExactAmount,
  fee: ExactAmount,
  creditedAt: z.string(),
});

/** A member's account as the event streams say it stood at `instant`. */
export const TimeTravelResponse = z.object({
  userId: z.string(),
  instant: z.string(),
  /** Null when the member had not registered by then. */
  member: z
    .object({ status: UserStatus, role: UserRole, firstName: z.string(), lastName: z.string(), email: z.string(), registeredAt: z.string() })
    .nullable(),
  account: z.object({
    balance: ExactAmount,
    reserved: ExactAmount,
    available: ExactAmount,
    deposits: z.array(TimeTravelDeposit),
    withdrawals: z.array(TimeTravelWithdrawal),
  }),
  withdrawalAddresses: z.array(
    z.object({ addressId: z.string(), label: z.string(), address: z.string(), network: z.enum(NETWORKS), primary: z.boolean(), addedAt: z.string() }),
  ),
  /** The plan the member was on then (the default plan when none was chosen), as the plan stood then; null if it did not exist yet. */
  plan: z.object({ planId: z.string(), name: z.string(), feePercentage: z.string(), isActive: z.boolean() }).nullable(),
  /** The latest valuation recorded at or before the instant; null when there was none. */
  portfolio: z
    .object({
      snapshotId: z.string(),
      asOf: z.string(),
      source: z.string(),
      totalValue: ExactAmount,
      holdings: z.array(z.object({ symbol: z.string(), balance: z.string(), decimals: z.number().int(), value: ExactAmount })),
    })
    .nullable(),
  streams: z.array(TimeTravelStream),
});
export type TimeTravelResponse = z.infer<typeof TimeTravelResponse>;
