import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '@concierge/platform/event-store/port';
import { appendUserLives } from '../../testing/user-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { USERS_COLLECTION, usersProjection, type UserDoc } from './projection.js';

function event(type: string, data: Record<string, unknown>, occurredAt: string): NewEvent {
  const id = randomUUID();
  const actor = { type: 'user', userId: 'admin-1', role: 'admin' } as const;
  return { id, type, data, metadata: { actor, correlationId: id, causationId: id, occurredAt, schemaVersion: 1 } };
}

describe('users projection', () => {
  const harness = useProjectionHarness(usersProjection, 'usersproj');

  const users = () => harness.readStore.collection<UserDoc>(USERS_COLLECTION);
  const snapshot = async () => users().find({ sort: [{ field: 'email', direction: 'asc' }] });

  it('shows each account with its current status and name, and never its password hash', async () => {
    await appendUserLives(harness.eventStore, [0, 1, 2, 3, 4, 5, 6]);
    const result = await harness.catchUp(4);
    expect(result.events).toBeGreaterThan(7);
    expect(await users().countBy('status')).toEqual({ approved: 1, pending: 2, rejected: 2, suspended: 2 });
    const [first] = await users().find({ filter: { email: 'member0@example.com' } });
    expect(first).toMatchObject({ firstName: 'Renamed0', fullName: 'Renamed0 Last0', status: 'suspended', role: 'user' });
    expect(JSON.stringify(await snapshot())).not.toContain('argon2');
  });

  it('does nothing when run again with no new events', async () => {
    const before = await snapshot();
    const checkpoint = await harness.readStore.getCheckpoint('users');
    expect((await harness.catchUp()).events).toBe(0);
    expect(await harness.readStore.getCheckpoint('users')).toEqual(checkpoint);
    expect(await snapshot()).toEqual(before);
  });

  it('comes out identical when dropped and replayed from the first event', async () => {
    await appendUserLives(harness.eventStore, [7, 8, 9, 10, 11, 12]);
    await harness.catchUp(3);
    const incremental = await snapshot();
    await harness.rebuild(1000);
    expect(await snapshot()).toEqual(incremental);
    expect(incremental).toHaveLength(13);
  });

  it("shows the member's deposit address once assigned and follows their primary withdrawal address", async () => {
    const userId = randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 0, minute)).toISOString();
    const address = `0x${'ab'.repeat(20)}`;
    const append = (stream: string, events: NewEvent[], expectedRevision: 'no_stream' | bigint) =>
      harness.eventStore.appendToStream(`${stream}-${userId}`, events, { expectedRevision });
    const registration = { userId, firstName: 'Mary', lastName: 'Jackson', email: 'mary@example.com', passwordHash: 'x', role: 'user' };
    await append('user', [event('UserRegistered', { ...registration, registeredAt: at(0) }, at(0)), event('UserApproved', { userId, approvedAt: at(1) }, at(1))], 'no_stream');
    const wallet = { userId, address, derivationIndex: 3, derivationPath: "m/44'/60'/0'/0/3", assignedAt: at(1) };
    await append('wallet', [event('DepositAddressAssigned', wallet, at(1))], 'no_stream');
    await append('addressBook', [event('PrimaryWithdrawalAddressSet', { userId, addressId: 'address-1', setAt: at(2) }, at(2))], 'no_stream');
    await harness.catchUp();
    expect(await users().get(userId)).toMatchObject({ status: 'approved', walletAddress: address, primaryWithdrawalAddress: 'address-1', updatedAt: at(2) });

    // The primary address was removed and none is left.
    await append('addressBook', [event('PrimaryWithdrawalAddressSet', { userId, addressId: null, setAt: at(3) }, at(3))], 0n);
    await harness.catchUp();
    expect(await users().get(userId)).toMatchObject({ walletAddress: address, primaryWithdrawalAddress: null });
  });

  it("shows the confirmed registration's name, not the first registrant's, the same after a rebuild", async () => {
    const userId = randomUUID();
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 3, 0, minute)).toISOString();
    const expiresAt = at(60);
    const first = { firstName: 'Mallory', lastName: 'Squatter', passwordCredentialId: randomUUID() };
    const second = { firstName: 'Grace', lastName: 'Hopper', passwordCredentialId: randomUUID() };
    const registered = { userId, ...first, email: `grace-${userId}@example.com`, role: 'user', registeredAt: at(0) };
    await harness.eventStore.appendToStream(
      `user-${userId}`,
      [
        event('UserRegistered', registered, at(0)),
        event('UserEmailVerificationIssued', { userId, secretId: randomUUID(), registration: first, issuedAt: at(0), expiresAt }, at(0)),
        event('UserEmailVerificationIssued', { userId, secretId: randomUUID(), registration: second, issuedAt: at(1), expiresAt }, at(1)),
      ],
      { expectedRevision: 'no_stream' },
    );
    await harness.catchUp();
    expect(await users().get(userId)).toMatchObject({ firstName: 'Mallory', emailVerified: false });
    await harness.eventStore.appendToStream(`user-${userId}`, [event('UserEmailVerified', { userId, registration: second, verifiedAt: at(2) }, at(2))], { expectedRevision: 2n });
    await harness.catchUp();
    expect(await users().get(userId)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', fullName: 'Grace Hopper', emailVerified: true, updatedAt: at(2) });
    const incremental = await snapshot();
    await harness.rebuild(1000);
    expect(await snapshot()).toEqual(incremental);
  });
});
