import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** POST /users/:id/approve. */
export function approveUser(id: string): Promise<MessageAccepted> {
  return api(usersRoutes.approveUser, { params: { id } });
}

/** Approving changes the cards, the pending table and the users list: all are refetched. */
export function useApproveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
