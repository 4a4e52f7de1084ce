import { randomUUID } from 'node:crypto';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import { SNAPSHOT_MEMBER, SNAPSHOT_ROUND, SnapshotMemberJob, SnapshotRoundJob, snapshotMemberJobOptions } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { AggregateStates } from '@concierge/domain/shared/aggregate-states';
import type { CommandContext } from '@concierge/domain/shared/command-context';
import { recordPortfolioSnapshots, type SnapshotOutcome, type SnapshotTarget } from '@concierge/domain/portfolio/snapshot/record-snapshots';
import { KeyedBatcher } from './batcher.js';
import { SNAPSHOT_BATCH_SIZE } from './batch-size.js';
import { scheduledMillis, slotOf } from './interval.js';
import { approvedMembers, memberAddresses } from './members.js';
import type { SnapshotSources } from './sources.js';

/** How long a batch waits for the worker's next job of the same pin, and at most in all. */
const BATCH_LINGER_MS = 50;
const BATCH_MAX_WAIT_MS = 1_000;

export interface SnapshotJobsDeps {
  readonly eventStore: EventStore;
  /** The states the jobs fold members' portfolio streams with (`states.ts`). */
  readonly aggregateStates?: AggregateStates | undefined;
  readonly readStore: ReadStore;
  readonly snapshotSources: SnapshotSources;
  /** The queue the round fans member jobs out on (its own). */
  readonly queue: Queue;
  /** SNAPSHOT_INTERVAL in ms: a scheduled round's slot is the start of its window. */
  readonly intervalMs: number;
  readonly logger: Logger;
}

export interface RoundResult {
  readonly slot: string;
  readonly members: number;
  readonly blockNumber: number | null;
}

export type MemberResult = { readonly outcome: 'recorded'; readonly snapshotId: string; readonly totalValueMicro: string } | { readonly outcome: 'already-recorded' };

// Targets are spread from their jobs, so an admin's request's id travels with its member's target.
const context = (target: SnapshotTarget & Pick<SnapshotMemberJob, 'correlationId'>): CommandContext => ({
  actor: { type: 'system', reason: 'portfolio snapshot' },
  correlationId: target.correlationId ?? target.requestId ?? `${target.userId}@${target.slot}`,
  causationId: randomUUID(),
  now: new Date(),
});

/**
 * The portfolio-snapshots queue's processor. SNAPSHOT_ROUND pins the block once and adds one
 * SNAPSHOT_MEMBER job per approved member (deduplicated by member and slot); member jobs a worker
 * holds at once are valued together, in batches of up to SNAPSHOT_BATCH_SIZE that share a pin.
 */
export function snapshotProcessor(deps: SnapshotJobsDeps): (job: Job) => Promise<RoundResult | MemberResult> {
  const { snapshotSources } = deps;
  const batcher = new KeyedBatcher<SnapshotMemberJob, SnapshotOutcome>({
    maxSize: SNAPSHOT_BATCH_SIZE,
    lingerMs: BATCH_LINGER_MS,
    maxWaitMs: BATCH_MAX_WAIT_MS,
    async run(key, jobs) {
      const first = jobs[0];
      const pin = first?.blockNumber == null ? await snapshotSources.pinNow() : await snapshotSources.pinAt(first.blockNumber);
      const addresses = snapshotSources.sources.kind === 'chain' ? await memberAddresses(deps.readStore, jobs.map((job) => job.userId)) : new Map<string, null>();
      const targets = jobs.map((job): SnapshotTarget => ({ ...job, address: addresses.get(job.userId) ?? null }));
      const { sources, chainId, tokenName } = snapshotSources;
      return recordPortfolioSnapshots({ eventStore: deps.eventStore, aggregateStates: deps.aggregateStates, sources, chainId, tokenName }, { pin, targets, context });
    },
  });

  return async (job) => {
    switch (job.name) {
      case SNAPSHOT_ROUND:
        return fanOut(deps, job);
      case SNAPSHOT_MEMBER: {
        const data = SnapshotMemberJob.safeParse(job.data);
        if (!data.success) throw new UnrecoverableError(`Invalid ${SNAPSHOT_MEMBER} job data: ${data.error.message}`);
        const outcome = await batcher.submit(data.data.blockNumber === null ? 'head' : `block:${data.data.blockNumber}`, data.data);
        switch (outcome.kind) {
          case 'failed':
            throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
          case 'recorded':
            return { outcome: 'recorded', snapshotId: outcome.snapshotId, totalValueMicro: outcome.totalValueMicro };
          case 'already-recorded':
            return { outcome: 'already-recorded' };
        }
        break;
      }
      default:
        throw new UnrecoverableError(`Unknown job ${job.name} on the portfolio-snapshots queue`);
    }
    throw new UnrecoverableError(`Unhandled outcome of ${job.name}`);
  };
}

/** The round's pin, kept in the job's progress so that a retried round fans out at the block it pinned first. */
interface RoundProgress {
  readonly blockNumber: number | null;
}

const isRoundProgress = (progress: unknown): progress is RoundProgress =>
  typeof progress === 'object' && progress !== null && 'blockNumber' in progress && (progress.blockNumber === null || typeof progress.blockNumber === 'number');

async function fanOut(deps: SnapshotJobsDeps, job: Job): Promise<RoundResult> {
  let slot: string;
  if (job.repeatJobKey) {
    slot = slotOf(scheduledMillis({ id: job.id, timestamp: job.timestamp, delay: job.delay }), deps.intervalMs);
  } else {
    const data = SnapshotRoundJob.safeParse(job.data);
    if (!data.success) throw new UnrecoverableError(`Invalid ${SNAPSHOT_ROUND} job data: ${data.error.message}`);
    slot = data.data.slot;
  }
  let blockNumber: number | null;
  if (isRoundProgress(job.progress)) {
    blockNumber = job.progress.blockNumber;
  } else {
    blockNumber = deps.snapshotSources.sources.kind === 'chain' ? (await deps.snapshotSources.pinNow()).blockNumber : null;
    const progress: RoundProgress = { blockNumber };
    await job.updateProgress(progress);
  }
  let members = 0;
  for await (const userIds of approvedMembers(deps.readStore)) {
    await deps.queue.addBulk(
      userIds.map((userId) => {
        const data: SnapshotMemberJob = { userId, slot, reason: 'schedule', requestId: null, blockNumber };
        return { name: SNAPSHOT_MEMBER, data, opts: snapshotMemberJobOptions(data) };
      }),
    );
    members += userIds.length;
  }
  deps.logger.info({ slot, members, blockNumber }, 'portfolio snapshot round fanned out');
  return { slot, members, blockNumber };
}
