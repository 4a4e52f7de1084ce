import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import { describeEventStoreContract } from '../event-store.contract.js';
import { START } from '../position.js';
import { testEvent } from '../testing/events.js';
import { createPgEventStore } from './pg-event-store.js';

describeEventStoreContract('PostgreSQL', async () => {
  const schemas = await createTestSchemas('escontract');
  const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  return { store, cleanup: schemas.drop };
});

describe('PostgreSQL event store ordering', () => {
  let schemas: TestSchemas;
  beforeAll(async () => {
    schemas = await createTestSchemas('esorder');
  });
  afterAll(async () => schemas.drop());

  it('never lets a reader pass an event that a concurrent transaction commits late', async () => {
    const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const slow = await schemas.pool.connect();
    try {
      // A writer that has inserted but not yet committed...
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO ${schemas.eventStoreSchema}.events (stream_id, stream_revision, event_id, type, data, metadata, previous_hash, hash)
         VALUES ('slow-1', 0, $1, 'Slow', '{}', $2, '\\x00', '\\x00')`,
        [testEvent().id, JSON.stringify(testEvent().metadata)],
      );
      // ...while a later writer commits.
      await store.appendToStream('fast-1', [testEvent('Fast')], { expectedRevision: 'no_stream' });
      const whileOpen = await store.readAll({ after: START, maxCount: 100 });
      expect(whileOpen.map((e) => e.type)).toEqual([]);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const afterCommit = await store.readAll({ after: START, maxCount: 100 });
    expect(afterCommit.map((e) => e.type)).toEqual(['Slow', 'Fast']);
  });
});
