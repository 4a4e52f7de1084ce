import type { JobsOptions } from 'bullmq';

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

/** Queue and job name of outgoing mail; defined in contracts because the command API enqueues too. */
export { MAIL_QUEUE, SEND_MAIL, mailJobOptions } from '@concierge/contracts';

/**
 * Deterministic id of a mail job, e.g. `account-approved-<eventId>`. BullMQ 6 refuses custom ids
 * with a single `:` ("Custom Id cannot contain :"), hence the dash.
 */
export function mailJobId(kind: string, key: string): string {
  return `${kind}-${key}`;
}
