import type { BalancesResponse } from '@concierge/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { memberMoneyKeys } from './query-keys';

/** GET /wallets/balances: balance, reserved (by open withdrawals) and available USDC. */
export function getBalances(): Promise<BalancesResponse> {
  return api<BalancesResponse>('GET', '/wallets/balances');
}

export const balancesQueryOptions = () => queryOptions({ queryKey: memberMoneyKeys.balances(), queryFn: getBalances });

/** The available USDC, or undefined while loading or when it could not be read. */
export function useAvailableUsdc(enabled = true): number | undefined {
  const query = useQuery({ ...balancesQueryOptions(), enabled });
  return query.data?.balances.find((entry) => entry.asset === 'USDC')?.available;
}
