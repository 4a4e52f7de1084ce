import type pg from 'pg';
import type { BaseConfig } from './config/env.js';
import { requireTcp, POSTGRES_HINT } from './config/preflight.js';
import type { EventStore } from './event-store/port.js';
import { createPgEventStore } from './event-store/postgres/pg-event-store.js';
import { grantAppRole, userOf } from './postgres/app-role.js';
import { createPool, ensureDatabase, inTransaction } from './postgres/database.js';
import { migrate } from './postgres/migrations.js';
import type { ReadStore } from './read-store/port.js';
import { createPgReadStore } from './read-store/postgres/pg-read-store.js';
import type { SnapshotStore } from './snapshot-store/port.js';
import { createPgSnapshotStore } from './snapshot-store/postgres/pg-snapshot-store.js';

export interface Stores {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Aggregate states folded so far, kept beside the events (same server, same schema on PostgreSQL). */
  readonly snapshots: SnapshotStore;
  close(): Promise<void>;
}

type StoreConfig = Pick<
  BaseConfig,
  'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'EVENT_STORE' | 'READ_STORE' | 'EVENTSTORE_URL' | 'MONGO_URL' | 'MONGO_DATABASE' | 'EVENT_STORE_SCHEMA' | 'READ_STORE_SCHEMA'
>;

function usesPostgres(config: StoreConfig): boolean {
  return config.EVENT_STORE === 'postgres' || config.READ_STORE === 'postgres';
}

/**
 * Creates the database and applies migrations for whichever stores run on PostgreSQL; with
 * DATABASE_OWNER_URL, as that owner, which then grants DATABASE_URL's role what the services need.
 */
export async function prepareStorage(config: StoreConfig): Promise<void> {
  if (!usesPostgres(config)) return;
  const ownerUrl = config.DATABASE_OWNER_URL ?? config.DATABASE_URL;
  await requireTcp('PostgreSQL', ownerUrl, 5432, POSTGRES_HINT);
  await ensureDatabase(ownerUrl);
  const pool = createPool(ownerUrl, 1);
  try {
    const schemas = {
      ...(config.EVENT_STORE === 'postgres' ? { eventStoreSchema: config.EVENT_STORE_SCHEMA } : {}),
      ...(config.READ_STORE === 'postgres' ? { readStoreSchema: config.READ_STORE_SCHEMA } : {}),
    };
    await migrate(pool, schemas);
    const appRole = userOf(config.DATABASE_URL);
    if (appRole !== userOf(ownerUrl)) await inTransaction(pool, (client) => grantAppRole(client, { role: appRole, ...schemas }));
  } finally {
    await pool.end();
  }
}

/** Opens the configured adapters (the production ones are loaded only when chosen). */
export async function openStores(config: StoreConfig, poolSize = 10): Promise<Stores> {
  const pool: pg.Pool | undefined = usesPostgres(config) ? createPool(config.DATABASE_URL, poolSize) : undefined;
  const eventStore = await openEventStore(config, pool);
  const readStore = await openReadStore(config, pool);
  const snapshots = await openSnapshotStore(config, pool);
  return {
    eventStore,
    readStore,
    snapshots,
    async close() {
      await eventStore.close();
      await readStore.close();
      await snapshots.close();
      await pool?.end();
    },
  };
}

async function openEventStore(config: StoreConfig, pool: pg.Pool | undefined): Promise<EventStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    const { createEsdbEventStore } = await import('./event-store/eventstoredb/esdb-event-store.js');
    return createEsdbEventStore(config.EVENTSTORE_URL ?? '');
  }
  if (!pool) throw new Error('PostgreSQL pool missing');
  return createPgEventStore({ pool, connectionString: config.DATABASE_URL, schema: config.EVENT_STORE_SCHEMA });
}

async function openSnapshotStore(config: StoreConfig, pool: pg.Pool | undefined): Promise<SnapshotStore> {
  if (config.EVENT_STORE === 'eventstoredb') {
    const { createEsdbSnapshotStore } = await import('./snapshot-store/eventstoredb/esdb-snapshot-store.js');
    return createEsdbSnapshotStore(config.EVENTSTORE_URL ?? '');
  }
  if (!pool) throw new Error('PostgreSQL pool missing');
  return createPgSnapshotStore({ pool, schema: config.EVENT_STORE_SCHEMA });
}

async function openReadStore(config: StoreConfig, pool: pg.Pool | undefined): Promise<ReadStore> {
  if (config.READ_STORE === 'mongodb') {
    const { createMongoReadStore } = await import('./read-store/mongodb/mongo-read-store.js');
    return createMongoReadStore({ url: config.MONGO_URL ?? '', database: config.MONGO_DATABASE });
  }
  if (!pool) throw new Error('PostgreSQL pool missing');
  return createPgReadStore({ pool, schema: config.READ_STORE_SCHEMA });
}
