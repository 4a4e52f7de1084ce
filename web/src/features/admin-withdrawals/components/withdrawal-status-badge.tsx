import Chip from '@mui/material/Chip';
import type { WithdrawalStatus } from '@concierge/contracts';

const COLORS: Record<WithdrawalStatus, 'warning' | 'info' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'info',
  completed: 'success',
  cancelled: 'default',
  rejected: 'error',
};

const LABELS: Record<WithdrawalStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** A withdrawal's status as a coloured badge. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <Chip size="small" label={LABELS[status]} color={COLORS[status]} variant="outlined" />;
}
