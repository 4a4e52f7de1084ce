import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { WithdrawalStatus } from '@concierge/contracts';
import type { PayoutState } from './payout-state';

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

/** A withdrawal's status as a coloured badge; an on-chain payout in trouble shows its own badge and reason. */
export function WithdrawalStatusBadge({ status, payout = null }: { status: WithdrawalStatus; payout?: PayoutState | null }) {
  if (payout === null) return <Chip size="small" label={LABELS[status]} color={COLORS[status]} variant="outlined" />;
  return (
    <>
      <Chip size="small" label={payout.label} color={payout.color} variant={payout.needsAdmin ? 'filled' : 'outlined'} />
      {payout.reason && (
        // Three lines keep the row short; the whole reason is in the tooltip and read aloud.
        <Typography
          variant="caption"
          title={payout.reason}
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            mt: 0.5,
            maxWidth: 150,
            color: 'text.secondary',
            overflowWrap: 'anywhere',
          }}
        >
          {payout.reason}
        </Typography>
      )}
    </>
  );
}
