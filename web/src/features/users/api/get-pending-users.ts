import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** GET /users/pending answer: the oldest pending registrations and how many there are in all. */
export type PendingUsers = { users: UserDto[]; total: number };

/** GET /users/pending?limit=N. */
export function getPendingUsers(limit: number): Promise<PendingUsers> {
  return api<PendingUsers>(usersRoutes.pendingUsers, { query: { limit } });
}

export function pendingUsersQueryOptions(limit: number) {
  return queryOptions({ queryKey: usersKeys.pending(limit), queryFn: () => getPendingUsers(limit) });
}

export function usePendingUsers(limit: number) {
  return useQuery(pendingUsersQueryOptions(limit));
}
