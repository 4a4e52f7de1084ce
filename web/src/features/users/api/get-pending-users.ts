import { queryOptions, useQuery } from '@tanstack/react-query';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** GET /users/pending?limit=N: the oldest pending registrations and how many there are in all. */
export function getPendingUsers(limit: number) {
  return api(usersRoutes.pendingUsers, { query: { limit } });
}

export function pendingUsersQueryOptions(limit: number) {
  return queryOptions({ queryKey: usersKeys.pending(limit), queryFn: () => getPendingUsers(limit) });
}

export function usePendingUsers(limit: number) {
  return useQuery(pendingUsersQueryOptions(limit));
}
