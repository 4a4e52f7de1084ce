import type { ProcessWithdrawalResponse } from '@concierge/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { memberMoneyKeys } from './query-keys';

/** POST /withdrawals/:id/cancel: the member withdraws their own request while it is still pending. */
export function cancelWithdrawal(id: string): Promise<ProcessWithdrawalResponse> {
  return api<ProcessWithdrawalResponse>('POST', `/withdrawals/${encodeURIComponent(id)}/cancel`);
}

/**
 * Cancelling releases the reserved amount, so the available balance, the dashboard's figures and
 * both withdrawal lists change; the address book and deposits do not, so they are not refetched.
 * A refusal (409: an admin acted first) also means the row on screen is stale, hence onSettled.
 */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () =>
      Promise.all(
        [memberMoneyKeys.allTransactions(), memberMoneyKeys.withdrawals(), memberMoneyKeys.balances(), memberMoneyKeys.walletInfo(), memberMoneyKeys.performance()].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
