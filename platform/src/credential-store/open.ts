import type { BaseConfig } from '../config/env.js';
import { ConfigError } from '../config/env.js';
import { createPool } from '../postgres/database.js';
import type { CredentialStore } from './port.js';
import { createPgCredentialStore } from './postgres/pg-credential-store.js';

type CredentialStoreConfig = Pick<BaseConfig, 'DATABASE_URL' | 'EVENT_STORE' | 'MONGO_URL' | 'MONGO_DATABASE' | 'EVENT_STORE_SCHEMA'>;

/**
 * The credential store, opened by the command side only (no other service reads credentials): on
 * PostgreSQL beside the events (migration 8, run by prepareStorage), in production (EventStoreDB
 * events) on MongoDB, collection `credentials` of MONGO_DATABASE.
 */
export async function openCredentialStore(config: CredentialStoreConfig): Promise<CredentialStore> {
  if (config.EVENT_STORE === 'postgres') {
    const pool = createPool(config.DATABASE_URL, 4);
    const store = createPgCredentialStore({ pool, schema: config.EVENT_STORE_SCHEMA });
    return { ...store, close: () => pool.end() };
  }
  if (!config.MONGO_URL) throw new ConfigError('MONGO_URL: the credential store needs MongoDB when EVENT_STORE=eventstoredb.');
  const { createMongoCredentialStore } = await import('./mongodb/mongo-credential-store.js');
  return createMongoCredentialStore({ url: config.MONGO_URL, database: config.MONGO_DATABASE });
}
