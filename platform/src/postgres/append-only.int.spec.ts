import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '../event-store/postgres/pg-event-store.js';
import { createPgSnapshotStore } from '../snapshot-store/postgres/pg-snapshot-store.js';
import { testEvent } from '../event-store/testing/events.js';
import { createTestSchemas, TEST_DATABASE_URL, type TestSchemas } from '../testing/postgres.js';
import { tamper } from '../testing/tamper.js';
import { grantAppRole } from './app-role.js';
import { createPool, inTransaction } from './database.js';

const APPEND_ONLY = /the event store is append-only/;

describe('the events table is append-only', () => {
  let schemas: TestSchemas;
  let appPool: pg.Pool;
  const role = `concierge_app_${randomUUID().replaceAll('-', '').slice(0, 10)}`;

  beforeAll(async () => {
    schemas = await createTestSchemas('appendonly');
    // The application's own role, as a deployment creates it; the owner (the migrating superuser here) grants it its share.
    await schemas.pool.query(`CREATE ROLE ${role} LOGIN`);
    await inTransaction(schemas.pool, (client) =>
      grantAppRole(client, { role, eventStoreSchema: schemas.eventStoreSchema, readStoreSchema: schemas.readStoreSchema }),
    );
    const url = new URL(TEST_DATABASE_URL);
    url.username = role;
    appPool = createPool(url.toString(), 2);
  });
  afterAll(async () => {
    await appPool.end();
    await schemas.pool.query(`DROP OWNED BY ${role}; DROP ROLE IF EXISTS ${role}`);
    await schemas.drop();
  });

  const events = () => `${schemas.eventStoreSchema}.events`;

  it('refuses UPDATE, DELETE and TRUNCATE even to a superuser, by trigger', async () => {
    const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    await store.appendToStream('account-1', [testEvent('DepositCredited', { amount: '14.00' })], { expectedRevision: 'no_stream' });
    await expect(schemas.pool.query(`UPDATE ${events()} SET data = '{"amount":"4000.00"}' WHERE stream_id = 'account-1'`)).rejects.toThrow(APPEND_ONLY);
    await expect(schemas.pool.query(`DELETE FROM ${events()} WHERE stream_id = 'account-1'`)).rejects.toThrow(APPEND_ONLY);
    await expect(schemas.pool.query(`TRUNCATE ${events()}`)).rejects.toThrow(APPEND_ONLY);
    const [kept] = await store.readStream('account-1');
    expect(kept?.data).toEqual({ amount: '14.00' });
    await store.close();
  });

  it('lets the application role append and read, and refuses it UPDATE, DELETE, TRUNCATE and disabling the trigger', async () => {
    const store = createPgEventStore({ pool: appPool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const snapshots = createPgSnapshotStore({ pool: appPool, schema: schemas.eventStoreSchema });
    await store.appendToStream('account-2', [testEvent('DepositCredited', { amount: '14.00' })], { expectedRevision: 'no_stream' });
    await store.appendToStream('account-2', [testEvent('WithdrawalRequested', { amount: '1.00' })], { expectedRevision: 0n });
    expect((await store.readStream('account-2')).map((e) => e.revision)).toEqual([0n, 1n]);
    await snapshots.write({ streamId: 'account-2', aggregate: 'account', snapshotVersion: 1, revision: 1n, state: {} });

    const denied = { code: '42501' };
    await expect(appPool.query(`UPDATE ${events()} SET data = '{"amount":"4000.00"}' WHERE stream_id = 'account-2'`)).rejects.toMatchObject(denied);
    await expect(appPool.query(`DELETE FROM ${events()} WHERE stream_id = 'account-2'`)).rejects.toMatchObject(denied);
    await expect(appPool.query(`TRUNCATE ${events()}`)).rejects.toMatchObject(denied);
    // Not the owner: it cannot switch the trigger off, nor step around it as a superuser would.
    await expect(appPool.query(`ALTER TABLE ${events()} DISABLE TRIGGER events_append_only`)).rejects.toThrow(/must be owner/);
    await expect(appPool.query('SET session_replication_role = replica')).rejects.toMatchObject(denied);
    expect((await store.readStream('account-2')).map((e) => e.data)).toEqual([{ amount: '14.00' }, { amount: '1.00' }]);
    await store.close();
    await snapshots.close();
  });

  it('yields only to a superuser who deliberately steps around the trigger', async () => {
    const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    await store.appendToStream('account-3', [testEvent('DepositCredited', { amount: '14.00' })], { expectedRevision: 'no_stream' });
    await tamper(schemas.pool, `UPDATE ${events()} SET data = '{"amount":"4000.00"}' WHERE stream_id = 'account-3'`);
    expect((await store.readStream('account-3'))[0]?.data).toEqual({ amount: '4000.00' });
    await store.close();
  });
});
