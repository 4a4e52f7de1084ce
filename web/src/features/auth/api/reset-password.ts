import * as authRoutes from '@concierge/contracts/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ResetPasswordInput {
  readonly token: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return api(authRoutes.resetPassword, { body: input });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
