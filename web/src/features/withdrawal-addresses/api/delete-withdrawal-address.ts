import type { MessageAccepted } from '@concierge/contracts';
import * as addressRoutes from '@concierge/contracts/withdrawal-addresses/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, withParams } from '../../../lib/api-client';
import { invalidateAddressBook, type AddressBookRefresh } from './save-withdrawal-address';

/** DELETE /withdrawals/addresses/:id. */
export function deleteWithdrawalAddress(id: string): Promise<MessageAccepted> {
  return api<MessageAccepted>(withParams(addressRoutes.removeAddress, { id }));
}

export function useDeleteWithdrawalAddress(refresh: AddressBookRefresh = {}) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWithdrawalAddress, onSuccess: () => invalidateAddressBook(queryClient, refresh) });
}
