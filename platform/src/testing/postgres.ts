import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createPool } from '../postgres/database.js';
import { migrate } from '../postgres/migrations.js';

/** The database every test run uses; created by the global setup when missing. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/concierge_test';

export interface TestSchemas {
  readonly pool: pg.Pool;
  readonly eventStoreSchema: string;
  readonly readStoreSchema: string;
  readonly connectionString: string;
  readonly drop: () => Promise<void>;
}

/** Fresh, migrated schemas for one test file, so files run in parallel without sharing rows. */
export async function createTestSchemas(label: string, connectionString = TEST_DATABASE_URL): Promise<TestSchemas> {
  const suffix = `${label.replace(/[^a-z0-9]/g, '').slice(0, 20)}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const eventStoreSchema = `es_${suffix}`;
  const readStoreSchema = `rm_${suffix}`;
  const pool = createPool(connectionString, 20);
  await migrate(pool, { eventStoreSchema, readStoreSchema });
  return {
    pool,
    eventStoreSchema,
    readStoreSchema,
    connectionString,
    drop: async () => {
      await pool.query(`DROP SCHEMA IF EXISTS ${eventStoreSchema} CASCADE`);
      await pool.query(`DROP SCHEMA IF EXISTS ${readStoreSchema} CASCADE`);
      await pool.end();
    },
  };
}
