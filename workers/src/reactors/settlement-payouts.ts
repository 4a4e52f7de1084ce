import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import { WithdrawalApproved } from '@concierge/contracts';
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
 * With SETTLEMENT_MODE=onchain, enqueues the payout of every withdrawal an admin approves. The job
 * id is the withdrawal's, so a re-delivered approval adds nothing. Like every reactor it starts at
 * the head of the store on its first run: switching to on-chain mode does not pay withdrawals that
 * were approved for manual payout before.
 */
export function settlementPayoutsReactor(deps: SettlementPayoutsDeps): Reactor {
  return {
    name: SETTLEMENT_PAYOUTS,
    eventTypes: new Set(['WithdrawalApproved']),
    async react(events) {
      const jobs = [];
      for (const event of events) {
        const approved = WithdrawalApproved.safeParse(event.data);
        if (!approved.success) {
          deps.logger.error({ eventId: event.id }, 'payout not enqueued: WithdrawalApproved does not match its schema');
          continue;
        }
        const data: SettleWithdrawalJobData = { userId: approved.data.userId, withdrawalId: approved.data.withdrawalId };
        jobs.push({ name: SETTLE_WITHDRAWAL, data, opts: settlementJobOptions(approved.data.withdrawalId) });
      }
      if (jobs.length > 0) await deps.settlementQueue.addBulk(jobs);
    },
  };
}
