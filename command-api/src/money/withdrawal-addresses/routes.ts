import type { WithdrawalAddressSavedResponse } from '@concierge/contracts';
import type { EventStore } from '@concierge/platform/event-store/port';
import type { SomeHandlers, WithStorePosition } from '@concierge/platform/http/handlers';
import { addAddress, editAddress, removeAddress, setPrimaryAddress, type WithdrawalAddressAfter } from '@concierge/domain/money/withdrawal-addresses/manage-addresses';

/** Success texts. */
export const ADDRESS_SAVED_MESSAGE = 'Address saved successfully.';
export const ADDRESS_UPDATED_MESSAGE = 'Address updated successfully.';
export const ADDRESS_DELETED_MESSAGE = 'Address deleted.';
export const PRIMARY_SET_MESSAGE = 'Primary withdrawal address updated.';

function savedResponse({ addressId, saved, isPrimary, position }: WithdrawalAddressAfter, message: string): WithStorePosition<WithdrawalAddressSavedResponse> {
  const { label, address, network, addedAt } = saved;
  return { _id: addressId, id: addressId, label, address, network, isPrimary, createdAt: addedAt, message, position };
}

/** A member's own withdrawal addresses: add, edit, remove, and choose the primary one. */
export function withdrawalAddressHandlers(deps: { readonly eventStore: EventStore }) {
  const { eventStore } = deps;
  return {
    'withdrawalAddresses.add': async ({ body, caller, context }) => savedResponse(await addAddress(eventStore, caller.userId, body, context), ADDRESS_SAVED_MESSAGE),
    'withdrawalAddresses.edit': async ({ params, body, caller, context }) =>
      savedResponse(await editAddress(eventStore, caller.userId, params.id, body, context), ADDRESS_UPDATED_MESSAGE),
    'withdrawalAddresses.remove': async ({ params, caller, context }) => ({
      message: ADDRESS_DELETED_MESSAGE,
      position: await removeAddress(eventStore, caller.userId, params.id, context),
    }),
    'withdrawalAddresses.setPrimary': async ({ params, caller, context }) => ({
      message: PRIMARY_SET_MESSAGE,
      position: await setPrimaryAddress(eventStore, caller.userId, params.id, context),
    }),
  } satisfies SomeHandlers<'command'>;
}
