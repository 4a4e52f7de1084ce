import * as authRoutes from '@concierge/contracts/auth/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** Whether a reset link's token is still usable; an unusable one answers 400 with the reason. */
export function resetTokenQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: () => api(authRoutes.checkResetToken, { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetTokenCheck(token: string | null) {
  return useQuery({ ...resetTokenQuery(token ?? ''), enabled: token !== null });
}
