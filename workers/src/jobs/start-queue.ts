import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { WorkerObserver } from '../metrics/jobs.js';
import { createRedis } from '../redis.js';
import { withJobLog, type JobLogOptions } from './job-log.js';

export type JobProcessor = (job: Job) => Promise<unknown>;

/** BullMQ's worker options (concurrency, locks, stall checks, limiter) without what `startQueue` sets itself. */
export type QueueWorkerOptions = Omit<WorkerOptions, 'connection' | 'prefix' | 'autorun'>;

export interface StartQueueOptions {
  /** The queue's name in Redis (stored: never renamed). */
  readonly name: string;
  readonly redisUrl: string;
  /** QUEUE_PREFIX: the Redis key prefix every process of one deployment shares. */
  readonly prefix: string;
  readonly logger: Logger;
  /** The queue's processor, given the queue for a processor that adds jobs to its own queue (snapshot rounds). */
  readonly processor: (queue: Queue) => JobProcessor;
  readonly worker?: QueueWorkerOptions;
  /** Logged (warn) on each failed attempt, with the job's name, id and attempts. */
  readonly failedMessage: string;
  /** Logs the job's data with a failed attempt too: never for a queue whose data can hold a secret (mail's reset links). */
  readonly logFailedData?: boolean;
  readonly jobLog?: JobLogOptions;
  /**
   * A connection the queue (not the worker, which blocks on its own) shares with other clients:
   * it is left open on close. Without it the queue opens a connection of its own.
   */
  readonly queueConnection?: Redis;
  /** Counts the worker's jobs in the workers' metrics. */
  readonly observe?: WorkerObserver;
}

export interface StartedQueue {
  readonly name: string;
  /** For adding jobs: job schedulers (upserted by the caller at start), reactors, the processor itself. */
  readonly queue: Queue;
  readonly worker: Worker;
  /** Takes no new job and waits for the active ones (BullMQ's graceful close). */
  readonly stop: () => Promise<void>;
  /**
   * Closes the queue and the connections it opened without waiting for the worker: once `stop`
   * ended, or once the shutdown gave up on it (its active jobs then stall, and another process takes them).
   */
  readonly disconnect: () => Promise<void>;
  /** `stop`, then `disconnect`. */
  readonly close: () => Promise<void>;
}

/**
 * A lock of `lockMs` and a stall check twice as often: a job held by a process that died is taken
 * over about `lockMs` after its last renewal.
 */
export function lockSettings(lockMs: number): Pick<QueueWorkerOptions, 'lockDuration' | 'stalledInterval'> {
  return { lockDuration: lockMs, stalledInterval: Math.max(500, Math.floor(lockMs / 2)) };
}

/**
 * The one way the workers consume a BullMQ queue: the queue, its worker on a connection of its
 * own, the job log (`withJobLog`), a warning for each failed attempt and each lost Redis
 * connection (BullMQ's docs ask for an `error` listener on every worker; ioredis reconnects by
 * itself) and the worker's metrics.
 */
export function startQueue(options: StartQueueOptions): StartedQueue {
  const { name, logger } = options;
  const opened: Redis[] = [];
  const open = (): Redis => {
    const connection = createRedis(options.redisUrl);
    opened.push(connection);
    return connection;
  };
  const queue = new Queue(name, { connection: options.queueConnection ?? open(), prefix: options.prefix });
  const processor = withJobLog(name, logger, options.processor(queue), options.jobLog);
  const worker = new Worker(name, processor, { ...options.worker, connection: open(), prefix: options.prefix });
  worker.on('failed', (job, error) =>
    logger.warn(
      { err: error, queue: name, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade, ...(options.logFailedData ? { data: job?.data } : {}) },
      options.failedMessage,
    ),
  );
  const onError = (error: Error) => logger.warn({ err: error, queue: name }, 'queue connection error; reconnecting');
  worker.on('error', onError);
  queue.on('error', onError);
  options.observe?.(worker);

  const stop = () => worker.close();
  const disconnect = async () => {
    await queue.close();
    for (const connection of opened) connection.disconnect();
  };
  return {
    name,
    queue,
    worker,
    stop,
    disconnect,
    close: async () => {
      await stop();
      await disconnect();
    },
  };
}
