import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { SETTLE_WITHDRAWAL, settlementJobOptions, type SettleWithdrawalJobData } from '../money/queues.js';
import { jobBatch } from './job-batch.js';
import { defineReactor, type Reactor } from './reactor.js';

/** Name of the reactor and of its checkpoint. */
export const SETTLEMENT_PAYOUTS = 'settlement-payouts';

export interface SettlementPayoutsDeps {
  /** The SETTLEMENT queue. */
  readonly settlementQueue: Queue;
  readonly logger: Logger;
}

/**
 * With SETTLEMENT_MODE=onchain, enqueues the payout of every withdrawal an admin approves, and again
 * when an admin retries a payout that failed. The job id is the withdrawal's (plus the retry's
 * event id), so a re-delivered approval or retry adds nothing. Like every reactor it starts at
 * the head of the store on its first run: switching to on-chain mode does not pay withdrawals that
 * were approved for manual payout before.
 */
export function settlementPayoutsReactor(deps: SettlementPayoutsDeps): Reactor {
  const payout = ({ userId, withdrawalId }: { userId: string; withdrawalId: string }, event: { id: string; metadata: { correlationId: string } }): SettleWithdrawalJobData => ({
    userId,
    withdrawalId,
    correlationId: event.metadata.correlationId,
    causationId: event.id,
  });
  return defineReactor({
    name: SETTLEMENT_PAYOUTS,
    batch: () => jobBatch(deps.settlementQueue),
    on: {
      WithdrawalApproved: (event, jobs) => jobs.add(SETTLE_WITHDRAWAL, payout(event.data, event), settlementJobOptions(event.data.withdrawalId)),
      WithdrawalPayoutRetried: (event, jobs) => jobs.add(SETTLE_WITHDRAWAL, payout(event.data, event), settlementJobOptions(event.data.withdrawalId, event.id)),
    },
  });
}
