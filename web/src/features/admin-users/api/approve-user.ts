import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import { api } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** POST /users/:id/approve. */
export function approveUser(id: string): Promise<MessageAccepted> {
  return api<MessageAccepted>('POST', `/users/${encodeURIComponent(id)}/approve`);
}

/** Approving changes the list, the cards and the pending table: all of them are refetched. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
