import { z } from 'zod';
import { EvmAddressText, NETWORKS, TransactionHashText } from '../shared/chain.js';
import { EntityId, Instant } from '../shared/fields.js';
import { FeePercentageText, MicroUsdc } from '../shared/money.js';
import { UserRole, UserStatus } from '../users/fields.js';

/**
 * Stream `depositTx-<transactionHash>`, appended with "no stream" before crediting: a
 * transaction hash credits at most one deposit, whether an admin records it or the chain job detects it.
 */
export const DepositTransactionReserved = z.object({
  transactionHash: TransactionHashText,
  depositId: EntityId,
  userId: EntityId,
  reservedAt: Instant,
});

const credit = {
  depositId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText,
  amountMicro: MicroUsdc,
  /** The member's plan fee when the deposit was made; later plan edits do not change it. */
  feePercentageAtDeposit: FeePercentageText,
  /** `feeMicro(amountMicro, feePercentageAtDeposit)`, rounded half-up. The balance grows by amount - fee. */
  feeMicro: MicroUsdc,
  planId: EntityId.nullable(),
  /** When the transfer happened (admin-entered, or the block time). */
  timestamp: Instant,
};

/** Stream `account-<userId>`: an admin recorded a USDC deposit for the member (the actor is the admin). */
export const DepositRecorded = z.object({ ...credit, recordedAt: Instant });

/** Stream `account-<userId>`: the chain job saw a USDC transfer to the member's deposit address. */
export const DepositDetected = z.object({
  ...credit,
  network: z.enum(NETWORKS),
  blockNumber: z.number().int().nonnegative(),
  logIndex: z.number().int().nonnegative(),
  fromAddress: EvmAddressText,
  toAddress: EvmAddressText,
  detectedAt: Instant,
});

/**
 * Stream `heldDeposit-<depositId>` (the id the credit would have had), appended with "no stream":
 * deposit detection saw a transfer to the address of an account that is not an approved member
 * (pending, rejected, suspended, or staff) and credited nothing. The USDC stays at that address;
 * an admin records it with POST /deposits once the account is an approved member again.
 */
export const DepositNotCredited = z.object({
  depositId: EntityId,
  userId: EntityId,
  transactionHash: TransactionHashText,
  amountMicro: MicroUsdc,
  timestamp: Instant,
  network: z.enum(NETWORKS),
  blockNumber: z.number().int().nonnegative(),
  logIndex: z.number().int().nonnegative(),
  fromAddress: EvmAddressText,
  toAddress: EvmAddressText,
  reason: z.literal('recipient_not_member'),
  accountStatus: UserStatus,
  accountRole: UserRole,
  detectedAt: Instant,
});

/**
 * Stream `chainScan-<chainId>-<token>`: deposit detection credited every transfer of blocks
 * `fromBlock`..`toBlock` (inclusive). Appended after crediting, so a crash re-scans the range
 * (harmless: detected deposits are idempotent by transaction hash and log index).
 */
export const ChainScanAdvanced = z.object({
  chainId: z.number().int().positive(),
  tokenAddress: EvmAddressText,
  fromBlock: z.number().int().nonnegative(),
  toBlock: z.number().int().nonnegative(),
  /** Transfers to member addresses found in the range (each credited once, however often scanned). */
  transfers: z.number().int().nonnegative(),
  scannedAt: Instant,
});

export const depositEvents = { DepositTransactionReserved, DepositRecorded, DepositDetected, DepositNotCredited, ChainScanAdvanced } as const;

export type DepositTransactionReserved = z.infer<typeof DepositTransactionReserved>;
export type DepositRecorded = z.infer<typeof DepositRecorded>;
export type DepositDetected = z.infer<typeof DepositDetected>;
export type DepositNotCredited = z.infer<typeof DepositNotCredited>;
export type ChainScanAdvanced = z.infer<typeof ChainScanAdvanced>;
