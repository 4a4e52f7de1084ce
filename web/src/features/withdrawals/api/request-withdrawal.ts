import type { WithdrawalRequestedResponse } from '@concierge/contracts';
import * as withdrawalsRoutes from '@concierge/contracts/withdrawals/routes';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, ApiError, type RouteBody } from '../../../lib/api-client';
import { withdrawalsKeys } from './query-keys';

/** POST /withdrawals/request: goes to the member's primary withdrawal address; the amount travels as exact decimal text, never a float. */
export function requestWithdrawal(input: RouteBody<typeof withdrawalsRoutes.requestWithdrawal>): Promise<WithdrawalRequestedResponse> {
  return api(withdrawalsRoutes.requestWithdrawal, { body: input });
}

/** True when the server refused because the member has not saved a withdrawal address yet. */
export function requiresWalletSetup(error: unknown): boolean {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return false;
  return (error.body as Record<string, unknown>)['requiresWalletSetup'] === true;
}

/**
 * A request reserves funds and adds a history row, so the withdrawals refresh, and with them
 * `alsoInvalidate`: the rest of the member's money on screen (balances, history, the dashboard's
 * figures), which the page that composes them passes.
 */
export function useRequestWithdrawal({ alsoInvalidate = [] }: { alsoInvalidate?: readonly QueryKey[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => Promise.all([withdrawalsKeys.all, ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
