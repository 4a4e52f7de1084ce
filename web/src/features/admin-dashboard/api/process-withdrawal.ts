import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcessWithdrawalResponse } from '@concierge/contracts';
import { api } from '../../../lib/api-client';
import { usersKeys, withdrawalsKeys } from './query-keys';

/** What the dashboard does with a pending withdrawal; a rejection needs a non-blank reason. */
export type WithdrawalDecision = { id: string; action: 'approve' } | { id: string; action: 'reject'; rejectionReason: string };

/** POST /withdrawals/admin/requests/:id/process. */
export function processWithdrawal(decision: WithdrawalDecision): Promise<ProcessWithdrawalResponse> {
  const body = decision.action === 'approve' ? { action: 'approve' } : { action: 'reject', rejectionReason: decision.rejectionReason };
  return api<ProcessWithdrawalResponse>('POST', `/withdrawals/admin/requests/${encodeURIComponent(decision.id)}/process`, { body });
}

/** Refreshes the withdrawal tables and the cards, whose counts include withdrawals. */
export function useProcessWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: processWithdrawal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsKeys.all }),
        queryClient.invalidateQueries({ queryKey: usersKeys.stats() }),
      ]),
  });
}
