import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';
import { describeReadStoreContract } from '../read-store.contract.js';
import { createMongoReadStore } from './mongo-read-store.js';

// No MongoDB server runs on dev/CI machines; point MONGO_URL at a replica set (transactions need
// one), e.g. a local single-node set: mongodb://localhost:27017/?replicaSet=rs0&directConnection=true.
// Each run uses its own database, dropped afterwards, so runs never collide.
const url = process.env['MONGO_URL'];

if (!url) console.warn('SKIPPED: MongoDB adapter contract — MONGO_URL is not set, so no server to run it against.');

describe.skipIf(!url)(url ? 'MongoDB adapter' : 'MongoDB adapter contract (skipped: MONGO_URL is not set)', () => {
  // When skipped, the contract's tests are still listed (as skipped) but makeStore never runs.
  describeReadStoreContract('MongoDB', async () => {
    const database = `contract_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const store = createMongoReadStore({ url: url ?? '', database });
    return {
      store,
      cleanup: async () => {
        await store.close();
        const admin = new MongoClient(url ?? '');
        try {
          await admin.db(database).dropDatabase();
        } finally {
          await admin.close();
        }
      },
    };
  });
});
