import type { DepositDto } from '@concierge/contracts';
import * as depositsRoutes from '@concierge/contracts/deposits/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { depositsKeys } from './query-keys';

/** Asking for deposits without knowing whose is a client bug, said plainly. */
export const MISSING_USER_ID_MESSAGE = 'User ID not found for fetching deposits.';

/** GET /deposits/user/:id with the member's own id: their deposits, newest first. */
export function getMyDeposits(userId: string | undefined): Promise<DepositDto[]> {
  if (userId === undefined || userId === '') return Promise.reject(new Error(MISSING_USER_ID_MESSAGE));
  return api(depositsRoutes.userDeposits, { params: { id: userId } });
}

export const myDepositsQueryOptions = (userId: string | undefined) =>
  queryOptions({ queryKey: depositsKeys.mine(userId), queryFn: () => getMyDeposits(userId), enabled: userId !== undefined });

/** Waits for the user id (from GET /auth/me) before asking. */
export function useMyDeposits(userId: string | undefined) {
  return useQuery(myDepositsQueryOptions(userId));
}
