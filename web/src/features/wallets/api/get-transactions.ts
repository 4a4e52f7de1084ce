import type { TransactionsResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletsKeys } from './query-keys';

/** GET /wallets/transactions?limit&offset: deposits and withdrawals together, newest first. */
export function getTransactions(limit: number, offset: number): Promise<TransactionsResponse> {
  return api(walletsRoutes.transactions, { query: { limit, offset } });
}

export const transactionsQueryOptions = (limit: number, offset: number) =>
  queryOptions({
    queryKey: walletsKeys.transactions(limit, offset),
    queryFn: () => getTransactions(limit, offset),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useTransactions(limit: number, offset: number) {
  return useQuery(transactionsQueryOptions(limit, offset));
}
