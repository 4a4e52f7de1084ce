import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivateKeyResponse } from '@concierge/contracts';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/admin-money/query-keys';

/** GET /wallets/user/:id/private-key: the server records every call as an audited reveal. */
export function getPrivateKey(userId: string): Promise<PrivateKeyResponse> {
  return api<PrivateKeyResponse>('GET', `/wallets/user/${encodeURIComponent(userId)}/private-key`);
}

/**
 * Fetched once per tick of Show Private Key and never kept: gone from the cache as soon as it is
 * hidden (gcTime 0), and never refetched behind the admin's back (focus, reconnect, retry), since
 * each fetch is another audited reveal.
 */
export function privateKeyQueryOptions(userId: string) {
  return queryOptions({
    queryKey: walletKeys.privateKey(userId),
    queryFn: () => getPrivateKey(userId),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function usePrivateKey(userId: string) {
  return useQuery(privateKeyQueryOptions(userId));
}
