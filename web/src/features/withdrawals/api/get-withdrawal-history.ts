import type { WithdrawalDto } from '@concierge/contracts';
import * as withdrawalsRoutes from '@concierge/contracts/withdrawals/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withdrawalsKeys } from './query-keys';

/** GET /withdrawals/history: the member's own withdrawals, newest first (server default limit 50). */
export function getWithdrawalHistory(): Promise<WithdrawalDto[]> {
  return api(withdrawalsRoutes.history);
}

export const withdrawalHistoryQueryOptions = () => queryOptions({ queryKey: withdrawalsKeys.history(), queryFn: getWithdrawalHistory });

export function useWithdrawalHistory() {
  return useQuery(withdrawalHistoryQueryOptions());
}
