import type { SettlementKind, WithdrawalStatus } from './fields.js';

/** Collection of the withdrawals read model, written by the workers' withdrawals projection. */
export const WITHDRAWALS_COLLECTION = 'withdrawals';

/** Fields "Search by user or address" looks in (case-insensitive substring). */
export const WITHDRAWAL_SEARCH_FIELDS = ['fullName', 'email', 'destination.address'] as const;

/**
 * Where the payout stands while an approved withdrawal is being settled on chain: signed, re-signed
 * with a higher fee (`replaced`), sent, stuck at the fee ceiling (`delayed`), failed, or a new
 * payout asked for by an admin after a failure (`retried`).
 */
export const PAYOUT_STAGES = ['signed', 'replaced', 'broadcast', 'delayed', 'failed', 'retried'] as const;
export type PayoutStage = (typeof PAYOUT_STAGES)[number];

export type WithdrawalPayoutReadModel = {
  stage: PayoutStage;
  /** The newest transaction of the payout (a replacement supersedes the one it outbids). */
  transactionHash: string | null;
  /** Why the last attempt failed, and whether the job will try again. */
  failureReason: string | null;
  retryable: boolean | null;
  /** Why the payout is delayed (stage `delayed`); absent on documents written before delays existed. */
  delayReason?: string | null;
  at: string;
};

/**
 * A document of the withdrawals read model, one per withdrawal. `amountMicro` is micro-USDC as a
 * digit string (summed exactly by the read stores); instants are normalised ISO-8601.
 */
export type WithdrawalReadModel = {
  id: string;
  userId: string;
  /** The member's current name (kept up to date by the projection), "First Last" and email. */
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  amountMicro: string;
  asset: 'USDC';
  status: WithdrawalStatus;
  /** A copy of the saved address at request time. */
  destination: { addressId: string; label: string; address: string; network: string };
  requestedAt: string;
  approvedAt: string | null;
  completedAt: string | null;
  rejectionReason: string | null;
  cancellationReason: string | null;
  transactionHash: string | null;
  settlement: SettlementKind | null;
  payout: WithdrawalPayoutReadModel | null;
  updatedAt: string;
};
