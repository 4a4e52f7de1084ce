import {
  toMicroText,
  type RecordWithdrawalSettlementBroadcast,
  type RecordWithdrawalSettlementDelayed,
  type RecordWithdrawalSettlementFailed,
  type RecordWithdrawalSettlementReplaced,
  type RecordWithdrawalSettlementSigned,
  type RetryWithdrawalPayout,
  type WithdrawalStatus,
} from '@concierge/contracts';
import { ConflictError } from '@concierge/platform/errors';
import { inFlightAttempts, withdrawalOf, type AccountEvent, type AccountState, type SignedAttempt, type Withdrawal } from './account.js';

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
export const PAYOUT_HALTED_MESSAGE = 'The last payout of this withdrawal failed; an admin must retry or reject it before a new one is signed.';
export const REPLACEMENT_OUTDATED_MESSAGE = 'The payout was already replaced by another transaction; replace the newest one.';
export const REPLACEMENT_NONCE_MESSAGE = 'A replacement must reuse the nonce of the payout it replaces.';
export const REPLACEMENT_FEE_MESSAGE = 'A replacement must raise both the fee cap and the priority fee by at least 10%.';
export const NOTHING_TO_RETRY_MESSAGE = 'Only a withdrawal whose payout failed can be retried.';

/** EIP-1559 replacement rule of geth and hardhat: each fee at least 10% above the one replaced. */
export const minimumReplacementFee = (fee: bigint) => fee + (fee + 9n) / 10n;

/** "Only an approved withdrawal can be signed for payout; this one is pending." */
export const notPayableMessage = (action: string, status: WithdrawalStatus) =>
  `Only an approved withdrawal can be ${action}; this one is ${status}.`;

/** The payout already completed with this very transaction: a late retry of an earlier step. */
const completedWith = (w: Withdrawal, hash: string | null) => w.status === 'completed' && hash !== null && w.transactionHash === hash;

const inFlight = (w: Withdrawal, hash: string): SignedAttempt | undefined => inFlightAttempts(w).find((a) => a.transactionHash === hash);

/**
 * Only an approved withdrawal can be signed, for exactly its amount, network and destination. While
 * a signed payout is in flight, the same hash again is a retry ([]); another hash could pay twice (409).
 */
export function decideSettlementSigned(command: RecordWithdrawalSettlementSigned, state: AccountState): AccountEvent[] {
  const { data, metadata } = command;
  const withdrawal = withdrawalOf(state, data.withdrawalId);
  if (completedWith(withdrawal, data.transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('signed for payout', withdrawal.status));
  if (withdrawal.signedAttempt !== null) {
    if (inFlight(withdrawal, data.transactionHash)) return [];
    throw new ConflictError(OTHER_PAYOUT_SIGNED_MESSAGE);
  }
  if (withdrawal.haltedReason !== null) throw new ConflictError(PAYOUT_HALTED_MESSAGE);
  if (withdrawal.failedTransactionHashes.includes(data.transactionHash)) throw new ConflictError(PAYOUT_ALREADY_FAILED_MESSAGE);
  const { destination } = withdrawal;
  const matches =
    data.amountMicro === withdrawal.amountMicro &&
    data.network === destination.network &&
    data.toAddress.toLowerCase() === destination.address.toLowerCase();
  if (!matches) throw new ConflictError(PAYOUT_MISMATCH_MESSAGE);
  const { withdrawalId, userId, network, fromAddress, toAddress, nonce, transactionHash, signedTransaction } = data;
  const fees =
    data.maxFeePerGas !== undefined && data.maxPriorityFeePerGas !== undefined
      ? { maxFeePerGas: data.maxFeePerGas.toString(), maxPriorityFeePerGas: data.maxPriorityFeePerGas.toString() }
      : {};
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
        ...fees,
        signedAt: metadata.now,
      },
    },
  ];
}

/** The signed payout in flight was sent; sending it again (or after completion) changes nothing. */
export function decideSettlementBroadcast(command: RecordWithdrawalSettlementBroadcast, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (completedWith(withdrawal, transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('broadcast', withdrawal.status));
  const attempt = inFlight(withdrawal, transactionHash);
  if (attempt === undefined) throw new ConflictError(NO_SUCH_PAYOUT_MESSAGE);
  if (attempt.broadcast) return [];
  return [{ type: 'WithdrawalSettlementBroadcast', data: { withdrawalId, userId, transactionHash, broadcastAt: command.metadata.now } }];
}

/**
 * A payout attempt failed: the in-flight attempt is cleared so the job (or an admin) may try again.
 * A failure with no hash means nothing was signed, so it is refused while an attempt is in flight.
 * Reporting an already recorded failure again changes nothing.
 */
export function decideSettlementFailed(command: RecordWithdrawalSettlementFailed, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash, reason, retryable } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (transactionHash !== null && withdrawal.failedTransactionHashes.includes(transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('marked as failed', withdrawal.status));
  const attempt = withdrawal.signedAttempt;
  if (transactionHash === null) {
    if (attempt !== null) throw new ConflictError(FAILURE_NEEDS_HASH_MESSAGE);
    if (withdrawal.lastUnsignedFailureReason === reason) return [];
  } else if (!inFlight(withdrawal, transactionHash)) {
    throw new ConflictError(NO_SUCH_PAYOUT_MESSAGE);
  }
  return [{ type: 'WithdrawalSettlementFailed', data: { withdrawalId, userId, transactionHash, reason, retryable, failedAt: command.metadata.now } }];
}

/**
 * The newest payout transaction is outbid by one of the same nonce with both fees raised by the
 * replacement minimum. Recording the same replacement again changes nothing; replacing an older
 * transaction than the newest means another runner replaced first (409).
 */
export function decideSettlementReplaced(command: RecordWithdrawalSettlementReplaced, state: AccountState): AccountEvent[] {
  const { data, metadata } = command;
  const withdrawal = withdrawalOf(state, data.withdrawalId);
  if (completedWith(withdrawal, data.transactionHash)) return [];
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('replaced', withdrawal.status));
  if (inFlight(withdrawal, data.transactionHash)) return [];
  const newest = withdrawal.signedAttempt;
  if (newest === null || !inFlight(withdrawal, data.replacesTransactionHash)) throw new ConflictError(NO_SUCH_PAYOUT_MESSAGE);
  if (newest.transactionHash !== data.replacesTransactionHash) throw new ConflictError(REPLACEMENT_OUTDATED_MESSAGE);
  if (newest.nonce !== data.nonce) throw new ConflictError(REPLACEMENT_NONCE_MESSAGE);
  const outbids =
    newest.maxFeePerGas === null ||
    newest.maxPriorityFeePerGas === null ||
    (data.maxFeePerGas >= minimumReplacementFee(newest.maxFeePerGas) && data.maxPriorityFeePerGas >= minimumReplacementFee(newest.maxPriorityFeePerGas));
  if (!outbids) throw new ConflictError(REPLACEMENT_FEE_MESSAGE);
  const { withdrawalId, userId, nonce, transactionHash, signedTransaction, replacesTransactionHash } = data;
  return [
    {
      type: 'WithdrawalSettlementReplaced',
      data: {
        withdrawalId,
        userId,
        nonce,
        transactionHash,
        signedTransaction,
        maxFeePerGas: data.maxFeePerGas.toString(),
        maxPriorityFeePerGas: data.maxPriorityFeePerGas.toString(),
        replacesTransactionHash,
        signedAt: metadata.now,
      },
    },
  ];
}

/** The newest payout transaction is stuck at the fee ceiling; said once per transaction, however often the job looks. */
export function decideSettlementDelayed(command: RecordWithdrawalSettlementDelayed, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash, reason } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (withdrawal.status !== 'approved') return [];
  if (withdrawal.signedAttempt?.transactionHash !== transactionHash) throw new ConflictError(NO_SUCH_PAYOUT_MESSAGE);
  if (withdrawal.delayedTransactionHash === transactionHash) return [];
  return [{ type: 'WithdrawalSettlementDelayed', data: { withdrawalId, userId, transactionHash, reason, delayedAt: command.metadata.now } }];
}

/**
 * An admin asks for a new payout after one failed for good (it reverted, or could not be paid on
 * this network). The amount stayed reserved all along. Asking twice before the job signs is one request.
 */
export function decideRetryWithdrawalPayout(command: RetryWithdrawalPayout, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (withdrawal.status !== 'approved') throw new ConflictError(notPayableMessage('retried', withdrawal.status));
  if (withdrawal.retryRequested) return [];
  if (withdrawal.haltedReason === null) throw new ConflictError(NOTHING_TO_RETRY_MESSAGE);
  return [{ type: 'WithdrawalPayoutRetried', data: { withdrawalId, userId, retriedAt: command.metadata.now } }];
}
