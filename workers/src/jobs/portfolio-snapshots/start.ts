import type { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { PORTFOLIO_SNAPSHOT_QUEUE } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { AggregateStates } from '@concierge/domain/shared/aggregate-states';
import { SNAPSHOT_ROUND_JOB_OPTIONS, SNAPSHOT_ROUND_SCHEDULER, SNAPSHOT_ROUND } from '../../portfolio/queues.js';
import { snapshotProcessor } from './processor.js';
import type { WorkerObserver } from '../../metrics/jobs.js';
import { lockSettings, startQueue } from '../start-queue.js';
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
  /** Counts the snapshot jobs in the workers' metrics. */
  readonly observe?: WorkerObserver;
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
  const { queue, worker, close } = startQueue({
    name: PORTFOLIO_SNAPSHOT_QUEUE,
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    logger,
    processor: (queue) => snapshotProcessor({ ...options, queue }),
    // Member jobs are valued in batches: the request's id is logged with its job, not set around the batch.
    jobLog: { scoped: false },
    worker: { concurrency: options.concurrency, ...lockSettings(options.lockDurationMs) },
    failedMessage: 'portfolio snapshot job failed',
    observe: options.observe,
  });
  if (options.schedule !== false) await scheduleSnapshotRounds(queue, options.intervalMs);
  logger.info({ source: options.snapshotSources.sources.kind, intervalMs: options.intervalMs }, 'portfolio snapshots on');
  return {
    queue,
    worker,
    async close() {
      await close();
      options.snapshotSources.close();
    },
  };
}
