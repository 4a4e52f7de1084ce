import Chip from '@mui/material/Chip';
import type { UserStatus } from '@concierge/contracts';

const COLORS: Record<UserStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  suspended: 'default',
};

const LABELS: Record<UserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/** A user's status as a coloured badge. */
export function StatusBadge({ status }: { status: UserStatus }) {
  return <Chip size="small" label={LABELS[status]} color={COLORS[status]} variant="outlined" />;
}
