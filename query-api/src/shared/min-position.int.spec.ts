import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { formatPosition, type Position } from '@concierge/platform/event-store/position';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { listen } from '@concierge/platform/testing/http';
import { bearerFor, testKeys } from '@concierge/platform/testing/keys';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { createQueryApp } from '../app.js';
import { putAccess } from '../testing/harness.js';

/** X-Min-Position waits only where a wait can end, and many waiters share one watcher. */
describe('read-your-writes waits', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let api: { url: string; close: () => Promise<void> };
  let checkpointReads = 0;
  const keys = testKeys();
  const admin = bearerFor(keys, { sub: 'admin-1', role: 'admin' });

  const get = async (path: string, position: string, authorization?: string) => {
    const started = performance.now();
    const response = await fetch(`${api.url}/api${path}`, { headers: { 'x-min-position': position, ...(authorization ? { authorization } : {}) } });
    await response.text();
    return { status: response.status, reached: response.headers.get('x-position-reached'), ms: performance.now() - started };
  };
  const moveUsersCheckpoint = async (to: Position) => {
    const from = await readStore.getCheckpoint('users');
    await readStore.transaction((session) => session.advanceCheckpoint('users', from, to));
  };

  beforeAll(async () => {
    schemas = await createTestSchemas('minposition');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const store = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    // The real store, counting how often anyone reads a checkpoint.
    readStore = { ...store, getCheckpoint: (p) => ((checkpointReads += 1), store.getCheckpoint(p)) };
    await putAccess(store, [{ id: 'admin-1', role: 'admin', status: 'approved', sessionsValidAfter: null, endedSessions: [] }]);
    const app = createQueryApp({ readStore, publicKey: keys.publicKey, logger: pino({ level: 'silent' }), minPositionTimeoutMs: 2000, checkResponses: true, storeHead: () => eventStore.lastPosition() });
    api = await listen(app);
  });
  afterAll(async () => {
    await api?.close();
    await schemas?.drop();
  });

  it('answers at once, marked not reached, a position beyond the newest event of the store', async () => {
    const answer = await get('/users/pending', '99999999999-1', admin);
    expect(answer).toMatchObject({ status: 200, reached: 'false' });
    expect(answer.ms).toBeLessThan(1000);
  });

  it('answers at once for read models that no projection writes', async () => {
    const { position } = await eventStore.appendToStream('test-1', [{ id: crypto.randomUUID(), type: 'T', data: {}, metadata: { actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
    // The audit streams read model has no projection yet: nothing would ever move it.
    const answer = await get('/audit/streams', formatPosition(position), admin);
    expect(answer.reached).toBeNull();
    expect(answer.ms).toBeLessThan(1000);
  });

  it('holds many requests for a real position with one watcher, and lets them all go when the projection reaches it', async () => {
    const { position } = await eventStore.appendToStream('test-2', [{ id: crypto.randomUUID(), type: 'T', data: {}, metadata: { actor: { type: 'system' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString(), schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
    checkpointReads = 0;
    const started = performance.now();
    const answers = Promise.all(Array.from({ length: 40 }, () => get('/users/pending', formatPosition(position), admin)));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await moveUsersCheckpoint(position);
    const all = await answers;
    const elapsed = performance.now() - started;
    expect(all.every((a) => a.status === 200 && a.reached === 'true')).toBe(true);
    expect(Math.max(...all.map((a) => a.ms))).toBeLessThan(1500);
    // One read per 5 ms tick for all forty, not forty polls of their own.
    expect(checkpointReads).toBeLessThan(elapsed / 5 + 20);
  });
});
