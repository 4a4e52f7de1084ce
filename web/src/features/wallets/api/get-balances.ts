import type { BalancesResponse } from '@concierge/contracts';
import * as walletsRoutes from '@concierge/contracts/wallets/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletsKeys } from './query-keys';

/** GET /wallets/balances: balance, reserved (by open withdrawals) and available USDC. */
export function getBalances(): Promise<BalancesResponse> {
  return api(walletsRoutes.balances);
}

export const balancesQueryOptions = () => queryOptions({ queryKey: walletsKeys.balances(), queryFn: getBalances });

/** The available USDC, or undefined while loading or when it could not be read. */
export function useAvailableUsdc(enabled = true): number | undefined {
  const query = useQuery({ ...balancesQueryOptions(), enabled });
  return query.data?.balances.find((entry) => entry.asset === 'USDC')?.available;
}
