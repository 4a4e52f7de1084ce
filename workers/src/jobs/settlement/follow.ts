import type { JsonRpcProvider, TransactionReceipt } from 'ethers';
import type { SignedAttempt } from '@concierge/domain/money/account/account';
import { sendSigned } from '../../chain/hot-wallet.js';
import { baseFee, bumpedFees, resign } from './fees.js';
import { claimPayoutHash, record, type SettlementTarget } from './record.js';
import type { SettlementDeps, SettlementOutcome } from './deps.js';

interface Mined {
  readonly attempt: SignedAttempt;
  readonly receipt: TransactionReceipt;
}

/** The one transaction of the nonce that was mined, if any (at most one of them can be). */
async function minedAmong(provider: JsonRpcProvider, attempts: readonly SignedAttempt[]): Promise<Mined | undefined> {
  for (const attempt of attempts) {
    const receipt = await provider.getTransactionReceipt(attempt.transactionHash);
    if (receipt) return { attempt, receipt };
  }
  return undefined;
}

/**
 * Takes the payout in flight (every transaction signed for its nonce, newest first) to its end:
 * completed with whichever was mined, failed for good (it reverted), or dropped (the nonce went
 * to a transaction that is not ours).
 */
export async function followPayout(deps: SettlementDeps, target: SettlementTarget, inFlight: readonly SignedAttempt[]): Promise<SettlementOutcome | 'dropped'> {
  const { provider } = deps;
  const [newest] = inFlight;
  if (!newest) throw new Error(`Withdrawal ${target.withdrawalId}: no payout transaction to follow`);
  if (!(await minedAmong(provider, inFlight))) {
    const sent = await sendSigned(provider, { ...newest, from: deps.wallet.address });
    // One of ours may have been mined between the look and the send: that one pays.
    if (sent === 'nonce-used' && !(await minedAmong(provider, inFlight))) {
      const hash = newest.transactionHash;
      const reason = `Payout transaction ${hash} was replaced by another transaction with nonce ${newest.nonce}; a new one will be signed.`;
      await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: hash, reason, retryable: true } });
      deps.logger.warn({ ...target, transactionHash: hash }, 'withdrawal payout dropped; signing a new one');
      return 'dropped';
    }
    if (sent === 'sent') {
      if (!newest.broadcast) await record(deps, target, { type: 'RecordWithdrawalSettlementBroadcast', data: { ...target, transactionHash: newest.transactionHash } });
      await deps.crashPoints?.afterSent?.({ transactionHash: newest.transactionHash });
    }
  }
  // Throws on timeout: the job is retried later and starts over from the recorded transactions.
  const { attempt, receipt } = await awaitConfirmedPayout(deps, target, inFlight);
  const hash = attempt.transactionHash;
  if (receipt.status !== 1) {
    const reason = `The payout reverted on chain, so nothing was paid (e.g. the hot wallet lacked USDC); retry it or reject the withdrawal. Transaction ${hash}.`;
    await record(deps, target, { type: 'RecordWithdrawalSettlementFailed', data: { ...target, transactionHash: hash, reason, retryable: false } });
    deps.logger.error({ ...target, transactionHash: hash }, 'withdrawal payout reverted');
    return { kind: 'failed', reason };
  }
  await record(deps, target, { type: 'CompleteWithdrawal', data: { ...target, transactionHash: hash, settlement: 'onChain' } });
  deps.logger.info({ ...target, transactionHash: hash, blockNumber: receipt.blockNumber }, 'withdrawal paid on chain');
  return { kind: 'completed', transactionHash: hash };
}

/**
 * Waits until one transaction of the nonce is `confirmations` deep (the block itself counts), or
 * throws after the timeout. Polls receipts and the head rather than ethers' block events, which
 * can miss blocks mined several at a time; a receipt that disappears (its block left the chain)
 * keeps the wait going. While none is mined, a payout stuck below the market fee is outbid.
 */
async function awaitConfirmedPayout(deps: SettlementDeps, target: SettlementTarget, inFlight: readonly SignedAttempt[]): Promise<Mined> {
  const { provider, chain } = deps;
  const deadline = Date.now() + deps.confirmationTimeoutMs;
  let attempts = inFlight;
  for (;;) {
    const mined = await minedAmong(provider, attempts);
    if (mined) {
      if ((await provider.getBlockNumber()) - mined.receipt.blockNumber + 1 >= chain.confirmations) return mined;
    } else {
      attempts = await outbidIfStuck(deps, target, attempts);
    }
    if (Date.now() >= deadline) {
      const hashes = attempts.map((a) => a.transactionHash).join(', ');
      throw new Error(`Payout of withdrawal ${target.withdrawalId} (${hashes}) has not reached ${chain.confirmations} confirmations after ${deps.confirmationTimeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, provider.pollingInterval));
  }
}

/**
 * A payout whose fee cap is below the latest block's base fee cannot be mined: it is re-signed
 * with the same nonce and higher fees, recorded (and its hash claimed) before it is sent. Past the
 * ceiling it is recorded as delayed, once, and left to wait for the fee to fall. Legacy
 * transactions carry no fee cap and are left as they are.
 */
async function outbidIfStuck(deps: SettlementDeps, target: SettlementTarget, attempts: readonly SignedAttempt[]): Promise<readonly SignedAttempt[]> {
  const { provider } = deps;
  const [newest] = attempts;
  if (!newest || newest.maxFeePerGas === null || newest.maxPriorityFeePerGas === null) return attempts;
  const base = await baseFee(provider);
  if (base === null || base <= newest.maxFeePerGas) return attempts;
  const stuck = { maxFeePerGas: newest.maxFeePerGas, maxPriorityFeePerGas: newest.maxPriorityFeePerGas };
  const bump = bumpedFees(stuck, await provider.getFeeData(), base, deps.maxFeePerGas);
  if (bump.kind === 'ceiling') {
    await record(deps, target, { type: 'RecordWithdrawalSettlementDelayed', data: { ...target, transactionHash: newest.transactionHash, reason: bump.reason } });
    return attempts;
  }
  const replacement = await resign(deps.wallet, newest.signedTransaction, bump.fees);
  const hash = replacement.transactionHash;
  await claimPayoutHash(deps, target, hash);
  await record(deps, target, {
    type: 'RecordWithdrawalSettlementReplaced',
    data: { ...target, nonce: replacement.nonce, transactionHash: hash, signedTransaction: replacement.signedTransaction, ...bump.fees, replacesTransactionHash: newest.transactionHash },
  });
  deps.logger.warn(
    { ...target, transactionHash: hash, replaces: newest.transactionHash, nonce: replacement.nonce, maxFeePerGas: bump.fees.maxFeePerGas.toString() },
    'withdrawal payout stuck below the market fee; replaced with a higher fee',
  );
  await deps.crashPoints?.afterReplaced?.({ transactionHash: hash });
  // 'nonce-used': one of the earlier transactions was mined meanwhile; the wait sees which.
  const sent = await sendSigned(provider, replacement);
  if (sent === 'sent') await record(deps, target, { type: 'RecordWithdrawalSettlementBroadcast', data: { ...target, transactionHash: hash } });
  const signed: SignedAttempt = { transactionHash: hash, nonce: replacement.nonce, signedTransaction: replacement.signedTransaction, broadcast: sent === 'sent', ...bump.fees };
  return [signed, ...attempts];
}
