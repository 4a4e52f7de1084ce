import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_COLLECTION } from '@concierge/contracts';
import { memberJourney, type MemberJourney } from '@concierge/domain/audit/testing/member-journey';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore } from '@concierge/platform/event-store/port';
import { createMongoReadStore } from '@concierge/platform/read-store/mongodb/mongo-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { projections } from '../../projections/registry.js';
import { catchUp } from '../../projections/runtime/catch-up.js';
import { replayVerify } from './replay-verify.js';
import { mongoScratch } from './scratch.js';
import { untilVisible } from './testing/visible.js';

// No MongoDB server runs on dev/CI machines; point MONGO_URL at a replica set (transactions need one).
const url = process.env['MONGO_URL'];

if (!url) console.warn('SKIPPED: replay-verify on MongoDB — MONGO_URL is not set, so no server to run it against.');

describe.skipIf(!url)('replay-verify on MongoDB: a scratch database beside the live one, dropped afterwards', () => {
  const liveDatabase = `rvlive_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let schemas: TestSchemas;
  let eventStore: EventStore;
  let live: ReadStore;
  let journey: MemberJourney;

  beforeAll(async () => {
    schemas = await createTestSchemas('replaymongo');
    eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    live = createMongoReadStore({ url: url ?? '', database: liveDatabase });
    journey = await memberJourney(eventStore, 51);
    await untilVisible(eventStore);
    for (const projection of projections) await catchUp(projection, { eventStore, readStore: live });
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    const client = new MongoClient(url ?? '');
    try {
      await client.db(liveDatabase).dropDatabase();
    } finally {
      await client.close();
    }
    await schemas?.drop();
  });

  it('finds no difference, then names a document changed by hand, and leaves no scratch database behind', async () => {
    const verify = () => replayVerify({ eventStore, live, projections, scratch: mongoScratch(url ?? '', liveDatabase) });
    expect((await verify()).differenceCount).toBe(0);
    await live.collection(USERS_COLLECTION).update(journey.userId, { lastName: 'Edited by hand' });
    const report = await verify();
    expect(report.differences).toEqual([expect.objectContaining({ collection: USERS_COLLECTION, documentId: journey.userId, kind: 'changed' })]);
    const client = new MongoClient(url ?? '');
    try {
      const { databases } = await client.db().admin().listDatabases({ nameOnly: true });
      expect(databases.map((d) => d.name).filter((name) => name.startsWith(`${liveDatabase}_rv_`))).toEqual([]);
    } finally {
      await client.close();
    }
  }, 120_000);
});
