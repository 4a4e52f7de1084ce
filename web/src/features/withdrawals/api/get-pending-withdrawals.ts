import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalDto } from '@concierge/contracts';
import * as withdrawalsRoutes from '@concierge/contracts/withdrawals/routes';
import { api, ApiError } from '../../../lib/api-client';
import { withdrawalsKeys } from './query-keys';

/**
 * GET /withdrawals/admin/requests?status=pending&limit=N: the oldest pending withdrawals. Until
 * withdrawals are built the route answers 501; there are none to process then, so that reads as
 * an empty list rather than an error.
 */
export async function getPendingWithdrawals(limit: number): Promise<WithdrawalDto[]> {
  try {
    return await api(withdrawalsRoutes.adminRequests, { query: { status: 'pending', limit } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 501) return [];
    throw error;
  }
}

export function pendingWithdrawalsQueryOptions(limit: number) {
  return queryOptions({ queryKey: withdrawalsKeys.pending(limit), queryFn: () => getPendingWithdrawals(limit) });
}

export function usePendingWithdrawals(limit: number) {
  return useQuery(pendingWithdrawalsQueryOptions(limit));
}
