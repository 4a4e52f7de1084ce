import type { ReadModelDoc, ReadStoreSession } from '@concierge/platform/read-store/port';
import type { ProjectionCollection, ProjectionContext } from './projection.js';

/**
 * Buffers a batch's writes in memory (reads see the buffer first) and writes them in one bulk
 * step per collection, which is what makes replaying thousands of events a second possible.
 */
export function createUnitOfWork(session: ReadStoreSession): ProjectionContext & { flush(): Promise<void> } {
  // A null entry is a delete.
  const buffers = new Map<string, Map<string, ReadModelDoc | null>>();

  function collection<T extends ReadModelDoc>(name: string): ProjectionCollection<T> {
    let buffer = buffers.get(name);
    if (!buffer) {
      buffer = new Map();
      buffers.set(name, buffer);
    }
    const pending = buffer;
    const get = async (id: string): Promise<T | undefined> => {
      if (pending.has(id)) return (pending.get(id) as T | null) ?? undefined;
      return session.collection<T>(name).get(id);
    };
    return {
      get,
      async upsert(doc) {
        pending.set(doc.id, doc);
      },
      async update(id, changes) {
        const current = await get(id);
        if (!current) return false;
        pending.set(id, { ...current, ...changes, id });
        return true;
      },
      async delete(id) {
        const existed = (await get(id)) !== undefined;
        pending.set(id, null);
        return existed;
      },
    };
  }

  return {
    collection,
    async flush() {
      for (const [name, buffer] of buffers) {
        const upserts: ReadModelDoc[] = [];
        const deletes: string[] = [];
        for (const [id, doc] of buffer) {
          if (doc) upserts.push(doc);
          else deletes.push(id);
        }
        await session.collection(name).upsertMany(upserts);
        await session.collection(name).deleteMany(deletes);
      }
      buffers.clear();
    },
  };
}
