import { useSnackbar } from 'notistack';
import { errorMessage } from '../../lib/api-client';
import { useProcessWithdrawal } from './api/process-withdrawal';

/** Approve and Reject (with a reason) for a pending withdrawal, with SPEC.md section 8's toasts. */
export function useWithdrawalDecisions() {
  const { enqueueSnackbar } = useSnackbar();
  const processing = useProcessWithdrawal();

  const approve = (id: string) =>
    processing.mutate(
      { id, action: 'approve' },
      {
        onSuccess: () => enqueueSnackbar('Withdrawal approved', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to approve withdrawal'), { variant: 'error' }),
      },
    );

  const reject = (id: string, rejectionReason: string) =>
    processing.mutate(
      { id, action: 'reject', rejectionReason },
      {
        onSuccess: () => enqueueSnackbar('Withdrawal rejected', { variant: 'success' }),
        onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to reject withdrawal'), { variant: 'error' }),
      },
    );

  return { approve, reject, busyId: processing.isPending ? processing.variables.id : undefined };
}
