import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalDto } from '@concierge/contracts';
import * as withdrawalsRoutes from '@concierge/contracts/withdrawals/routes';
import { apiPage } from '../../../lib/api-client';
import { withdrawalsKeys, type AdminWithdrawalsParams } from './query-keys';

/** One page of withdrawals with the exact total of matches (header X-Total-Count). */
export type WithdrawalPage = { data: WithdrawalDto[]; total: number };

/** GET /withdrawals/admin/requests?page&limit&status&search. */
export function getAdminWithdrawals(params: AdminWithdrawalsParams): Promise<WithdrawalPage> {
  return apiPage(withdrawalsRoutes.adminRequests, {
    query: { page: params.page, limit: params.limit, status: params.status, search: params.search },
  });
}

export function adminWithdrawalsQueryOptions(params: AdminWithdrawalsParams) {
  return queryOptions({ queryKey: withdrawalsKeys.adminList(params), queryFn: () => getAdminWithdrawals(params) });
}

/** Keeps the previous page on screen while the next one loads, so the table does not jump. */
export function useAdminWithdrawals(params: AdminWithdrawalsParams) {
  return useQuery({ ...adminWithdrawalsQueryOptions(params), placeholderData: keepPreviousData });
}
