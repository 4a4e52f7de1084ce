import type { Logger } from 'pino';
import type { EventStore } from '@concierge/platform/event-store/port';
import { serveMetrics } from '@concierge/platform/metrics/endpoint';
import { serviceMetrics, type Registry } from '@concierge/platform/metrics/registry';
import type { ReadStore } from '@concierge/platform/read-store/port';
import type { Processor } from '../projections/runtime/catch-up.js';
import { jobMetrics, type WorkerObserver } from './jobs.js';
import { projectionLagGauges } from './projection-lag.js';
import { queueDepthGauge } from './queue-depth.js';

export interface WorkersMetricsOptions {
  /** WORKERS_METRICS_HOST and WORKERS_METRICS_PORT (0: any free port). */
  readonly host: string;
  readonly port: number;
  readonly redisUrl: string;
  readonly prefix: string;
  readonly logger: Logger;
}

export interface WorkersMetrics {
  readonly registry: Registry;
  /** The port `/metrics` is served on. */
  readonly port: number;
  /** Counts a BullMQ worker's jobs, and reports its queue's depth. */
  readonly observe: WorkerObserver;
  /** Reports how far each projection and reactor is behind the store. */
  watchProjections(deps: { readonly eventStore: EventStore; readonly readStore: ReadStore; readonly processors: readonly Processor[] }): void;
  close(): Promise<void>;
}

/**
 * The workers' metrics on their own small HTTP server (workers serve nothing else): process
 * series, job outcomes and durations per queue, queue depths, projection lag, payouts and
 * snapshot rounds. Started first, so a port already taken stops the process before it takes work.
 */
export async function startWorkersMetrics(options: WorkersMetricsOptions): Promise<WorkersMetrics> {
  const registry = serviceMetrics('workers');
  const closeServer = await serveMetrics(registry, { host: options.host, port: options.port, setting: 'WORKERS_METRICS_PORT' });
  const jobs = jobMetrics(registry);
  const depth = queueDepthGauge(registry, {
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    queues: jobs.queues,
    onError: (error) => options.logger.warn({ err: error }, 'queue depths not read for metrics'),
  });
  options.logger.info({ port: closeServer.port }, 'workers metrics at /metrics');
  return {
    registry,
    port: closeServer.port,
    observe: jobs.observe,
    watchProjections(deps) {
      projectionLagGauges(registry, {
        eventStore: deps.eventStore,
        readStore: deps.readStore,
        processors: () => deps.processors,
        onError: (error) => options.logger.warn({ err: error }, 'projection lag not read for metrics'),
      });
    },
    async close() {
      await closeServer();
      await depth.close();
    },
  };
}
