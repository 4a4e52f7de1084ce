import type { JsonRpcProvider, Wallet } from 'ethers';
import type { Logger } from 'pino';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';
import type { ChainSettings } from '../../chain/config.js';

/** Points where a test can make the job die, as a crash or a lost worker would. */
export interface SettlementCrashPoints {
  /** After the signed transaction is recorded, before it is sent. */
  afterSigned?(attempt: { transactionHash: string }): Promise<void> | void;
  /** After it is sent, before its confirmations are awaited. */
  afterSent?(attempt: { transactionHash: string }): Promise<void> | void;
  /** After a fee-raising replacement is recorded, before it is sent. */
  afterReplaced?(attempt: { transactionHash: string }): Promise<void> | void;
}

export interface SettlementDeps extends AggregateDeps {
  readonly provider: JsonRpcProvider;
  /** The hot wallet; it signs locally, the provider only sends. */
  readonly wallet: Wallet;
  readonly chain: ChainSettings;
  /** Longest wait for the confirmations; past it the job fails and is retried, which re-checks the transaction. */
  readonly confirmationTimeoutMs: number;
  /** Highest fee cap per gas (wei) a payout is signed or re-signed with (SETTLEMENT_MAX_FEE_GWEI). */
  readonly maxFeePerGas: bigint;
  readonly logger: Logger;
  readonly crashPoints?: SettlementCrashPoints;
}

export type SettlementOutcome =
  | { readonly kind: 'completed'; readonly transactionHash: string }
  /** Completed before (by an earlier run or by hand), cancelled, rejected or not approved: nothing to pay. */
  | { readonly kind: 'nothing-to-pay'; readonly status: string }
  /** Recorded as failed and left to an admin (retry, reject, or complete by hand). */
  | { readonly kind: 'failed'; readonly reason: string };
