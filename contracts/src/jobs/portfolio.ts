import { z } from 'zod';
import { EntityId } from '../shared/fields.js';
import { SnapshotReason } from '../portfolio/events.js';

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
});
export type SnapshotMemberJob = z.infer<typeof SnapshotMemberJob>;

/** The scheduler's job: fan out the slot that starts at `slot` to every approved member. */
export const SnapshotRoundJob = z.object({ slot: z.string().min(1).max(100) });
export type SnapshotRoundJob = z.infer<typeof SnapshotRoundJob>;
