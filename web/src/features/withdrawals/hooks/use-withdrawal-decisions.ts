import type { QueryKey } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/api-client';
import { useProcessWithdrawal, type WithdrawalAction, type WithdrawalDecision } from '../api/process-withdrawal';

/** The toast after each move, and the fallback when the server sends no message. */
const MESSAGES: Record<WithdrawalAction, { success: string; failure: string }> = {
  approve: { success: 'Withdrawal approved', failure: 'Failed to approve withdrawal' },
  reject: { success: 'Withdrawal rejected', failure: 'Failed to reject withdrawal' },
  complete: { success: 'Withdrawal completed', failure: 'Failed to complete withdrawal' },
  cancel: { success: 'Withdrawal cancelled', failure: 'Failed to cancel withdrawal' },
  retry: { success: 'A new payout will be sent', failure: 'Failed to retry the payout' },
};

/**
 * Approve, reject, complete, cancel or retry the payout of a withdrawal with its toasts; `busyId`
 * is the row on its way. `alsoInvalidate`: what the page shows of withdrawals beyond their tables.
 */
export function useWithdrawalDecisions({ alsoInvalidate }: { alsoInvalidate?: readonly QueryKey[] } = {}) {
  const { enqueueSnackbar } = useSnackbar();
  const processing = useProcessWithdrawal({ alsoInvalidate });

  /** `onDone` runs only on success, so a dialog stays open (with what was typed) after a refusal. */
  const decide = (decision: WithdrawalDecision, onDone?: () => void) =>
    processing.mutate(decision, {
      onSuccess: () => {
        enqueueSnackbar(MESSAGES[decision.action].success, { variant: 'success' });
        onDone?.();
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, MESSAGES[decision.action].failure), { variant: 'error' }),
    });

  return {
    decide,
    approve: (id: string) => decide({ id, action: 'approve' }),
    busyId: processing.isPending ? processing.variables.id : undefined,
  };
}
