import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAccepted, UserRole, UserStatus } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api, withParams } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** The fields an admin may change on the details page; only the changed ones are sent. */
export type UserChanges = {
  status?: UserStatus;
  role?: UserRole;
  /** A plan id ('default' for the default plan); an inactive plan is refused with a 409 that says so. */
  subscriptionPlan?: string | null;
};

/** PUT /users/:id. */
export function updateUser(id: string, changes: UserChanges): Promise<MessageAccepted> {
  return api<MessageAccepted>(withParams(usersRoutes.updateUser, { id }), { body: changes });
}

export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UserChanges) => updateUser(id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
