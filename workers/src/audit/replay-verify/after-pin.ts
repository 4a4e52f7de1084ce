import type { EventStore } from '@concierge/platform/event-store/port';
import type { Position } from '@concierge/platform/event-store/position';
import type { Collection, ReadModelDoc, ReadStore, ReadStoreSession } from '@concierge/platform/read-store/port';
import { catchUp } from '../../projections/runtime/catch-up.js';
import type { Projection } from '../../projections/runtime/projection.js';

/** A document's key across a projection's collections. */
export const documentKey = (collection: string, id: string) => `${collection}\u0000${id}`;

/**
 * Replays the events after `pin` up to `to` onto the scratch copy (which stands at `pin`) and
 * returns the documents they wrote or deleted. A live document none of them wrote is, at `to`,
 * what it was at the pin, so it must equal the scratch copy at the pin; one they wrote may differ
 * for that reason alone and is left to the next run. The scratch copy ends at `to`.
 */
export async function documentsWrittenAfter(projection: Projection, to: Position, eventStore: EventStore, scratch: ReadStore, batchSize?: number): Promise<Set<string>> {
  const written = new Set<string>();
  await catchUp(projection, { eventStore, readStore: recording(scratch, written), until: to, reach: to, ...(batchSize ? { batchSize } : {}) });
  return written;
}

/** The read store, noting the id of every document a transaction writes or deletes. */
function recording(store: ReadStore, written: Set<string>): ReadStore {
  return {
    collection: (name) => store.collection(name),
    getCheckpoint: (projection) => store.getCheckpoint(projection),
    ensureIndexes: (collection, indexes) => store.ensureIndexes(collection, indexes),
    reset: (projection, collections) => store.reset(projection, collections),
    bulkLoad: (collections, load) => store.bulkLoad(collections, load),
    restoreIndexes: () => store.restoreIndexes(),
    close: () => store.close(),
    transaction: (work) =>
      store.transaction((session) => {
        const noted: ReadStoreSession = {
          advanceCheckpoint: (projection, from, to) => session.advanceCheckpoint(projection, from, to),
          collection: <T extends ReadModelDoc>(name: string) => noting<T>(session.collection<T>(name), name, written),
        };
        return work(noted);
      }),
  };
}

function noting<T extends ReadModelDoc>(inner: Collection<T>, name: string, written: Set<string>): Collection<T> {
  const note = (id: string) => written.add(documentKey(name, id));
  return {
    get: (id) => inner.get(id),
    find: (query) => inner.find(query),
    count: (query) => inner.count(query),
    findPage: (query) => inner.findPage(query),
    countBy: (field, query) => inner.countBy(field, query),
    sumBy: (group, sum, query) => inner.sumBy(group, sum, query),
    async upsert(doc) {
      note(doc.id);
      await inner.upsert(doc);
    },
    async update(id, changes) {
      note(id);
      return inner.update(id, changes);
    },
    async delete(id) {
      note(id);
      return inner.delete(id);
    },
    async upsertMany(docs) {
      for (const doc of docs) note(doc.id);
      await inner.upsertMany(docs);
    },
    async deleteMany(ids) {
      for (const id of ids) note(id);
      await inner.deleteMany(ids);
    },
  };
}
