import type { WithdrawalAddressSavedResponse } from '@concierge/contracts';
import type { SomeHandlers, WithStorePosition } from '@concierge/platform/http/handlers';
import { addWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/add-withdrawal-address';
import { editWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/edit-withdrawal-address';
import { removeWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/remove-withdrawal-address';
import type { WithdrawalAddressAfter } from '@concierge/domain/money/withdrawal-addresses/saved-address';
import { setPrimaryWithdrawalAddress } from '@concierge/domain/money/withdrawal-addresses/set-primary-withdrawal-address';
import type { AggregateDeps } from '@concierge/domain/shared/aggregate-states';

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
export function withdrawalAddressHandlers(deps: AggregateDeps) {
  return {
    'withdrawalAddresses.add': async ({ body, caller, context }) =>
      savedResponse(await addWithdrawalAddress(deps, { ...body, userId: caller.userId }, context), ADDRESS_SAVED_MESSAGE),
    'withdrawalAddresses.edit': async ({ params, body, caller, context }) =>
      savedResponse(await editWithdrawalAddress(deps, { ...body, userId: caller.userId, addressId: params.id }, context), ADDRESS_UPDATED_MESSAGE),
    'withdrawalAddresses.remove': async ({ params, caller, context }) => ({
      message: ADDRESS_DELETED_MESSAGE,
      position: await removeWithdrawalAddress(deps, { userId: caller.userId, addressId: params.id }, context),
    }),
    'withdrawalAddresses.setPrimary': async ({ params, caller, context }) => ({
      message: PRIMARY_SET_MESSAGE,
      position: await setPrimaryWithdrawalAddress(deps, { userId: caller.userId, addressId: params.id }, context),
    }),
  } satisfies SomeHandlers<'command'>;
}
