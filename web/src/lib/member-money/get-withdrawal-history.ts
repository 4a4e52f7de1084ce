import type { WithdrawalDto } from '@concierge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { memberMoneyKeys } from './query-keys';

/** GET /withdrawals/history: the member's own withdrawals, newest first (server default limit 50). */
export function getWithdrawalHistory(): Promise<WithdrawalDto[]> {
  return api<WithdrawalDto[]>('GET', '/withdrawals/history');
}

export const withdrawalHistoryQueryOptions = () => queryOptions({ queryKey: memberMoneyKeys.withdrawals(), queryFn: getWithdrawalHistory });

export function useWithdrawalHistory() {
  return useQuery(withdrawalHistoryQueryOptions());
}
