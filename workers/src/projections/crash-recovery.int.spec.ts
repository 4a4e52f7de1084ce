import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { comparePositions } from '@concierge/platform/event-store/position';
import { migrate } from '@concierge/platform/postgres/migrations';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { appendUserLives } from '../testing/user-history.js';
import { killHard, spawnWorkers } from '../testing/worker-process.js';
import { catchUp, rebuild } from './runtime/catch-up.js';
import { USERS_COLLECTION, usersProjection } from './users/projection.js';

const TARGET_EVENTS = 5000;

async function waitUntil(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('projection worker crash safety', () => {
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let readStore: ReadStore;
  let env: Record<string, string>;

  beforeAll(async () => {
    schemas = await createTestSchemas('crash');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    env = {
      DATABASE_URL: schemas.connectionString,
      EVENT_STORE_SCHEMA: schemas.eventStoreSchema,
      READ_STORE_SCHEMA: schemas.readStoreSchema,
      QUEUE_PREFIX: `test-crash-${randomUUID().slice(0, 8)}`,
      PROJECTION_LOCK_MS: '1000',
      PROJECTION_BATCH_SIZE: '50',
      // The workers also send approval mail; keep it out of the real outbox.
      MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'concierge-crash-outbox-')),
    };
  });
  afterAll(async () => schemas.drop());

  it('leaves the users read model identical to a fresh rebuild after SIGKILLs at random points during 5,000 appends', async () => {
    let appended = 0;
    let seed = 0;
    // Eight writers append account histories until 5,000 events are in.
    const writers = Array.from({ length: 8 }, async () => {
      while (appended < TARGET_EVENTS) {
        const count = await appendUserLives(eventStore, [seed++]);
        appended += count; // not `appended += await …`, which would add to a stale value
      }
    });
    const appending = Promise.all(writers);
    let finished = false;
    void appending.then(() => (finished = true));

    let kills = 0;
    while (!finished || kills < 4) {
      const before = await readStore.getCheckpoint('users');
      const worker = spawnWorkers(env);
      // Kill only once this worker is projecting, at a random moment inside its work.
      await waitUntil(async () => {
        const now = await readStore.getCheckpoint('users');
        return now !== undefined && (before === undefined || comparePositions(now, before) > 0);
      }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 250));
      await killHard(worker);
      kills += 1;
    }
    await appending;
    expect(appended).toBeGreaterThanOrEqual(TARGET_EVENTS);

    // A last worker projects every event the writers appended and is killed too, wherever it is
    // then. Its reactors keep appending behind the writers (a deposit address for each of ~1,600
    // approved members, about 20 a second on this machine), so waiting for the head to stand still
    // took a minute; the users model is the subject here. The same catch-up the workers run then
    // resumes the killed model from its checkpoint, in this process, to the head that now stands.
    const written = await eventStore.headPosition();
    const survivor = spawnWorkers(env);
    try {
      await waitUntil(async () => {
        const checkpoint = await readStore.getCheckpoint('users');
        return checkpoint !== undefined && comparePositions(checkpoint, written) >= 0;
      }, 120_000);
    } finally {
      await killHard(survivor);
    }
    const resumed = await catchUp(usersProjection, { eventStore, readStore, batchSize: 50, reach: await eventStore.headPosition() });
    expect(resumed.position).toEqual(await readStore.getCheckpoint('users'));

    const freshSchema = `${schemas.readStoreSchema}_fresh`;
    await migrate(schemas.pool, { readStoreSchema: freshSchema });
    try {
      const fresh = createPgReadStore({ pool: schemas.pool, schema: freshSchema });
      const replay = await rebuild(usersProjection, { eventStore, readStore: fresh, batchSize: 1000 });
      // Every event written by the test, plus what the workers' reactors appended themselves.
      expect(replay.events).toBeGreaterThanOrEqual(appended);
      const sort = [{ field: 'id', direction: 'asc' as const }];
      const survived = await readStore.collection(USERS_COLLECTION).find({ sort });
      const rebuilt = await fresh.collection(USERS_COLLECTION).find({ sort });
      expect(survived.length).toBe(seed);
      expect(survived).toEqual(rebuilt);
      console.log(`crash test: ${appended} events, ${kills} SIGKILLs mid-projection and one after, ${survived.length} users identical to a rebuild`);
    } finally {
      await schemas.pool.query(`DROP SCHEMA IF EXISTS ${freshSchema} CASCADE`);
    }
  }, 240_000);
});
