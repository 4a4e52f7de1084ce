import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositDto } from '@concierge/contracts';
import * as depositsRoutes from '@concierge/contracts/deposits/routes';
import { apiPage } from '../../../lib/api-client';
import { depositsKeys, type DepositsParams } from './query-keys';

/** One page of deposits, newest first, with the exact total (header X-Total-Count). */
export type DepositPage = { data: DepositDto[]; total: number };

/** GET /deposits?page&limit&userId (admin). */
export function getDeposits(params: DepositsParams): Promise<DepositPage> {
  return apiPage(depositsRoutes.allDeposits, { query: { page: params.page, limit: params.limit, userId: params.userId } });
}

export function depositsQueryOptions(params: DepositsParams) {
  return queryOptions({ queryKey: depositsKeys.list(params), queryFn: () => getDeposits(params) });
}

/** Keeps the previous page on screen while the next one loads. */
export function useDeposits(params: DepositsParams) {
  return useQuery({ ...depositsQueryOptions(params), placeholderData: keepPreviousData });
}
