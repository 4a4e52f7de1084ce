import { Queue, Worker } from 'bullmq';
import { ConfigError, loadConfig } from '@concierge/platform/config/env';
import { DependencyUnavailableError, REDIS_HINT, requireTcp } from '@concierge/platform/config/preflight';
import { createLogger } from '@concierge/platform/logging/logger';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { WorkersConfig } from './config.js';
import { projectionsProcessor } from './jobs/catch-up/processor.js';
import { startWakeUp } from './jobs/catch-up/wake-up.js';
import { projections } from './projections/registry.js';
import { PROJECTIONS_QUEUE } from './queues.js';
import { createRedis } from './redis.js';

async function main(): Promise<void> {
  const config = loadConfig(WorkersConfig);
  const logger = createLogger('workers', config.LOG_LEVEL);
  await requireTcp('Redis', config.REDIS_URL, 6379, REDIS_HINT);
  await prepareStorage(config);
  const stores = await openStores(config);
  const connection = createRedis(config.REDIS_URL);
  const queue = new Queue(PROJECTIONS_QUEUE, { connection, prefix: config.QUEUE_PREFIX });
  const worker = new Worker(
    PROJECTIONS_QUEUE,
    projectionsProcessor({ ...stores, projections, logger, batchSize: config.PROJECTION_BATCH_SIZE }),
    {
      connection: createRedis(config.REDIS_URL),
      prefix: config.QUEUE_PREFIX,
      concurrency: projections.length,
      lockDuration: config.PROJECTION_LOCK_MS,
      stalledInterval: Math.max(500, Math.floor(config.PROJECTION_LOCK_MS / 2)),
      // Catch-up is idempotent, so a job interrupted by crashes is always safe to take over again.
      maxStalledCount: 1000,
    },
  );
  worker.on('failed', (job, error) => logger.warn({ err: error, job: job?.name, data: job?.data }, 'job failed'));
  const wakeUp = startWakeUp({ eventStore: stores.eventStore, queue, projectionNames: projections.map((p) => p.name), logger });
  logger.info({ projections: projections.map((p) => p.name), readStore: config.READ_STORE }, 'workers running');

  const shutdown = async () => {
    await wakeUp.stop();
    await worker.close();
    await queue.close();
    connection.disconnect();
    await stores.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DependencyUnavailableError) {
    console.error(`workers: ${error.message}`);
  } else {
    console.error('workers failed to start:', error);
  }
  process.exit(1);
});
