import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWalletResponse } from '@concierge/contracts';
import { api } from '../../../lib/api-client';
import { walletKeys } from '../../../lib/admin-money/query-keys';

/** GET /wallets/user/:id: the member's deposit address (null until assigned) and value. */
export function getUserWallet(userId: string): Promise<AdminWalletResponse> {
  return api<AdminWalletResponse>('GET', `/wallets/user/${encodeURIComponent(userId)}`);
}

export function userWalletQueryOptions(userId: string) {
  return queryOptions({ queryKey: walletKeys.user(userId), queryFn: () => getUserWallet(userId) });
}

export function useUserWallet(userId: string) {
  return useQuery(userWalletQueryOptions(userId));
}
