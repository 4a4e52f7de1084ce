import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { PORTFOLIO_SNAPSHOT_QUEUE } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { AggregateStates } from '@concierge/domain/shared/aggregate-states';
import type { Redis } from 'ioredis';
import { createRedis } from '../../redis.js';
import { SNAPSHOT_ROUND_JOB_OPTIONS, SNAPSHOT_ROUND_SCHEDULER, SNAPSHOT_ROUND } from '../../queues.js';
import { snapshotProcessor } from './processor.js';
import { withJobLog } from '../job-log.js';
import type { SnapshotSources } from './sources.js';

export interface PortfolioSnapshotsOptions {
  readonly eventStore: EventStore;
  /** The states the jobs fold members' portfolio streams with (`states.ts`). */
  readonly aggregateStates?: AggregateStates | undefined;
  readonly readStore: ReadStore;
  readonly snapshotSources: SnapshotSources;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly intervalMs: number;
  /** Snapshot jobs one worker holds at once; batches of up to SNAPSHOT_BATCH_SIZE member jobs share one read. */
  readonly concurrency: number;
  /** A killed worker's job is taken over after about this long. */
  readonly lockDurationMs: number;
  /** False when rounds are driven by someone else: tests, or `npm run demo` until its history is built (SNAPSHOT_SCHEDULE=off). */
  readonly schedule?: boolean;
  readonly logger: Logger;
}

export interface PortfolioSnapshots {
  readonly queue: Queue;
  readonly worker: Worker;
  close(): Promise<void>;
}

/**
 * The round's job scheduler on the portfolio-snapshots queue, every `intervalMs`. Upserting replaces
 * it (a changed SNAPSHOT_INTERVAL included) rather than adding one. It starts at the next window's
 * start, not at once: rounds fall on the windows (the top of each hour by default), and a process
 * that starts does not value everyone at once.
 */
export async function scheduleSnapshotRounds(queue: Queue, intervalMs: number): Promise<void> {
  const nextWindow = (Math.floor(Date.now() / intervalMs) + 1) * intervalMs;
  await queue.upsertJobScheduler(SNAPSHOT_ROUND_SCHEDULER, { every: intervalMs, startDate: nextWindow }, { name: SNAPSHOT_ROUND, opts: SNAPSHOT_ROUND_JOB_OPTIONS });
}

/** The portfolio-snapshots queue, its worker and (unless `schedule` is false) the round's job scheduler. */
export async function startPortfolioSnapshots(options: PortfolioSnapshotsOptions): Promise<PortfolioSnapshots> {
  const { logger } = options;
  // One connection per BullMQ client: the worker blocks on its own.
  const connections = [createRedis(options.redisUrl), createRedis(options.redisUrl)];
  const [queueConnection, workerConnection] = connections as [Redis, Redis];
  const queue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection: queueConnection, prefix: options.prefix });
  // Member jobs are valued in batches: the request's id is logged with its job, not set around the batch.
  const processor = withJobLog(PORTFOLIO_SNAPSHOT_QUEUE, logger, snapshotProcessor({ ...options, queue }), { scoped: false });
  const worker = new Worker(PORTFOLIO_SNAPSHOT_QUEUE, processor, {
    connection: workerConnection,
    prefix: options.prefix,
    concurrency: options.concurrency,
    lockDuration: options.lockDurationMs,
    stalledInterval: Math.max(500, Math.floor(options.lockDurationMs / 2)),
  });
  worker.on('failed', (job, error) => logger.warn({ err: error, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade }, 'portfolio snapshot job failed'));
  const onError = (error: Error) => logger.warn({ err: error }, 'queue connection error; reconnecting');
  queue.on('error', onError);
  worker.on('error', onError);
  if (options.schedule !== false) await scheduleSnapshotRounds(queue, options.intervalMs);
  logger.info({ source: options.snapshotSources.sources.kind, intervalMs: options.intervalMs }, 'portfolio snapshots on');
  return {
    queue,
    worker,
    async close() {
      await worker.close();
      await queue.close();
      options.snapshotSources.close();
      for (const connection of connections) connection.disconnect();
    },
  };
}
