import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api, withParams } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** The dashboard rejects with this fixed reason. */
export const GENERIC_REJECTION_REASON = 'generic reason';

/** POST /users/:id/reject. */
export function rejectUser(id: string, reason = GENERIC_REJECTION_REASON): Promise<MessageAccepted> {
  return api<MessageAccepted>(withParams(usersRoutes.rejectUser, { id }), { body: { reason } });
}

export function useRejectUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rejectUser(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
