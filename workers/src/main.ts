import { Queue, Worker } from 'bullmq';
import { loadConfig } from '@concierge/platform/config/env';
import { REDIS_HINT, requireTcp } from '@concierge/platform/config/preflight';
import { createLogger } from '@concierge/platform/logging/logger';
import { onShutdown, runService } from '@concierge/platform/service/run';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { WorkersConfig } from './config.js';
import { projectionsProcessor } from './jobs/catch-up/processor.js';
import { startWakeUp } from './jobs/catch-up/wake-up.js';
import { projections } from './projections/registry.js';
import { PROJECTIONS_QUEUE } from './queues.js';
import { createRedis } from './redis.js';

runService('workers', async () => {
  const config = loadConfig(WorkersConfig);
  const logger = createLogger('workers', config.LOG_LEVEL);
  await requireTcp('Redis', config.REDIS_URL, 6379, REDIS_HINT);
  await prepareStorage(config);
  const stores = await openStores(config);
  const connection = createRedis(config.REDIS_URL);
  const workerConnection = createRedis(config.REDIS_URL);
  const queue = new Queue(PROJECTIONS_QUEUE, { connection, prefix: config.QUEUE_PREFIX });
  const worker = new Worker(
    PROJECTIONS_QUEUE,
    projectionsProcessor({ ...stores, projections, logger, batchSize: config.PROJECTION_BATCH_SIZE }),
    {
      connection: workerConnection,
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

  onShutdown(logger, async () => {
    await wakeUp.stop();
    await worker.close();
    await queue.close();
    connection.disconnect();
    workerConnection.disconnect();
    await stores.close();
  });
});
