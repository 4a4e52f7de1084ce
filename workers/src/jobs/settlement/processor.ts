import { UnrecoverableError, type Job } from 'bullmq';
import { assertChainId } from '../../chain/provider.js';
import { assertUsdcDecimals } from '../../chain/erc20.js';
import { SETTLE_WITHDRAWAL, SettleWithdrawalJobData } from '../../money/queues.js';
import { withSettlementTrace } from './record.js';
import { settleWithdrawal, WithdrawalNotFoundError, type SettlementDeps, type SettlementOutcome } from './settle.js';

/**
 * The SETTLEMENT queue's processor. Run it with concurrency 1: payouts then take the hot wallet's
 * nonces one after the other instead of racing for the same one.
 */
export function settlementProcessor(deps: SettlementDeps): (job: Job) => Promise<SettlementOutcome> {
  let chainChecked = false;
  return async (job) => {
    switch (job.name) {
      case SETTLE_WITHDRAWAL: {
        const data = SettleWithdrawalJobData.safeParse(job.data);
        if (!data.success) throw new UnrecoverableError(`Invalid ${SETTLE_WITHDRAWAL} job data: ${data.error.message}`);
        if (!chainChecked) {
          // Paying on the wrong chain or in the wrong unit cannot be undone: check before the first payout.
          await assertChainId(deps.provider, deps.chain.chainId);
          await assertUsdcDecimals(deps.provider, deps.chain.tokenAddress);
          chainChecked = true;
        }
        try {
          const { userId, withdrawalId, correlationId, causationId } = data.data;
          return await withSettlementTrace({ correlationId, causationId }, () => settleWithdrawal(deps, { userId, withdrawalId }));
        } catch (error) {
          if (error instanceof WithdrawalNotFoundError) throw new UnrecoverableError(error.message);
          throw error;
        }
      }
      default:
        throw new UnrecoverableError(`Unknown job ${job.name} on the settlement queue`);
    }
  };
}
