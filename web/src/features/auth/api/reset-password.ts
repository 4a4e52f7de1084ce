import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whether a reset link's token is still usable; an unusable one answers 400 with the reason. */
export function resetTokenQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => api<{ valid: true }>('GET', `/auth/reset-password/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenQuery(token ?? ''), enabled: token !== null });
}

export interface ResetPasswordInput {
  readonly token: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api('POST', '/auth/reset-password', { body: input });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
