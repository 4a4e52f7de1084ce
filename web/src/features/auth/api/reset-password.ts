import * as authRoutes from '@concierge/contracts/auth/routes';
import { useMutation } from '@tanstack/react-query';
import { api, type RouteBody } from '../../../lib/api-client';

export function resetPassword(input: RouteBody<typeof authRoutes.resetPassword>) {
  return api(authRoutes.resetPassword, { body: input });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
