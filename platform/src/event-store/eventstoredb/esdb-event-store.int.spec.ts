import { describe } from 'vitest';
import { describeEventStoreContract } from '../event-store.contract.js';
import { createEsdbEventStore } from './esdb-event-store.js';

// No EventStoreDB server runs on dev/CI machines; point EVENTSTORE_URL at one (an insecure node:
// esdb://localhost:2113?tls=false) to run the shared contract against it.
// Every run writes to streams under a fresh random prefix chosen by the contract, so runs never collide.
const url = process.env['EVENTSTORE_URL'];

if (!url) console.warn('SKIPPED: EventStoreDB adapter contract — EVENTSTORE_URL is not set, so no server to run it against.');

describe.skipIf(!url)(url ? 'EventStoreDB adapter' : 'EventStoreDB adapter contract (skipped: EVENTSTORE_URL is not set)', () => {
  // When skipped, the contract's tests are still listed (as skipped) but makeStore never runs.
  describeEventStoreContract('EventStoreDB', async () => {
    const store = createEsdbEventStore(url ?? '');
    return { store, cleanup: () => store.close() };
  });
});
