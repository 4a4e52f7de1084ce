import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Counter, Gauge } from 'prom-client';
import type { Registry } from '@concierge/platform/metrics/registry';

/** The job states a queue's depth is reported in. */
export const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;

/** A scrape waits this long for Redis before it leaves the depths out. */
const READ_TIMEOUT_MS = 2_000;

export interface QueueDepthOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** The queues to read, asked at each scrape (the queues this process works on). */
  readonly queues: () => readonly string[];
  /** Told when Redis cannot be read: the depths are then left out of that scrape rather than failing it. */
  readonly onError?: (error: unknown) => void;
}

/**
 * `concierge_queue_jobs` by queue and state, read from Redis at each scrape (one round trip per
 * queue). The depth is the queue's, not this process's: every worker process reports the same, so
 * a dashboard takes the max by queue.
 */
export function queueDepthGauge(registry: Registry, options: QueueDepthOptions): { close(): Promise<void> } {
  // Its own connection that fails fast: a scrape must not wait out a Redis reconnect as workers do.
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
  connection.on('error', () => {});
  const clients = new Map<string, Queue>();
  const client = (name: string): Queue => {
    let queue = clients.get(name);
    if (!queue) {
      queue = new Queue(name, { connection, prefix: options.prefix });
      queue.on('error', () => {});
      clients.set(name, queue);
    }
    return queue;
  };
  const failures = new Counter({
    name: 'concierge_queue_depth_read_failures_total',
    help: 'Scrapes whose queue depths could not be read from Redis (the depth series are then missing from that scrape).',
    registers: [registry],
  });
  new Gauge({
    name: 'concierge_queue_jobs',
    help: 'Jobs in each queue by state (waiting, prioritized, active, delayed, failed), read at scrape time.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      let timer: NodeJS.Timeout | undefined;
      try {
        const reads = Promise.all(options.queues().map(async (name) => [name, await client(name).getJobCounts(...QUEUE_STATES)] as const));
        const late = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis did not answer within ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
        });
        for (const [queue, byState] of await Promise.race([reads, late])) {
          for (const state of QUEUE_STATES) this.set({ queue, state }, byState[state] ?? 0);
        }
      } catch (error) {
        failures.inc();
        options.onError?.(error);
      } finally {
        clearTimeout(timer);
      }
    },
  });
  return {
    async close() {
      await Promise.all([...clients.values()].map((queue) => queue.close()));
      connection.disconnect();
    },
  };
}
