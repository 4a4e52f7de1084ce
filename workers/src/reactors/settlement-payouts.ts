import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { WithdrawalApproved, WithdrawalPayoutRetried } from '@concierge/contracts';
import { SETTLE_WITHDRAWAL, settlementJobOptions, type SettleWithdrawalJobData } from '../queues.js';
import type { Reactor } from './reactor.js';

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
  return {
    name: SETTLEMENT_PAYOUTS,
    eventTypes: new Set(['WithdrawalApproved', 'WithdrawalPayoutRetried']),
    async react(events) {
      const jobs = [];
      for (const event of events) {
        const retry = event.type === 'WithdrawalPayoutRetried';
        const parsed = (retry ? WithdrawalPayoutRetried : WithdrawalApproved).safeParse(event.data);
        if (!parsed.success) {
          deps.logger.error({ eventId: event.id }, `payout not enqueued: ${event.type} does not match its schema`);
          continue;
        }
        const data: SettleWithdrawalJobData = { userId: parsed.data.userId, withdrawalId: parsed.data.withdrawalId };
        jobs.push({ name: SETTLE_WITHDRAWAL, data, opts: settlementJobOptions(parsed.data.withdrawalId, retry ? event.id : undefined) });
      }
      if (jobs.length > 0) await deps.settlementQueue.addBulk(jobs);
    },
  };
}
