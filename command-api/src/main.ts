import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { MAIL_QUEUE, PORTFOLIO_SNAPSHOT_QUEUE } from '@concierge/contracts';
import { checkpointAnchorsFrom } from '@concierge/platform/audit/checkpoint-anchors';
import { signingKeysFrom } from '@concierge/platform/auth/keys';
import { redisStandingChanges } from '@concierge/platform/auth/standing-changes';
import { ConfigError, loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { withFallback } from '@concierge/platform/rate-limit/fallback';
import { redisRateLimiter } from '@concierge/platform/rate-limit/fixed-window';
import { memoryRateLimiter } from '@concierge/platform/rate-limit/memory';
import { dependenciesOf } from '@concierge/platform/service/dependencies';
import { probeRedis, redisCheck } from '@concierge/platform/service/heartbeat';
import { onShutdown, runService, serveHttp, ShutdownConfig } from '@concierge/platform/service/run';
import { waitForDependencies } from '@concierge/platform/service/wait-for-dependencies';
import { loadWalletMnemonic } from '@concierge/platform/wallet/mnemonic';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { openCredentialStore } from '@concierge/platform/credential-store/open';
import { withStoreMetrics } from '@concierge/platform/metrics/event-store';
import { serviceMetrics } from '@concierge/platform/metrics/registry';
import { aggregateStatesFrom, snapshotsWritten } from '@concierge/domain/shared/aggregate-states';
import { seedCatalog } from '@concierge/domain/plans/seed-catalog';
import { AccountNotOwnedError, EmailUnconfirmedError, ensureAdmin, InvalidAdminInputError } from '@concierge/domain/identity/admin/ensure-admin';
import { createCommandApp } from './app.js';
import { authRateLimitsOf, CommandApiConfig } from './config.js';
import { bullmqMailOutbox } from './identity/mail-outbox.js';
import { argon2idHasher } from './identity/password-hasher.js';
import { bullmqSnapshotRequests } from './portfolio/snapshot-queue.js';

runService('command-api', async () => {
  const config = loadConfig(CommandApiConfig);
  const logger = createLogger('command-api', config.LOG_LEVEL);
  // PostgreSQL or Redis away (a restart of theirs, or ours during their outage): wait, answering 503 meanwhile.
  await waitForDependencies({ dependencies: dependenciesOf(config), logger, listen: { host: config.COMMAND_API_HOST, port: config.COMMAND_API_PORT } });
  await prepareStorage(config);
  const metrics = serviceMetrics('command-api');
  const stores = withStoreMetrics(await openStores(config), metrics);
  const hasher = argon2idHasher({ memoryKiB: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST });
  const credentials = await openCredentialStore(config);
  // BullMQ wants commands to wait out a Redis reconnect; the rate limiter should instead fail fast.
  const queueConnection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const limiterConnection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 });
  const mailQueue = new Queue(MAIL_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });
  const snapshotQueue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    try {
      const admin = await ensureAdmin(
        { eventStore: stores.eventStore, hasher, credentials },
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, firstName: config.ADMIN_FIRST_NAME, lastName: config.ADMIN_LAST_NAME },
      );
      logger.info({ userId: admin.userId, created: admin.created, changed: admin.changed }, 'admin account ensured');
    } catch (error) {
      if (error instanceof InvalidAdminInputError) throw new ConfigError(`ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
      // Someone else holds that email, or it was never confirmed: refusing to promote it must not keep the product down.
      if (error instanceof AccountNotOwnedError || error instanceof EmailUnconfirmedError) logger.error({ email: error.email }, `ADMIN_EMAIL not applied: ${error.message}`);
      else throw error;
    }
  }

  const seeded = await seedCatalog(
    { eventStore: stores.eventStore },
    { defaultPlanFeePercentage: config.DEFAULT_PLAN_FEE_PERCENT },
    { actor: { type: 'system', reason: 'start-up seed' }, correlationId: randomUUID(), causationId: randomUUID(), now: new Date() },
  );
  logger.info({ defaultPlan: seeded.defaultPlan, strategies: seeded.strategies }, 'default plan and seed strategy groups ensured');
  if (!seeded.defaultPlan.created && seeded.defaultPlan.feePercentage !== config.DEFAULT_PLAN_FEE_PERCENT) {
    logger.warn(
      { configured: config.DEFAULT_PLAN_FEE_PERCENT, charged: seeded.defaultPlan.feePercentage },
      'DEFAULT_PLAN_FEE_PERCENT only seeds the default plan at the first start; the fee set in the Subscription Manager applies',
    );
  }

  const standingChanges = redisStandingChanges(config.REDIS_URL, config.QUEUE_PREFIX, logger);
  const probe = probeRedis(config.REDIS_URL);
  const states = aggregateStatesFrom(config, stores.snapshots, logger, checkpointAnchorsFrom(config, stores.eventStore, logger));
  const app = createCommandApp({
    metrics,
    standingChanges,
    readiness: { redis: redisCheck(probe) },
    eventStore: stores.eventStore,
    hasher,
    credentials,
    keys: signingKeysFrom(config),
    logger,
    mail: bullmqMailOutbox(mailQueue),
    publicUrl: config.PUBLIC_URL,
    rateLimiter: withFallback(redisRateLimiter(limiterConnection, { prefix: config.QUEUE_PREFIX }), memoryRateLimiter(), {
      onFallback: (err) => logger.warn({ err }, 'rate limits counted in this process while Redis cannot be reached'),
      onRecovered: () => logger.info('rate limits counted in Redis again'),
    }),
    rateLimits: authRateLimitsOf(config),
    walletMnemonic: loadWalletMnemonic(config),
    aggregateStates: states,
    snapshots: bullmqSnapshotRequests(snapshotQueue),
  });
  const shutdown = loadConfig(ShutdownConfig);
  const closeServer = await serveHttp(app, config.COMMAND_API_HOST, config.COMMAND_API_PORT, {
    noticeMs: shutdown.SHUTDOWN_NOTICE_MS,
    drainMs: shutdown.SHUTDOWN_GRACE_MS,
  });
  logger.info({ port: config.COMMAND_API_PORT, eventStore: config.EVENT_STORE }, 'command-api listening');
  onShutdown(logger, async (signal) => {
    await closeServer({ notice: signal === 'SIGTERM' });
    await mailQueue.close();
    await snapshotQueue.close();
    await standingChanges.close();
    probe.disconnect();
    queueConnection.disconnect();
    limiterConnection.disconnect();
    await snapshotsWritten(states);
    await credentials.close();
    await stores.close();
  }, { hardStopMs: shutdown.SHUTDOWN_NOTICE_MS + shutdown.SHUTDOWN_GRACE_MS + 5_000 });
});
