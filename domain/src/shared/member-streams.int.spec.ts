import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, ReadStreamOptions } from '@concierge/platform/event-store/port';
import { createPgEventStore } from '@concierge/platform/event-store/postgres/pg-event-store';
import type { SnapshotStore } from '@concierge/platform/snapshot-store/port';
import { createPgSnapshotStore } from '@concierge/platform/snapshot-store/postgres/pg-snapshot-store';
import { createPgCredentialStore } from '@concierge/platform/credential-store/postgres/pg-credential-store';
import { createTestSchemas, type TestSchemas } from '@concierge/platform/testing/postgres';
import { updateProfile } from '../identity/profile/update-profile.js';
import { registerUser } from '../identity/registration/register-user.js';
import { findUserById } from '../identity/user/find-user.js';
import { memberProfileOf } from '../identity/user/member-profile.js';
import { userStreamId } from '../identity/user/user.js';
import { addWithdrawalAddress } from '../money/withdrawal-addresses/add-withdrawal-address.js';
import { removeWithdrawalAddress } from '../money/withdrawal-addresses/remove-withdrawal-address.js';
import { withdrawalAddressesStreamId } from '../money/withdrawal-addresses/withdrawal-addresses.js';
import type { AggregateDeps } from './aggregate.js';
import { aggregateStates, snapshotsWritten, type AggregateStates } from './aggregate-states.js';
import { toNewEvents, type CommandContext } from './command-context.js';

const ctx = (): CommandContext => ({ actor: { type: 'system', reason: 'test' }, correlationId: 't', causationId: 't', now: new Date() });
/** Registration needs a hasher; what it hashes plays no part here. */
const hasher = { hash: async (password: string) => `plain:${password}`, verify: async (hash: string, password: string) => hash === `plain:${password}` };
const LONG = 1_200;
const address = () => `0x${randomUUID().replaceAll('-', '')}${'0'.repeat(8)}`;

/** Appends `events` after the stream's `revision`, 500 at a time (no command: the cache and snapshots never see them). */
async function appendInBulk(store: EventStore, streamId: string, events: readonly { type: string; data: Record<string, unknown> }[], revision: bigint | 'no_stream') {
  let expected = revision;
  for (let done = 0; done < events.length; done += 500) {
    const batch = events.slice(done, done + 500);
    const result = await store.appendToStream(streamId, toNewEvents(batch, ctx()), { expectedRevision: expected });
    expected = result.nextRevision;
  }
}

describe('a member command on a long user or address-book stream', () => {
  let schemas: TestSchemas;
  let plain: EventStore;
  let snapshots: SnapshotStore;
  /** Events each stream read returned, by stream, in the order read. */
  let reads: { streamId: string; count: number }[] = [];
  const readOf = (streamId: string) => reads.filter((r) => r.streamId === streamId).map((r) => r.count);

  beforeAll(async () => {
    schemas = await createTestSchemas('memberstreams');
    plain = createPgEventStore({ pool: schemas.pool, connectionString: schemas.connectionString, schema: schemas.eventStoreSchema });
    snapshots = createPgSnapshotStore({ pool: schemas.pool, schema: schemas.eventStoreSchema });
  });
  afterAll(async () => schemas?.drop());

  const counted: EventStore = {
    appendToStream: (...args) => plain.appendToStream(...args),
    readAll: (options) => plain.readAll(options),
    headPosition: () => plain.headPosition(),
    lastPosition: () => plain.lastPosition(),
    subscribeToAll: (options) => plain.subscribeToAll(options),
    close: () => plain.close(),
    readStream: async (streamId: string, options?: ReadStreamOptions) => {
      const read = await plain.readStream(streamId, options);
      reads.push({ streamId, count: read.length });
      return read;
    },
  };
  const processes: AggregateStates[] = [];
  /** A command-side process: its own cache, the shared snapshot store, a snapshot every 100 events. */
  const process = (cacheSize?: number) => {
    const states = aggregateStates({ snapshots, snapshotEvery: 100, ...(cacheSize === undefined ? {} : { cacheSize }) });
    processes.push(states);
    const deps: AggregateDeps = { eventStore: counted, aggregateStates: states };
    return deps;
  };
  const settled = () => Promise.all(processes.map(snapshotsWritten));

  it('reads only the user events after the cached revision, or after the snapshot in a process that has not seen the stream', async () => {
    const email = `long-${randomUUID()}@example.com`;
    const { userId } = await registerUser({ eventStore: plain, hasher, credentials: createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }) }, { email, password: 'Str0ngPassw0rd', firstName: 'Ada', lastName: 'Lovelace' }, ctx());
    const streamId = userStreamId(userId);
    const [registered] = await plain.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    const updates = Array.from({ length: LONG }, (_, i) => ({ type: 'UserProfileUpdated', data: { userId, firstName: `Ada ${i}`, lastName: 'Lovelace', updatedAt: new Date().toISOString() } }));
    await appendInBulk(plain, streamId, updates, registered?.revision ?? 0n);
    const length = (await plain.readStream(streamId)).length;

    const warm = process();
    reads = [];
    await updateProfile(warm, { userId, firstName: 'Grace', lastName: 'Hopper', email: undefined }, ctx());
    expect(readOf(streamId)).toEqual([length]); // the first command of a process on a stream never snapshotted
    await settled();

    reads = [];
    await updateProfile(warm, { userId, firstName: 'Ada', lastName: 'Byron', email: undefined }, ctx());
    expect(await findUserById(warm, userId)).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
    // The cached revision's own event each time (to check the stream is the one cached), nothing before it.
    expect(readOf(streamId)).toEqual([1, 1]);

    reads = [];
    const cold = process(0);
    expect(await findUserById(cold, userId)).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
    // The snapshot written after the first command, and the one event after it.
    expect(readOf(streamId)).toEqual([2]);
    expect(await findUserById(cold, userId)).toStrictEqual(await findUserById({ eventStore: plain }, userId));
  });

  it('reads only the address-book events after the cached revision, for commands and for the sign-in answer alike', async () => {
    const userId = randomUUID();
    const streamId = withdrawalAddressesStreamId(userId);
    const churn = Array.from({ length: LONG / 2 }, () => {
      const addressId = randomUUID();
      const added = { userId, addressId, label: 'Old', address: address(), network: 'Avalanche', addedAt: new Date().toISOString() };
      return [
        { type: 'WithdrawalAddressAdded', data: added },
        { type: 'WithdrawalAddressRemoved', data: { userId, addressId, removedAt: new Date().toISOString() } },
      ];
    }).flat();
    await appendInBulk(plain, streamId, churn, 'no_stream');

    const warm = process();
    reads = [];
    const kept = await addWithdrawalAddress(warm, { userId, label: 'Cold', address: address(), network: 'Ethereum' }, ctx());
    expect(readOf(streamId)).toEqual([LONG]);
    await settled();

    reads = [];
    const spare = await addWithdrawalAddress(warm, { userId, label: 'Spare', address: address(), network: 'Polygon' }, ctx());
    await removeWithdrawalAddress(warm, { userId, addressId: spare.addressId }, ctx());
    expect(readOf(streamId)).toEqual([1, 1]);

    reads = [];
    const { userId: memberId } = await registerUser({ eventStore: plain, hasher, credentials: createPgCredentialStore({ pool: schemas.pool, schema: schemas.eventStoreSchema }) }, { email: `dto-${randomUUID()}@example.com`, password: 'Str0ngPassw0rd', firstName: 'A', lastName: 'B' }, ctx());
    const member = await findUserById({ eventStore: plain }, memberId);
    if (member === undefined) throw new Error('registered member not found');
    // The sign-in answer's primary address for this book: from the cached state, not a read of the whole stream.
    const profile = await memberProfileOf(warm, { ...member, userId });
    expect(profile.primaryWithdrawalAddressId).toBe(kept.addressId);
    expect(readOf(streamId)).toEqual([1]);
  });
});
