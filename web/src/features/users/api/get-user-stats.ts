import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStatsResponse } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** GET /users/stats: the counts behind the admin cards. */
export function getUserStats(): Promise<UserStatsResponse> {
  return api(usersRoutes.userStats);
}

export function userStatsQueryOptions() {
  return queryOptions({ queryKey: usersKeys.stats(), queryFn: getUserStats });
}

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
