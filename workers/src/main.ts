import { Queue, Worker } from 'bullmq';
import { WORKERS_HEARTBEAT_INTERVAL_MS, WORKERS_HEARTBEAT_TTL_MS, workersHeartbeatKey } from '@concierge/contracts';
import { loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { dependenciesOf } from '@concierge/platform/service/dependencies';
import { startHeartbeat } from '@concierge/platform/service/heartbeat';
import { onShutdown, runService, settlesWithin, ShutdownConfig } from '@concierge/platform/service/run';
import { waitForDependencies } from '@concierge/platform/service/wait-for-dependencies';
import { loadWalletMnemonic } from '@concierge/platform/wallet/mnemonic';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { aggregateStatesFrom, snapshotsWritten } from '@concierge/domain/shared/aggregate-states';
import { auditSigningKeyFrom } from '@concierge/platform/audit/audit-key';
import { checkpointAnchorsFrom } from '@concierge/platform/audit/checkpoint-anchors';
import { startReplayVerifyWorker } from './audit/replay-verify/job.js';
import { scratchFromConfig } from './audit/replay-verify/scratch.js';
import { startChainJobs } from './chain/chain-jobs.js';
import { WorkersConfig } from './config.js';
import { startAuditCheckpoints } from './jobs/audit-checkpoints/start.js';
import { catchUpProcessor } from './jobs/catch-up/processor.js';
import { startWakeUp } from './jobs/catch-up/wake-up.js';
import { withJobLog } from './jobs/job-log.js';
import { mailProcessor } from './jobs/mail/processor.js';
import { mailTransportFrom } from './jobs/mail/transports.js';
import { snapshotSourcesFrom } from './jobs/portfolio-snapshots/sources.js';
import { startPortfolioSnapshots } from './jobs/portfolio-snapshots/start.js';
import { portfolioEventStore } from './jobs/portfolio-snapshots/states.js';
import { projections } from './projections/registry.js';
import { MAIL_QUEUE, PROJECTIONS_QUEUE } from './queues.js';
import { accountNoticesReactor } from './reactors/account-notices.js';
import { depositAddressesReactor } from './reactors/deposit-addresses.js';
import { keyRevealNoticesReactor } from './reactors/key-reveal-notices.js';
import { createRedis } from './redis.js';
import { startWorkersMetrics } from './metrics/start.js';
import { withStoreMetrics } from '@concierge/platform/metrics/event-store';

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
  const connection = createRedis(config.REDIS_URL);
  const workerConnection = createRedis(config.REDIS_URL);
  const mailWorkerConnection = createRedis(config.REDIS_URL);
  const queue = new Queue(PROJECTIONS_QUEUE, { connection, prefix: config.QUEUE_PREFIX });
  const mailQueue = new Queue(MAIL_QUEUE, { connection, prefix: config.QUEUE_PREFIX });

  // Settlement, deposit detection and address assignment decide commands: they fold states like the command API.
  const states = aggregateStatesFrom(config, stores.snapshots, logger, checkpointAnchorsFrom(config, stores.eventStore, logger));
  const commands = { eventStore: stores.eventStore, aggregateStates: states };
  const chainJobs = await startChainJobs({ config, ...commands, logger, observe: metrics.observe });
  const portfolio = portfolioEventStore(stores.eventStore, stores.snapshots, logger);
  const snapshots = await startPortfolioSnapshots({
    eventStore: portfolio.eventStore,
    aggregateStates: portfolio.aggregateStates,
    readStore: stores.readStore,
    snapshotSources: snapshotSourcesFrom({ config, ...commands, logger }),
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    intervalMs: config.SNAPSHOT_INTERVAL,
    concurrency: config.SNAPSHOT_CONCURRENCY,
    lockDurationMs: config.SNAPSHOT_LOCK_MS,
    schedule: config.SNAPSHOT_SCHEDULE === 'on',
    logger,
  });
  metrics.observe(snapshots.worker);
  // Replay-verifications asked for from the auditors' page (POST /audit/replay-verifications).
  const replayVerification = startReplayVerifyWorker({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    scratch: scratchFromConfig(config),
    logger,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    observe: metrics.observe,
  });
  // Signed checkpoints of the hash chains; the key is loaded here and stays in this process.
  const checkpoints = await startAuditCheckpoints({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    key: auditSigningKeyFrom(config),
    logger,
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    intervalMs: config.AUDIT_CHECKPOINT_INTERVAL,
    tailEveryMs: config.AUDIT_CHECKPOINT_EVERY,
    tailEveryEvents: config.AUDIT_CHECKPOINT_EVERY_EVENTS,
    observe: metrics.observe,
  });
  const reactors = [
    ...chainJobs.reactors,
    accountNoticesReactor({ eventStore: stores.eventStore, mailQueue, publicUrl: config.PUBLIC_URL, logger }),
    depositAddressesReactor({ ...commands, mnemonic: loadWalletMnemonic(config), logger }),
    keyRevealNoticesReactor({ eventStore: stores.eventStore, readStore: stores.readStore, mailQueue, logger }),
  ];
  const processors = [...projections, ...reactors];
  const worker = new Worker(PROJECTIONS_QUEUE, catchUpProcessor({ ...stores, processors, logger, batchSize: config.PROJECTION_BATCH_SIZE }), {
    connection: workerConnection,
    prefix: config.QUEUE_PREFIX,
    concurrency: processors.length,
    lockDuration: config.PROJECTION_LOCK_MS,
    stalledInterval: Math.max(500, Math.floor(config.PROJECTION_LOCK_MS / 2)),
    // Catch-up is idempotent, so a job interrupted by crashes is always safe to take over again.
    maxStalledCount: 1000,
  });
  worker.on('failed', (job, error) => logger.warn({ err: error, job: job?.name, data: job?.data }, 'job failed'));

  const mailTransport = mailTransportFrom(config);
  const mailWorker = new Worker(MAIL_QUEUE, withJobLog(MAIL_QUEUE, logger, mailProcessor({ transport: mailTransport })), {
    connection: mailWorkerConnection,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.MAIL_CONCURRENCY,
    // A mail job held by a worker process that died is taken over as soon as a projection's is
    // (BullMQ's default 30 s lock left a SIGKILLed replica's confirmation mail unsent for up to a
    // minute in the scale-out test). A send repeated after such a death keeps its key: one outbox
    // file, the same SMTP Message-ID.
    lockDuration: config.PROJECTION_LOCK_MS,
    stalledInterval: Math.max(500, Math.floor(config.PROJECTION_LOCK_MS / 2)),
  });
  // Mail job data can carry a password-reset link: log which job failed, never its data.
  mailWorker.on('failed', (job, error) => logger.warn({ err: error, job: job?.name, jobId: job?.id, attempts: job?.attemptsMade }, 'mail job failed'));
  metrics.observe(worker);
  metrics.observe(mailWorker);
  metrics.watchProjections({ eventStore: stores.eventStore, readStore: stores.readStore, processors });

  // Queues and workers report a lost Redis connection as 'error' events; ioredis reconnects by itself.
  const onQueueError = (error: Error) => logger.warn({ err: error }, 'queue connection error; reconnecting');
  queue.on('error', onQueueError);
  mailQueue.on('error', onQueueError);
  worker.on('error', onQueueError);
  mailWorker.on('error', onQueueError);
  const heartbeat = startHeartbeat(connection, workersHeartbeatKey(config.QUEUE_PREFIX), WORKERS_HEARTBEAT_INTERVAL_MS, WORKERS_HEARTBEAT_TTL_MS);
  // Reactors catch up like projections, so one wake-up (one event subscription) serves both.
  const wakeUp = startWakeUp({ eventStore: stores.eventStore, queue, processors, logger });
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
    const jobWorkers = [worker.close(), mailWorker.close(), chainJobs.close(), snapshots.close(), replayVerification.close(), checkpoints.close()];
    if (!(await settlesWithin(Promise.all(jobWorkers), shutdown.SHUTDOWN_GRACE_MS))) {
      logger.warn({ graceMs: shutdown.SHUTDOWN_GRACE_MS }, 'jobs still active after the grace period are left to another worker');
    }
    await mailTransport.close();
    await queue.close();
    await mailQueue.close();
    connection.disconnect();
    workerConnection.disconnect();
    mailWorkerConnection.disconnect();
    await snapshotsWritten(states);
    await snapshotsWritten(portfolio.aggregateStates);
    await metrics.close();
    await stores.close();
  }, { hardStopMs: shutdown.SHUTDOWN_GRACE_MS + 10_000 });
});
