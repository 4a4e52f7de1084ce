import { createServer } from 'node:http';
import { ConfigError, loadConfig } from '@concierge/platform/config/env';
import { DependencyUnavailableError } from '@concierge/platform/config/preflight';
import { createLogger } from '@concierge/platform/logging/logger';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { createQueryApp } from './app.js';
import { QueryApiConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadConfig(QueryApiConfig);
  const logger = createLogger('query-api', config.LOG_LEVEL);
  await prepareStorage(config);
  const stores = await openStores(config);
  const app = createQueryApp({ readStore: stores.readStore, logger, minPositionTimeoutMs: config.MIN_POSITION_TIMEOUT_MS });
  const server = createServer(app);
  server.listen(config.QUERY_API_PORT, config.QUERY_API_HOST, () => {
    logger.info({ port: config.QUERY_API_PORT, readStore: config.READ_STORE }, 'query-api listening');
  });
  const shutdown = async () => {
    server.close();
    server.closeAllConnections();
    await stores.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DependencyUnavailableError) {
    console.error(`query-api: ${error.message}`);
  } else {
    console.error('query-api failed to start:', error);
  }
  process.exit(1);
});
