import { UnrecoverableError, type Queue } from 'bullmq';
import type { WorkerObserver } from '../../metrics/jobs.js';
import { CheckpointFollower } from '@concierge/platform/audit/checkpoint-follower';
import {
  AUDIT_CHECKPOINT,
  AUDIT_CHECKPOINT_JOB_OPTIONS,
  AUDIT_CHECKPOINT_QUEUE,
  AUDIT_CHECKPOINT_SCHEDULER,
  AUDIT_CHECKPOINT_TAIL,
  AUDIT_CHECKPOINT_TAIL_JOB_OPTIONS,
  AUDIT_CHECKPOINT_TAIL_SCHEDULER,
} from '../../audit/queues.js';
import { runAuditCheckpoint, type AuditCheckpointDeps } from './run.js';
import { runTailCheckpoint } from './tail.js';
import { startQueue } from '../start-queue.js';

/** How often the tail is looked at, at most: a checkpoint due by its event count waits no longer than this. */
export const TAIL_LOOK_MS = 5_000;

export interface AuditCheckpointsOptions extends AuditCheckpointDeps {
  readonly redisUrl: string;
  readonly prefix: string;
  /** AUDIT_CHECKPOINT_INTERVAL in milliseconds. */
  readonly intervalMs: number;
  /** AUDIT_CHECKPOINT_EVERY in milliseconds and AUDIT_CHECKPOINT_EVERY_EVENTS: the tail's checkpoint, whichever comes first. */
  readonly tailEveryMs: number;
  readonly tailEveryEvents: number;
  /** Counts the checkpoint jobs in the workers' metrics. */
  readonly observe?: WorkerObserver;
}

/**
 * The audit-checkpoints queue, its worker (one run at a time) and two job schedulers: a full run
 * every `intervalMs`, the first at once, and a look at the tail every few seconds, which signs a
 * checkpoint once `tailEveryEvents` events are unsigned or the latest checkpoint is `tailEveryMs`
 * old (tail.ts). Job data is empty: the signing key stays in this process.
 */
export async function startAuditCheckpoints(options: AuditCheckpointsOptions): Promise<{ queue: Queue; close(): Promise<void> }> {
  const follower = new CheckpointFollower(options.eventStore, options.key);
  const { queue, close } = startQueue({
    name: AUDIT_CHECKPOINT_QUEUE,
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger: options.logger,
    processor: () => async (job) => {
      if (job.name === AUDIT_CHECKPOINT_TAIL) {
        return runTailCheckpoint({ ...options, follower, everyEvents: options.tailEveryEvents, everyMs: options.tailEveryMs }, `audit-checkpoint-tail-${job.id ?? job.timestamp}`);
      }
      if (job.name !== AUDIT_CHECKPOINT) throw new UnrecoverableError(`Unknown job ${job.name} on the audit checkpoint queue`);
      const status = await runAuditCheckpoint(options, `audit-checkpoint-${job.id ?? job.timestamp}`);
      return { status: status.status, streams: status.streams, events: status.events, checkpoint: status.checkpointSequence };
    },
    // Verifying reads the whole store in stretches that keep the event loop busy: a generous lock.
    worker: { concurrency: 1, lockDuration: 300_000 },
    failedMessage: 'audit checkpoint job failed',
    observe: options.observe,
  });
  await queue.upsertJobScheduler(AUDIT_CHECKPOINT_SCHEDULER, { every: options.intervalMs }, { name: AUDIT_CHECKPOINT, opts: AUDIT_CHECKPOINT_JOB_OPTIONS });
  await queue.upsertJobScheduler(
    AUDIT_CHECKPOINT_TAIL_SCHEDULER,
    { every: Math.min(TAIL_LOOK_MS, options.tailEveryMs) },
    { name: AUDIT_CHECKPOINT_TAIL, opts: AUDIT_CHECKPOINT_TAIL_JOB_OPTIONS },
  );
  options.logger.info(
    { intervalMs: options.intervalMs, tailEveryMs: options.tailEveryMs, tailEveryEvents: options.tailEveryEvents, keyId: options.key.keyId },
    'audit checkpoints on',
  );
  return { queue, close };
}
