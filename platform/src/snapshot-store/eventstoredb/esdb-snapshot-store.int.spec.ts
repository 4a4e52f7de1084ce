import { describe } from 'vitest';
import { describeSnapshotStoreContract } from '../snapshot-store.contract.js';
import { createEsdbSnapshotStore } from './esdb-snapshot-store.js';

// No EventStoreDB server runs on dev/CI machines; point EVENTSTORE_URL at one (an insecure node:
// esdb://localhost:2113?tls=false) to run the shared contract against it. Every run writes
// snapshots of fresh random stream ids, so runs never collide.
const url = process.env['EVENTSTORE_URL'];

if (!url) console.warn('SKIPPED: EventStoreDB snapshot store contract — EVENTSTORE_URL is not set, so no server to run it against.');

describe.skipIf(!url)(url ? 'EventStoreDB snapshot store' : 'EventStoreDB snapshot store contract (skipped: EVENTSTORE_URL is not set)', () => {
  describeSnapshotStoreContract('EventStoreDB', async () => {
    const store = createEsdbSnapshotStore(url ?? '');
    return { store, cleanup: () => store.close() };
  });
});
