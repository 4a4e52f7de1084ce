import type { WithdrawalRequestedResponse } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../api-client';
import { memberMoneyKeys } from './query-keys';

/** The body of POST /withdrawals/request; the amount travels as exact decimal text, never a float. */
export interface WithdrawalRequestInput {
  readonly amount: string;
  readonly asset: 'USDC';
}

/** POST /withdrawals/request: goes to the member's primary withdrawal address. */
export function requestWithdrawal(input: WithdrawalRequestInput): Promise<WithdrawalRequestedResponse> {
  return api<WithdrawalRequestedResponse>('POST', '/withdrawals/request', { body: input });
}

/** True when the server refused because the member has not saved a withdrawal address yet. */
export function requiresWalletSetup(error: unknown): boolean {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return false;
  return (error.body as Record<string, unknown>)['requiresWalletSetup'] === true;
}

/** A request reserves funds and adds a history row, so balances, lists and the dashboard refresh. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberMoneyKeys.all }),
  });
}
