import {
  type ApproveWithdrawal,
  type CancelWithdrawal,
  type CommandMetadata,
  type CompleteWithdrawal,
  type RecordDeposit,
  type RecordWithdrawalSettlementBroadcast,
  type RecordWithdrawalSettlementDelayed,
  type RecordWithdrawalSettlementFailed,
  type RecordWithdrawalSettlementReplaced,
  type RecordWithdrawalSettlementSigned,
  type RejectWithdrawal,
  type RequestWithdrawal,
  type RetryWithdrawalPayout,
} from '@concierge/contracts';
import { evolveAccount, initialAccountState, type AccountEvent } from './account.js';

/** Builders of account commands for the unit and property specs. */

export const USER_ID = 'u-1';
export const NOW = '2026-11-22T12:00:00.000Z';
export const ADDRESS = '0x1111111111111111111111111111111111111111';
export const txHash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

const member: CommandMetadata['actor'] = { type: 'user', userId: USER_ID, role: 'user' };
export const admin: CommandMetadata['actor'] = { type: 'user', userId: 'admin-1', role: 'admin' };

export const meta = (actor: CommandMetadata['actor'] = admin): CommandMetadata => ({
  actor,
  now: NOW,
  correlationId: 'corr-1',
  commandId: 'cmd-1',
});

export const recordDeposit = (depositId: string, amountMicro: bigint, feePercentage = '0', hash = 1): RecordDeposit => ({
  type: 'RecordDeposit',
  data: { depositId, userId: USER_ID, transactionHash: txHash(hash), amountMicro, timestamp: NOW, planId: null, feePercentage },
  metadata: meta(),
});

export const requestWithdrawal = (withdrawalId: string, amountMicro: bigint, address = ADDRESS): RequestWithdrawal => ({
  type: 'RequestWithdrawal',
  data: {
    withdrawalId,
    userId: USER_ID,
    amountMicro,
    asset: 'USDC',
    destination: { addressId: 'addr-1', label: 'Main', address, network: 'Avalanche' },
  },
  metadata: meta(member),
});

export const approve = (withdrawalId: string): ApproveWithdrawal => ({
  type: 'ApproveWithdrawal',
  data: { withdrawalId, userId: USER_ID },
  metadata: meta(),
});

export const reject = (withdrawalId: string, reason = 'Address not verified'): RejectWithdrawal => ({
  type: 'RejectWithdrawal',
  data: { withdrawalId, userId: USER_ID, reason },
  metadata: meta(),
});

export const cancel = (withdrawalId: string, by: 'member' | 'admin' = 'member'): CancelWithdrawal => ({
  type: 'CancelWithdrawal',
  data: { withdrawalId, userId: USER_ID, reason: null },
  metadata: meta(by === 'member' ? member : admin),
});

export const complete = (withdrawalId: string, hash = 99): CompleteWithdrawal => ({
  type: 'CompleteWithdrawal',
  data: { withdrawalId, userId: USER_ID, transactionHash: txHash(hash), settlement: 'manual' },
  metadata: meta(),
});

const settlementJob: CommandMetadata['actor'] = { type: 'system', reason: 'settlement' };
export const PLATFORM_ADDRESS = '0x2222222222222222222222222222222222222222';

export const sign = (
  withdrawalId: string,
  amountMicro: bigint,
  hash = 5,
  overrides: Partial<RecordWithdrawalSettlementSigned['data']> = {},
): RecordWithdrawalSettlementSigned => ({
  type: 'RecordWithdrawalSettlementSigned',
  data: {
    withdrawalId,
    userId: USER_ID,
    network: 'Avalanche',
    fromAddress: PLATFORM_ADDRESS,
    toAddress: ADDRESS,
    amountMicro,
    nonce: hash,
    transactionHash: txHash(hash),
    signedTransaction: `0xf8${hash.toString(16).padStart(4, '0')}`,
    ...overrides,
  },
  metadata: meta(settlementJob),
});

export const broadcast = (withdrawalId: string, hash = 5): RecordWithdrawalSettlementBroadcast => ({
  type: 'RecordWithdrawalSettlementBroadcast',
  data: { withdrawalId, userId: USER_ID, transactionHash: txHash(hash) },
  metadata: meta(settlementJob),
});

export const fail = (withdrawalId: string, hash: number | null = 5, reason = 'reverted'): RecordWithdrawalSettlementFailed => ({
  type: 'RecordWithdrawalSettlementFailed',
  data: { withdrawalId, userId: USER_ID, transactionHash: hash === null ? null : txHash(hash), reason, retryable: true },
  metadata: meta(settlementJob),
});

/** A payout that can never pay (it reverted): the job stops and an admin retries or rejects. */
export const failForGood = (withdrawalId: string, hash: number | null = 5, reason = 'reverted on chain'): RecordWithdrawalSettlementFailed => ({
  ...fail(withdrawalId, hash, reason),
  data: { ...fail(withdrawalId, hash, reason).data, retryable: false },
});

/** Re-signs the payout `replaces` with the same nonce (5) and these fees (wei). */
export const replace = (withdrawalId: string, hash: number, replaces: number, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }): RecordWithdrawalSettlementReplaced => ({
  type: 'RecordWithdrawalSettlementReplaced',
  data: {
    withdrawalId,
    userId: USER_ID,
    nonce: 5,
    transactionHash: txHash(hash),
    signedTransaction: `0xf8${hash.toString(16).padStart(4, '0')}`,
    ...fees,
    replacesTransactionHash: txHash(replaces),
  },
  metadata: meta(settlementJob),
});

export const delay = (withdrawalId: string, hash: number, reason = 'Payout delayed: the fee ceiling is reached.'): RecordWithdrawalSettlementDelayed => ({
  type: 'RecordWithdrawalSettlementDelayed',
  data: { withdrawalId, userId: USER_ID, transactionHash: txHash(hash), reason },
  metadata: meta(settlementJob),
});

export const retry = (withdrawalId: string): RetryWithdrawalPayout => ({ type: 'RetryWithdrawalPayout', data: { withdrawalId, userId: USER_ID }, metadata: meta() });

export const replay = (events: readonly AccountEvent[]) => events.reduce(evolveAccount, initialAccountState);
