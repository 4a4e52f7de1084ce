import { z } from 'zod';
import { EvmAddressText, NETWORKS, TransactionHashText } from '../shared/chain.js';
import { EntityId, Instant } from '../shared/fields.js';
import { MicroUsdc } from '../shared/money.js';
import { SettlementKind, WithdrawalDestination } from './fields.js';

/**
 * Stream `account-<userId>`, the same stream as the member's deposits: one stream holds the
 * money, so deciding against it can never overdraw the balance. The actor of each event is in
 * its metadata (the member, an admin, or the system).
 */

/** The member asked to withdraw; the amount is reserved out of the available balance. */
export const WithdrawalRequested = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  amountMicro: MicroUsdc,
  asset: z.literal('USDC'),
  destination: WithdrawalDestination,
  requestedAt: Instant,
});
/** An admin approved it; it awaits payout (settlement job or manual completion). */
export const WithdrawalApproved = z.object({ withdrawalId: EntityId, userId: EntityId, approvedAt: Instant });
/** An admin rejected it with a reason; the reserved amount is available again. */
export const WithdrawalRejected = z.object({ withdrawalId: EntityId, userId: EntityId, reason: z.string().min(1), rejectedAt: Instant });
/** Withdrawn before payout (by the member while pending, or an admin); the reserved amount is available again. */
export const WithdrawalCancelled = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  reason: z.string().nullable(),
  cancelledAt: Instant,
});
/**
 * The settlement job signed the payout. Recorded before broadcast so a crash can rebroadcast the
 * very same transaction (same nonce and hash) instead of paying twice.
 */
export const WithdrawalSettlementSigned = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  network: z.enum(NETWORKS),
  fromAddress: EvmAddressText,
  toAddress: EvmAddressText,
  amountMicro: MicroUsdc,
  nonce: z.number().int().nonnegative(),
  transactionHash: TransactionHashText,
  /** The signed raw transaction (0x hex); public once broadcast, holds no secret. */
  signedTransaction: z.string().regex(/^0x[0-9a-f]+$/),
  signedAt: Instant,
});
/** The signed payout was sent to the network. */
export const WithdrawalSettlementBroadcast = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText,
  broadcastAt: Instant,
});
/** A payout attempt failed; `retryable` false leaves it to an admin (complete by hand or cancel). */
export const WithdrawalSettlementFailed = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText.nullable(),
  reason: z.string().min(1),
  retryable: z.boolean(),
  failedAt: Instant,
});
/** Paid out: the reserved amount leaves the balance for good. */
export const WithdrawalCompleted = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText,
  settlement: SettlementKind,
  completedAt: Instant,
});

export const withdrawalEvents = {
  WithdrawalRequested,
  WithdrawalApproved,
  WithdrawalRejected,
  WithdrawalCancelled,
  WithdrawalSettlementSigned,
  WithdrawalSettlementBroadcast,
  WithdrawalSettlementFailed,
  WithdrawalCompleted,
} as const;

/**
 * Stream `withdrawalRef-<withdrawalId>`, appended with "no stream" before `WithdrawalRequested`:
 * which member's account holds the withdrawal, so a path id alone finds it. Not an account event.
 */
export const WithdrawalReferenced = z.object({ withdrawalId: EntityId, userId: EntityId, referencedAt: Instant });

export const withdrawalReferenceEvents = { WithdrawalReferenced } as const;

export type WithdrawalReferenced = z.infer<typeof WithdrawalReferenced>;
export type WithdrawalRequested = z.infer<typeof WithdrawalRequested>;
export type WithdrawalApproved = z.infer<typeof WithdrawalApproved>;
export type WithdrawalRejected = z.infer<typeof WithdrawalRejected>;
export type WithdrawalCancelled = z.infer<typeof WithdrawalCancelled>;
export type WithdrawalSettlementSigned = z.infer<typeof WithdrawalSettlementSigned>;
export type WithdrawalSettlementBroadcast = z.infer<typeof WithdrawalSettlementBroadcast>;
export type WithdrawalSettlementFailed = z.infer<typeof WithdrawalSettlementFailed>;
export type WithdrawalCompleted = z.infer<typeof WithdrawalCompleted>;
