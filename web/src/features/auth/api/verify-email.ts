import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Confirms the email of a registration with its link's token. Confirming is idempotent on the
 * server (a second click changes nothing), so it runs as a query: opened once per page view,
 * never retried, and shared by the two effects React's strict mode runs in development.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => api<{ message: string }>('POST', '/auth/verify-email', { body: { token } }),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function useVerifyEmail(token: string | null) {
  return useQuery({ ...verifyEmailQuery(token ?? ''), enabled: token !== null });
}
