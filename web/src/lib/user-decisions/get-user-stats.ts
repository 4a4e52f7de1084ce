import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserStatsResponse } from '@concierge/contracts';
import { api } from '../api-client';
import { userDecisionKeys as usersKeys } from './query-keys';

/** GET /users/stats: the counts behind the admin cards. */
export function getUserStats(): Promise<UserStatsResponse> {
  return api<UserStatsResponse>('GET', '/users/stats');
}

export function userStatsQueryOptions() {
  return queryOptions({ queryKey: usersKeys.stats(), queryFn: getUserStats });
}

export function useUserStats() {
  return useQuery(userStatsQueryOptions());
}
