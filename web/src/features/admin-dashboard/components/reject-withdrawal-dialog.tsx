import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { WithdrawalDto } from '@concierge/contracts';
import { formatAmount } from '../format-amount';

type RejectWithdrawalDialogProps = {
  /** The withdrawal being rejected; null keeps the dialog closed. */
  withdrawal: WithdrawalDto | null;
  onClose: () => void;
  onReject: (reason: string) => void;
};

/** Asks for the reason a withdrawal is rejected; Reject stays disabled while it is blank (SPEC.md section 5). */
export function RejectWithdrawalDialog({ withdrawal, onClose, onReject }: RejectWithdrawalDialogProps) {
  const [reason, setReason] = useState('');
  const blank = reason.trim() === '';
  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <Dialog open={withdrawal !== null} onClose={close} fullWidth maxWidth="xs">
      <DialogTitle>Reject withdrawal</DialogTitle>
      <DialogContent>
        {withdrawal && (
          <DialogContentText sx={{ mb: 2 }}>
            {withdrawal.userId.firstName} {withdrawal.userId.lastName} asked for {formatAmount(withdrawal.amount)} {withdrawal.asset}.
          </DialogContentText>
        )}
        <TextField
          autoFocus
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          disabled={blank}
          onClick={() => {
            onReject(reason.trim());
            close();
          }}
        >
          Reject
        </Button>
      </DialogActions>
    </Dialog>
  );
}
