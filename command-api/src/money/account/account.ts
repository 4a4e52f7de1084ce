import {
  fromMicroText,
  streamName,
  type DepositDetected,
  type DepositRecorded,
  type WithdrawalApproved,
  type WithdrawalCancelled,
  type WithdrawalCompleted,
  type WithdrawalRejected,
  type WithdrawalRequested,
  type WithdrawalSettlementBroadcast,
  type WithdrawalSettlementFailed,
  type WithdrawalSettlementSigned,
  type WithdrawalStatus,
} from '@concierge/contracts';

/** `account-<userId>`: the member's money, the consistency boundary of the balance. */
export const accountStreamId = (userId: string) => streamName('account', userId);

/** Every event of the `account-<userId>` stream (deposits credited and the withdrawal lifecycle). */
export type AccountEvent =
  | { type: 'DepositRecorded'; data: DepositRecorded }
  | { type: 'DepositDetected'; data: DepositDetected }
  | { type: 'WithdrawalRequested'; data: WithdrawalRequested }
  | { type: 'WithdrawalApproved'; data: WithdrawalApproved }
  | { type: 'WithdrawalRejected'; data: WithdrawalRejected }
  | { type: 'WithdrawalCancelled'; data: WithdrawalCancelled }
  | { type: 'WithdrawalSettlementSigned'; data: WithdrawalSettlementSigned }
  | { type: 'WithdrawalSettlementBroadcast'; data: WithdrawalSettlementBroadcast }
  | { type: 'WithdrawalSettlementFailed'; data: WithdrawalSettlementFailed }
  | { type: 'WithdrawalCompleted'; data: WithdrawalCompleted };

/** What a repeated deposit command is compared with, to tell a retry from a clash. */
export interface CreditedDeposit {
  readonly transactionHash: string;
  readonly amountMicro: bigint;
  readonly feeMicro: bigint;
}

export interface Withdrawal {
  readonly status: WithdrawalStatus;
  readonly amountMicro: bigint;
  /** The destination address at request time (to tell a retried request from a different one). */
  readonly address: string;
  readonly rejectionReason: string | null;
  readonly transactionHash: string | null;
  /** A payout was signed and has not failed since: cancelling now could pay twice. */
  readonly payoutInFlight: boolean;
}

/**
 * All amounts are bigint micro-USDC. `balanceMicro` is every deposit net of its fee minus the
 * completed withdrawals; `reservedMicro` the pending and approved ones; `availableMicro` the rest.
 */
export interface AccountState {
  readonly balanceMicro: bigint;
  readonly reservedMicro: bigint;
  readonly availableMicro: bigint;
  readonly deposits: ReadonlyMap<string, CreditedDeposit>;
  readonly withdrawals: ReadonlyMap<string, Withdrawal>;
}

export const initialAccountState: AccountState = {
  balanceMicro: 0n,
  reservedMicro: 0n,
  availableMicro: 0n,
  deposits: new Map(),
  withdrawals: new Map(),
};

/** The statuses whose amount is held back from the available balance. */
export const isReserved = (status: WithdrawalStatus): boolean => status === 'pending' || status === 'approved';

/** Keeps `availableMicro` derived from the two stored totals, so it can never drift from them. */
function withTotals(state: AccountState, balanceMicro: bigint, reservedMicro: bigint): AccountState {
  return { ...state, balanceMicro, reservedMicro, availableMicro: balanceMicro - reservedMicro };
}

function credit(state: AccountState, data: DepositRecorded | DepositDetected): AccountState {
  const amountMicro = fromMicroText(data.amountMicro);
  const fee = fromMicroText(data.feeMicro);
  const deposits = new Map(state.deposits).set(data.depositId, { transactionHash: data.transactionHash, amountMicro, feeMicro: fee });
  return withTotals({ ...state, deposits }, state.balanceMicro + amountMicro - fee, state.reservedMicro);
}

/** Applies a change to one known withdrawal; events about an unknown id change nothing. */
function update(state: AccountState, withdrawalId: string, change: (w: Withdrawal) => Withdrawal): AccountState {
  const current = state.withdrawals.get(withdrawalId);
  if (current === undefined) return state;
  const next = change(current);
  const withdrawals = new Map(state.withdrawals).set(withdrawalId, next);
  const released = isReserved(current.status) && !isReserved(next.status) ? current.amountMicro : 0n;
  const paidOut = current.status !== 'completed' && next.status === 'completed' ? current.amountMicro : 0n;
  return withTotals({ ...state, withdrawals }, state.balanceMicro - paidOut, state.reservedMicro - released);
}

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
        address: destination.address,
        rejectionReason: null,
        transactionHash: null,
        payoutInFlight: false,
      };
      const withdrawals = new Map(state.withdrawals).set(withdrawalId, withdrawal);
      return withTotals({ ...state, withdrawals }, state.balanceMicro, state.reservedMicro + amountMicro);
    }
    case 'WithdrawalApproved':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'approved' }));
    case 'WithdrawalRejected':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'rejected', rejectionReason: event.data.reason }));
    case 'WithdrawalCancelled':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, status: 'cancelled' }));
    case 'WithdrawalSettlementSigned':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, payoutInFlight: true }));
    case 'WithdrawalSettlementBroadcast':
      return state;
    case 'WithdrawalSettlementFailed':
      return update(state, event.data.withdrawalId, (w) => ({ ...w, payoutInFlight: false }));
    case 'WithdrawalCompleted':
      return update(state, event.data.withdrawalId, (w) => ({
        ...w,
        status: 'completed',
        transactionHash: event.data.transactionHash,
        payoutInFlight: false,
      }));
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
