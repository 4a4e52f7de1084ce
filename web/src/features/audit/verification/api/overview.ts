import { queryOptions, useQuery } from '@tanstack/react-query';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api } from '../../../../lib/api-client';

/** GET /audit/verification: the last chain verification, the last signed checkpoint and the last replay-verification. */
export function verificationOverviewQueryOptions() {
  return queryOptions({ queryKey: ['audit', 'verification'] as const, queryFn: () => api(auditRoutes.verification) });
}

/**
 * The overview, asked again every `pollMs` when given (while a replay-verification runs). It holds
 * no one's records, so the query API does not record these reads and polling never moves the store.
 */
export function useVerificationOverview(pollMs?: number) {
  return useQuery({ ...verificationOverviewQueryOptions(), refetchInterval: pollMs ?? false });
}
