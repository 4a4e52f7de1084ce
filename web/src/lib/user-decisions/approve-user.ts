import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import { api } from '../api-client';
import { userDecisionKeys as usersKeys } from './query-keys';

/** POST /users/:id/approve. */
export function approveUser(id: string): Promise<MessageAccepted> {
  return api<MessageAccepted>('POST', `/users/${encodeURIComponent(id)}/approve`);
}

/** Approving changes the cards, the pending table and the users list: all are refetched. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
