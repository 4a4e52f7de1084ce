import { MongoClient, MongoServerError } from 'mongodb';
import { CredentialRewriteError, type CredentialStore } from '../port.js';

export interface MongoCredentialStoreOptions {
  readonly url: string;
  readonly database: string;
  /** Defaults to `credentials`. Give the command side's database user the only grant on it. */
  readonly collection?: string;
}

interface CredentialDocument {
  _id: string;
  material: string;
  storedAt: Date;
}

/** MongoDB's duplicate key error code (E11000): the unique `_id` index refused an insert. */
const DUPLICATE_KEY = 11000;

/**
 * Credentials on MongoDB through the node driver (mongodb 7): one document per id, `_id` being the
 * id, written with insertOne only (never updated), so the `_id` index makes each id write-once.
 */
export function createMongoCredentialStore(options: MongoCredentialStoreOptions): CredentialStore {
  const client = new MongoClient(options.url);
  const collection = client.db(options.database).collection<CredentialDocument>(options.collection ?? 'credentials');
  async function get(id: string): Promise<string | undefined> {
    const found = await collection.findOne({ _id: id }, { projection: { material: 1 } });
    return found?.material;
  }
  return {
    get,
    async put(id, material) {
      try {
        await collection.insertOne({ _id: id, material, storedAt: new Date() });
      } catch (error) {
        if (!(error instanceof MongoServerError) || error.code !== DUPLICATE_KEY) throw error;
        if ((await get(id)) !== material) throw new CredentialRewriteError(id);
      }
    },
    close: () => client.close(),
  };
}
