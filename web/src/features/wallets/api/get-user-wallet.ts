import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWalletResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { api } from '../../../lib/api-client';
import { walletsKeys } from './query-keys';

/** GET /wallets/user/:id: the member's deposit address (null until assigned) and value. */
export function getUserWallet(userId: string): Promise<AdminWalletResponse> {
  return api(walletsRoutes.userWallet, { params: { id: userId } });
}

export function userWalletQueryOptions(userId: string) {
  return queryOptions({ queryKey: walletsKeys.user(userId), queryFn: () => getUserWallet(userId) });
}

export function useUserWallet(userId: string) {
  return useQuery(userWalletQueryOptions(userId));
}
