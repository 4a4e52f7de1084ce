import { randomUUID } from 'node:crypto';
import type { BaseConfig } from '@concierge/platform/config/env';
import { createPool } from '@concierge/platform/postgres/database';
import { migrate } from '@concierge/platform/postgres/migrations';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';

/** A read store of its own for one verification, dropped whole when it is done. */
export interface ScratchStore {
  readonly readStore: ReadStore;
  /** Where it lives, for the report and the logs (a schema or a database name). */
  readonly name: string;
  drop(): Promise<void>;
}

/** Opens a fresh, empty scratch read store beside the live one. */
export type ScratchFactory = () => Promise<ScratchStore>;

/** A unique, valid name: PostgreSQL identifiers and MongoDB database names both take it. */
const scratchName = (base: string) => `${base.slice(0, 30)}_rv_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

/**
 * PostgreSQL: a scratch schema in the live read store's database, migrated like a read store, on a
 * small pool of its own (a verification never starves the projections' pool), dropped with CASCADE.
 */
export function pgScratch(connectionString: string, liveSchema: string): ScratchFactory {
  return async () => {
    const schema = scratchName(liveSchema);
    const pool = createPool(connectionString, 4);
    try {
      await migrate(pool, { readStoreSchema: schema });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      readStore: createPgReadStore({ pool, schema }),
      name: schema,
      drop: async () => {
        try {
          await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await pool.end();
        }
      },
    };
  };
}

/**
 * MongoDB: a scratch database on the live read store's deployment. The read store adapter creates
 * its collections on first write; `dropDatabase` (the driver's `Db.dropDatabase`) removes it whole.
 */
export function mongoScratch(url: string, liveDatabase: string): ScratchFactory {
  return async () => {
    const database = scratchName(liveDatabase);
    const { createMongoReadStore } = await import('@concierge/platform/read-store/mongodb/mongo-read-store');
    const readStore = createMongoReadStore({ url, database });
    return {
      readStore,
      name: database,
      drop: async () => {
        const { MongoClient } = await import('mongodb');
        const client = new MongoClient(url);
        try {
          await client.db(database).dropDatabase();
        } finally {
          await client.close();
          await readStore.close();
        }
      },
    };
  };
}

/** The scratch store beside the configured live read store: a schema in PostgreSQL, a database in MongoDB. */
export function scratchFromConfig(config: Pick<BaseConfig, 'READ_STORE' | 'DATABASE_URL' | 'READ_STORE_SCHEMA' | 'MONGO_URL' | 'MONGO_DATABASE'>): ScratchFactory {
  return config.READ_STORE === 'mongodb' ? mongoScratch(config.MONGO_URL ?? '', config.MONGO_DATABASE) : pgScratch(config.DATABASE_URL, config.READ_STORE_SCHEMA);
}
