import { z } from 'zod';
import { EvmAddressText, NETWORKS, TransactionHashText } from '../shared/chain.js';
import { EntityId, Instant } from '../shared/fields.js';
import { MicroUsdc } from '../shared/money.js';
import { SettlementKind, WithdrawalDestination } from './fields.js';

/** An amount of wei (gas prices) as a string of digits: exact, never a float. */
const WeiText = z.string().regex(/^(0|[1-9]\d{0,39})$/, { error: 'Expected wei as a string of digits' });

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
  /** EIP-1559 fees it was signed with (wei); absent on legacy transactions and on events older than fee bumping. */
  maxFeePerGas: WeiText.optional(),
  maxPriorityFeePerGas: WeiText.optional(),
  signedAt: Instant,
});
/**
 * The payout in flight was re-signed with the same nonce and higher fees because it was stuck
 * below the market fee. Recorded before broadcast: either transaction of the nonce may be the one
 * mined, and whichever it is completes the withdrawal.
 */
export const WithdrawalSettlementReplaced = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  nonce: z.number().int().nonnegative(),
  transactionHash: TransactionHashText,
  signedTransaction: z.string().regex(/^0x[0-9a-f]+$/),
  maxFeePerGas: WeiText,
  maxPriorityFeePerGas: WeiText,
  /** The transaction of the same nonce it outbids. */
  replacesTransactionHash: TransactionHashText,
  signedAt: Instant,
});
/** The payout is stuck below the market fee and may not be outbid: the ceiling (SETTLEMENT_MAX_FEE_GWEI) is reached. */
export const WithdrawalSettlementDelayed = z.object({
  withdrawalId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText,
  reason: z.string().min(1),
  delayedAt: Instant,
});
/** An admin asked for a new payout after one failed for good; the settlement job signs a new transaction. */
export const WithdrawalPayoutRetried = z.object({ withdrawalId: EntityId, userId: EntityId, retriedAt: Instant });
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
  WithdrawalSettlementReplaced,
  WithdrawalSettlementBroadcast,
  WithdrawalSettlementDelayed,
  WithdrawalSettlementFailed,
  WithdrawalPayoutRetried,
  WithdrawalCompleted,
} as const;

/**
 * Stream `withdrawalRef-<withdrawalId>`, appended with "no stream" before `WithdrawalRequested`:
 * which member's account holds the withdrawal, so a path id alone finds it. Not an account event.
 */
export const WithdrawalReferenced = z.object({ withdrawalId: EntityId, userId: EntityId, referencedAt: Instant });

export const withdrawalReferenceEvents = { WithdrawalReferenced } as const;

/**
 * Stream `depositTx-<lower-case hash>`, the deposits' reservation stream: a payout hash claims the
 * whole transaction there before it completes a withdrawal, so one hash never completes two
 * withdrawals nor both credits a deposit and pays a withdrawal. Not an account event.
 */
export const WithdrawalTransactionClaimed = z.object({
  transactionHash: TransactionHashText,
  withdrawalId: EntityId,
  userId: EntityId,
  claimedAt: Instant,
});

export const withdrawalTransactionEvents = { WithdrawalTransactionClaimed } as const;

export type WithdrawalReferenced = z.infer<typeof WithdrawalReferenced>;
export type WithdrawalRequested = z.infer<typeof WithdrawalRequested>;
export type WithdrawalApproved = z.infer<typeof WithdrawalApproved>;
export type WithdrawalRejected = z.infer<typeof WithdrawalRejected>;
export type WithdrawalCancelled = z.infer<typeof WithdrawalCancelled>;
export type WithdrawalSettlementSigned = z.infer<typeof WithdrawalSettlementSigned>;
export type WithdrawalSettlementReplaced = z.infer<typeof WithdrawalSettlementReplaced>;
export type WithdrawalSettlementBroadcast = z.infer<typeof WithdrawalSettlementBroadcast>;
export type WithdrawalSettlementDelayed = z.infer<typeof WithdrawalSettlementDelayed>;
export type WithdrawalPayoutRetried = z.infer<typeof WithdrawalPayoutRetried>;
export type WithdrawalTransactionClaimed = z.infer<typeof WithdrawalTransactionClaimed>;
export type WithdrawalSettlementFailed = z.infer<typeof WithdrawalSettlementFailed>;
export type WithdrawalCompleted = z.infer<typeof WithdrawalCompleted>;
