import { createPgEventStore } from '../../event-store/postgres/pg-event-store.js';
import { testEvent } from '../../event-store/testing/events.js';
import { createTestSchemas, type TestSchemas } from '../../testing/postgres.js';
import type { EventStore } from '../../event-store/port.js';
import { comparePositions } from '../../event-store/position.js';

/** A migrated test schema with `streams` streams of `perStream` events each, appended 1 to 3 at a time. */
export async function seededStore(label: string, streams = 4, perStream = 10): Promise<{ schemas: TestSchemas; store: EventStore; ids: string[] }> {
  const schemas = await createTestSchemas(label);
  const store = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
  const ids = Array.from({ length: streams }, (_, i) => `account-${i}`);
  for (const id of ids) {
    let written = 0;
    while (written < perStream) {
      const batch = Array.from({ length: Math.min(1 + (written % 3), perStream - written) }, (_, k) =>
        testEvent('Deposited', { n: written + k, amount: `${written + k}.50`, note: 'café ✓' }),
      );
      await store.appendToStream(id, batch, { expectedRevision: written === 0 ? 'no_stream' : BigInt(written - 1) });
      written += batch.length;
    }
  }
  // A transaction open elsewhere on the server (another test, a benchmark) holds readers below it for a while.
  const last = await store.lastPosition();
  for (let waited = 0; comparePositions(await store.headPosition(), last) < 0; waited += 50) {
    if (waited > 30_000) throw new Error('the seeded events stayed invisible to readers for 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { schemas, store, ids };
}
