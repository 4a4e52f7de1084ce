import type { MessageAccepted } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { invalidateAddressBook } from './save-withdrawal-address';

/** DELETE /withdrawals/addresses/:id. */
export function deleteWithdrawalAddress(id: string): Promise<MessageAccepted> {
  return api<MessageAccepted>('DELETE', `/withdrawals/addresses/${encodeURIComponent(id)}`);
}

export function useDeleteWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWithdrawalAddress, onSuccess: () => invalidateAddressBook(queryClient) });
}
