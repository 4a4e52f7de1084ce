import type { MessageAccepted } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { invalidateAddressBook } from './save-withdrawal-address';

/** POST /withdrawals/addresses/:id/set-primary (an empty body). */
export function setPrimaryAddress(id: string): Promise<MessageAccepted> {
  return api<MessageAccepted>('POST', `/withdrawals/addresses/${encodeURIComponent(id)}/set-primary`, { body: {} });
}

export function useSetPrimaryAddress() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPrimaryAddress, onSuccess: () => invalidateAddressBook(queryClient) });
}
