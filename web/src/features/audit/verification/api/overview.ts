import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerificationOverview } from '@concierge/contracts/audit/integrity';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api } from '../../../../lib/api-client';

/** GET /audit/verification: the last chain verification, the last signed checkpoint and the last replay-verification. */
export function verificationOverviewQueryOptions() {
  return queryOptions({ queryKey: ['audit', 'verification'] as const, queryFn: () => api<VerificationOverview>(auditRoutes.verification) });
}

export function useVerificationOverview() {
  return useQuery(verificationOverviewQueryOptions());
}
