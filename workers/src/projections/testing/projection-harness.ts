import { afterAll, beforeAll } from 'vitest';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { EventStore, NewEvent } from '@concierge/platform/event-store/port';
import { START, comparePositions } from '@concierge/platform/event-store/position';
import { createPgReadStore } from '@concierge/platform/read-store/postgres/pg-read-store';
import type { ReadStore } from '@concierge/platform/read-store/port';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { streamWriter } from '../accounts/money-history.js';
import { catchUp, rebuild, type CatchUpResult } from '../runtime/catch-up.js';
import type { Projection } from '../runtime/projection.js';

/** One projection on real PostgreSQL stores in schemas of its own, for one test file. */
export interface ProjectionHarness {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  /** Appends to a stream with the revision this file last wrote to it, as the command API would. */
  append(stream: string, ...events: NewEvent[]): Promise<void>;
  /** Applies the events after the checkpoint; `batchSize` defaults to the runtime's own. */
  catchUp(batchSize?: number): Promise<CatchUpResult>;
  /** Clears the read model and applies every event again from the first. */
  rebuild(batchSize?: number): Promise<CatchUpResult>;
}

/**
 * Registers the file's `beforeAll`/`afterAll` that create and drop the schemas. Call it inside
 * `describe`; the stores exist only once the tests run, so read them there, never at collection.
 */
export function useProjectionHarness(projection: Projection, label: string): ProjectionHarness {
  let live: { schemas: TestSchemas; eventStore: EventStore; readStore: ReadStore; append: ReturnType<typeof streamWriter> } | undefined;

  beforeAll(async () => {
    const schemas = await createTestSchemas(label);
    const eventStore = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    const readStore = createPgReadStore({ pool: schemas.pool, schema: schemas.readStoreSchema });
    live = { schemas, eventStore, readStore, append: streamWriter(eventStore) };
  });
  afterAll(async () => live?.schemas.drop());

  const stores = () => {
    if (!live) throw new Error(`The ${projection.name} harness was used before its beforeAll ran`);
    return live;
  };
  return {
    get eventStore() {
      return stores().eventStore;
    },
    get readStore() {
      return stores().readStore;
    },
    append: (stream, ...events) => stores().append(stream, ...events),
    catchUp: async (batchSize) => {
      // Up to every event committed when it was called. One read can stop short of events already
      // committed: readers see nothing above a transaction that was open when their snapshot was
      // taken (pg-event-store.ts), and another test file's transaction ending at that moment counts
      // as open. The product's projections simply read again; a test must not see it as missing.
      const { eventStore, readStore } = stores();
      const target = await eventStore.lastPosition();
      let result = await catchUp(projection, { eventStore, readStore, batchSize });
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const checkpoint = await readStore.getCheckpoint(projection.name);
        if (comparePositions(checkpoint ?? START, target) >= 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
        const more = await catchUp(projection, { eventStore, readStore, batchSize });
        result = { events: result.events + more.events, position: more.position ?? result.position };
      }
      return result;
    },
    rebuild: (batchSize) => rebuild(projection, { eventStore: stores().eventStore, readStore: stores().readStore, batchSize }),
  };
}
