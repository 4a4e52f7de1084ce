import type { JobsOptions } from 'bullmq';
import { MAIL_JOB_RETENTION_SECONDS } from '@concierge/contracts';

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
export { MAIL_QUEUE, SEND_MAIL } from '@concierge/contracts';

/**
 * Deterministic id of a mail job, e.g. `account-approved-<eventId>`. BullMQ 6 refuses custom ids
 * with a single `:` ("Custom Id cannot contain :"), hence the dash.
 */
export function mailJobId(kind: string, key: string): string {
  return `${kind}-${key}`;
}

/**
 * Options of every mail job. The id makes a re-enqueue a no-op for as long as the finished job is
 * kept; an unreachable SMTP server is retried for about 40 minutes before the job is parked in the failed set.
 */
export function mailJobOptions(jobId: string): JobsOptions {
  return {
    jobId,
    removeOnComplete: { age: MAIL_JOB_RETENTION_SECONDS },
    removeOnFail: { age: MAIL_JOB_RETENTION_SECONDS },
    attempts: 10,
    backoff: { type: 'exponential', delay: 5_000 },
  };
}
