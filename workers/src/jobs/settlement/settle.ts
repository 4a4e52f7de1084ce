import { isError } from 'ethers';
import { ConflictError } from '@concierge/platform/errors';
import { inFlightAttempts, type SignedAttempt, type Withdrawal } from '@concierge/domain/money/account/account';
import { readAccount } from '@concierge/domain/money/account/read-account';
import { signTokenTransfer } from '../../chain/hot-wallet.js';
import type { SettlementDeps, SettlementOutcome } from './deps.js';
import { withinCeiling } from './fees.js';
import { followPayout } from './follow.js';
import { claimPayoutHash, record, type SettlementTarget } from './record.js';

export type { SettlementTarget };
/** The payout's dependencies and outcome live in deps.ts, which follow.ts shares; callers take them from here. */
export type { SettlementCrashPoints, SettlementDeps, SettlementOutcome } from './deps.js';

export const CANNOT_PAY_REASON =
  'The hot wallet cannot pay this withdrawal now (the USDC transfer would revert); it is retried. Top up the hot wallet, or complete it by hand.';

/** Signing anew after a dropped attempt is bounded, so a confused node cannot make the job loop. */
const MAX_ATTEMPTS_PER_RUN = 3;

/**
 * Pays an approved withdrawal from the hot wallet exactly once, however often it runs or dies:
 * a signed transaction is recorded before it is sent, and a run that finds one follows it
 * (mined -> complete; known to the node -> wait, outbidding it with the same nonce if it is stuck
 * below the market fee; unknown -> send the same bytes again) instead of signing another. Every
 * transaction of that nonce is watched, so whichever is mined completes the withdrawal. Only when
 * the nonce went to another transaction is the attempt recorded as failed and a new one signed.
 * A payout that failed for good (it reverted) waits for an admin to retry or reject it.
 */
export async function settleWithdrawal(deps: SettlementDeps, target: SettlementTarget): Promise<SettlementOutcome> {
  for (let round = 0; round < MAX_ATTEMPTS_PER_RUN; round += 1) {
    const withdrawal = await loadWithdrawal(deps, target);
    if (withdrawal.status !== 'approved') return { kind: 'nothing-to-pay', status: withdrawal.status };
    if (withdrawal.haltedReason !== null && withdrawal.signedAttempt === null) return { kind: 'failed', reason: withdrawal.haltedReason };
    if (withdrawal.destination.network !== deps.chain.network) {
      const reason = `The destination is on ${withdrawal.destination.network}, but the hot wallet pays on ${deps.chain.network}; pay it by hand.`;
      await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: null, reason, retryable: false } });
      return { kind: 'failed', reason };
    }
    const inFlight = inFlightAttempts(withdrawal);
    const signed = inFlight.length > 0 ? undefined : await signAndRecord(deps, target, withdrawal);
    if (inFlight.length === 0 && !signed) continue;
    const outcome = await followPayout(deps, target, signed ? [signed] : inFlight);
    if (outcome !== 'dropped') return outcome;
  }
  throw new Error(`Withdrawal ${target.withdrawalId}: no payout could be sent after ${MAX_ATTEMPTS_PER_RUN} attempts`);
}

async function loadWithdrawal(deps: SettlementDeps, target: SettlementTarget): Promise<Withdrawal> {
  const account = await readAccount(deps, target.userId);
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
 * Signs a new payout (its fee cap within the ceiling), claims its hash and records it; undefined
 * when another runner recorded one first (the next round follows theirs; ours was never sent, so
 * it can never be mined).
 */
async function signAndRecord(deps: SettlementDeps, target: SettlementTarget, withdrawal: Withdrawal): Promise<SignedAttempt | undefined> {
  let signed;
  try {
    const transfer = { chainId: deps.chain.chainId, token: deps.chain.tokenAddress, to: withdrawal.destination.address, amount: withdrawal.amountMicro };
    signed = await withinCeiling(deps.wallet, await signTokenTransfer(deps.provider, deps.wallet, transfer), deps.maxFeePerGas);
  } catch (error) {
    // The transfer would revert (usually: the hot wallet holds too little USDC). Say so on the
    // withdrawal for the admins, then let the job retry later; nothing was signed.
    if (isError(error, 'CALL_EXCEPTION')) {
      await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: null, reason: CANNOT_PAY_REASON, retryable: true } });
    }
    throw error;
  }
  try {
    await claimPayoutHash(deps, target, signed.transactionHash);
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
        ...(signed.fees ?? {}),
      },
    });
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
  deps.logger.info({ ...target, transactionHash: signed.transactionHash, nonce: signed.nonce }, 'withdrawal payout signed');
  await deps.crashPoints?.afterSigned?.({ transactionHash: signed.transactionHash });
  const { transactionHash, nonce, signedTransaction } = signed;
  return { transactionHash, nonce, signedTransaction, broadcast: false, maxFeePerGas: signed.fees?.maxFeePerGas ?? null, maxPriorityFeePerGas: signed.fees?.maxPriorityFeePerGas ?? null };
}
