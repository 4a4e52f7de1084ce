import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePrefix } from '../event-store/testing/events.js';
import type { Snapshot, SnapshotStore } from './port.js';

export interface SnapshotStoreUnderTest {
  readonly store: SnapshotStore;
  readonly cleanup: () => Promise<void>;
}

/** The behaviour every snapshot store adapter must show; run against each adapter. */
export function describeSnapshotStoreContract(adapterName: string, makeStore: () => Promise<SnapshotStoreUnderTest>): void {
  describe(`${adapterName} snapshot store contract`, () => {
    let subject: SnapshotStoreUnderTest;
    let store: SnapshotStore;
    const stream = () => `account-${uniquePrefix()}`;
    const snapshot = (streamId: string, revision: bigint, snapshotVersion = 1, state: Snapshot['state'] = { at: revision.toString() }): Snapshot => ({
      streamId,
      aggregate: 'account',
      snapshotVersion,
      revision,
      state,
    });

    beforeAll(async () => {
      subject = await makeStore();
      store = subject.store;
    });
    afterAll(async () => subject?.cleanup());

    it('reads nothing for a stream that has no snapshot', async () => {
      expect(await store.read(stream(), 'account')).toBeUndefined();
    });

    it('reads back what it wrote: the version, the revision as a bigint and the JSON state unchanged', async () => {
      const id = stream();
      const state = { balanceMicro: '123456789012345678901234567890', deposits: [['d-1', { fee: '1' }]], nested: { list: [1, 2.5, true, null, 'é'] } };
      await store.write(snapshot(id, 9_007_199_254_740_993n, 3, state));
      expect(await store.read(id, 'account')).toEqual(snapshot(id, 9_007_199_254_740_993n, 3, state));
    });

    it('keeps the later revision of one version, whatever order the writes come in', async () => {
      const id = stream();
      await store.write(snapshot(id, 499n));
      await store.write(snapshot(id, 999n));
      await store.write(snapshot(id, 499n));
      expect(await store.read(id, 'account')).toEqual(snapshot(id, 999n));
    });

    it('replaces a snapshot of another version, even one at a later revision', async () => {
      const id = stream();
      await store.write(snapshot(id, 999n, 1));
      await store.write(snapshot(id, 499n, 2));
      expect(await store.read(id, 'account')).toEqual(snapshot(id, 499n, 2));
    });

    it('keeps the snapshots of two aggregates of one stream apart', async () => {
      const id = stream();
      await store.write(snapshot(id, 10n));
      await store.write({ ...snapshot(id, 20n), aggregate: 'addressBook', state: ['other'] });
      expect(await store.read(id, 'account')).toEqual(snapshot(id, 10n));
      expect(await store.read(id, 'addressBook')).toEqual({ ...snapshot(id, 20n), aggregate: 'addressBook', state: ['other'] });
    });
  });
}
