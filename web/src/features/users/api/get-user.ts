import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserDto } from '@concierge/contracts';
import * as usersRoutes from '@concierge/contracts/users/routes';
import { api, ApiError } from '../../../lib/api-client';
import { usersKeys } from './query-keys';

/** GET /users/:id: one user; a missing one answers 404. */
export function getUser(id: string): Promise<UserDto> {
  return api(usersRoutes.getUser, { params: { id } });
}

export function userQueryOptions(id: string) {
  return queryOptions({
    queryKey: usersKeys.detail(id),
    queryFn: () => getUser(id),
    // Asking again will not make a missing user appear; only server or network failures are retried.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
