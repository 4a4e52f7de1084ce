import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimeTravelResponse } from '@concierge/contracts/audit/time-travel';
import * as auditRoutes from '@concierge/contracts/audit/routes';
import { api, ApiError } from '../../../../lib/api-client';

/** A member and an instant (ISO, at most to the millisecond; without an offset it is UTC). */
export type MemberAtParams = { userId: string; instant: string };

/** Time travel's query keys: under 'audit' like the rest of the auditors' reads, which no write of the SPA changes. */
export const timeTravelKeys = {
  memberAt: (params: MemberAtParams) => ['audit', 'member-at', params.userId, params.instant] as const,
};

/** GET /audit/members/:userId/at: the member's account rebuilt from their streams as recorded up to the instant. */
export function getMemberAt({ userId, instant }: MemberAtParams): Promise<TimeTravelResponse> {
  return api(auditRoutes.memberAt, { params: { userId }, query: { instant } });
}

export function memberAtQueryOptions(params: MemberAtParams) {
  return queryOptions({
    queryKey: timeTravelKeys.memberAt(params),
    queryFn: () => getMemberAt(params),
    // The past does not change: an answer stays true, and a 4xx (unknown member, bad instant) stays one.
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

/** Asks once a member and an instant are chosen. */
export function useMemberAt(params: MemberAtParams | undefined) {
  return useQuery({ ...memberAtQueryOptions(params ?? { userId: '', instant: '' }), enabled: params !== undefined });
}
