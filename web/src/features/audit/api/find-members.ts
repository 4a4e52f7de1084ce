import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPageResponse } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { auditKeys } from './query-keys';

/** GET /users?search=: the accounts whose name or email contains the text (auditors may look; the look is recorded). */
export function findMembers(search: string): Promise<UserPageResponse> {
  return api(usersRoutes.listUsers, { query: { search, limit: 5, page: 1 } });
}

export function membersQueryOptions(search: string) {
  return queryOptions({ queryKey: auditKeys.members(search), queryFn: () => findMembers(search) });
}

/** Asks only once there is something to look for. */
export function useMemberSearch(search: string) {
  return useQuery({ ...membersQueryOptions(search), enabled: search.trim() !== '' });
}
