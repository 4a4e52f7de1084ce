import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, word for word (e.g. "Are you sure you want to delete this strategy group?"). */
  question: string;
  /** What the question is about, e.g. the plan's name. */
  subject?: ReactNode;
  confirmLabel: string;
  /** The action is on its way: Confirm waits and the dialog stays open. */
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** A yes-or-no question before something that cannot be undone. */
export function ConfirmDialog({ open, title, question, subject, confirmLabel, busy, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} fullWidth maxWidth="xs" aria-labelledby="confirm-dialog-title">
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question}</DialogContentText>
        {subject !== undefined && <DialogContentText sx={{ mt: 1, fontWeight: 600, overflowWrap: 'anywhere' }}>{subject}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
