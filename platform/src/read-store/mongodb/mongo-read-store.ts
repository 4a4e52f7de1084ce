import { MongoClient, MongoServerError, type ClientSession, type Db, type TransactionOptions } from 'mongodb';
import type { Position } from '../../event-store/position.js';
import type { IndexSpec, ReadModelDoc, ReadStore, ReadStoreSession } from '../port.js';
import { mongoCollection } from './mongo-collection.js';
import { fieldPath, mongoSortKeys, type StoredDoc } from './mongo-query.js';

export interface MongoReadStoreOptions {
  /** Connection string; transactions need a replica set, e.g. `mongodb://mongo:27017/?replicaSet=rs0`. */
  readonly url: string;
  readonly database: string;
  /** Prepended to every collection name (read models and `checkpoints`). */
  readonly collectionPrefix?: string;
}

/** A projection's checkpoint; bigints are kept as decimal strings so they compare and round-trip exactly. */
interface CheckpointDoc {
  _id: string;
  commit: string;
  prepare: string;
}

const CHECKPOINTS = 'checkpoints';
/** Same names the PostgreSQL adapter accepts, so a read model runs on either store. */
const COLLECTION = /^[a-z][a-z0-9_]{0,40}$/;
const DECIMAL = /^\d+$/;
const DUPLICATE_KEY = 11000;

// Snapshot reads and majority commit: the documented pairing for a transaction that reads what it
// then conditionally writes (the checkpoint).
const TRANSACTION: TransactionOptions = { readConcern: { level: 'snapshot' }, writeConcern: { w: 'majority' } };

/**
 * Read models on MongoDB: one collection per read model, documents keyed by `_id` = the port's `id`.
 * `transaction` and `reset` use multi-document transactions, which MongoDB offers only on a replica
 * set (a single-node one such as `--replSet rs0` is enough). The client connects on first use.
 */
export function createMongoReadStore(options: MongoReadStoreOptions): ReadStore {
  const client = new MongoClient(options.url);
  const db: Db = client.db(options.database);
  const prefix = options.collectionPrefix ?? '';

  const readModel = (name: string) => {
    if (!COLLECTION.test(name) || name === CHECKPOINTS) throw new Error(`Invalid collection name: ${name}`);
    return db.collection<StoredDoc>(`${prefix}${name}`);
  };
  const checkpoints = db.collection<CheckpointDoc>(`${prefix}${CHECKPOINTS}`);

  function sessionApi(session: ClientSession): ReadStoreSession {
    return {
      collection: <T extends ReadModelDoc>(name: string) => mongoCollection<T>(readModel(name), session),
      async advanceCheckpoint(projection, from, to) {
        const next = { commit: to.commit.toString(), prepare: to.prepare.toString() };
        if (from !== undefined) {
          const result = await checkpoints.updateOne(
            { _id: projection, commit: from.commit.toString(), prepare: from.prepare.toString() },
            { $set: next },
            { session },
          );
          return result.matchedCount === 1;
        }
        // Look first instead of relying on the duplicate-key error: a failed command aborts the
        // server-side transaction, and the driver warns against swallowing errors inside withTransaction.
        if (await checkpoints.findOne({ _id: projection }, { session, projection: { _id: 1 } })) return false;
        try {
          await checkpoints.insertOne({ _id: projection, ...next }, { session });
          return true;
        } catch (error) {
          // A runner that committed between our read and insert; the caller rolls back on false anyway.
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
          throw error;
        }
      },
    };
  }

  /**
   * `withTransaction` commits, aborts when `work` throws (rethrowing its error), and re-runs `work`
   * on transient errors such as a write conflict with a concurrent runner, so `work` must not keep
   * side effects outside the session between attempts.
   */
  function transaction<R>(work: (session: ReadStoreSession) => Promise<R>): Promise<R> {
    return client.withSession((session) => session.withTransaction(() => work(sessionApi(session)), TRANSACTION));
  }

  return {
    collection: <T extends ReadModelDoc>(name: string) => mongoCollection<T>(readModel(name), undefined),
    transaction,

    async getCheckpoint(projection): Promise<Position | undefined> {
      const doc = await checkpoints.findOne({ _id: projection });
      if (!doc) return undefined;
      if (!DECIMAL.test(doc.commit) || !DECIMAL.test(doc.prepare)) {
        throw new Error(`Checkpoint of projection ${projection} is malformed`);
      }
      return { commit: BigInt(doc.commit), prepare: BigInt(doc.prepare) };
    },

    async ensureIndexes(name, indexes) {
      const target = readModel(name);
      // createIndex is a no-op when an index with the same keys exists, so this is idempotent.
      for (const keys of indexes.flatMap(mongoIndexKeys)) await target.createIndex(keys);
    },

    async reset(projection, collections) {
      const targets = collections.map(readModel);
      // deleteMany rather than drop: drop is not allowed inside a transaction. Very large read models
      // may hit the server's transaction time limit (transactionLifetimeLimitSeconds, 60 s by default).
      await client.withSession((session) =>
        session.withTransaction(async () => {
          for (const target of targets) await target.deleteMany({}, { session });
          await checkpoints.deleteOne({ _id: projection }, { session });
        }, TRANSACTION),
      );
    },

    // Kept thin: a MongoDB rebuild keeps its indexes in place (only the PostgreSQL one is measured).
    bulkLoad: (_collections, load) => load(),
    restoreIndexes: async () => 0,

    close: () => client.close(),
  };
}

/**
 * Keys of the MongoDB indexes for one spec: equality fields, then the sort (with `_id` last, as
 * `find` sorts). MongoDB cannot serve an unanchored case-insensitive regex from an index's order,
 * but it scans a small index instead of the documents, so each search field gets a plain index.
 */
function mongoIndexKeys(spec: IndexSpec): [string, 1 | -1][][] {
  if (spec.kind === 'search') return spec.fields.map((field) => [[fieldPath(field), 1]]);
  return [[...(spec.equals ?? []).map((field): [string, 1 | -1] => [fieldPath(field), 1]), ...mongoSortKeys(spec.sort)]];
}
