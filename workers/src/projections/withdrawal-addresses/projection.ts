import { WITHDRAWAL_ADDRESSES_COLLECTION, type WithdrawalAddressReadModel } from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { WITHDRAWAL_ADDRESSES_COLLECTION };
/** Which address of each member is primary (id = userId), so moving it can clear the old one (the collection keeps its stored name). */
export const PRIMARY_ADDRESSES_COLLECTION = 'withdrawal_address_books';
type PrimaryAddressDoc = { id: string; primaryAddressId: string | null };

const addresses = (tx: ProjectionContext) => tx.collection<WithdrawalAddressReadModel>(WITHDRAWAL_ADDRESSES_COLLECTION);
const primaries = (tx: ProjectionContext) => tx.collection<PrimaryAddressDoc>(PRIMARY_ADDRESSES_COLLECTION);

/** One document per saved withdrawal address; exactly the primary one has `isPrimary`. */
export const withdrawalAddressesProjection = defineProjection({
  name: 'withdrawalAddresses',
  readModels: [WITHDRAWAL_ADDRESSES_COLLECTION, PRIMARY_ADDRESSES_COLLECTION],
  on: {
    async WithdrawalAddressAdded({ data: e }, tx) {
      const member = await primaries(tx).get(e.userId);
      const at = instant(e.addedAt);
      await addresses(tx).upsert({
        id: e.addressId,
        userId: e.userId,
        label: e.label,
        address: e.address,
        network: e.network,
        isPrimary: member?.primaryAddressId === e.addressId,
        createdAt: at,
        updatedAt: at,
      });
    },
    async WithdrawalAddressEdited({ data: e }, tx) {
      await addresses(tx).update(e.addressId, { label: e.label, address: e.address, network: e.network, updatedAt: instant(e.editedAt) });
    },
    async WithdrawalAddressRemoved({ data: e }, tx) {
      await addresses(tx).delete(e.addressId);
      const member = await primaries(tx).get(e.userId);
      if (member?.primaryAddressId === e.addressId) await primaries(tx).upsert({ ...member, primaryAddressId: null });
    },
    async PrimaryWithdrawalAddressSet({ data: e }, tx) {
      const previous = (await primaries(tx).get(e.userId))?.primaryAddressId ?? null;
      const at = instant(e.setAt);
      if (previous !== null && previous !== e.addressId) await addresses(tx).update(previous, { isPrimary: false, updatedAt: at });
      if (e.addressId !== null) await addresses(tx).update(e.addressId, { isPrimary: true, updatedAt: at });
      await primaries(tx).upsert({ id: e.userId, primaryAddressId: e.addressId });
    },
  },
});
