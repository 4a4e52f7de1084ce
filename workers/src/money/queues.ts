import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/** Queue of the deposit scan; a job scheduler adds one SCAN_DEPOSITS job per DEPOSIT_SCAN_INTERVAL_MS. */
export const DEPOSIT_DETECTION_QUEUE = 'DEPOSIT_DETECTION';
export const SCAN_DEPOSITS = 'SCAN_DEPOSITS';
/** Id of the scan's job scheduler: upserting it again at start replaces it rather than adding a second. */
export const DEPOSIT_SCAN_SCHEDULER = 'scan-deposits';

/** A failed scan is not retried on its own: the next scheduled one resumes from the recorded block anyway. */
export const DEPOSIT_SCAN_JOB_OPTIONS: JobsOptions = { removeOnComplete: true, removeOnFail: 100, attempts: 1 };

/** Queue of on-chain withdrawal payouts (SETTLEMENT_MODE=onchain); one job at a time, so the hot wallet's nonces are taken in order. */
export const SETTLEMENT_QUEUE = 'SETTLEMENT';
export const SETTLE_WITHDRAWAL = 'SETTLE_WITHDRAWAL';

export const SettleWithdrawalJobData = z.object({
  userId: z.string().min(1),
  withdrawalId: z.string().min(1),
  /** The approval's (or retry's) request and event: the payout's events carry them, so an auditor follows the approval to the payout. Absent on jobs queued before. */
  correlationId: z.string().min(1).optional(),
  causationId: z.string().min(1).optional(),
});
export type SettleWithdrawalJobData = z.infer<typeof SettleWithdrawalJobData>;

const SETTLEMENT_JOB_RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * One payout job per withdrawal: `settle-withdrawal-<id>` (BullMQ refuses ':' in custom ids), and
 * one more per admin retry, named after the retry's event (the first job is kept, so its id is taken).
 */
export function settlementJobId(withdrawalId: string, retryEventId?: string): string {
  const id = `settle-withdrawal-${withdrawalId.replaceAll(':', '%3A')}`;
  return retryEventId === undefined ? id : `${id}-retry-${retryEventId.replaceAll(':', '%3A')}`;
}

/**
 * The id makes a re-delivered approval a no-op while the job is kept (and a late duplicate finds
 * the withdrawal completed anyway). Retries back off from 5 s to about 3 hours (a node down, the
 * hot wallet short of USDC or gas); then the job waits in the failed set for an admin.
 */
export function settlementJobOptions(withdrawalId: string, retryEventId?: string): JobsOptions {
  return {
    jobId: settlementJobId(withdrawalId, retryEventId),
    attempts: 12,
    backoff: { type: 'exponential', delay: 5_000 },
    removeOnComplete: { age: SETTLEMENT_JOB_RETENTION_SECONDS },
    removeOnFail: { age: SETTLEMENT_JOB_RETENTION_SECONDS },
  };
}
