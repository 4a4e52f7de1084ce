import { WORKERS_HEARTBEAT_INTERVAL_MS, WORKERS_HEARTBEAT_TTL_MS, workersHeartbeatKey } from '@concierge/contracts';
import { loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { dependenciesOf } from '@concierge/platform/service/dependencies';
import { startHeartbeat } from '@concierge/platform/service/heartbeat';
import { onShutdown, runService, settlesWithin, ShutdownConfig } from '@concierge/platform/service/run';
import { waitForDependencies } from '@concierge/platform/service/wait-for-dependencies';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { aggregateStatesFrom, snapshotsWritten } from '@concierge/domain/shared/aggregate-states';
import { checkpointAnchorsFrom } from '@concierge/platform/audit/checkpoint-anchors';
import { withStoreMetrics } from '@concierge/platform/metrics/event-store';
import { WorkersConfig } from './config.js';
import { catchUpProcessor } from './jobs/catch-up/processor.js';
import { startWakeUp } from './jobs/catch-up/wake-up.js';
import { mailProcessor } from './jobs/mail/processor.js';
import { mailTransportFrom } from './jobs/mail/transports.js';
import { MAIL_QUEUE, PROJECTIONS_QUEUE } from './jobs/queues.js';
import { lockSettings, startQueue } from './jobs/start-queue.js';
import { startWorkersMetrics } from './metrics/start.js';
import { WORKERS_MODULES } from './modules.js';
import { projections } from './projections/registry.js';
import { createRedis } from './redis.js';
import type { StartedContext } from './workers-module.js';

runService('workers', async () => {
  const config = loadConfig(WorkersConfig);
  const logger = createLogger('workers', config.LOG_LEVEL);
  const metrics = await startWorkersMetrics({
    host: config.WORKERS_METRICS_HOST,
    port: config.WORKERS_METRICS_PORT,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    logger,
  });
  // No port of its own to answer on: the query API's /ready shows the workers' heartbeat missing meanwhile.
  await waitForDependencies({ dependencies: dependenciesOf(config), logger });
  await prepareStorage(config);
  const stores = withStoreMetrics(await openStores(config), metrics.registry);
  // A rebuild killed in the middle (a deployment, the OOM killer) left its read models without
  // their secondary indexes; its job's retry would build them at its end, this at once.
  const restored = await stores.readStore.restoreIndexes();
  if (restored > 0) logger.warn({ indexes: restored }, 'rebuilt read model indexes a killed rebuild had dropped');
  // Shared by the heartbeat and the two queues this process adds to itself; each worker blocks on a connection of its own.
  const connection = createRedis(config.REDIS_URL);
  const queues = { redisUrl: config.REDIS_URL, prefix: config.QUEUE_PREFIX, logger, queueConnection: connection, observe: metrics.observe };
  const mailTransport = mailTransportFrom(config);
  const mail = startQueue({
    ...queues,
    name: MAIL_QUEUE,
    processor: () => mailProcessor({ transport: mailTransport }),
    // A mail job held by a worker process that died is taken over as soon as a projection's is
    // (BullMQ's default 30 s lock left a SIGKILLed replica's confirmation mail unsent for up to a
    // minute in the scale-out test). A send repeated after such a death keeps its key: one outbox
    // file, the same SMTP Message-ID.
    worker: { concurrency: config.MAIL_CONCURRENCY, ...lockSettings(config.PROJECTION_LOCK_MS) },
    // Mail job data can carry a password-reset link: log which job failed, never its data.
    failedMessage: 'mail job failed',
  });

  // Settlement, deposit detection and address assignment decide commands: they fold states like the command API.
  const states = aggregateStatesFrom(config, stores.snapshots, logger, checkpointAnchorsFrom(config, stores.eventStore, logger));
  const commands = { eventStore: stores.eventStore, aggregateStates: states };
  // Each context starts its reactors' dependencies and its job queues, one after the other.
  const contexts: StartedContext[] = [];
  for (const module of WORKERS_MODULES) {
    contexts.push(await module.start({ config, logger, stores, commands, mailQueue: mail.queue, projections, observe: metrics.observe }));
  }
  const reactors = contexts.flatMap((context) => context.reactors);
  const processors = [...projections, ...reactors];
  const catchUps = startQueue({
    ...queues,
    name: PROJECTIONS_QUEUE,
    processor: () => catchUpProcessor({ ...stores, processors, logger, batchSize: config.PROJECTION_BATCH_SIZE }),
    worker: {
      concurrency: processors.length,
      ...lockSettings(config.PROJECTION_LOCK_MS),
      // Catch-up is idempotent, so a job interrupted by crashes is always safe to take over again.
      maxStalledCount: 1000,
    },
    failedMessage: 'job failed',
    logFailedData: true,
  });
  metrics.watchProjections({ eventStore: stores.eventStore, readStore: stores.readStore, processors });

  const heartbeat = startHeartbeat(connection, workersHeartbeatKey(config.QUEUE_PREFIX), WORKERS_HEARTBEAT_INTERVAL_MS, WORKERS_HEARTBEAT_TTL_MS);
  // Reactors catch up like projections, so one wake-up (one event subscription) serves both.
  const wakeUp = startWakeUp({ eventStore: stores.eventStore, queue: catchUps.queue, processors, logger });
  logger.info(
    { projections: projections.map((p) => p.name), reactors: reactors.map((r) => r.name), readStore: config.READ_STORE, mail: mailTransport.kind },
    'workers running',
  );

  const shutdown = loadConfig(ShutdownConfig);
  onShutdown(logger, async () => {
    await heartbeat.stop();
    await wakeUp.stop();
    // Job workers take no new job and finish their active ones; one past the bound is left to
    // stall, and another worker process takes it over (every job here is safe to run again).
    const jobWorkers = [catchUps.stop(), mail.stop(), ...contexts.map((context) => context.stop())];
    if (!(await settlesWithin(Promise.all(jobWorkers), shutdown.SHUTDOWN_GRACE_MS))) {
      logger.warn({ graceMs: shutdown.SHUTDOWN_GRACE_MS }, 'jobs still active after the grace period are left to another worker');
    }
    await mailTransport.close();
    await catchUps.disconnect();
    await mail.disconnect();
    connection.disconnect();
    await snapshotsWritten(states);
    for (const context of contexts) await context.flush?.();
    await metrics.close();
    await stores.close();
  }, { hardStopMs: shutdown.SHUTDOWN_GRACE_MS + 10_000 });
});
