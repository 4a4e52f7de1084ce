import {
  toMicroText,
  type RecordWithdrawalSettlementBroadcast,
  type RecordWithdrawalSettlementFailed,
  type RecordWithdrawalSettlementSigned,
  type WithdrawalStatus,
} from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import { withdrawalOf, type AccountEvent, type AccountState, type Withdrawal } from './account.js';

/**
 * The settlement job's facts about an on-chain payout. Each command is safe to repeat: the job
 * may crash after appending and before acknowledging, so a retry of the same fact changes nothing,
 * while a different fact that could lead to a second payout is a conflict.
 */

export const OTHER_PAYOUT_SIGNED_MESSAGE =
  'Another payout transaction is already signed for this withdrawal; record its failure before signing a new one.';
export const PAYOUT_ALREADY_FAILED_MESSAGE = 'This payout transaction already failed; sign a new one.';
export const PAYOUT_MISMATCH_MESSAGE = "The signed payout does not match the withdrawal's amount, network or destination.";
export const NO_SUCH_PAYOUT_MESSAGE = 'No signed payout with this transaction hash is in flight for this withdrawal.';
export const FAILURE_NEEDS_HASH_MESSAGE = 'A payout is signed for this withdrawal; its failure must name its transaction hash.';

/** "Only an approved withdrawal can be signed for payout; this one is pending." */
export const notPayableMessage = (action: string, status: WithdrawalStatus) =>
  `Only an approved withdrawal can be ${action}; this one is ${status}.`;

/** The payout already completed with this very transaction: a late retry of an earlier step. */
const completedWith = (w: Withdrawal, hash: string | null) => w.status === 'completed' && hash !== null && w.transactionHash === hash;

/**
 * Only an approved withdrawal can be signed, for exactly its amount, network and destination. While
 * a signed payout is in flight, the same hash again is a retry ([]); another hash could pay twice (409).
 */
export function recordSettlementSigned(command: RecordWithdrawalSettlementSigned, state: AccountState): AccountEvent[] {
  const { data, metadata } = command;
  const withdrawal = withdrawalOf(state, data.withdrawalId);
  if (completedWith(withdrawal, data.transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('signed for payout', withdrawal.status));
  const attempt = withdrawal.signedAttempt;
  if (attempt !== null) {
    if (attempt.transactionHash === data.transactionHash) return [];
    throw new ConflictError(OTHER_PAYOUT_SIGNED_MESSAGE);
  }
  if (withdrawal.failedTransactionHashes.includes(data.transactionHash)) throw new ConflictError(PAYOUT_ALREADY_FAILED_MESSAGE);
  const { destination } = withdrawal;
  const matches =
    data.amountMicro === withdrawal.amountMicro &&
    data.network === destination.network &&
    data.toAddress.toLowerCase() === destination.address.toLowerCase();
  if (!matches) throw new ConflictError(PAYOUT_MISMATCH_MESSAGE);
  const { withdrawalId, userId, network, fromAddress, toAddress, nonce, transactionHash, signedTransaction } = data;
  return [
    {
      type: 'WithdrawalSettlementSigned',
      data: {
        withdrawalId,
        userId,
        network,
        fromAddress,
        toAddress,
        amountMicro: toMicroText(data.amountMicro),
        nonce,
        transactionHash,
        signedTransaction,
        signedAt: metadata.now,
      },
    },
  ];
}

/** The signed payout in flight was sent; sending it again (or after completion) changes nothing. */
export function recordSettlementBroadcast(command: RecordWithdrawalSettlementBroadcast, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (completedWith(withdrawal, transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('broadcast', withdrawal.status));
  const attempt = withdrawal.signedAttempt;
  if (attempt === null || attempt.transactionHash !== transactionHash) throw new ConflictError(NO_SUCH_PAYOUT_MESSAGE);
  if (attempt.broadcast) return [];
  return [{ type: 'WithdrawalSettlementBroadcast', data: { withdrawalId, userId, transactionHash, broadcastAt: command.metadata.now } }];
}

/**
 * A payout attempt failed: the in-flight attempt is cleared so the job (or an admin) may try again.
 * A failure with no hash means nothing was signed, so it is refused while an attempt is in flight.
 * Reporting an already recorded failure again changes nothing.
 */
export function recordSettlementFailed(command: RecordWithdrawalSettlementFailed, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash, reason, retryable } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (transactionHash !== null && withdrawal.failedTransactionHashes.includes(transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('marked as failed', withdrawal.status));
  const attempt = withdrawal.signedAttempt;
  if (transactionHash === null) {
    if (attempt !== null) throw new ConflictError(FAILURE_NEEDS_HASH_MESSAGE);
    if (withdrawal.lastUnsignedFailureReason === reason) return [];
  } else if (attempt?.transactionHash !== transactionHash) {
    throw new ConflictError(NO_SUCH_PAYOUT_MESSAGE);
  }
  return [{ type: 'WithdrawalSettlementFailed', data: { withdrawalId, userId, transactionHash, reason, retryable, failedAt: command.metadata.now } }];
}
