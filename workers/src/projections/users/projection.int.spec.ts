import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { catchUp, rebuild } from '../runtime/catch-up.js';
import { appendUserLives } from '../../testing/user-history.js';
import { USERS_COLLECTION, usersProjection, type UserDoc } from './projection.js';

describe('users projection', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;

  beforeAll(async () => {
    schemas = await createTestSchemas('usersproj');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
  });
  afterAll(async () => schemas.drop());

  const users = () => readStore.collection<UserDoc>(USERS_COLLECTION);
  const snapshot = async () => users().find({ sort: [{ field: 'email', direction: 'asc' }] });

  it('shows each account with its current status and name, and never its password hash', async () => {
    await appendUserLives(eventStore, [0, 1, 2, 3, 4, 5, 6]);
    const result = await catchUp(usersProjection, { eventStore, readStore, batchSize: 4 });
    expect(result.events).toBeGreaterThan(7);
    expect(await users().countBy('status')).toEqual({ approved: 1, pending: 2, rejected: 2, suspended: 2 });
    const [first] = await users().find({ filter: { email: 'member0@example.com' } });
    expect(first).toMatchObject({ firstName: 'Renamed0', fullName: 'Renamed0 Last0', status: 'suspended', role: 'user' });
    expect(JSON.stringify(await snapshot())).not.toContain('argon2');
  });

  it('does nothing when run again with no new events', async () => {
    const before = await snapshot();
    const checkpoint = await readStore.getCheckpoint('users');
    expect((await catchUp(usersProjection, { eventStore, readStore })).events).toBe(0);
    expect(await readStore.getCheckpoint('users')).toEqual(checkpoint);
    expect(await snapshot()).toEqual(before);
  });

  it('comes out identical when dropped and replayed from the first event', async () => {
    await appendUserLives(eventStore, [7, 8, 9, 10, 11, 12]);
    await catchUp(usersProjection, { eventStore, readStore, batchSize: 3 });
    const incremental = await snapshot();
    await rebuild(usersProjection, { eventStore, readStore, batchSize: 1000 });
    expect(await snapshot()).toEqual(incremental);
    expect(incremental).toHaveLength(13);
  });
});
