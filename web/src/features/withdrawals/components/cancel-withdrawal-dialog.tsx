import type { HistoryItemDto } from '@concierge/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatAmount, formatDate } from '../../../lib/format';

type CancelWithdrawalDialogProps = {
  /** The withdrawal to cancel; null keeps the dialog closed. */
  item: HistoryItemDto | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (item: HistoryItemDto) => void;
};

/** Asks before a pending withdrawal is cancelled, since the member cannot undo it. */
export function CancelWithdrawalDialog({ item, busy, onClose, onConfirm }: CancelWithdrawalDialogProps) {
  return (
    <Dialog open={item !== null} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="cancel-withdrawal-title">
      <DialogTitle id="cancel-withdrawal-title">Cancel withdrawal</DialogTitle>
      <DialogContent>
        <DialogContentText>Cancel this withdrawal request? The amount becomes available again.</DialogContentText>
        {item && (
          <DialogContentText sx={{ mt: 1, fontWeight: 600 }}>
            {formatAmount(item.amount)} {item.asset}, requested {formatDate(item.date)}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Keep request
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => item && onConfirm(item)}>
          Cancel withdrawal
        </Button>
      </DialogActions>
    </Dialog>
  );
}
