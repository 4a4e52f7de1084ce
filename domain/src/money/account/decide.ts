import {
  feeMicro,
  formatMicroUsdc,
  type ApproveAndCompleteWithdrawal,
  MIN_AMOUNT_MICRO,
  toMicroText,
  WITHDRAWAL_AMOUNT_MESSAGE,
  type ApproveWithdrawal,
  type CancelWithdrawal,
  type CommandMetadata,
  type CompleteWithdrawal,
  type RecordDeposit,
  type RecordDetectedDeposit,
  type RejectWithdrawal,
  type RecordWithdrawalSettlementBroadcast,
  type RecordWithdrawalSettlementDelayed,
  type RecordWithdrawalSettlementFailed,
  type RecordWithdrawalSettlementReplaced,
  type RecordWithdrawalSettlementSigned,
  type RequestWithdrawal,
  type RetryWithdrawalPayout,
  type WithdrawalStatus,
} from '@concierge/contracts';
import { ConflictError, ValidationError } from '@concierge/platform/errors';
import { CONTENDED_RETRY, defineAggregate } from '../../shared/aggregate.js';
import { accountStreamId, evolveAccount, inFlightAttempts, initialAccountState, withdrawalOf, type AccountEvent, type AccountState } from './account.js';
import {
  decideSettlementBroadcast,
  decideSettlementDelayed,
  decideSettlementFailed,
  decideSettlementReplaced,
  decideSettlementSigned,
  decideRetryWithdrawalPayout,
} from './settlement.js';

export { WITHDRAWAL_NOT_FOUND_MESSAGE } from './account.js';
export * from './settlement.js';

/** The commands decided on `account-<userId>`, in the contracts' `{ type, data, metadata }` shape. */
export type AccountCommand =
  | RecordDeposit
  | RecordDetectedDeposit
  | RequestWithdrawal
  | ApproveWithdrawal
  | RejectWithdrawal
  | CancelWithdrawal
  | CompleteWithdrawal
  | ApproveAndCompleteWithdrawal
  | RecordWithdrawalSettlementSigned
  | RecordWithdrawalSettlementReplaced
  | RecordWithdrawalSettlementBroadcast
  | RecordWithdrawalSettlementDelayed
  | RecordWithdrawalSettlementFailed
  | RetryWithdrawalPayout;

export const DEPOSIT_AMOUNT_MESSAGE = `Amount must be at least ${formatMicroUsdc(MIN_AMOUNT_MICRO)} USDC`;
export const REJECTION_REASON_REQUIRED_MESSAGE = 'Rejection reason is required';
export const TRANSACTION_HASH_REQUIRED_MESSAGE = 'Transaction hash is required';
export const DEPOSIT_ID_CLASH_MESSAGE = 'This deposit was already recorded with different details.';
export const WITHDRAWAL_ID_CLASH_MESSAGE = 'This withdrawal was already requested with different details.';
export const REJECTED_OTHERWISE_MESSAGE = 'This withdrawal was already rejected with a different reason.';
export const COMPLETED_OTHERWISE_MESSAGE = 'This withdrawal was already completed with a different transaction hash.';
export const PAYOUT_IN_FLIGHT_MESSAGE = 'This withdrawal is being paid out; it can only be cancelled if the payout fails.';
export const COMPLETED_IN_FLIGHT_MESSAGE =
  'This withdrawal is being paid out on chain with another transaction; complete it with that hash or wait until the payout fails.';
export const COMPLETED_WITH_FAILED_MESSAGE = 'This transaction failed as a payout of this withdrawal (it paid nothing); enter the hash of the payment that arrived.';

export const insufficientBalanceMessage = (availableMicro: bigint) =>
  `Insufficient available balance: you can withdraw up to ${formatMicroUsdc(availableMicro)} USDC.`;

/** "Only a pending withdrawal can be approved; this one is completed." */
export const wrongStatusMessage = (required: string, action: string, status: WithdrawalStatus) =>
  `Only ${required} withdrawal can be ${action}; this one is ${status}.`;

/** Members act as a `user` actor whose role is not admin; admins and the platform itself may do more. */
const isMember = (metadata: CommandMetadata) => metadata.actor.type === 'user' && metadata.actor.role !== 'admin';

/**
 * Credits amount - fee, the fee being `feeMicro` (exact bigint, rounded half-up, never above the amount).
 * Idempotent: the same deposit id with the same hash and amount returns []; with other facts it is a conflict.
 */
export function decideRecordDeposit(command: RecordDeposit | RecordDetectedDeposit, state: AccountState): AccountEvent[] {
  const { data, metadata } = command;
  const known = state.deposits.get(data.depositId);
  if (known !== undefined) {
    if (known.transactionHash === data.transactionHash && known.amountMicro === data.amountMicro) return [];
    throw new ConflictError(DEPOSIT_ID_CLASH_MESSAGE);
  }
  if (data.amountMicro < MIN_AMOUNT_MICRO) throw new ValidationError([{ field: 'amountUSD', message: DEPOSIT_AMOUNT_MESSAGE }]);
  const credit = {
    depositId: data.depositId,
    userId: data.userId,
    transactionHash: data.transactionHash,
    amountMicro: toMicroText(data.amountMicro),
    feePercentageAtDeposit: data.feePercentage,
    feeMicro: toMicroText(feeMicro(data.amountMicro, data.feePercentage)),
    planId: data.planId,
    timestamp: data.timestamp,
  };
  if (command.type === 'RecordDeposit') return [{ type: 'DepositRecorded', data: { ...credit, recordedAt: metadata.now } }];
  const { network, blockNumber, logIndex, fromAddress, toAddress } = command.data;
  return [
    { type: 'DepositDetected', data: { ...credit, network, blockNumber, logIndex, fromAddress, toAddress, detectedAt: metadata.now } },
  ];
}

/**
 * Reserves the amount out of the available balance; never more than is available.
 * Idempotent: the same id with the same amount and address returns [] (a retried submit); otherwise a conflict.
 */
export function decideRequestWithdrawal(command: RequestWithdrawal, state: AccountState): AccountEvent[] {
  const { data, metadata } = command;
  const known = state.withdrawals.get(data.withdrawalId);
  if (known !== undefined) {
    if (known.amountMicro === data.amountMicro && known.destination.address === data.destination.address) return [];
    throw new ConflictError(WITHDRAWAL_ID_CLASH_MESSAGE);
  }
  if (data.amountMicro < MIN_AMOUNT_MICRO) throw new ValidationError([{ field: 'amount', message: WITHDRAWAL_AMOUNT_MESSAGE }]);
  const available = state.availableMicro > 0n ? state.availableMicro : 0n;
  if (data.amountMicro > available) throw new ConflictError(insufficientBalanceMessage(available));
  const { withdrawalId, userId, asset, destination } = data;
  return [
    {
      type: 'WithdrawalRequested',
      data: { withdrawalId, userId, amountMicro: toMicroText(data.amountMicro), asset, destination, requestedAt: metadata.now },
    },
  ];
}

/** Idempotent: approving an approved withdrawal returns [] whoever asks (the event records no per-approver fact). */
export function decideApproveWithdrawal(command: ApproveWithdrawal, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (withdrawal.status === 'approved') return [];
  if (withdrawal.status !== 'pending') throw new ConflictError(wrongStatusMessage('a pending', 'approved', withdrawal.status));
  return [{ type: 'WithdrawalApproved', data: { withdrawalId, userId, approvedAt: command.metadata.now } }];
}

/**
 * Rejects a pending withdrawal, or an approved one whose payout failed for good (the admin gives
 * up on paying it). Idempotent: rejecting a rejected withdrawal with the same reason returns []; a
 * different reason is a conflict.
 */
export function decideRejectWithdrawal(command: RejectWithdrawal, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, reason } = command.data;
  if (reason.trim() === '') throw new ValidationError([{ field: 'rejectionReason', message: REJECTION_REASON_REQUIRED_MESSAGE }]);
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (withdrawal.status === 'rejected') {
    if (withdrawal.rejectionReason === reason) return [];
    throw new ConflictError(REJECTED_OTHERWISE_MESSAGE);
  }
  const payoutFailed = withdrawal.status === 'approved' && withdrawal.haltedReason !== null && withdrawal.signedAttempt === null;
  if (withdrawal.status !== 'pending' && !payoutFailed) throw new ConflictError(wrongStatusMessage('a pending', 'rejected', withdrawal.status));
  return [{ type: 'WithdrawalRejected', data: { withdrawalId, userId, reason, rejectedAt: command.metadata.now } }];
}

/**
 * A member may cancel only while pending; an admin (or the platform) also while approved, unless a
 * signed payout has not failed. Idempotent: cancelling a cancelled withdrawal returns [] (the reason is only a note).
 */
export function decideCancelWithdrawal(command: CancelWithdrawal, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, reason } = command.data;
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (withdrawal.status === 'cancelled') return [];
  if (isMember(command.metadata)) {
    if (withdrawal.status !== 'pending') throw new ConflictError(wrongStatusMessage('a pending', 'cancelled', withdrawal.status));
  } else if (!(withdrawal.status === 'pending' || withdrawal.status === 'approved')) {
    throw new ConflictError(wrongStatusMessage('a pending or approved', 'cancelled', withdrawal.status));
  }
  if (withdrawal.signedAttempt !== null) throw new ConflictError(PAYOUT_IN_FLIGHT_MESSAGE);
  return [{ type: 'WithdrawalCancelled', data: { withdrawalId, userId, reason, cancelledAt: command.metadata.now } }];
}

/** Idempotent: completing a completed withdrawal with the same hash returns []; a different hash is a conflict. */
export function decideCompleteWithdrawal(command: CompleteWithdrawal, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash, settlement } = command.data;
  if (transactionHash.trim() === '') {
    throw new ValidationError([{ field: 'transactionHash', message: TRANSACTION_HASH_REQUIRED_MESSAGE }]);
  }
  const withdrawal = withdrawalOf(state, withdrawalId);
  if (withdrawal.status === 'completed') {
    if (withdrawal.transactionHash === transactionHash) return [];
    throw new ConflictError(COMPLETED_OTHERWISE_MESSAGE);
  }
  if (withdrawal.status !== 'approved') throw new ConflictError(wrongStatusMessage('an approved', 'completed', withdrawal.status));
  // A signed payout may still land on chain: completing with another hash could pay the member twice.
  const attempts = inFlightAttempts(withdrawal);
  if (attempts.length > 0 && !attempts.some((a) => a.transactionHash === transactionHash)) throw new ConflictError(COMPLETED_IN_FLIGHT_MESSAGE);
  if (withdrawal.failedTransactionHashes.includes(transactionHash)) throw new ConflictError(COMPLETED_WITH_FAILED_MESSAGE);
  return [{ type: 'WithdrawalCompleted', data: { withdrawalId, userId, transactionHash, settlement, completedAt: command.metadata.now } }];
}

/**
 * The admin's Complete modal on a withdrawal that may still be pending: approval, then completion
 * decided on the approved state, as one decision whose events are appended together. Refused as a
 * whole when either step is; each step keeps its own idempotency.
 */
export function decideApproveAndCompleteWithdrawal(command: ApproveAndCompleteWithdrawal, state: AccountState): AccountEvent[] {
  const { withdrawalId, userId, transactionHash, settlement } = command.data;
  const approved = decideApproveWithdrawal({ type: 'ApproveWithdrawal', data: { withdrawalId, userId }, metadata: command.metadata }, state);
  const complete: CompleteWithdrawal = { type: 'CompleteWithdrawal', data: { withdrawalId, userId, transactionHash, settlement }, metadata: command.metadata };
  return [...approved, ...decideCompleteWithdrawal(complete, approved.reduce(evolveAccount, state))];
}

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RecordDeposit':
    case 'RecordDetectedDeposit':
      return decideRecordDeposit(command, state);
    case 'RequestWithdrawal':
      return decideRequestWithdrawal(command, state);
    case 'ApproveWithdrawal':
      return decideApproveWithdrawal(command, state);
    case 'RejectWithdrawal':
      return decideRejectWithdrawal(command, state);
    case 'CancelWithdrawal':
      return decideCancelWithdrawal(command, state);
    case 'CompleteWithdrawal':
      return decideCompleteWithdrawal(command, state);
    case 'ApproveAndCompleteWithdrawal':
      return decideApproveAndCompleteWithdrawal(command, state);
    case 'RecordWithdrawalSettlementSigned':
      return decideSettlementSigned(command, state);
    case 'RecordWithdrawalSettlementReplaced':
      return decideSettlementReplaced(command, state);
    case 'RecordWithdrawalSettlementBroadcast':
      return decideSettlementBroadcast(command, state);
    case 'RecordWithdrawalSettlementDelayed':
      return decideSettlementDelayed(command, state);
    case 'RecordWithdrawalSettlementFailed':
      return decideSettlementFailed(command, state);
    case 'RetryWithdrawalPayout':
      return decideRetryWithdrawalPayout(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown account command ${String((unexpected as { type: unknown }).type)}`);
    }
  }
}

/**
 * `account-<userId>`: many requests of one member decide on it at once, so a lost race is decided
 * again often. Bump the snapshot version whenever `evolveAccount` or `AccountState` changes.
 */
export const accountAggregate = defineAggregate({
  streamOf: accountStreamId,
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
  retry: CONTENDED_RETRY,
  snapshot: { name: 'account', version: 2 },
});
