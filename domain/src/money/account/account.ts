import {
  fromMicroText,
  streamName,
  type ACCOUNT_EVENT_TYPES,
  type DepositDetected,
  type DepositRecorded,
  type WithdrawalSettlementFailed,
  type WithdrawalStatus,
  type Network,
} from '@concierge/contracts';
import { NotFoundError } from '@concierge/platform/errors';
import type { EventOf } from '../../shared/event-union.js';
import { PersistentMap } from '../../shared/persistent-map.js';

/** `account-<userId>`: the member's money, the consistency boundary of the balance. */
export const accountStreamId = (userId: string) => streamName('account', userId);

/** Every event of the `account-<userId>` stream (deposits credited and the withdrawal lifecycle), as the contracts list them. */
export type AccountEvent = EventOf<(typeof ACCOUNT_EVENT_TYPES)[number]>;

/** What a repeated deposit command is compared with, to tell a retry from a clash. */
export interface CreditedDeposit {
  readonly transactionHash: string;
  readonly amountMicro: bigint;
  readonly feeMicro: bigint;
}

/** A signed payout transaction: enough to rebroadcast the very same transaction after a crash. */
export interface SignedAttempt {
  readonly transactionHash: string;
  readonly nonce: number;
  readonly signedTransaction: string;
  readonly broadcast: boolean;
  /** EIP-1559 fees (wei) it was signed with; null for a legacy transaction or an attempt recorded without them. */
  readonly maxFeePerGas: bigint | null;
  readonly maxPriorityFeePerGas: bigint | null;
}

export interface Withdrawal {
  readonly status: WithdrawalStatus;
  readonly amountMicro: bigint;
  /** Where the money goes, copied at request time (to pay it and to tell a retried request from another). */
  readonly destination: { readonly address: string; readonly network: Network };
  readonly rejectionReason: string | null;
  readonly transactionHash: string | null;
  /**
   * The latest signed payout that has not failed; null when none was signed or after a failure.
   * While it is set a payout may land on chain, so cancelling or paying otherwise could pay twice.
   */
  readonly signedAttempt: SignedAttempt | null;
  /**
   * Earlier transactions of the same nonce that `signedAttempt` outbid with a higher fee. Any of
   * them may still be the one mined, so each one's receipt counts until the nonce is spent.
   */
  readonly supersededAttempts: readonly SignedAttempt[];
  /** The in-flight transaction already reported as stuck at the fee ceiling, to recognise a repeated report. */
  readonly delayedTransactionHash: string | null;
  /** Why the last payout failed for good (a revert, another network): no new payout until an admin retries or rejects. */
  readonly haltedReason: string | null;
  /** An admin asked for a new payout and none was signed since. */
  readonly retryRequested: boolean;
  /** Hashes of payout attempts that failed, so a retried failure report changes nothing. */
  readonly failedTransactionHashes: readonly string[];
  /** The last failure without a transaction (nothing was signed), to recognise its retry. */
  readonly lastUnsignedFailureReason: string | null;
}

/**
 * All amounts are bigint micro-USDC. `balanceMicro` is every deposit net of its fee minus the
 * completed withdrawals; `reservedMicro` the pending and approved ones; `availableMicro` the rest.
 */
export interface AccountState {
  readonly balanceMicro: bigint;
  readonly reservedMicro: bigint;
  readonly availableMicro: bigint;
  /** Persistent maps: an event adds to them without copying a member's whole history. */
  readonly deposits: PersistentMap<CreditedDeposit>;
  readonly withdrawals: PersistentMap<Withdrawal>;
}

export const initialAccountState: AccountState = {
  balanceMicro: 0n,
  reservedMicro: 0n,
  availableMicro: 0n,
  deposits: PersistentMap.empty(),
  withdrawals: PersistentMap.empty(),
};

export const WITHDRAWAL_NOT_FOUND_MESSAGE = 'Withdrawal not found.';

/** The withdrawal a command is about; a 404 when this account holds no such id. */
export function withdrawalOf(state: AccountState, withdrawalId: string): Withdrawal {
  const withdrawal = state.withdrawals.get(withdrawalId);
  if (withdrawal === undefined) throw new NotFoundError(WITHDRAWAL_NOT_FOUND_MESSAGE);
  return withdrawal;
}

/** The statuses whose amount is held back from the available balance. */
export const isReserved = (status: WithdrawalStatus): boolean => status === 'pending' || status === 'approved';

/** Keeps `availableMicro` derived from the two stored totals, so it can never drift from them. */
function withTotals(state: AccountState, balanceMicro: bigint, reservedMicro: bigint): AccountState {
  return { ...state, balanceMicro, reservedMicro, availableMicro: balanceMicro - reservedMicro };
}

function credit(state: AccountState, data: DepositRecorded | DepositDetected): AccountState {
  const amountMicro = fromMicroText(data.amountMicro);
  const fee = fromMicroText(data.feeMicro);
  const deposits = state.deposits.set(data.depositId, { transactionHash: data.transactionHash, amountMicro, feeMicro: fee });
  return withTotals({ ...state, deposits }, state.balanceMicro + amountMicro - fee, state.reservedMicro);
}

/** Applies a change to one known withdrawal; events about an unknown id change nothing. */
function update(state: AccountState, withdrawalId: string, change: (w: Withdrawal) => Withdrawal): AccountState {
  const current = state.withdrawals.get(withdrawalId);
  if (current === undefined) return state;
  const next = change(current);
  const withdrawals = state.withdrawals.set(withdrawalId, next);
  const released = isReserved(current.status) && !isReserved(next.status) ? current.amountMicro : 0n;
  const paidOut = current.status !== 'completed' && next.status === 'completed' ? current.amountMicro : 0n;
  return withTotals({ ...state, withdrawals }, state.balanceMicro - paidOut, state.reservedMicro - released);
}

/** Every transaction signed for the payout in flight, newest first; empty when none is. */
export function inFlightAttempts(w: Withdrawal): SignedAttempt[] {
  return w.signedAttempt === null ? [] : [w.signedAttempt, ...[...w.supersededAttempts].reverse()];
}

function failed(w: Withdrawal, data: WithdrawalSettlementFailed): Withdrawal {
  const hash = data.transactionHash;
  const cleared = {
    ...w,
    signedAttempt: null,
    supersededAttempts: [],
    delayedTransactionHash: null,
    retryRequested: false,
    haltedReason: data.retryable ? null : data.reason,
  };
  if (hash === null) return { ...cleared, lastUnsignedFailureReason: data.reason };
  // The nonce is spent or the transaction reverted: none of the transactions of that nonce can pay any more.
  const spent = [hash, ...inFlightAttempts(w).map((a) => a.transactionHash)].filter((h) => !w.failedTransactionHashes.includes(h));
  return { ...cleared, failedTransactionHashes: [...w.failedTransactionHashes, ...new Set(spent)] };
}

const markBroadcast = (a: SignedAttempt, hash: string): SignedAttempt => (a.transactionHash === hash ? { ...a, broadcast: true } : a);
const wei = (text: string | undefined) => (text === undefined ? null : BigInt(text));

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'DepositRecorded':
    case 'DepositDetected':
      return credit(state, event.data);
    case 'WithdrawalRequested': {
      const { withdrawalId, destination } = event.data;
      if (state.withdrawals.has(withdrawalId)) return state;
      const amountMicro = fromMicroText(event.data.amountMicro);
      const withdrawal: Withdrawal = {
        status: 'pending',
        amountMicro,
        destination: { address: destination.address, network: destination.network },
        rejectionReason: null,
        transactionHash: null,
        signedAttempt: null,
        supersededAttempts: [],
        delayedTransactionHash: null,
        haltedReason: null,
        retryRequested: false,
        failedTransactionHashes: [],
        lastUnsignedFailureReason: null,
      };
      const withdrawals = state.withdrawals.set(withdrawalId, withdrawal);
      return withTotals({ ...state, withdrawals }, state.balanceMicro, state.reservedMicro + amountMicro);
    }
    case 'WithdrawalApproved':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'approved' }));
    case 'WithdrawalRejected':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'rejected', rejectionReason: event.data.reason }));
    case 'WithdrawalCancelled':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'cancelled' }));
    case 'WithdrawalSettlementSigned':
    case 'WithdrawalSettlementReplaced': {
      const { transactionHash, nonce, signedTransaction } = event.data;
      const fees = { maxFeePerGas: wei(event.data.maxFeePerGas), maxPriorityFeePerGas: wei(event.data.maxPriorityFeePerGas) };
      const signedAttempt: SignedAttempt = { transactionHash, nonce, signedTransaction, broadcast: false, ...fees };
      return update(state, event.data.withdrawalId, (w) => {
        const superseded = event.type === 'WithdrawalSettlementReplaced' && w.signedAttempt !== null ? [...w.supersededAttempts, w.signedAttempt] : [];
        const signed = { ...w, signedAttempt, supersededAttempts: superseded, delayedTransactionHash: null };
        return { ...signed, haltedReason: null, retryRequested: false, lastUnsignedFailureReason: null };
      });
    }
    case 'WithdrawalSettlementBroadcast': {
      const hash = event.data.transactionHash;
      return update(state, event.data.withdrawalId, (w) =>
        w.signedAttempt === null
          ? w
          : { ...w, signedAttempt: markBroadcast(w.signedAttempt, hash), supersededAttempts: w.supersededAttempts.map((a) => markBroadcast(a, hash)) },
      );
    }
    case 'WithdrawalSettlementDelayed':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, delayedTransactionHash: event.data.transactionHash }));
    case 'WithdrawalSettlementFailed':
      return update(state, event.data.withdrawalId, (w) => failed(w, event.data));
    case 'WithdrawalPayoutRetried':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, haltedReason: null, retryRequested: true, lastUnsignedFailureReason: null }));
    case 'WithdrawalCompleted':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'completed', transactionHash: event.data.transactionHash }));
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
