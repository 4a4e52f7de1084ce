import { signingKeysFrom } from '@concierge/platform/auth/keys';
import { loadConfig } from '@concierge/platform/config/env';
import { createLogger } from '@concierge/platform/logging/logger';
import { onShutdown, runService, serveHttp } from '@concierge/platform/service/run';
import { openStores, prepareStorage } from '@concierge/platform/stores';
import { createCommandApp } from './app.js';
import { CommandApiConfig } from './config.js';
import { argon2idHasher } from './identity/password-hasher.js';

runService('command-api', async () => {
  const config = loadConfig(CommandApiConfig);
  const logger = createLogger('command-api', config.LOG_LEVEL);
  await prepareStorage(config);
  const stores = await openStores(config);
  const hasher = argon2idHasher({ memoryKiB: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST });
  const app = createCommandApp({ eventStore: stores.eventStore, hasher, keys: signingKeysFrom(config), logger });
  const closeServer = await serveHttp(app, config.COMMAND_API_HOST, config.COMMAND_API_PORT);
  logger.info({ port: config.COMMAND_API_PORT, eventStore: config.EVENT_STORE }, 'command-api listening');
  onShutdown(logger, async () => {
    await closeServer();
    await stores.close();
  });
});
