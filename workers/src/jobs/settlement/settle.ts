import { randomUUID } from 'node:crypto';
import { isError, type JsonRpcProvider, type Wallet } from 'ethers';
import type { Logger } from 'pino';
import type { AccountCommand } from '@concierge/command-api/money/account/decide';
import type { SignedAttempt, Withdrawal } from '@concierge/command-api/money/account/account';
import { commandMetadata, handleAccountCommand, loadAccount } from '@concierge/command-api/money/account/handle';
import type { CommandContext } from '@concierge/command-api/shared/command-context';
import { ConflictError } from '@concierge/platform/errors';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ChainSettings } from '../../chain/config.js';
import { sendSigned, signTokenTransfer, waitForConfirmations } from '../../chain/hot-wallet.js';

export interface SettlementTarget {
  readonly userId: string;
  readonly withdrawalId: string;
}

/** Points where a test can make the job die, as a crash or a lost worker would. */
export interface SettlementCrashPoints {
  /** After the signed transaction is recorded, before it is sent. */
  afterSigned?(attempt: { transactionHash: string }): Promise<void> | void;
  /** After it is sent, before its confirmations are awaited. */
  afterSent?(attempt: { transactionHash: string }): Promise<void> | void;
}

export interface SettlementDeps {
  readonly eventStore: EventStore;
  readonly provider: JsonRpcProvider;
  /** The hot wallet; it signs locally, the provider only sends. */
  readonly wallet: Wallet;
  readonly chain: ChainSettings;
  /** Longest wait for the confirmations; past it the job fails and is retried, which re-checks the transaction. */
  readonly confirmationTimeoutMs: number;
  readonly logger: Logger;
  readonly crashPoints?: SettlementCrashPoints;
}

export type SettlementOutcome =
  | { readonly kind: 'completed'; readonly transactionHash: string }
  /** Completed before (by an earlier run or by hand), cancelled, rejected or not approved: nothing to pay. */
  | { readonly kind: 'nothing-to-pay'; readonly status: string }
  /** Recorded as failed and left to an admin (complete by hand or cancel). */
  | { readonly kind: 'failed'; readonly reason: string };

export const CANNOT_PAY_REASON =
  'The hot wallet cannot pay this withdrawal now (the USDC transfer would revert); it is retried. Top up the hot wallet, or complete it by hand.';

/** Signing anew after a dropped attempt is bounded, so a confused node cannot make the job loop. */
const MAX_ATTEMPTS_PER_RUN = 3;

/**
 * Pays an approved withdrawal from the hot wallet exactly once, however often it runs or dies:
 * a signed transaction is recorded before it is sent, and a run that finds one follows it
 * (mined -> complete; known to the node -> wait; unknown -> send the same bytes again) instead
 * of signing another. Only a transaction that can never be mined (its nonce was used by another)
 * is recorded as failed, after which a new one is signed.
 */
export async function settleWithdrawal(deps: SettlementDeps, target: SettlementTarget): Promise<SettlementOutcome> {
  for (let round = 0; round < MAX_ATTEMPTS_PER_RUN; round += 1) {
    const withdrawal = await loadWithdrawal(deps, target);
    if (withdrawal.status !== 'approved') return { kind: 'nothing-to-pay', status: withdrawal.status };
    if (withdrawal.destination.network !== deps.chain.network) {
      const reason = `The destination is on ${withdrawal.destination.network}, but the hot wallet pays on ${deps.chain.network}; pay it by hand.`;
      await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: null, reason, retryable: false } });
      return { kind: 'failed', reason };
    }
    const attempt = withdrawal.signedAttempt ?? (await signAndRecord(deps, target, withdrawal));
    if (!attempt) continue;
    const outcome = await follow(deps, target, attempt);
    if (outcome !== 'dropped') return outcome;
  }
  throw new Error(`Withdrawal ${target.withdrawalId}: no payout could be sent after ${MAX_ATTEMPTS_PER_RUN} attempts`);
}

async function loadWithdrawal(deps: SettlementDeps, target: SettlementTarget): Promise<Withdrawal> {
  const account = await loadAccount(deps.eventStore, target.userId);
  const withdrawal = account.withdrawals.get(target.withdrawalId);
  if (!withdrawal) throw new WithdrawalNotFoundError(target);
  return withdrawal;
}

/** The job cannot do anything for a withdrawal that does not exist: not worth retrying. */
export class WithdrawalNotFoundError extends Error {
  override readonly name = 'WithdrawalNotFoundError';
  constructor(target: SettlementTarget) {
    super(`Withdrawal ${target.withdrawalId} of member ${target.userId} does not exist`);
  }
}

/**
 * Signs a new payout and records it; undefined when another runner recorded one first (the next
 * round follows theirs; ours was never sent, so it can never be mined).
 */
async function signAndRecord(deps: SettlementDeps, target: SettlementTarget, withdrawal: Withdrawal): Promise<SignedAttempt | undefined> {
  let signed;
  try {
    signed = await signTokenTransfer(deps.provider, deps.wallet, {
      chainId: deps.chain.chainId,
      token: deps.chain.tokenAddress,
      to: withdrawal.destination.address,
      amount: withdrawal.amountMicro,
    });
  } catch (error) {
    // The transfer would revert (usually: the hot wallet holds too little USDC). Say so on the
    // withdrawal for the admins, then let the job retry later; nothing was signed.
    if (isError(error, 'CALL_EXCEPTION')) {
      await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: null, reason: CANNOT_PAY_REASON, retryable: true } });
    }
    throw error;
  }
  try {
    await record(deps, target, {
      type: 'RecordWithdrawalSettlementSigned',
      data: {
        ...target,
        network: deps.chain.network,
        fromAddress: signed.from,
        toAddress: withdrawal.destination.address,
        amountMicro: withdrawal.amountMicro,
        nonce: signed.nonce,
        transactionHash: signed.transactionHash,
        signedTransaction: signed.signedTransaction,
      },
    });
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
  deps.logger.info({ ...target, transactionHash: signed.transactionHash, nonce: signed.nonce }, 'withdrawal payout signed');
  await deps.crashPoints?.afterSigned?.({ transactionHash: signed.transactionHash });
  return { ...signed, broadcast: false };
}

/** Takes a recorded attempt to its end: completed, failed for good, or dropped (its nonce went to another transaction). */
async function follow(deps: SettlementDeps, target: SettlementTarget, attempt: SignedAttempt): Promise<SettlementOutcome | 'dropped'> {
  const { provider } = deps;
  const hash = attempt.transactionHash;
  if (!(await provider.getTransactionReceipt(hash))) {
    const sent = await sendSigned(provider, { ...attempt, from: deps.wallet.address });
    if (sent === 'nonce-used') {
      const reason = `Payout transaction ${hash} was replaced by another transaction with nonce ${attempt.nonce}; a new one will be signed.`;
      await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: hash, reason, retryable: true } });
      deps.logger.warn({ ...target, transactionHash: hash }, 'withdrawal payout dropped; signing a new one');
      return 'dropped';
    }
    if (!attempt.broadcast) await record(deps, target, { type: 'RecordWithdrawalSettlementBroadcast', data: { ...target, transactionHash: hash } });
    await deps.crashPoints?.afterSent?.({ transactionHash: hash });
  }
  // Throws on timeout: the job is retried later and starts over from the recorded attempt.
  const receipt = await waitForConfirmations(provider, hash, deps.chain.confirmations, deps.confirmationTimeoutMs);
  if (receipt.status !== 1) {
    const reason = `Payout transaction ${hash} reverted on chain (e.g. the hot wallet lacks USDC); nothing was paid.`;
    await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: hash, reason, retryable: false } });
    deps.logger.error({ ...target, transactionHash: hash }, 'withdrawal payout reverted');
    return { kind: 'failed', reason };
  }
  await record(deps, target, { type: 'CompleteWithdrawal', data: { ...target, transactionHash: hash, settlement: 'onChain' } });
  deps.logger.info({ ...target, transactionHash: hash, blockNumber: receipt.blockNumber }, 'withdrawal paid on chain');
  return { kind: 'completed', transactionHash: hash };
}

type SettlementCommand = Extract<
  AccountCommand,
  { type: 'RecordWithdrawalSettlementSigned' | 'RecordWithdrawalSettlementBroadcast' | 'RecordWithdrawalSettlementFailed' | 'CompleteWithdrawal' }
>;
/** A command without its metadata, kept per member of the union. */
type Unsent<C> = C extends unknown ? Omit<C, 'metadata'> : never;

/** Appends one settlement fact as the platform itself (the decider makes each one safe to repeat). */
async function record(deps: SettlementDeps, target: SettlementTarget, command: Unsent<SettlementCommand>): Promise<void> {
  const ctx: CommandContext = {
    actor: { type: 'system', reason: 'withdrawal-settlement' },
    correlationId: `settle-${target.withdrawalId}`,
    causationId: randomUUID(),
    now: new Date(),
  };
  await handleAccountCommand(deps.eventStore, target.userId, { ...command, metadata: commandMetadata(ctx) }, ctx);
}
