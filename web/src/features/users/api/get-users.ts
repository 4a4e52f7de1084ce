import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPageResponse } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api } from '../../../lib/api-client';
import { usersKeys, type UsersListParams } from './query-keys';

/** GET /users: one page of users, newest first, with the exact total of matches. */
export function getUsers(params: UsersListParams): Promise<UserPageResponse> {
  return api(usersRoutes.listUsers, {
    query: { page: params.page, limit: params.limit, status: params.status, search: params.search },
  });
}

export function usersQueryOptions(params: UsersListParams) {
  return queryOptions({ queryKey: usersKeys.list(params), queryFn: () => getUsers(params) });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useUsers(params: UsersListParams) {
  return useQuery({ ...usersQueryOptions(params), placeholderData: keepPreviousData });
}
