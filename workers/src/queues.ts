import type { JobsOptions } from 'bullmq';
import { z } from 'zod';

/** Queue of projection catch-up jobs; one job per projection may run at a time. */
export const PROJECTIONS_QUEUE = 'PROJECTIONS';
export const CATCH_UP = 'CATCH_UP';

export interface CatchUpJobData {
  readonly projection: string;
}

/**
 * Deduplicated by projection: while one catch-up runs, any number of wake-ups leave exactly one
 * follow-up job, so events appended during a run are never left waiting and runs never overlap.
 */
export function catchUpJobOptions(projection: string): JobsOptions {
  return {
    deduplication: { id: `catch-up:${projection}`, keepLastIfActive: true },
    removeOnComplete: true,
    removeOnFail: 1000,
    attempts: 10,
    backoff: { type: 'exponential', delay: 100 },
  };
}

/** Worker settings: a killed worker's job is taken over within about `lockDurationMs`. */
export interface ProjectionWorkerSettings {
  readonly lockDurationMs: number;
  readonly stalledIntervalMs: number;
}

export const DEFAULT_PROJECTION_WORKER_SETTINGS: ProjectionWorkerSettings = { lockDurationMs: 10_000, stalledIntervalMs: 5_000 };

/** Queue and job name of outgoing mail; defined in contracts because the command API enqueues too. */
export { MAIL_QUEUE, SEND_MAIL, mailJobOptions } from '@concierge/contracts';

/**
 * Deterministic id of a mail job, e.g. `account-approved-<eventId>`. BullMQ 6 refuses custom ids
 * with a single `:` ("Custom Id cannot contain :"), hence the dash.
 */
export function mailJobId(kind: string, key: string): string {
  return `${kind}-${key}`;
}

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

/** Queue, job names and the member job's options of portfolio valuations; in contracts because the command API enqueues too. */
export { PORTFOLIO_SNAPSHOT_QUEUE, SNAPSHOT_MEMBER, SNAPSHOT_ROUND, snapshotMemberJobId, snapshotMemberJobOptions } from '@concierge/contracts';
/** Id of the round's job scheduler (SNAPSHOT_INTERVAL): upserted at every start, never doubled. */
export const SNAPSHOT_ROUND_SCHEDULER = 'portfolio-snapshot-rounds';

/** A failed round is retried from the block it pinned (kept in its progress); member jobs it already added stay deduplicated. */
export const SNAPSHOT_ROUND_JOB_OPTIONS: JobsOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 100, removeOnFail: 100 };

/** Queue of the signed checkpoints of the hash chains; a job scheduler adds one AUDIT_CHECKPOINT per AUDIT_CHECKPOINT_INTERVAL. */
export const AUDIT_CHECKPOINT_QUEUE = 'AUDIT_CHECKPOINTS';
export const AUDIT_CHECKPOINT = 'AUDIT_CHECKPOINT';
/** Id of the checkpoint's job scheduler: upserted at every start, never doubled. */
export const AUDIT_CHECKPOINT_SCHEDULER = 'audit-checkpoints';
/** The tail's checkpoint (AUDIT_CHECKPOINT_EVERY / _EVERY_EVENTS): looked at every few seconds, signed when due. */
export const AUDIT_CHECKPOINT_TAIL = 'AUDIT_CHECKPOINT_TAIL';
export const AUDIT_CHECKPOINT_TAIL_SCHEDULER = 'audit-checkpoints-tail';
/** A look that fails is not retried: the next one comes a few seconds later. */
export const AUDIT_CHECKPOINT_TAIL_JOB_OPTIONS: JobsOptions = { attempts: 1, removeOnComplete: 10, removeOnFail: 50 };
/** A failed run is retried once; the next scheduled one covers everything since anyway. */
export const AUDIT_CHECKPOINT_JOB_OPTIONS: JobsOptions = { attempts: 2, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: 100, removeOnFail: 100 };
