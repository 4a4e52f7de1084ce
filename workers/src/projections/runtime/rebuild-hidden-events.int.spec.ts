import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { userLife } from '../../testing/user-history.js';
import { USERS_COLLECTION, usersProjection } from '../users/projection.js';
import { rebuild } from './catch-up.js';

/**
 * PostgreSQL shows $all to readers only below the oldest append still open: an append that took
 * its position first but commits last hides every later commit until it ends.
 */
describe('a rebuild while an older append is still open', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;

  beforeAll(async () => {
    schemas = await createTestSchemas('rebuildhidden');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  const appendLife = async (store: EventStore, seed: number) => {
    const life = userLife(seed);
    await store.appendToStream(`user-${String(life[0]?.data['userId'])}`, life, { expectedRevision: 'no_stream' });
    return life.length;
  };

  it('waits for the open append and replays everything committed before it started, not stopping at the first short read', async () => {
    let committed = await appendLife(eventStore, 0);
    // An append on a connection of its own, left open: its transaction holds a position below the next ones.
    const client = await schemas.pool.connect();
    try {
      await client.query('BEGIN');
      const openStore = createPgEventStore({
        pool: { query: client.query.bind(client) } as unknown as pg.Pool,
        connectionString: schemas.connectionString,
        schema: schemas.eventStoreSchema,
      });
      const held = await appendLife(openStore, 1);
      for (const seed of [2, 3, 4]) committed += await appendLife(eventStore, seed);

      let settled = false;
      const run = rebuild(usersProjection, { eventStore, readStore, batchSize: 2 }).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(settled).toBe(false);
      await client.query('COMMIT');

      const result = await run;
      expect(result.events).toBe(committed + held);
      expect(await readStore.collection(USERS_COLLECTION).count()).toBe(5);
      expect(result.position).toEqual(await eventStore.lastPosition());
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  });
});
