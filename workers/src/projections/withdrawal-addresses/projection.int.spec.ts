import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WithdrawalAddressReadModel } from '@concierge/contracts';
import { at, envelope, evmAddress } from '../accounts/money-history.js';
import { useProjectionHarness } from '../testing/projection-harness.js';
import { PRIMARY_ADDRESSES_COLLECTION, WITHDRAWAL_ADDRESSES_COLLECTION, withdrawalAddressesProjection } from './projection.js';

describe('withdrawal addresses projection', () => {
  const harness = useProjectionHarness(withdrawalAddressesProjection, 'addressesproj');
  const { append } = harness;
  const ada = randomUUID();
  const bob = randomUUID();

  const addresses = () => harness.readStore.collection<WithdrawalAddressReadModel>(WITHDRAWAL_ADDRESSES_COLLECTION);
  const run = () => harness.catchUp(2);
  const added = (userId: string, addressId: string, n: number, minute: number) =>
    envelope('WithdrawalAddressAdded', { userId, addressId, label: `Label ${n}`, address: evmAddress(n), network: 'Polygon', addedAt: at(minute) }, at(minute));
  const primary = (userId: string, addressId: string | null, minute: number) =>
    envelope('PrimaryWithdrawalAddressSet', { userId, addressId, setAt: at(minute) }, at(minute));
  const primaries = async (userId: string) => (await addresses().find({ filter: { userId, isPrimary: true } })).map((a) => a.id);

  it('lists saved addresses with the first one primary', async () => {
    await append(`addressBook-${ada}`, added(ada, 'a1', 1, 0), primary(ada, 'a1', 0));
    await append(`addressBook-${ada}`, added(ada, 'a2', 2, 1));
    await append(`addressBook-${bob}`, added(bob, 'b1', 3, 2), primary(bob, 'b1', 2));
    await run();
    expect(await addresses().get('a1')).toEqual({
      id: 'a1',
      userId: ada,
      label: 'Label 1',
      address: evmAddress(1),
      network: 'Polygon',
      isPrimary: true,
      createdAt: at(0),
      updatedAt: at(0),
    });
    expect(await addresses().get('a2')).toMatchObject({ isPrimary: false, createdAt: at(1) });
    expect(await primaries(bob)).toEqual(['b1']);
  });

  it("moves the primary flag, edits in place and deletes removed addresses, leaving other members' alone", async () => {
    await append(`addressBook-${ada}`, primary(ada, 'a2', 3));
    await append(
      `addressBook-${ada}`,
      envelope('WithdrawalAddressEdited', { userId: ada, addressId: 'a1', label: 'Cold wallet', address: evmAddress(9), network: 'Ethereum', editedAt: at(4) }, at(4)),
    );
    await run();
    expect(await primaries(ada)).toEqual(['a2']);
    expect(await addresses().get('a1')).toMatchObject({ label: 'Cold wallet', address: evmAddress(9), network: 'Ethereum', isPrimary: false, updatedAt: at(4) });

    // Removing the primary is followed by the oldest remaining one becoming primary.
    await append(`addressBook-${ada}`, envelope('WithdrawalAddressRemoved', { userId: ada, addressId: 'a2', removedAt: at(5) }, at(5)), primary(ada, 'a1', 5));
    await run();
    expect(await addresses().get('a2')).toBeUndefined();
    expect(await primaries(ada)).toEqual(['a1']);

    await append(`addressBook-${ada}`, envelope('WithdrawalAddressRemoved', { userId: ada, addressId: 'a1', removedAt: at(6) }, at(6)), primary(ada, null, 6));
    await run();
    expect(await addresses().count({ filter: { userId: ada } })).toBe(0);
    expect(await primaries(bob)).toEqual(['b1']);
  });

  it('changes nothing when run again, and comes out identical when rebuilt from the first event', async () => {
    const snapshot = async () => ({ addresses: await addresses().find(), primaries: await harness.readStore.collection(PRIMARY_ADDRESSES_COLLECTION).find() });
    const before = await snapshot();
    expect((await run()).events).toBe(0);
    await harness.rebuild(1000);
    expect(await snapshot()).toEqual(before);
    expect(before.addresses).toHaveLength(1);
  });
});
