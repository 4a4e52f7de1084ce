import {
  PrimaryWithdrawalAddressSet,
  WITHDRAWAL_ADDRESSES_COLLECTION,
  WithdrawalAddressAdded,
  WithdrawalAddressEdited,
  WithdrawalAddressRemoved,
  type WithdrawalAddressReadModel,
} from '@concierge/contracts';
import type { RecordedEvent } from '@concierge/platform/event-store/port';
import { instant } from '../deposits/members.js';
import type { Projection, ProjectionContext } from '../runtime/projection.js';

export { WITHDRAWAL_ADDRESSES_COLLECTION };
/** Which address of each member is primary (id = userId), so moving it can clear the old one. */
export const ADDRESS_BOOKS_COLLECTION = 'withdrawal_address_books';
type AddressBookDoc = { id: string; primaryAddressId: string | null };

async function apply(event: RecordedEvent, ctx: ProjectionContext): Promise<void> {
  const addresses = ctx.collection<WithdrawalAddressReadModel>(WITHDRAWAL_ADDRESSES_COLLECTION);
  const books = ctx.collection<AddressBookDoc>(ADDRESS_BOOKS_COLLECTION);
  switch (event.type) {
    case 'WithdrawalAddressAdded': {
      const e = WithdrawalAddressAdded.parse(event.data);
      const book = await books.get(e.userId);
      const at = instant(e.addedAt);
      await addresses.upsert({
        id: e.addressId,
        userId: e.userId,
        label: e.label,
        address: e.address,
        network: e.network,
        isPrimary: book?.primaryAddressId === e.addressId,
        createdAt: at,
        updatedAt: at,
      });
      return;
    }
    case 'WithdrawalAddressEdited': {
      const e = WithdrawalAddressEdited.parse(event.data);
      await addresses.update(e.addressId, { label: e.label, address: e.address, network: e.network, updatedAt: instant(e.editedAt) });
      return;
    }
    case 'WithdrawalAddressRemoved': {
      const e = WithdrawalAddressRemoved.parse(event.data);
      await addresses.delete(e.addressId);
      const book = await books.get(e.userId);
      if (book?.primaryAddressId === e.addressId) await books.upsert({ ...book, primaryAddressId: null });
      return;
    }
    case 'PrimaryWithdrawalAddressSet': {
      const e = PrimaryWithdrawalAddressSet.parse(event.data);
      const previous = (await books.get(e.userId))?.primaryAddressId ?? null;
      const at = instant(e.setAt);
      if (previous !== null && previous !== e.addressId) await addresses.update(previous, { isPrimary: false, updatedAt: at });
      if (e.addressId !== null) await addresses.update(e.addressId, { isPrimary: true, updatedAt: at });
      await books.upsert({ id: e.userId, primaryAddressId: e.addressId });
      return;
    }
    default:
      return;
  }
}

/** One document per saved withdrawal address; exactly the primary one has `isPrimary`. */
export const withdrawalAddressesProjection: Projection = {
  name: 'withdrawalAddresses',
  collections: [WITHDRAWAL_ADDRESSES_COLLECTION, ADDRESS_BOOKS_COLLECTION],
  eventTypes: new Set(['WithdrawalAddressAdded', 'WithdrawalAddressEdited', 'WithdrawalAddressRemoved', 'PrimaryWithdrawalAddressSet']),
  apply,
};
