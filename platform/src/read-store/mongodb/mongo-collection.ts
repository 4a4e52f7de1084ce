import type { AnyBulkWriteOperation, ClientSession, Collection as MongoCollection } from 'mongodb';
import type { Collection, FindQuery, Query, ReadModelDoc } from '../port.js';
import { fieldPath, fromStored, groupKey, toMongoFilter, toMongoSort, toStored, type StoredDoc } from './mongo-query.js';

/**
 * The port's collection over one MongoDB collection. With a session every operation joins that
 * session's transaction; without one each runs on its own.
 */
export function mongoCollection<T extends ReadModelDoc>(
  collection: MongoCollection<StoredDoc>,
  session: ClientSession | undefined,
): Collection<T> {
  const options = { session };

  async function group(groupField: string | null, accumulator: Record<string, unknown>, query: Query) {
    return collection
      .aggregate<{ _id: unknown; value: unknown }>(
        [{ $match: toMongoFilter(query) }, { $group: { _id: groupField === null ? null : `$${fieldPath(groupField)}`, value: accumulator } }],
        // int64 results come back as bigint instead of a lossy number.
        { ...options, useBigInt64: true },
      )
      .toArray();
  }

  async function find(query: FindQuery = {}): Promise<T[]> {
    // Mongo reads limit 0 as "no limit"; the port means "nothing".
    if (query.limit === 0) return [];
    const cursor = collection.find(toMongoFilter(query), { ...options, sort: toMongoSort(query.sort) });
    if (query.skip) cursor.skip(query.skip);
    if (query.limit !== undefined) cursor.limit(query.limit);
    return (await cursor.toArray()).map((stored) => fromStored<T>(stored));
  }

  const count = (query: Query = {}) => collection.countDocuments(toMongoFilter(query), options);

  return {
    async get(id) {
      const stored = await collection.findOne({ _id: id }, options);
      return stored ? fromStored<T>(stored) : undefined;
    },

    find,
    count,

    async findPage(query: FindQuery) {
      // Two commands: a $facet would count and page in one, but sorts in memory whatever the indexes.
      // A session's operations (a transaction) must not overlap, so with one they run in turn.
      if (session) return { docs: await find(query), total: await count(query) };
      const [docs, total] = await Promise.all([find(query), count(query)]);
      return { docs, total };
    },

    async countBy(field, query: Query = {}) {
      const groups = await group(field, { $sum: 1 }, query);
      return Object.fromEntries(groups.map((g) => [groupKey(g._id), Number(g.value)]));
    },

    async sumBy(groupField, sumField, query: Query = {}) {
      // $toLong makes $sum add 64-bit integers, exact up to 2^63 (JS numbers stored as doubles are
      // exact integers only below 2^53; $toLong keeps them exact). Missing fields become null, which $sum skips.
      const groups = await group(groupField, { $sum: { $toLong: `$${fieldPath(sumField)}` } }, query);
      return Object.fromEntries(groups.map((g) => [groupField === null ? 'all' : groupKey(g._id), toBigInt(g.value)]));
    },

    async upsert(doc) {
      const { _id, ...fields } = toStored(doc);
      await collection.replaceOne({ _id }, fields, { ...options, upsert: true });
    },

    async update(id, changes) {
      const set = Object.fromEntries(Object.entries(changes).filter(([key, value]) => key !== 'id' && value !== undefined));
      // An empty $set is a server error; "nothing to change" only asks whether the document exists.
      if (Object.keys(set).length === 0) return (await collection.countDocuments({ _id: id }, { ...options, limit: 1 })) > 0;
      const result = await collection.updateOne({ _id: id }, { $set: set }, options);
      return result.matchedCount > 0;
    },

    async delete(id) {
      const result = await collection.deleteOne({ _id: id }, options);
      return result.deletedCount > 0;
    },

    async upsertMany(docs) {
      if (docs.length === 0) return;
      const operations: AnyBulkWriteOperation<StoredDoc>[] = docs.map((doc) => {
        const { _id, ...fields } = toStored(doc);
        return { replaceOne: { filter: { _id }, replacement: fields, upsert: true } };
      });
      await collection.bulkWrite(operations, { ...options, ordered: true });
    },

    async deleteMany(ids) {
      if (ids.length === 0) return;
      await collection.deleteMany({ _id: { $in: [...ids] } }, options);
    },
  };
}

function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  // $sum over no numbers yields the int32 0.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new Error(`Expected an integer sum from MongoDB, got ${String(value)}`);
}
