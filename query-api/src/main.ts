import { readFileSync } from 'node:fs';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { PORTFOLIO_SNAPSHOT_QUEUE, REPLAY_VERIFY_QUEUE, registryFor, workersHeartbeatKey } from '@concierge/contracts';
import { AuditKeyConfig, auditPublicKeyIfKnown } from '@concierge/platform/audit/audit-key';
import { publicKeyFrom } from '@concierge/platform/auth/keys';
import { redisStandingChanges } from '@concierge/platform/auth/standing-changes';
import { loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { eventStoreCheck } from '@concierge/platform/http/readiness';
import { dependenciesOf } from '@concierge/platform/service/dependencies';
import { heartbeatCheck, probeRedis, redisCheck } from '@concierge/platform/service/heartbeat';
import { onShutdown, runService, serveHttp, ShutdownConfig } from '@concierge/platform/service/run';
import { waitForDependencies } from '@concierge/platform/service/wait-for-dependencies';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { withStoreMetrics } from '@concierge/platform/metrics/event-store';
import { serviceMetrics } from '@concierge/platform/metrics/registry';
import { createQueryApp } from './app.js';
import { QueryApiConfig } from './config.js';
import { ensureQueryIndexes } from './indexes.js';
import { projectionLagCheck } from './shared/readiness.js';
import { redisStartLock } from './audit/replay-verify/start-lock.js';

runService('query-api', async () => {
  const config = loadConfig(QueryApiConfig);
  const logger = createLogger('query-api', config.LOG_LEVEL);
  await waitForDependencies({ dependencies: dependenciesOf(config), logger, listen: { host: config.QUERY_API_HOST, port: config.QUERY_API_PORT } });
  await prepareStorage(config);
  const metrics = serviceMetrics('query-api');
  const stores = withStoreMetrics(await openStores(config), metrics);
  await ensureQueryIndexes(stores.readStore);
  const standingChanges = redisStandingChanges(config.REDIS_URL, config.QUEUE_PREFIX, logger);
  const probe = probeRedis(config.REDIS_URL);
  // A member's refresh adds a valuation; a query must not hang on Redis: while it is away, a
  // command fails at once instead of waiting in the offline queue for a reconnection.
  const queueConnection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  const snapshotQueue = new Queue(PORTFOLIO_SNAPSHOT_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });
  const replayQueue = new Queue(REPLAY_VERIFY_QUEUE, { connection: queueConnection, prefix: config.QUEUE_PREFIX });
  const registry = registryFor(config.CHAIN_ID, config.TOKEN_REGISTRY_FILE ? readFileSync(config.TOKEN_REGISTRY_FILE, 'utf8') : undefined);
  if (!registry) logger.warn({ chainId: config.CHAIN_ID }, 'no token registry for CHAIN_ID: strategy groups are not checked for unknown token symbols');
  const auditPublicKey = auditPublicKeyIfKnown({ ...config, ...loadConfig(AuditKeyConfig) });
  const app = createQueryApp({
    metrics,
    ...(auditPublicKey ? { auditPublicKey } : {}),
    ...(registry ? { knownTokenSymbols: new Set(registry.tokens.map((token) => token.symbol)) } : {}),
    readStore: stores.readStore,
    eventStore: stores.eventStore,
    publicKey: publicKeyFrom(config),
    logger,
    minPositionTimeoutMs: config.MIN_POSITION_TIMEOUT_MS,
    standingChanges,
    storeHead: () => stores.eventStore.lastPosition(),
    snapshotQueue,
    replayQueue,
    replayStartLock: redisStartLock(queueConnection, config.QUEUE_PREFIX),
    replayMinIntervalMs: config.REPLAY_VERIFY_MIN_INTERVAL_MS,
    refreshWaitMs: config.PORTFOLIO_REFRESH_WAIT_MS,
    readiness: {
      eventStore: eventStoreCheck(stores.eventStore),
      redis: redisCheck(probe),
      workers: heartbeatCheck(probe, workersHeartbeatKey(config.QUEUE_PREFIX)),
      projections: projectionLagCheck(stores.readStore, stores.eventStore, config.PROJECTION_LAG_READY_MS),
    },
  });
  const shutdown = loadConfig(ShutdownConfig);
  const closeServer = await serveHttp(app, config.QUERY_API_HOST, config.QUERY_API_PORT, {
    noticeMs: shutdown.SHUTDOWN_NOTICE_MS,
    drainMs: shutdown.SHUTDOWN_GRACE_MS,
  });
  logger.info({ port: config.QUERY_API_PORT, readStore: config.READ_STORE }, 'query-api listening');
  onShutdown(logger, async (signal) => {
    await closeServer({ notice: signal === 'SIGTERM' });
    await snapshotQueue.close();
    await replayQueue.close();
    queueConnection.disconnect();
    await standingChanges.close();
    probe.disconnect();
    await stores.close();
  }, { hardStopMs: shutdown.SHUTDOWN_NOTICE_MS + shutdown.SHUTDOWN_GRACE_MS + 5_000 });
});
