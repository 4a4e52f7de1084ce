import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe } from 'vitest';
import { describeCredentialStoreContract } from '../credential-store.contract.js';
import { createMongoCredentialStore } from './mongo-credential-store.js';

// No MongoDB server runs on dev/CI machines; point MONGO_URL at one to run the shared contract
// against it. Each run uses its own database, dropped afterwards, so runs never collide.
const url = process.env['MONGO_URL'];

if (!url) console.warn('SKIPPED: MongoDB credential store contract — MONGO_URL is not set, so no server to run it against.');

describe.skipIf(!url)(url ? 'MongoDB credential store' : 'MongoDB credential store contract (skipped: MONGO_URL is not set)', () => {
  describeCredentialStoreContract('MongoDB', async () => {
    const database = `credentials_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const store = createMongoCredentialStore({ url: url ?? '', database });
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
