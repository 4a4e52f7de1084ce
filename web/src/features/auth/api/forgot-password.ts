import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api('POST', '/auth/forgot-password', { body: { email } });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
