import { useSnackbar } from 'notistack';
import { errorMessage } from '../../../lib/api-client';
import { useApproveUser } from '../api/approve-user';
import { useRejectUser } from '../api/reject-user';

/** Approve and Reject for a pending registration, with the toasts. */
export function useUserDecisions() {
  const { enqueueSnackbar } = useSnackbar();
  const approval = useApproveUser();
  const rejection = useRejectUser();

  const approve = (id: string) =>
    approval.mutate(id, {
      onSuccess: () => enqueueSnackbar('User approved successfully', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to approve user'), { variant: 'error' }),
    });

  const reject = (id: string) =>
    rejection.mutate(id, {
      onSuccess: () => enqueueSnackbar('User rejected', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to reject user'), { variant: 'error' }),
    });

  /** The user whose decision is being sent, so only that row's buttons wait. */
  const busyId = approval.isPending ? approval.variables : rejection.isPending ? rejection.variables : undefined;

  return { approve, reject, busyId };
}
