import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import { START } from '../position.js';
import { testEvent } from '../testing/events.js';
import { createPgEventStore } from './pg-event-store.js';

describe('PostgreSQL $all visibility', () => {
  let schemas: TestSchemas;
  beforeAll(async () => {
    schemas = await createTestSchemas('esvisible');
  });
  afterAll(async () => schemas.drop());

  it('is held back by an open append only, not by other transactions open on the server', async () => {
    const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const other = await schemas.pool.connect();
    const append = await schemas.pool.connect();
    try {
      // A read-model batch (or any other work) holding a transaction id open, older than the appends below...
      await other.query('BEGIN');
      await other.query(`CREATE TABLE ${schemas.readStoreSchema}.scratch (n int)`);
      await store.appendToStream('fast-1', [testEvent('Fast')], { expectedRevision: 'no_stream' });
      // ...does not hide them from readers.
      expect((await store.readAll({ after: START, maxCount: 100 })).map((e) => e.type)).toEqual(['Fast']);
      expect(await store.headPosition()).toEqual(await store.lastPosition());

      // An append left open does: nothing committed after it shows until it ends.
      await append.query('BEGIN');
      const openStore = createPgEventStore({
        pool: { query: append.query.bind(append) } as unknown as Parameters<typeof createPgEventStore>[0]['pool'],
        connectionString: schemas.connectionString,
        schema: schemas.eventStoreSchema,
      });
      await openStore.appendToStream('slow-1', [testEvent('Slow')], { expectedRevision: 'no_stream' });
      await store.appendToStream('fast-2', [testEvent('Fast2')], { expectedRevision: 'no_stream' });
      expect((await store.readAll({ after: START, maxCount: 100 })).map((e) => e.type)).toEqual(['Fast']);
      await append.query('COMMIT');
      expect((await store.readAll({ after: START, maxCount: 100 })).map((e) => e.type)).toEqual(['Fast', 'Slow', 'Fast2']);
    } finally {
      await other.query('ROLLBACK').catch(() => undefined);
      await append.query('ROLLBACK').catch(() => undefined);
      other.release();
      append.release();
    }
  });

  it('reads past the events of types a reader does not follow, giving it only its own and how far it read', async () => {
    const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const start = await store.lastPosition();
    await store.appendToStream('typed-1', [testEvent('Followed'), testEvent('Other'), testEvent('Followed'), testEvent('Other')], { expectedRevision: 'no_stream' });
    const all = await store.readAll({ after: start, maxCount: 100 });
    const page = await store.readAllOf?.({ after: start, maxCount: 3, types: new Set(['Followed']) });
    expect(page?.read).toBe(3);
    expect(page?.last).toEqual(all[2]?.position);
    expect(page?.events).toEqual([all[0], all[2]]);
  });
});
