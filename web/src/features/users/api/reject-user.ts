import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** The dashboard rejects with this fixed reason. */
export const GENERIC_REJECTION_REASON = 'generic reason';

/** POST /users/:id/reject. */
export function rejectUser(id: string, reason = GENERIC_REJECTION_REASON): Promise<MessageAccepted> {
  return api(usersRoutes.rejectUser, { params: { id }, body: { reason } });
}

export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rejectUser(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
