import * as authRoutes from '@concierge/contracts/auth/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/**
 * Confirms the email of a registration with its link's token. Confirming is idempotent on the
 * server (a second click changes nothing), so it runs as a query: opened once per page view,
 * never retried, and shared by the two effects React's strict mode runs in development.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: () => api(authRoutes.verifyEmail, { body: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQuery(token ?? ''), enabled: token !== null });
}
