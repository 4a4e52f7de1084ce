import * as usersRoutes from '@concierge/contracts/users/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './query-keys';

export interface ProfileInput {
  readonly firstName: string;
  readonly lastName: string;
  /** Sent as the product's profile payload lists it; the server ignores it (the email is read-only). */
  readonly email: string;
}

export function updateProfile(input: ProfileInput): Promise<{ message: string }> {
  return api(usersRoutes.updateProfile, { body: input });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.me() }),
  });
}
