import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { WorkerObserver } from '../../metrics/jobs.js';
import { createRedis } from '../../redis.js';
import { AUDIT_CHECKPOINT, AUDIT_CHECKPOINT_JOB_OPTIONS, AUDIT_CHECKPOINT_QUEUE, AUDIT_CHECKPOINT_SCHEDULER } from '../../queues.js';
import { runAuditCheckpoint, type AuditCheckpointDeps } from './run.js';

export interface AuditCheckpointsOptions extends AuditCheckpointDeps {
  readonly redisUrl: string;
  readonly prefix: string;
  /** AUDIT_CHECKPOINT_INTERVAL in milliseconds. */
  readonly intervalMs: number;
  /** Counts the checkpoint jobs in the workers' metrics. */
  readonly observe?: WorkerObserver;
}

/**
 * The audit-checkpoints queue, its worker (one run at a time) and the job scheduler that adds a
 * run every `intervalMs`, the first at once. Job data is empty: the signing key stays in this process.
 */
export async function startAuditCheckpoints(options: AuditCheckpointsOptions): Promise<{ queue: Queue; close(): Promise<void> }> {
  const connections = [createRedis(options.redisUrl), createRedis(options.redisUrl)];
  const [queueConnection, workerConnection] = connections as [Redis, Redis];
  const queue = new Queue(AUDIT_CHECKPOINT_QUEUE, { connection: queueConnection, prefix: options.prefix });
  const worker = new Worker(
    AUDIT_CHECKPOINT_QUEUE,
    async (job) => {
      if (job.name !== AUDIT_CHECKPOINT) throw new UnrecoverableError(`Unknown job ${job.name} on the audit checkpoint queue`);
      const status = await runAuditCheckpoint(options, `audit-checkpoint-${job.id ?? job.timestamp}`);
      return { status: status.status, streams: status.streams, events: status.events, checkpoint: status.checkpointSequence };
    },
    // Verifying reads the whole store in stretches that keep the event loop busy: a generous lock.
    { connection: workerConnection, prefix: options.prefix, concurrency: 1, lockDuration: 300_000 },
  );
  const onError = (error: Error) => options.logger.warn({ err: error }, 'audit checkpoint queue connection error; reconnecting');
  worker.on('failed', (job, error) => options.logger.warn({ err: error, jobId: job?.id }, 'audit checkpoint job failed'));
  worker.on('error', onError);
  queue.on('error', onError);
  options.observe?.(worker);
  await queue.upsertJobScheduler(AUDIT_CHECKPOINT_SCHEDULER, { every: options.intervalMs }, { name: AUDIT_CHECKPOINT, opts: AUDIT_CHECKPOINT_JOB_OPTIONS });
  options.logger.info({ intervalMs: options.intervalMs, keyId: options.key.keyId }, 'audit checkpoints on');
  return {
    queue,
    async close() {
      await worker.close();
      await queue.close();
      for (const connection of connections) connection.disconnect();
    },
  };
}
