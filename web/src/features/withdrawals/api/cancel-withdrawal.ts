import type { ProcessWithdrawalResponse } from '@concierge/contracts';
import * as withdrawalsRoutes from '@concierge/contracts/withdrawals/routes';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { withdrawalsKeys } from './query-keys';

/** POST /withdrawals/:id/cancel: the member withdraws their own request while it is still pending. */
export function cancelWithdrawal(id: string): Promise<ProcessWithdrawalResponse> {
  return api(withdrawalsRoutes.cancelOwn, { params: { id } });
}

/**
 * Cancelling releases the reserved amount, so the member's withdrawals change, and with them
 * `alsoInvalidate`: what the page shows of the money (the combined history, the available
 * balance, the dashboard's figures); the withdrawal addresses and deposits do not change, so the page
 * leaves them out. A refusal (409: an admin acted first) also means the row on screen is stale,
 * hence onSettled.
 */
export function useCancelWithdrawal({ alsoInvalidate = [] }: { alsoInvalidate?: readonly QueryKey[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled: () => Promise.all([withdrawalsKeys.history(), ...alsoInvalidate].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
