import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import { randomUUID } from 'node:crypto';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import { createPool, ensureDatabase } from '@concierge/platform/postgres/database';
import { migrate } from '@concierge/platform/postgres/migrations';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';

export const BENCH_DATABASE_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/concierge_bench';

/** Fresh event and read schemas for one benchmark, dropped afterwards. */
export async function benchStores(label: string, poolSize = 60) {
  await ensureDatabase(BENCH_DATABASE_URL);
  const suffix = `${label}_${randomUUID().replaceAll('-', '').slice(0, 8)}`;
  const eventStoreSchema = `bench_es_${suffix}`;
  const readStoreSchema = `bench_rm_${suffix}`;
  const pool = createPool(BENCH_DATABASE_URL, poolSize);
  await migrate(pool, { eventStoreSchema, readStoreSchema });
  return {
    pool,
    eventStoreSchema,
    readStoreSchema,
    eventStore: createPgEventStore({ pool, connectionString: BENCH_DATABASE_URL, schema: eventStoreSchema }),
    readStore: createPgReadStore({ pool, schema: readStoreSchema }),
    credentials: createPgCredentialStore({ pool, schema: eventStoreSchema }),
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS ${eventStoreSchema} CASCADE`);
      await pool.query(`DROP SCHEMA IF EXISTS ${readStoreSchema} CASCADE`);
      await pool.end();
    },
  };
}
