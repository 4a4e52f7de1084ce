import { z } from 'zod';
import { EvmAddressText, NETWORKS, TransactionHashText } from '../shared/chain.js';
import { defineCommand } from '../shared/command.js';
import { EntityId } from '../shared/fields.js';
import { SettlementKind, WithdrawalDestination } from './fields.js';

/** Withdrawal commands on `account-<userId>`. */
const target = { userId: EntityId, withdrawalId: EntityId };

/** The handler resolves the destination (chosen or primary address) before deciding. */
export const RequestWithdrawal = defineCommand('RequestWithdrawal', {
  ...target,
  amountMicro: z.bigint().positive(),
  asset: z.literal('USDC'),
  destination: WithdrawalDestination,
});
export const ApproveWithdrawal = defineCommand('ApproveWithdrawal', target);
export const RejectWithdrawal = defineCommand('RejectWithdrawal', { ...target, reason: z.string().min(1) });
export const CancelWithdrawal = defineCommand('CancelWithdrawal', { ...target, reason: z.string().nullable() });
/** An admin enters the payout hash (`manual`), or the settlement job saw the receipt (`onChain`). */
export const CompleteWithdrawal = defineCommand('CompleteWithdrawal', {
  ...target,
  transactionHash: TransactionHashText,
  settlement: SettlementKind,
});
/** An admin enters the payout hash of a pending withdrawal: approved and completed in one decision, so never only half done. */
export const ApproveAndCompleteWithdrawal = defineCommand('ApproveAndCompleteWithdrawal', {
  ...target,
  transactionHash: TransactionHashText,
  settlement: SettlementKind,
});

/** The settlement job signed the payout transaction. */
export const RecordWithdrawalSettlementSigned = defineCommand('RecordWithdrawalSettlementSigned', {
  ...target,
  network: z.enum(NETWORKS),
  fromAddress: EvmAddressText,
  toAddress: EvmAddressText,
  amountMicro: z.bigint().positive(),
  nonce: z.number().int().nonnegative(),
  transactionHash: TransactionHashText,
  signedTransaction: z.string().regex(/^0x[0-9a-f]+$/),
  maxFeePerGas: z.bigint().positive().optional(),
  maxPriorityFeePerGas: z.bigint().nonnegative().optional(),
});
/** The settlement job re-signed the payout in flight with the same nonce and higher fees. */
export const RecordWithdrawalSettlementReplaced = defineCommand('RecordWithdrawalSettlementReplaced', {
  ...target,
  nonce: z.number().int().nonnegative(),
  transactionHash: TransactionHashText,
  signedTransaction: z.string().regex(/^0x[0-9a-f]+$/),
  maxFeePerGas: z.bigint().positive(),
  maxPriorityFeePerGas: z.bigint().nonnegative(),
  replacesTransactionHash: TransactionHashText,
});
/** The payout in flight is stuck below the market fee and the fee ceiling forbids outbidding it. */
export const RecordWithdrawalSettlementDelayed = defineCommand('RecordWithdrawalSettlementDelayed', {
  ...target,
  transactionHash: TransactionHashText,
  reason: z.string().min(1),
});
/** An admin asks for a new payout of an approved withdrawal whose payout failed. */
export const RetryWithdrawalPayout = defineCommand('RetryWithdrawalPayout', target);
export const RecordWithdrawalSettlementBroadcast = defineCommand('RecordWithdrawalSettlementBroadcast', {
  ...target,
  transactionHash: TransactionHashText,
});
export const RecordWithdrawalSettlementFailed = defineCommand('RecordWithdrawalSettlementFailed', {
  ...target,
  transactionHash: TransactionHashText.nullable(),
  reason: z.string().min(1),
  retryable: z.boolean(),
});

export const withdrawalCommands = {
  RequestWithdrawal,
  ApproveWithdrawal,
  RejectWithdrawal,
  CancelWithdrawal,
  CompleteWithdrawal,
  ApproveAndCompleteWithdrawal,
  RecordWithdrawalSettlementSigned,
  RecordWithdrawalSettlementReplaced,
  RecordWithdrawalSettlementBroadcast,
  RecordWithdrawalSettlementDelayed,
  RecordWithdrawalSettlementFailed,
  RetryWithdrawalPayout,
} as const;

export type RequestWithdrawal = z.infer<typeof RequestWithdrawal>;
export type ApproveWithdrawal = z.infer<typeof ApproveWithdrawal>;
export type RejectWithdrawal = z.infer<typeof RejectWithdrawal>;
export type CancelWithdrawal = z.infer<typeof CancelWithdrawal>;
export type CompleteWithdrawal = z.infer<typeof CompleteWithdrawal>;
export type ApproveAndCompleteWithdrawal = z.infer<typeof ApproveAndCompleteWithdrawal>;
export type RecordWithdrawalSettlementSigned = z.infer<typeof RecordWithdrawalSettlementSigned>;
export type RecordWithdrawalSettlementReplaced = z.infer<typeof RecordWithdrawalSettlementReplaced>;
export type RecordWithdrawalSettlementDelayed = z.infer<typeof RecordWithdrawalSettlementDelayed>;
export type RetryWithdrawalPayout = z.infer<typeof RetryWithdrawalPayout>;
export type RecordWithdrawalSettlementBroadcast = z.infer<typeof RecordWithdrawalSettlementBroadcast>;
export type RecordWithdrawalSettlementFailed = z.infer<typeof RecordWithdrawalSettlementFailed>;
export type WithdrawalCommand = z.infer<(typeof withdrawalCommands)[keyof typeof withdrawalCommands]>;
