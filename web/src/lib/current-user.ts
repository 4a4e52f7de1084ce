import type { UserDto } from '@concierge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from './api-client';
import { getAccessToken, storeUser, toSessionUser } from './auth-storage';

/** Query key of GET /auth/me; a profile change invalidates it. */
export const CURRENT_USER_KEY = ['auth', 'me'] as const;

export const currentUserQuery = queryOptions({
  queryKey: CURRENT_USER_KEY,
  queryFn: () => api<UserDto>('GET', '/auth/me'),
});

/** The signed-in user from the server; the locally stored copy follows it. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  const { data } = query;
  useEffect(() => {
    const user = toSessionUser(data);
    // An answer landing after logout must not bring the user back into storage.
    if (user !== null && getAccessToken() !== null) storeUser(user);
  }, [data]);
  return query;
}
