import * as authRoutes from '@concierge/contracts/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return api(authRoutes.forgotPassword, { body: { email } });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
