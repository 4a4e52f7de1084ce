import { z } from 'zod';
import { EntityId } from '../shared/fields.js';
import { SnapshotReason } from '../portfolio/events.js';
import { JobCorrelationId } from './correlation.js';

/** BullMQ queue of portfolio valuations; its processor and scheduler live in workers. */
export const PORTFOLIO_SNAPSHOT_QUEUE = 'portfolio-snapshots';
/** Job names of the queue: the schedule's fan-out, and one member's valuation. */
export const SNAPSHOT_ROUND = 'SNAPSHOT_ROUND';
export const SNAPSHOT_MEMBER = 'SNAPSHOT_MEMBER';

/** One member's valuation; its job id is `<userId>:<slot>`, so a slot is queued once per member. */
export const SnapshotMemberJob = z.object({
  userId: EntityId,
  slot: z.string().min(1).max(100),
  reason: SnapshotReason,
  requestId: EntityId.nullable(),
  /** The block every member of a scheduled round is read at (null: the head when the job runs, or ledger mode). */
  blockNumber: z.number().int().nonnegative().nullable(),
  /** The request that asked for it (an admin's snapshot request): the valuation's events take it as their correlation id. */
  correlationId: JobCorrelationId.optional(),
});
export type SnapshotMemberJob = z.infer<typeof SnapshotMemberJob>;

/** The scheduler's job: fan out the slot that starts at `slot` to every approved member. */
export const SnapshotRoundJob = z.object({ slot: z.string().min(1).max(100) });
export type SnapshotRoundJob = z.infer<typeof SnapshotRoundJob>;

/**
 * The member job's id: `<userId>@<slot>`, each part URI-encoded. BullMQ refuses custom ids with a
 * `:` (ISO slots have two), and encoding keeps two different (member, slot) pairs from ever
 * spelling the same id. While a job is kept, adding the same member and slot again adds nothing.
 */
export const snapshotMemberJobId = (userId: string, slot: string): string => `${encodeURIComponent(userId)}@${encodeURIComponent(slot)}`;

/** How long finished member jobs are kept, and so how long a repeated enqueue of a slot is a no-op. */
export const SNAPSHOT_JOB_RETENTION_SECONDS = 24 * 3600;

/** Options of one member's valuation (the command API's on-demand snapshot and the schedule's fan-out add it alike). */
export function snapshotMemberJobOptions(job: Pick<SnapshotMemberJob, 'userId' | 'slot'>) {
  return {
    jobId: snapshotMemberJobId(job.userId, job.slot),
    attempts: 5,
    backoff: { type: 'exponential' as const, delay: 2_000 },
    removeOnComplete: { age: SNAPSHOT_JOB_RETENTION_SECONDS },
    removeOnFail: { age: 7 * SNAPSHOT_JOB_RETENTION_SECONDS },
  };
}
