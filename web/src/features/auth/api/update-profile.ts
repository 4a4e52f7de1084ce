import * as usersRoutes from '@concierge/contracts/users/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type RouteBody } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** The new names. The profile tab also sends the email, as the product's payload lists it; the server drops it (read-only). */
export function updateProfile(input: RouteBody<typeof usersRoutes.updateProfile>) {
  return api(usersRoutes.updateProfile, { body: input });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
