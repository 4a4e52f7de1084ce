import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api, type RouteBody } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/**
 * The fields an admin may change on the details page (status, role, plan); only the changed ones
 * are sent. A plan is its id ('default' for the default plan); an inactive plan is refused with a
 * 409 that says so.
 */
export type UserChanges = RouteBody<typeof usersRoutes.updateUser>;

/** PUT /users/:id. */
export function updateUser(id: string, changes: UserChanges): Promise<MessageAccepted> {
  return api(usersRoutes.updateUser, { params: { id }, body: changes });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserChanges) => updateUser(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
