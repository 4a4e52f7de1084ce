import { WITHDRAWAL_ADDRESSES_COLLECTION, type WithdrawalAddressReadModel } from '@concierge/contracts';
import { instant } from '../deposits/members.js';
import { defineProjection, type ProjectionContext } from '../runtime/projection.js';

export { WITHDRAWAL_ADDRESSES_COLLECTION };
/** Which address of each member is primary (id = userId), so moving it can clear the old one. */
export const ADDRESS_BOOKS_COLLECTION = 'withdrawal_address_books';
type AddressBookDoc = { id: string; primaryAddressId: string | null };

const addresses = (tx: ProjectionContext) => tx.collection<WithdrawalAddressReadModel>(WITHDRAWAL_ADDRESSES_COLLECTION);
const books = (tx: ProjectionContext) => tx.collection<AddressBookDoc>(ADDRESS_BOOKS_COLLECTION);

/** One document per saved withdrawal address; exactly the primary one has `isPrimary`. */
export const withdrawalAddressesProjection = defineProjection({
  name: 'withdrawalAddresses',
  readModels: [WITHDRAWAL_ADDRESSES_COLLECTION, ADDRESS_BOOKS_COLLECTION],
  on: {
    async WithdrawalAddressAdded({ data: e }, tx) {
      const book = await books(tx).get(e.userId);
      const at = instant(e.addedAt);
      await addresses(tx).upsert({
        id: e.addressId,
        userId: e.userId,
        label: e.label,
        address: e.address,
        network: e.network,
        isPrimary: book?.primaryAddressId === e.addressId,
        createdAt: at,
        updatedAt: at,
      });
    },
    async WithdrawalAddressEdited({ data: e }, tx) {
      await addresses(tx).update(e.addressId, { label: e.label, address: e.address, network: e.network, updatedAt: instant(e.editedAt) });
    },
    async WithdrawalAddressRemoved({ data: e }, tx) {
      await addresses(tx).delete(e.addressId);
      const book = await books(tx).get(e.userId);
      if (book?.primaryAddressId === e.addressId) await books(tx).upsert({ ...book, primaryAddressId: null });
    },
    async PrimaryWithdrawalAddressSet({ data: e }, tx) {
      const previous = (await books(tx).get(e.userId))?.primaryAddressId ?? null;
      const at = instant(e.setAt);
      if (previous !== null && previous !== e.addressId) await addresses(tx).update(previous, { isPrimary: false, updatedAt: at });
      if (e.addressId !== null) await addresses(tx).update(e.addressId, { isPrimary: true, updatedAt: at });
      await books(tx).upsert({ id: e.userId, primaryAddressId: e.addressId });
    },
  },
});
