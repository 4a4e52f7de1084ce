import { createServer } from 'node:http';
import { ConfigError, loadConfig } from '@concierge/platform/config/env';
import { DependencyUnavailableError } from '@concierge/platform/config/preflight';
import { createLogger } from '@concierge/platform/logging/logger';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { createCommandApp } from './app.js';
import { CommandApiConfig } from './config.js';
import { argon2idHasher } from './identity/password-hasher.js';

async function main(): Promise<void> {
  const config = loadConfig(CommandApiConfig);
  const logger = createLogger('command-api', config.LOG_LEVEL);
  await prepareStorage(config);
  const stores = await openStores(config);
  const hasher = argon2idHasher({ memoryKiB: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST });
  const server = createServer(createCommandApp({ eventStore: stores.eventStore, hasher, logger }));
  server.listen(config.COMMAND_API_PORT, config.COMMAND_API_HOST, () => {
    logger.info({ port: config.COMMAND_API_PORT, eventStore: config.EVENT_STORE }, 'command-api listening');
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
    console.error(`command-api: ${error.message}`);
  } else {
    console.error('command-api failed to start:', error);
  }
  process.exit(1);
});
