import { UnrecoverableError, type Job } from 'bullmq';
import { assertUsdcDecimals } from '../../chain/erc20.js';
import { assertChainId } from '../../chain/provider.js';
import { SCAN_DEPOSITS } from '../../money/queues.js';
import { scanDeposits, type DepositScanDeps, type ScanResult } from './scan.js';

/** The DEPOSIT_DETECTION queue's processor; its only job is the scheduled scan. */
export function depositDetectionProcessor(deps: DepositScanDeps): (job: Job) => Promise<ScanResult> {
  let chainChecked = false;
  return async (job) => {
    switch (job.name) {
      case SCAN_DEPOSITS:
        if (!chainChecked) {
          // Token units are credited as micro-USDC: a wrong chain or token must credit nothing.
          await assertChainId(deps.provider, deps.chain.chainId);
          await assertUsdcDecimals(deps.provider, deps.chain.tokenAddress);
          chainChecked = true;
        }
        return scanDeposits(deps);
      default:
        throw new UnrecoverableError(`Unknown job ${job.name} on the deposit detection queue`);
    }
  };
}
