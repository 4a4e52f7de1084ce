import { randomUUID } from 'node:crypto';
import { ensureQueryIndexes } from '@concierge/query-api/indexes';
import { rebuild } from '@concierge/workers/projections/runtime/catch-up';
import { usersProjection } from '@concierge/workers/projections/users/projection';
import { userLife } from '@concierge/workers/testing/user-history';
import { benchStores } from './setup.js';
import { round, runPool } from './stats.js';

/** Fills the event store with account histories, then drops and replays the users read model (indexes on). */
export async function benchRebuild(accounts = 30_000) {
  const stores = await benchStores('rebuild');
  try {
    let events = 0;
    await runPool(accounts, 20, async (seed) => {
      const life = userLife(seed, randomUUID());
      await stores.eventStore.appendToStream(`user-${String(life[0]?.data['userId'])}`, life, { expectedRevision: 'no_stream' });
      events += life.length;
    });
    // Production rebuilds with the query API's indexes in place, so the figure includes their upkeep.
    await ensureQueryIndexes(stores.readStore);
    const started = performance.now();
    const result = await rebuild(usersProjection, { eventStore: stores.eventStore, readStore: stores.readStore, batchSize: 2000 });
    const seconds = (performance.now() - started) / 1000;
    const documents = await stores.readStore.collection('users').count();
    if (result.events !== events || documents !== accounts) throw new Error('rebuild did not replay everything');
    return { events, documents, seconds: round(seconds, 2), eventsPerSecond: round(events / seconds) };
  } finally {
    await stores.drop();
  }
}
