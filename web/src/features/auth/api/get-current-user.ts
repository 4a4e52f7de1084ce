import * as authRoutes from '@concierge/contracts/auth/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { getAccessToken, storeUser, toSessionUser } from '../../../lib/auth-storage';
import { authKeys } from './query-keys';

export const currentUserQuery = queryOptions({
  queryKey: authKeys.me(),
  queryFn: () => api(authRoutes.me),
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
