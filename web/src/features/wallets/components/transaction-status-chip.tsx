import type { HistoryItemDto } from '@concierge/contracts';
import Chip from '@mui/material/Chip';

type TransactionStatus = HistoryItemDto['status'];

const LABELS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  completed: 'Completed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

const COLORS: Record<TransactionStatus, 'warning' | 'info' | 'success' | 'default' | 'error'> = {
  pending: 'warning',
  approved: 'info',
  completed: 'success',
  cancelled: 'default',
  rejected: 'error',
};

/** A deposit's or withdrawal's status as a coloured badge (deposits are always Completed). */
export function TransactionStatusChip({ status }: { status: TransactionStatus }) {
  return <Chip size="small" variant="outlined" label={LABELS[status]} color={COLORS[status]} />;
}
