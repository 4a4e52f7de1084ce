import { BaseConfig, loadConfig } from '../config/env.js';
import { prepareStorage } from '../stores.js';

/** `npm run migrate`: creates the database if missing and applies pending migrations. */
try {
  const config = loadConfig(BaseConfig);
  await prepareStorage(config);
  console.log('Storage is migrated and ready.');
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
