import type { JobsOptions } from 'bullmq';

/** Queue, job names and the member job's options of portfolio valuations; in contracts because the command API enqueues too. */
export { PORTFOLIO_SNAPSHOT_QUEUE, SNAPSHOT_MEMBER, SNAPSHOT_ROUND, snapshotMemberJobId, snapshotMemberJobOptions } from '@concierge/contracts';
/** Id of the round's job scheduler (SNAPSHOT_INTERVAL): upserted at every start, never doubled. */
export const SNAPSHOT_ROUND_SCHEDULER = 'portfolio-snapshot-rounds';

/** A failed round is retried from the block it pinned (kept in its progress); member jobs it already added stay deduplicated. */
export const SNAPSHOT_ROUND_JOB_OPTIONS: JobsOptions = { attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: 100, removeOnFail: 100 };
