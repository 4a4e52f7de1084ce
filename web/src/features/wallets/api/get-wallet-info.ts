import type { WalletInfoResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletsKeys } from './query-keys';

/** How often to ask again while the deposit address is still being assigned after approval. */
export const ADDRESS_PENDING_REFETCH_MS = 5_000;

/** GET /wallets/info: the member's deposit address (null until assigned) and total value. */
export function getWalletInfo(): Promise<WalletInfoResponse> {
  return api(walletsRoutes.walletInfo);
}

export const walletInfoQueryOptions = () =>
  queryOptions({
    queryKey: walletsKeys.info(),
    queryFn: getWalletInfo,
    // The address arrives shortly after approval: keep asking until it is there, then stop.
    refetchInterval: (query) => (query.state.data !== undefined && query.state.data.address === null ? ADDRESS_PENDING_REFETCH_MS : false),
  });

export function useWalletInfo() {
  return useQuery(walletInfoQueryOptions());
}
