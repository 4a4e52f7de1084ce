import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import { api } from '../api-client';
import { userDecisionKeys as usersKeys } from './query-keys';

/** The dashboard rejects with this fixed reason. */
export const GENERIC_REJECTION_REASON = 'generic reason';

/** POST /users/:id/reject. */
export function rejectUser(id: string, reason = GENERIC_REJECTION_REASON): Promise<MessageAccepted> {
  return api<MessageAccepted>('POST', `/users/${encodeURIComponent(id)}/reject`, { body: { reason } });
}

export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rejectUser(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
