import { z } from 'zod';
import { EvmAddressText, NETWORKS, TransactionHashText } from '../shared/chain.js';
import { defineCommand } from '../shared/command.js';
import { EntityId, Instant } from '../shared/fields.js';
import { FeePercentageText } from '../shared/money.js';

/**
 * Deposit commands on `account-<userId>`. The handler reserves the transaction hash first and
 * passes the member's current plan and its fee percentage; deciding computes the exact fee.
 */
const deposit = {
  depositId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText,
  amountMicro: z.bigint().positive(),
  timestamp: Instant,
  planId: EntityId.nullable(),
  /** '0' when the member has no plan. */
  feePercentage: FeePercentageText,
};

/** POST /deposits: an admin records a deposit for a member. */
export const RecordDeposit = defineCommand('RecordDeposit', deposit);

/** The chain job detected a transfer to a member's deposit address. */
export const RecordDetectedDeposit = defineCommand('RecordDetectedDeposit', {
  ...deposit,
  network: z.enum(NETWORKS),
  blockNumber: z.number().int().nonnegative(),
  logIndex: z.number().int().nonnegative(),
  fromAddress: EvmAddressText,
  toAddress: EvmAddressText,
});

export const depositCommands = { RecordDeposit, RecordDetectedDeposit } as const;

export type RecordDeposit = z.infer<typeof RecordDeposit>;
export type RecordDetectedDeposit = z.infer<typeof RecordDetectedDeposit>;
export type DepositCommand = z.infer<(typeof depositCommands)[keyof typeof depositCommands]>;
